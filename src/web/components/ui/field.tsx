import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn.ts';

// The text field (the sign-in page's, in its JavaScript) and the frame every field shares; the text
// area and the select are in fields.tsx, so that the sign-in page does not bring them (issue 27).

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 read-only:bg-slate-50 read-only:text-slate-600 aria-[invalid=true]:border-red-500';

export type Common = { label: string; error?: string; hint?: string; required?: boolean; className?: string };
type ControlProps = { id: string; required?: boolean; 'aria-invalid'?: true; 'aria-describedby'?: string };

/** Label, control, and the control's error (announced) or hint, wired together by ids. */
export function FieldFrame({ label, error, hint, required, className, control }: Common & { control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {control({
        id,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
      })}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function Field({ label, error, hint, required, className, ...props }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame
      {...{ label, error, hint, required, className }}
      control={(control) => <input className={inputClass} {...control} {...props} />}
    />
  );
}
