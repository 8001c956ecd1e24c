import { DELIVERY_HOURS, hourLabel } from '../../../shared/sonar.ts';
import { SelectField } from '../../components/ui/fields.tsx';

type Props = { hour: number | null; onChange: (hour: number | null) => void; error?: string };

// The empty choice exists so a card can be saved without a time and be told it needs one (spec 02 §5).
const options = [{ value: '', label: 'Select a time' }, ...DELIVERY_HOURS.map((h) => ({ value: String(h), label: hourLabel(h) }))];

/** The delivery hour, 6:00 AM to 6:00 PM Eastern Time (spec 02 §9). */
export function DeliveryTimeSelect({ hour, onChange, error }: Props) {
  return (
    <SelectField
      label="Delivery time (ET)"
      required
      options={options}
      value={hour === null ? '' : String(hour)}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      error={error}
      hint="Eastern Time (America/New_York)"
    />
  );
}
