// Trigger events (issue 31): what happened at a watched company that a seller acts on the same day
// — a new officer, an acquisition, a funding round, an activist stake — told "as it happens" rather
// than at the alert's hour. An alert opts in ("Also tell me as it happens") with the kinds the user
// wants; each trigger is one short message on the alert's e-mail and channels, with its freshness
// receipt (published → found → sent). The schemas both sides validate with, and the texts.
import * as z from 'zod/mini';
import { ALERT_TYPES, type AlertType } from './channels.ts';

export const TRIGGER_KINDS = [
  'leadership',
  'agreement',
  'acquisition',
  'restructuring',
  'results',
  'bankruptcy',
  'funding',
  'ipo',
  'activist',
  'product_launch',
  'earnings_moved',
] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

export const triggerKindLabels: Record<TriggerKind, string> = {
  leadership: 'Leadership changes',
  agreement: 'Material agreements',
  acquisition: 'Acquisitions completed',
  restructuring: 'Restructuring and layoffs',
  results: 'Results released',
  bankruptcy: 'Bankruptcy',
  funding: 'Funding raised',
  ipo: 'IPO filed',
  activist: 'Activist stake',
  product_launch: 'Product launches',
  earnings_moved: 'Earnings date moved',
};

/** What a trigger of each kind is called in its message ("Leadership change at Acme"). */
export const triggerKindNouns: Record<TriggerKind, string> = {
  leadership: 'Leadership change',
  agreement: 'Material agreement',
  acquisition: 'Acquisition completed',
  restructuring: 'Restructuring',
  results: 'Results released',
  bankruptcy: 'Bankruptcy filing',
  funding: 'Funding raised',
  ipo: 'IPO filing',
  activist: 'Activist stake',
  product_launch: 'Product launch',
  earnings_moved: 'Earnings date moved',
};

/** A new subscription's kinds: everything but results, which the earnings alerts already cover. */
export const DEFAULT_TRIGGER_KINDS: readonly TriggerKind[] = TRIGGER_KINDS.filter((kind) => kind !== 'results');

/** The alerts that can opt in: the channels' alert types (news alerts, the newsletter's portfolio, earnings alerts). */
export const TRIGGER_ALERT_TYPES = ALERT_TYPES;
export type TriggerAlertType = AlertType;

export const triggerMessages = {
  toggle: 'Also tell me as it happens',
  disclosure: 'As it happens',
  intro:
    'Filings, news and calendars about this alert’s companies, sent within minutes: officers appointed or leaving, deals, funding, layoffs, product launches, IPO filings, activist stakes and earnings dates that move.',
  kindsLegend: 'Tell me about',
  /** Beside "Earnings date moved" on an earnings alert's box: its own "date moved" e-mail tells the move, once. */
  earningsOwnMove: 'This alert’s own “date moved” e-mail tells you; it is not sent twice.',
  kindsRequired: 'Choose at least one kind of event.',
  kindUnknown: 'Choose kinds from the list.',
  enabledRequired: 'Say whether to send events as they happen.',
  saved: 'Saved. Events will be sent as they happen.',
  turnedOff: 'Saved. Events will wait for the alert’s usual time.',
  loadError: 'Could not load this setting. Please try again.',
  alertNotFound: 'This alert no longer exists.',
} as const;

/** PUT /api/triggers/alerts/:type/:id: whether the alert's companies' events are sent as they happen, and which. */
export const triggerSubscriptionSchema = z.strictObject({
  enabled: z.boolean(triggerMessages.enabledRequired),
  kinds: z
    .array(z.enum(TRIGGER_KINDS, triggerMessages.kindUnknown))
    .check(z.minLength(1, triggerMessages.kindsRequired), z.maxLength(TRIGGER_KINDS.length, triggerMessages.kindUnknown)),
});
export type TriggerSubscription = z.output<typeof triggerSubscriptionSchema>;

/** The freshness receipt of an alert or trigger: source time → found by us → sent; ISO strings, each null when unknown. */
export type FreshnessReceipt = { publishedAt: string | null; foundAt: string | null; sentAt: string | null };

// New York time, as receipts and e-mails say it; made once (a formatter is costly to build, and the
// 9 AM burst formats thousands of these).
export const etTime = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' });
export const etDay = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'short', day: 'numeric' });

/**
 * A minute's New York day and time, formatted once: a burst's receipts name the same few minutes
 * thousands of times, and a formatter call costs microseconds (bounded: cleared when it grows).
 */
const etMinutes = new Map<number, { day: string; time: string }>();
function etMinute(iso: string): { day: string; time: string } {
  const minute = Math.floor(Date.parse(iso) / 60_000);
  let label = etMinutes.get(minute);
  if (!label) {
    if (etMinutes.size >= 10_000) etMinutes.clear();
    const at = new Date(minute * 60_000);
    label = { day: etDay.format(at), time: `${etTime.format(at)} ET` };
    etMinutes.set(minute, label);
  }
  return label;
}

