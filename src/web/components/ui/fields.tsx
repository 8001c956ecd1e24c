// The text area and the select, framed and styled as the text field (field.tsx).
import type { SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { type Common, FieldFrame, inputClass } from './field.tsx';

export function TextAreaField({ label, error, hint, required, className, ...props }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame
      {...{ label, error, hint, required, className }}
      control={(control) => <textarea className={cn(inputClass, 'min-h-20')} {...control} {...props} />}
    />
  );
}

type SelectOption = { value: string; label: string };

/** A native select styled like the text fields, with its options. */
export function SelectField({
  label,
  error,
  hint,
  required,
  className,
  options,
  ...props
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly SelectOption[] }) {
  return (
    <FieldFrame
      {...{ label, error, hint, required, className }}
      control={(control) => (
        <select className={inputClass} {...control} {...props}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
