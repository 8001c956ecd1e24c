import { useId } from 'react';
import { DELIVERY_HOURS, hourLabel } from '../../../shared/sonar.ts';

type Props = { hour: number | null; onChange: (hour: number | null) => void; error?: string };

/** The delivery hour, 6:00 AM to 6:00 PM Eastern Time (spec 02 §9). */
export function DeliveryTimeSelect({ hour, onChange, error }: Props) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Delivery time (ET)
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      </label>
      <select
        id={id}
        value={hour ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500"
      >
        <option value="">Select a time</option>
        {DELIVERY_HOURS.map((h) => (
          <option key={h} value={h}>
            {hourLabel(h)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          Eastern Time (America/New_York)
        </p>
      )}
    </div>
  );
}