/** "Nov 27, 4:05 PM ET", the day left out when it is the day of `sameDayAs`. */
function etLabel(iso: string, sameDayAs?: string): string {
  const { day, time } = etMinute(iso);
  return sameDayAs && etMinute(sameDayAs).day === day ? time : `${day}, ${time}`;
}

/**
 * The receipt as one line: "Published Nov 27, 4:05 PM ET → found 4:06 PM ET → sent 4:06 PM ET".
 * `published` names the source's moment ('Filed with the SEC', 'Published').
 */
export function freshnessLine(receipt: FreshnessReceipt, published = 'Published'): string {
  const parts: string[] = [];
  if (receipt.publishedAt) parts.push(`${published} ${etLabel(receipt.publishedAt)}`);
  if (receipt.foundAt) parts.push(`${parts.length ? 'found' : 'Found'} ${etLabel(receipt.foundAt, receipt.publishedAt ?? undefined)}`);
  if (receipt.sentAt)
    parts.push(`${parts.length ? 'sent' : 'Sent'} ${etLabel(receipt.sentAt, receipt.foundAt ?? receipt.publishedAt ?? undefined)}`);
  return parts.join(' → ');
}

// ---- A user's rules for triggers: quiet hours, urgent kinds, the daily cap -------------------

export const DEFAULT_TIME_ZONE = 'America/New_York';
export const DEFAULT_QUIET_HOURS = { start: '20:00', end: '07:00' } as const;
export const DEFAULT_DAILY_CAP = 10;
export const MAX_DAILY_CAP = 50;

export type TriggerSettings = {
  /** No trigger between these local times ('HH:MM') unless its kind is urgent; null: none. */
  quietHours: { start: string; end: string } | null;
  timeZone: string;
  urgentKinds: TriggerKind[];
  /** Messages a day; the rest of the day's triggers come in one roll-up. */
  dailyCap: number;
};

export const DEFAULT_TRIGGER_SETTINGS: TriggerSettings = {
  quietHours: { ...DEFAULT_QUIET_HOURS },
  timeZone: DEFAULT_TIME_ZONE,
  urgentKinds: [],
  dailyCap: DEFAULT_DAILY_CAP,
};

/** GET and PUT /api/triggers/settings: the rules, and whether the user saved them (else they are the defaults). */
export type TriggerSettingsAnswer = { settings: TriggerSettings; saved: boolean };

export const triggerSettingsMessages = {
  title: 'As it happens',
  intro: 'Rules for the events your alerts send as they happen.',
  quietLabel: 'Quiet hours',
  quietToggle: 'Hold events during quiet hours',
  quietStart: 'From',
  quietEnd: 'Until',
  timeZone: 'Time zone',
  urgentLegend: 'Send these even during quiet hours',
  capLabel: 'Messages a day at most',
  capHelp: 'Events beyond this come together in one roll-up.',
  timeInvalid: 'Write times as HH:MM, e.g. 20:00.',
  quietSame: 'Quiet hours must start and end at different times.',
  timeZoneUnknown: 'Choose a time zone from the list.',
  capRange: `The daily limit is a whole number from 1 to ${MAX_DAILY_CAP}.`,
  saved: 'Saved.',
  notSaved: `Not saved yet: until you save, the defaults apply (quiet hours ${DEFAULT_QUIET_HOURS.start}–${DEFAULT_QUIET_HOURS.end} New York time, ${DEFAULT_DAILY_CAP} messages a day).`,
  loadError: 'Could not load these settings. Please try again.',
} as const;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string(triggerSettingsMessages.timeInvalid).check(z.regex(HH_MM, triggerSettingsMessages.timeInvalid));

/** Whether the runtime (Node, the browser) knows the IANA time zone. */
export function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
}

/** PUT /api/triggers/settings. */
export const triggerSettingsSchema = z.strictObject({
  quietHours: z.nullable(
    z
      .strictObject({ start: time, end: time })
      .check(z.refine((q) => q.start !== q.end, { message: triggerSettingsMessages.quietSame, path: ['end'] })),
  ),
  timeZone: z.string(triggerSettingsMessages.timeZoneUnknown).check(z.refine(knownTimeZone, triggerSettingsMessages.timeZoneUnknown)),
  urgentKinds: z
    .array(z.enum(TRIGGER_KINDS, triggerMessages.kindUnknown))
    .check(z.maxLength(TRIGGER_KINDS.length, triggerMessages.kindUnknown)),
  dailyCap: z
    .number(triggerSettingsMessages.capRange)
    .check(
      z.int(triggerSettingsMessages.capRange),
      z.minimum(1, triggerSettingsMessages.capRange),
      z.maximum(MAX_DAILY_CAP, triggerSettingsMessages.capRange),
    ),
});
