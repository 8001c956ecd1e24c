// Earnings alerts (spec 02 §3 "Earnings tracking", §4 "Earnings badge", §5 "Earnings alert save"):
// the request schema both sides validate with, the API's shapes, and the display rules of a result.
import * as z from 'zod/mini';
import { optionalEmail } from './schemas.ts';
import { ALERT_TIME_ZONE, COMPANY_NAME_MAX_LENGTH, KEYWORDS_MAX_LENGTH } from './sonar.ts';

export const EARNINGS_ALERT_LIMIT = 3;

export const NOTIFICATION_TIMINGS = ['24h', '48h', '1w'] as const;

export type NotificationTiming = (typeof NOTIFICATION_TIMINGS)[number];

export const notificationTimingLabels: Record<NotificationTiming, string> = {
  '24h': '24 hours before',
  '48h': '48 hours before',
  '1w': '1 week before',
};

const CONFIDENCE_HIGH = 0.8;

const CONFIDENCE_LOW = 0.5;

export const earningsAlertMessages = {
  loadError: 'Error loading earnings tracking',
  loadErrorDescription: 'Please try again later.',
  saveFailed: 'Failed to save changes. Please try again.',
  updated: 'Alert updated successfully.',
  created: 'New alert created successfully.',
  cannotSave: 'Cannot save alert',
  companyRequired: 'Company name is required.',
  cannotActivate: 'Cannot activate alert',
  fillRequiredFirst: 'Please fill in all required fields first.',
  limitReached: 'You can track up to 3 companies for earnings.',
  notFound: 'This alert no longer exists.',
} as const;

/** Optional free text: trimmed, at most `max` characters; blank, null or absent is stored as null. */
const optionalText = (label: string, max: number) =>
  z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters.`)))),
    z.transform((text: string | null | undefined) => text || null),
  );

/** One earnings alert card as saved (POST creates, PUT replaces). The ticker is not editable. */
export const earningsAlertSchema = z.strictObject({
  active: z.boolean(),
  companyName: z
    .string({ error: (issue) => (issue.input === undefined ? earningsAlertMessages.companyRequired : 'Company name must be text.') })
    .check(
      z.trim(),
      z.minLength(1, earningsAlertMessages.companyRequired),
      z.maxLength(COMPANY_NAME_MAX_LENGTH, `Company name must be at most ${COMPANY_NAME_MAX_LENGTH} characters.`),
    ),
  keywords: optionalText('Keywords', KEYWORDS_MAX_LENGTH),
  notificationTiming: z._default(z.enum(NOTIFICATION_TIMINGS, 'Choose when to be notified.'), '24h'),
  // Blank means "use my default address" (stored as null).
  notificationEmail: z._default(optionalEmail, null),
});
export type EarningsAlertValues = z.output<typeof earningsAlertSchema>;

/** The row of earnings_tracking_results for one alert, as far as the screen shows it. */
export type EarningsAlertResult = {
  earningsDate: string | null;
  confidenceScore: number | null;
  sourceUrl: string | null;
  status: string | null;
  notificationStatus: string | null;
  transcriptStatus: string | null;
  /** Who gave the date ('Nasdaq', 'Finnhub', 'Financial Modeling Prep', 'SEC EDGAR estimate'). */
  provider: string | null;
  /** The date before its last move, while the current one is the moved one. */
  previousEarningsDate: string | null;
};

export type EarningsAlert = {
  id: string;
  active: boolean;
  companyName: string;
  keywords: string | null;
  notificationTiming: NotificationTiming;
  notificationEmail: string | null;
  ticker: string | null;
  createdAt: string;
  updatedAt: string;
  /** null until the earnings checker has looked this company up. */
  result: EarningsAlertResult | null;
};

export type EarningsAlertsResponse = { alerts: EarningsAlert[]; defaultNotificationEmail: string };

export type EarningsBadgeTone = 'green' | 'yellow' | 'red' | 'gray' | 'blue';
type EarningsBadge = { label: string; tone: EarningsBadgeTone };

/**
 * The status badge of spec 02 §4. No result row yet means the company has not been looked up:
 * that is the same state as `pending` for the user ("Checking"), not an unannounced date.
 * A missing confidence score counts as no confidence: 'Tentative' in red.
 */
export function earningsBadge(result: Pick<EarningsAlertResult, 'status' | 'confidenceScore'> | null): EarningsBadge {
  if (result === null || result.status === 'pending') return { label: 'Checking', tone: 'blue' };
  if (result.status === 'not_found') return { label: 'Not Announced', tone: 'gray' };
  if (result.status === 'error') return { label: 'Verification Error', tone: 'red' };
  const score = result.confidenceScore ?? Number.NaN;
  if (score >= CONFIDENCE_HIGH) return { label: 'Confirmed', tone: 'green' };
  if (score >= CONFIDENCE_LOW) return { label: 'Tentative', tone: 'yellow' };
  return { label: 'Tentative', tone: 'red' };
}

const earningsDateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: ALERT_TIME_ZONE,
});

const calendarDateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * 'Mar 5, 2025', or 'TBD' without a date. A time of day is shown as the day in New York, where the
 * exchanges report; a value at exactly midnight UTC is a date without a time (a source that gives
 * only the day, stored as '2025-03-05') and is shown as that calendar day, not the evening before.
 */
export function formatEarningsDate(earningsDate: string | null | undefined): string {
  if (!earningsDate) return 'TBD';
  const date = new Date(earningsDate);
  if (Number.isNaN(date.getTime())) return 'TBD';
  const dateOnly = date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0 && date.getUTCMilliseconds() === 0;
  return (dateOnly ? calendarDateFormat : earningsDateFormat).format(date);
}

/** The source to verify against, only when it is a web address (never javascript: or data:). */
export function verifiableUrl(sourceUrl: string | null | undefined): string | null {
  if (!sourceUrl) return null;
  try {
    const url = new URL(sourceUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Whether the next date is the company's own or a guess (issue 29 §2), from the checker's status
 * (jobs/earnings/handler.ts statusFor):
 *   'confirmed'  a calendar lists the date with its session (before the open, after the close,
 *                during market hours): a session is only known once the company has announced the
 *                call, so this is the date the company confirmed.
 *   'scheduled'  a calendar lists the date without a session: the provider's projection, which the
 *                company has not confirmed (Nasdaq and Finnhub list expected dates this way).
 *   'estimated'  no calendar lists it: the last earnings release filed with the SEC + 91 days.
 * Only the first is said to be confirmed; both others are estimates. Anything else (not found, a
 * verification error, not checked yet) has no date status.
 */
export type EarningsDateStatus = 'confirmed' | 'estimated';

export const earningsDateStatusLabels: Record<EarningsDateStatus, string> = {
  confirmed: 'Confirmed by the company',
  estimated: 'Estimated',
};

export function earningsDateStatus(status: string | null | undefined): EarningsDateStatus | null {
  if (status === 'confirmed') return 'confirmed';
  if (status === 'scheduled' || status === 'estimated') return 'estimated';
  return null;
}

/** The provider name the checker stores for the SEC estimate (sources/sec/earnings-calendar.ts SEC_ESTIMATE). */
const SEC_ESTIMATE_PROVIDER = 'SEC EDGAR estimate';

/**
 * One line on where the date comes from, e.g. 'Listed by Nasdaq with its session' or 'Estimated from
 * the last earnings release filed with SEC EDGAR (+91 days)'; null without a provider.
 */
export function earningsDateSourceLine(status: string | null | undefined, provider: string | null | undefined): string | null {
  if (!provider) return null;
  if (provider === SEC_ESTIMATE_PROVIDER) return 'Estimated from the last earnings release filed with SEC EDGAR (+91 days)';
  return status === 'confirmed'
    ? `Listed by ${provider} with the call's session`
    : `Listed by ${provider} without a time (not confirmed yet)`;
}

