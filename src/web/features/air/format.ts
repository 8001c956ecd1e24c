// Dates and addresses as the AIR screens show them.
import type { AirReportStatus } from '../../../shared/air.ts';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date ('2026-07-01') or time (ISO 8601) as 'Jul 1, 2026' in the reader's locale. A date without a
 * time is a calendar day, shown as that day wherever the reader is; anything unreadable as it came.
 */
export function formatDay(value: string, locale?: string, month: 'short' | 'long' = 'short'): string {
  const day = DATE_ONLY.exec(value);
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month, day: 'numeric', ...(day ? { timeZone: 'UTC' } : {}) }).format(date);
}

/** When credits return, e.g. 'July 1, 2026'. */
export const formatRefreshDate = (refreshesOn: string, locale?: string) => formatDay(refreshesOn, locale, 'long');

/** The host of a website ('www.acme.com' for 'https://www.acme.com/'), or the text as it came. */
export function websiteHost(website: string): string {
  try {
    return new URL(website).host || website;
  } catch {
    return website;
  }
}

export const reportStatusLabels: Record<AirReportStatus, string> = {
  queued: 'Queued',
  running: 'In progress',
  succeeded: 'Ready',
  failed: 'Failed',
};
