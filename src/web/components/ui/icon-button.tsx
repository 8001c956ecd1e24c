import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const variants = {
  /** A neutral action: close, collapse, open a menu. */
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-brand-600',
  /** A destructive action (delete, remove): turns red under the pointer. */
  danger: 'text-slate-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-red-600',
} as const;

const sizes = {
  /** In a dialog's corner. */
  sm: 'p-1',
  /** Beside a form's fields, where it must be an easy target. */
  md: 'p-1.5',
} as const;

// ComponentProps includes `ref` (a plain prop since React 19), for callers that move the focus.
type IconButtonProps = Omit<ComponentProps<'button'>, 'aria-label'> & {
  /** The button shows only an icon, so its accessible name must be given. */
  'aria-label': string;
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
};

/**
 * A small square button holding one icon (give the icon `aria-hidden="true"` and its size,
 * e.g. `h-5 w-5`). Spreads every other prop onto the `<button>`, so it works under Radix `asChild`.
 */
export function IconButton({ variant = 'ghost', size = 'sm', className, children, ...props }: IconButtonProps) {
  return (
    <button
      type="button"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-md transition',
        'focus-visible:outline-2 disabled:cursor-not-allowed disabled:opacity-60',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}
