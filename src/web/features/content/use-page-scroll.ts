// Where the page moves when something new arrives (spec 02 §4): to the hooks section after a delay,
// and to the bottom once a draft is on screen.
import { useEffect, useRef, useState } from 'react';

/**
 * A section scrolled into view `delayMs` after `reveal()`, its heading focused so keyboard and
 * screen-reader users land where the new content starts. Leaving the page cancels what is pending.
 */
export function useRevealLater(delayMs: number) {
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const reveal = () => {
    timers.current.push(
      setTimeout(() => {
        section.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        // The scroll above moves the view; the focus must not move it again.
        heading.current?.focus({ preventScroll: true });
      }, delayMs),
    );
  };
  return { section, heading, reveal };
}

/** `scrollToEnd()` scrolls to the bottom of the page once what was just set is rendered. */
export function useScrollToEnd() {
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests) window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' });
  }, [requests]);
  return () => setRequests((count) => count + 1);
}
