import { Switch as SwitchPrimitive } from 'radix-ui';
import { useId } from 'react';
import { cn } from '../../lib/cn.ts';

type Props = {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Visible text beside the switch; it is also the switch's accessible name. */
  label: string;
  disabled?: boolean;
  className?: string;
};

/** An on/off switch (role="switch") with its label. */
export function Switch({ checked, onCheckedChange, label, disabled, className }: Props) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
          checked ? 'bg-emerald-500' : 'bg-slate-300',
        )}
      >
        <SwitchPrimitive.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[1.375rem]" />
      </SwitchPrimitive.Root>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
    </div>
  );
}
