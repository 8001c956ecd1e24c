import { EARNINGS_ALERT_LIMIT, type EarningsAlert, type NotificationTiming } from '../../../shared/earnings-alerts.ts';

/** What a card's inputs hold (all text, as typed); the shared schema turns it into a save. */
export type CardValues = {
  active: boolean;
  companyName: string;
  keywords: string;
  notificationTiming: NotificationTiming;
  /** '' = no stored address (NULL): the user's default address (ADR 009), shown only as a hint. */
  notificationEmail: string;
};

export function cardValues(alert: EarningsAlert | null): CardValues {
  return {
    active: alert?.active ?? false,
    companyName: alert?.companyName ?? '',
    keywords: alert?.keywords ?? '',
    notificationTiming: alert?.notificationTiming ?? '24h',
    notificationEmail: alert?.notificationEmail ?? '',
  };
}

type Slot = { key: string; alert: EarningsAlert | null };

const PLACEHOLDER_KEYS = Array.from({ length: EARNINGS_ALERT_LIMIT }, (_, i) => `new-${i + 1}`);

/**
 * The grid: existing alerts first (as the server orders them), then empty cards up to the limit.
 * An alert created from an empty card keeps that card's key (`keyOf`: alert id → key), so the card
 * stays the same card. When an alert appears from elsewhere, an untouched empty card makes room,
 * never one the user is typing in; the empty cards kept stay in their order.
 */
export function cardSlots(
  alerts: EarningsAlert[],
  isEdited: (placeholderKey: string) => boolean,
  keyOf: Readonly<Record<string, string>> = {},
): Slot[] {
  const saved = alerts.map((alert) => ({ key: keyOf[alert.id] ?? alert.id, alert }));
  const taken = new Set(saved.map((slot) => slot.key));
  const empty = PLACEHOLDER_KEYS.filter((key) => !taken.has(key));
  const free = Math.max(0, EARNINGS_ALERT_LIMIT - alerts.length);
  const kept = new Set([...empty.filter(isEdited), ...empty.filter((key) => !isEdited(key))].slice(0, free));
  return [...saved, ...empty.filter((key) => kept.has(key)).map((key) => ({ key, alert: null }))];
}
