// The earnings calendar (issue 29 §2): one VEVENT per tracked company's next earnings call, built
// with ical-generator. The same event goes into the user's private feed (GET /calendar/<token>.ics)
// and, as an .ics attachment, into the reminder e-mail, so a calendar that has both sees one event:
// the UID is the tracking's (stable across quarters and moves), SEQUENCE is the result row's
// event_sequence, raised by the checker each time the date or its status changes (RFC 5545
// §3.8.7.4), so subscribed calendars update the event in place.
import ical, { ICalCalendarMethod } from 'ical-generator';
import { BRAND } from '../../../shared/constants.ts';
import {
  earningsDateSourceLine,
  earningsDateStatus,
  earningsDateStatusLabels,
  earningsSourceName,
  verifiableUrl,
} from '../../../shared/earnings-alerts.ts';
import { ALERT_TIME_ZONE } from '../../../shared/sonar.ts';

const DAY_MS = 86_400_000;
const FEED_REFRESH_SECONDS = 60 * 60;
/** A timed call's event length: providers give the start only; an hour is what a results call takes. */
const CALL_MS = 3_600_000;

export type EarningsCalendarEvent = {
  trackingId: string;
  companyName: string;
  ticker: string | null;
  /** Midnight UTC = the day only (ADR 009): an all-day event; any other time is the call's start. */
  earningsDate: Date;
  /** earnings_tracking_results.status ('confirmed', 'scheduled', 'estimated', or 'error' with the date kept). */
  status: string | null;
  provider: string | null;
  sourceUrl: string | null;
  sequence: number;
  /** When the row last changed: the event's DTSTAMP. */
  updatedAt: Date;
};

/** Stable per tracking, across quarters and date moves: `earnings-<tracking id>@<app host>`. */
export const earningsEventUid = (trackingId: string, appUrl: string) => `earnings-${trackingId}@${new URL(appUrl).hostname}`;

export const isDayOnly = (date: Date) => date.getTime() % DAY_MS === 0;

/**
 * The event's words. A status the checker could not verify this time ('error', the date kept from
 * before) is called estimated: the calendar never claims more than is known.
 */
export function earningsEventTexts(event: EarningsCalendarEvent, appUrl: string) {
  const status = earningsDateStatus(event.status) ?? 'estimated';
  const name = event.ticker ? `${event.companyName} (${event.ticker})` : event.companyName;
  const source = verifiableUrl(event.sourceUrl);
  const sourceName = earningsSourceName(event.provider);
  const description = [
    `Status: ${earningsDateStatusLabels[status]}`,
    sourceName ? `Source: ${sourceName}${source ? ` ${source}` : ''}` : null,
    earningsDateSourceLine(event.status, event.provider),
    `Dates can move; this event updates when they do. Tracked in ${BRAND}: ${appUrl}/sonar-os/earnings`,
  ].filter((line): line is string => line !== null);
  return {
    summary: `${name} earnings call (${status === 'confirmed' ? 'confirmed' : 'estimated'})`,
    description: description.join('\n'),
    url: source,
  };
}

/** New York's rules since 2007 (RFC 5545 §3.6.5): the one zone a timed event is written in. */
const NEW_YORK_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: ALERT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/**
 * The moment as New York's wall clock, handed over the way ical-generator reads a native Date when
 * the event has a time zone: from its local fields (getHours()…), whatever the process's TZ.
 */
function newYorkWallClock(at: Date): Date {
  const parts = Object.fromEntries(wallClock.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  return new Date(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/**
 * The iCalendar text (METHOD:PUBLISH) of `events`. `name` is the feed's name (X-WR-CALNAME), none for
 * an e-mail's attachment.
 */
export function buildEarningsCalendar(events: EarningsCalendarEvent[], opts: { appUrl: string; name?: string }): string {
  const calendar = ical({
    prodId: { company: BRAND, product: 'Earnings calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // A feed asks subscribers to look again hourly (REFRESH-INTERVAL, X-PUBLISHED-TTL); those that
    // honour it see a move within the hour, the e-mail and channels tell the user sooner.
    ...(opts.name ? { name: opts.name, ttl: FEED_REFRESH_SECONDS } : {}),
  });
  // Only the VTIMEZONE: a calendar-wide zone would also write DTSTAMP without its 'Z'.
  calendar.timezone({ name: null, generator: (zone) => (zone === ALERT_TIME_ZONE ? NEW_YORK_VTIMEZONE : null) });
  for (const event of events) {
    const texts = earningsEventTexts(event, opts.appUrl);
    const common = {
      id: earningsEventUid(event.trackingId, opts.appUrl),
      sequence: event.sequence,
      stamp: event.updatedAt,
      summary: texts.summary,
      description: texts.description,
      ...(texts.url ? { url: texts.url } : {}),
    };
    if (isDayOnly(event.earningsDate)) {
      // The day itself (DTSTART;VALUE=DATE), read from the UTC fields: midnight UTC is the day (ADR 009).
      calendar.createEvent({ ...common, start: event.earningsDate, allDay: true });
    } else {
      calendar.createEvent({
        ...common,
        start: newYorkWallClock(event.earningsDate),
        end: newYorkWallClock(new Date(event.earningsDate.getTime() + CALL_MS)),
        timezone: ALERT_TIME_ZONE,
      });
    }
  }
  return calendar.toString();
}
