// The tip the hooks loading overlay shows (spec 02 §2, §9): a random one when the overlay opens,
// then a different random one every TIP_INTERVAL_MS, first after TIP_INTERVAL_MS.
import { useEffect, useRef, useState } from 'react';
import { TIP_INTERVAL_MS } from '../../../shared/content.ts';

/** A random source returning a number in [0, 1), like Math.random (tests pass their own). */
type Random = () => number;

const indexBelow = (count: number, random: Random) => Math.min(count - 1, Math.floor(random() * count));

/** A random index other than `current`, drawn evenly from the others without retrying. */
export function nextTipIndex(count: number, current: number, random: Random): number {
  if (count < 2) return 0;
  const other = indexBelow(count - 1, random);
  return other >= current ? other + 1 : other;
}

/** The tip to show while `open`, or null while closed. Timers stop when closed or unmounted. */
export function useRotatingTip(tips: readonly string[], open: boolean, random: Random = Math.random): string | null {
  const [index, setIndex] = useState<number | null>(null);
  const [shownFor, setShownFor] = useState(false);
  // Picked while rendering the opening, so the first frame of the overlay already has its tip.
  if (open !== shownFor) {
    setShownFor(open);
    setIndex(open && tips.length > 0 ? indexBelow(tips.length, random) : null);
  }

  // Read through refs so a caller passing a new array or function each render does not restart the clock.
  const latest = useRef({ tips, random });
  useEffect(() => {
    latest.current = { tips, random };
  });
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => {
      const { tips, random } = latest.current;
      setIndex((current) => (tips.length === 0 ? null : nextTipIndex(tips.length, current ?? 0, random)));
    }, TIP_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [open]);

  return open && index !== null ? (tips[index] ?? null) : null;
}