/** 'Moved from Oct 30, 2025' under a date that moved (the previous date formatted by formatEarningsDate). */
export const earningsMovedFrom = (previous: string) => `Moved from ${previous}`;

/** The provider as the source's name: 'Nasdaq', 'SEC EDGAR'. */
export const earningsSourceName = (provider: string | null | undefined): string | null =>
  !provider ? null : provider === SEC_ESTIMATE_PROVIDER ? 'SEC EDGAR' : provider;

/** The signed-in user's private earnings calendar (GET /api/earnings-alerts/calendar). */
export type EarningsCalendarFeed = {
  /** webcal://host/calendar/<token>.ics, or null when the user has none (or revoked it). */
  webcalUrl: string | null;
  /** The same address over https (or http in development), for calendars that do not take webcal://. */
  httpUrl: string | null;
  createdAt: string | null;
};

export const earningsCalendarTexts = {
  heading: 'Earnings calendar',
  description:
    'Subscribe in Google Calendar, Outlook or Apple Calendar: one event per tracked company’s next earnings call, updated when the date moves. The link is private: anyone who has it sees your tracked companies.',
  none: 'You have no calendar link.',
  linkLabel: 'Calendar link',
  create: 'Create calendar link',
  copy: 'Copy link',
  copied: 'Calendar link copied.',
  regenerate: 'Regenerate',
  regenerateHint: 'A new link replaces this one; calendars subscribed to the old link stop updating.',
  revoke: 'Revoke',
  revoked: 'Calendar link revoked.',
  regenerated: 'New calendar link created; the old one no longer works.',
  created: 'Calendar link created.',
  failed: 'Could not change the calendar link. Please try again.',
} as const;

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * A tracked date that moved (issue 29 §2 "date moved" alert): `dayShift` is new day − old day in
 * calendar days (0: the same day at another time). Every word comes from the two dates and their
 * source; nothing is claimed about why the company moved it.
 */
export function earningsMoveTexts(dayShift: number, newDateLabel: string) {
  if (dayShift > 0)
    return {
      change: `Delayed by ${days(dayShift)}`,
      why: `The results and management’s commentary on the quarter now come ${days(dayShift)} later, on ${newDateLabel}: time outreach that builds on them for after that date.`,
    };
  if (dayShift < 0)
    return {
      change: `Advanced by ${days(-dayShift)}`,
      why: `The results and management’s commentary on the quarter now come ${days(-dayShift)} earlier, on ${newDateLabel}: outreach you planned before the call has ${days(-dayShift)} less to go out.`,
    };
  return {
    change: 'Same day, new time',
    why: `The call stays on the same day, now at ${newDateLabel}: adjust any follow-up you timed to the call.`,
  };
}

const dayOnlyLabel = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const timeLabel = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: ALERT_TIME_ZONE,
});

/**
 * 'Thursday, Oct 30, 2025' for a day-only date (midnight UTC, ADR 009), else with the time in New
 * York. Shared by the earnings alert's mails and the earnings-date trigger events.
 */
export function earningsDateLabel(date: Date): string {
  return date.getTime() % 86_400_000 === 0 ? dayOnlyLabel.format(date) : `${timeLabel.format(date)} ET`;
}
