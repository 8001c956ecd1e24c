// The full-screen wait while hooks are written (spec 02 §2 "Content creation"): a spinner and a
// rotating tip or joke (tips.ts) so the wait feels shorter, and a way out of it.
import { type RefObject, useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { LOADING_TIPS } from './tips.ts';
import { useRotatingTip } from './use-rotating-tip.ts';

type Props = {
  open: boolean;
  /** Defaults to the full list; tests pass their own. */
  tips?: readonly string[];
  /** Offers 'Cancel' in the card. */
  onCancel?: () => void;
  /** Where the focus goes when the overlay closes and took the focus with it (its Cancel button). */
  returnFocus?: RefObject<HTMLElement | null>;
};

export function LoadingOverlay({ open, tips = LOADING_TIPS, onCancel, returnFocus }: Props) {
  const tip = useRotatingTip(tips, open);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // The page behind is inert: without a target here, keyboard focus would have nowhere to be.
    cancel.current?.focus();
    return () => {
      // Runs once the overlay is gone and the page is interactive again.
      const active = document.activeElement;
      if (!active || active === document.body) returnFocus?.current?.focus();
    };
  }, [open, returnFocus]);

  if (!open) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Generating your hooks"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4 backdrop-blur-sm"
    >
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-xl">
        {/* Spins only for people who have not asked the system for reduced motion. */}
        <span
          aria-hidden="true"
          className="mx-auto block h-10 w-10 rounded-full border-4 border-brand-100 border-t-brand-600 motion-safe:animate-spin"
        />
        <p className="mt-5 text-lg font-semibold text-slate-900">Writing your hooks...</p>
        {tip && (
          <div className="mt-6 border-t border-slate-100 pt-5">
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">While you wait</p>
            {/* Not announced: a new tip every 8 s would talk over the status itself. */}
            <p aria-live="off" className="mt-2 min-h-[3lh] text-sm text-slate-600">
              {tip}
            </p>
          </div>
        )}
        {onCancel && (
          <Button ref={cancel} variant="secondary" onClick={onCancel} className="mt-6">
            Cancel
          </Button>
        )}
      </div>
    </div>
  );
}
