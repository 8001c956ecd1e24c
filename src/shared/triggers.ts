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
    'Filings and news about this alert’s companies, sent within minutes: officers appointed or leaving, deals, funding, IPO filings and activist stakes.',
  kindsLegend: 'Tell me about',
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

const etTime = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' });
const etDay = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'short', day: 'numeric' });

/** "Nov 27, 4:05 PM ET", the day left out when it is the day of `sameDayAs`. */
function etLabel(iso: string, sameDayAs?: string): string {
  const at = new Date(iso);
  const day = etDay.format(at);
  const time = `${etTime.format(at)} ET`;
  return sameDayAs && etDay.format(new Date(sameDayAs)) === day ? time : `${day}, ${time}`;
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
