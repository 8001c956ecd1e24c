import { useId } from 'react';
import { inWeekOrder } from '../../../shared/news-alerts.ts';
import { WEEKDAYS, type Weekday } from '../../../shared/sonar.ts';
import { ToggleChip } from '../../components/ui/toggle-chip.tsx';

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
            <ToggleChip key={day} shape="compact" pressed={on} onClick={() => toggle(day)}>
              {day}
            </ToggleChip>
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
