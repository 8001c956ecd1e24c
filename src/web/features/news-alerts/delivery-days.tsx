import { useId } from 'react';
import { inWeekOrder } from '../../../shared/news-alerts.ts';
import { WEEKDAYS, type Weekday } from '../../../shared/sonar.ts';
import { cn } from '../../lib/cn.ts';

type Props = { days: Weekday[]; onChange: (days: Weekday[]) => void; error?: string };

/** Seven toggle buttons, MON to SUN; the chosen days stay in week order. */
export function DeliveryDays({ days, onChange, error }: Props) {
  const errorId = useId();
  const toggle = (day: Weekday) => onChange(days.includes(day) ? days.filter((d) => d !== day) : inWeekOrder([...days, day]));
  return (
    <fieldset className="space-y-1" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-800">
        Delivery days
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="flex flex-wrap gap-1.5">
        {WEEKDAYS.map((day) => {
          const on = days.includes(day);
          return (
            <button
              key={day}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(day)}
              className={cn(
                'min-w-11 rounded-md border px-2 py-1 text-xs font-semibold transition',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                on ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {day}
            </button>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
