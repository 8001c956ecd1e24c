import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const shapes = {
  /** A choice among several words (regions, modifications). */
  pill: 'rounded-full px-3 py-1 text-sm font-medium',
  /** A short code in a tight row (MON … SUN). */
  compact: 'min-w-11 rounded-md px-2 py-1 text-xs font-semibold',
} as const;

type ToggleChipProps = Omit<ComponentProps<'button'>, 'aria-pressed'> & { pressed: boolean; shape?: keyof typeof shapes };

/** A button that stays pressed (aria-pressed): one of a group of choices the user turns on and off. */
export function ToggleChip({ pressed, shape = 'pill', className, ...props }: ToggleChipProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={cn(
        'border transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        'disabled:cursor-not-allowed disabled:opacity-60',
        shapes[shape],
        pressed ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
        className,
      )}
      {...props}
    />
  );
}
