// A first screen paints with what it needs and nothing more (issue 27). Not needed to paint: the
// app's public config (the waitlist link, the new-version check, the support links), the session on
// a public screen (the sign-in page's redirect of a signed-in visitor, the session recording; a
// signed-in screen has it asked for at start), the live-updates stream, sonner's Toaster. The app
// (app.tsx) holds them from its start until the first screen is on screen, so that their requests,
// answers and code do not share the phone's network and main thread with it. Until held, and in
// tests, nothing waits.

/** The longest the hold lasts, for a first screen with nothing to paint. */
const MAX_HOLD_MS = 3000;

let painted: Promise<void> = Promise.resolve();

/**
 * Called as the app starts: released once the first screen is on screen, which the first
 * contentful paint's performance entry tells (it comes once that frame has been shown; the frame's
 * paint on the main thread can be well before that on a busy phone). A browser without paint
 * entries: the task after the next frame.
 */
export function holdUntilFirstPaint(): void {
  // A hidden tab (opened in the background) paints no frames: nothing to wait for, nor once hidden.
  if (document.visibilityState === 'hidden') return;
  painted = new Promise((release) => {
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      const observer = new PerformanceObserver((entries) => {
        if (!entries.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        release();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(() => setTimeout(release));
    }
    setTimeout(release, MAX_HOLD_MS);
    document.addEventListener('visibilitychange', () => release(), { once: true });
  });
}

/** Resolves once the first screen is on screen (at once when it was not held). */
export function firstPaint(): Promise<void> {
  return painted;
}
