import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

// Hover styles apply to an enabled button only: a disabled one must not look pressable.
const variants = {
  primary: 'bg-brand-600 text-white enabled:hover:bg-brand-700 focus-visible:outline-brand-600',
  secondary: 'bg-white text-slate-900 border border-slate-300 enabled:hover:bg-slate-50 focus-visible:outline-slate-500',
  ghost: 'text-slate-700 enabled:hover:bg-slate-100 focus-visible:outline-slate-500',
  danger: 'bg-red-600 text-white enabled:hover:bg-red-700 focus-visible:outline-red-600',
} as const;

// ComponentProps includes `ref` (a plain prop since React 19), for callers that move the focus.
type ButtonProps = ComponentProps<'button'> & { variant?: keyof typeof variants; busy?: boolean };

export function Button({ variant = 'primary', busy, className, disabled, children, ...props }: ButtonProps) {
  return (
    <button
      type="button"
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition',
        'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
        variants[variant],
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}
