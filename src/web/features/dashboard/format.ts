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
