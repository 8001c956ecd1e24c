import { ALERT_TIME_ZONE } from '../../../shared/sonar.ts';

/** A scan's time in the reader's locale and time zone, e.g. 'Nov 3, 2026, 9:15 AM'. */
export const formatScanTime = (iso: string, locale?: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * The month the platform figures cover, e.g. 'November 2026'. The month starts in New York, so its
 * name is read there too (in a zone west of it, the first instant is still the previous month).
 */
export const monthTitle = (monthStartIso: string, locale?: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: ALERT_TIME_ZONE }).format(new Date(monthStartIso));

/**
 * A delivery time in two units at most, whole seconds: '0 s', '45 s', '1 min 12 s', '3 min',
 * '2 h 5 min', '1 d 4 h'. Under half a second it reads 'under 1 s' (a trigger can be that quick).
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0 s';
  if (seconds > 0 && seconds < 0.5) return 'under 1 s';
  const total = Math.round(seconds);
  const units: [number, string][] = [
    [86_400, 'd'],
    [3_600, 'h'],
    [60, 'min'],
    [1, 's'],
  ];
  const first = units.findIndex(([size]) => total >= size);
  if (first === -1) return '0 s';
  const [size, unit] = units[first]!;
  const whole = Math.floor(total / size);
  const next = units[first + 1];
  const rest = next ? Math.floor((total % size) / next[0]) : 0;
  return rest > 0 && next ? `${whole} ${unit} ${rest} ${next[1]}` : `${whole} ${unit}`;
}
