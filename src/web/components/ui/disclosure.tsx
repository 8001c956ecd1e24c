// The button that opens and closes a section below it (an alert card's "Deliver to", "As it
// happens", a delivery log): a chevron that turns, and aria-expanded for assistive technology.
import { ChevronDown, ChevronRight } from 'lucide-react';

export function Disclosure({ label, open, onToggle, controls }: { label: string; open: boolean; onToggle: () => void; controls: string }) {
  const Icon = open ? ChevronDown : ChevronRight;
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className="inline-flex items-center gap-1 text-sm font-medium text-slate-800 hover:text-brand-700"
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {label}
    </button>
  );
}
