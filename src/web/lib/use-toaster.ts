// The signed-in screens' Toaster (toast.tsx), in a file of their own: the first screens' JavaScript
// does without it (issue 27).
import { useEffect } from 'react';
import { firstPaint } from './first-paint.ts';
import { loadSonner } from './toast.tsx';

/** For screens whose code calls sonner's toast directly: mounts the Toaster after their first paint. */
export function useToaster() {
  useEffect(() => {
    // A first visit's screen holds it till it is on screen (first-paint.ts). Else an effect can run
    // before the paint (after a render caused by a query's answer): sonner is asked for once the next
    // frame is out, so that the screen does not share the network and the main thread with it. A
    // hidden tab draws no frames.
    let cancelled = false;
    let frame: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void firstPaint().then(() => {
      if (cancelled) return;
      if (document.visibilityState === 'hidden') {
        void loadSonner();
        return;
      }
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => void loadSonner());
      });
    });
    return () => {
      cancelled = true;
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
}
