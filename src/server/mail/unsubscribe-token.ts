// One-click unsubscribe links carry a token that names what it turns off and is signed with the
// server's secret, so a link works without signing in and cannot be forged for someone else's alert.
// `<kind>.<subject>.<signature>`: an alert kind's subject is the alert's id; a trigger's the alerts
// it was delivered for (`news-<id>~earnings-<id>`, none of it changed by URL encoding); a roll-up's
// the user's id.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ALERT_TYPES, type AlertType } from '../../shared/channels.ts';
import type { UnsubscribeAlertKind, UnsubscribeLinkKind } from '../../shared/unsubscribe.ts';

const KINDS: UnsubscribeLinkKind[] = ['news', 'newsletter', 'earnings', 'trigger', 'triggers'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** User ids are UUIDs (auth.ts), older rows other short text; never a '.' (the token's separator). */
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** More alerts than one event ever reaches for one user; bounds what a token makes the server read. */
const MAX_TRIGGER_ALERTS = 50;

export type AlertRef = { type: AlertType; id: string };

/** What a valid token names. */
export type UnsubscribeTarget =
  | { kind: UnsubscribeAlertKind; alertId: string }
  | { kind: 'trigger'; alerts: AlertRef[] }
  | { kind: 'triggers'; userId: string };

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

/** A trigger link's subject: its alerts once each, in a fixed order (the same alerts, the same link). */
export function triggerAlertsSubject(alerts: AlertRef[]): string {
  return [...new Set(alerts.map((a) => `${a.type}-${a.id}`))].sort().join('~');
}

export function createUnsubscribeToken(secret: string, kind: UnsubscribeLinkKind, subject: string): string {
  const payload = `${kind}.${subject}`;
  return `${payload}.${sign(secret, payload)}`;
}

function readAlertRefs(subject: string): AlertRef[] | null {
  const parts = subject.split('~');
  if (parts.length > MAX_TRIGGER_ALERTS) return null;
  const refs: AlertRef[] = [];
  for (const part of parts) {
    const dash = part.indexOf('-');
    const type = part.slice(0, dash) as AlertType;
    const id = part.slice(dash + 1);
    if (dash < 0 || !ALERT_TYPES.includes(type) || !UUID.test(id)) return null;
    refs.push({ type, id });
  }
  return refs;
}

function targetOf(kind: UnsubscribeLinkKind, subject: string): UnsubscribeTarget | null {
  if (kind === 'trigger') {
    const alerts = readAlertRefs(subject);
    return alerts && { kind, alerts };
  }
  if (kind === 'triggers') return USER_ID.test(subject) ? { kind, userId: subject } : null;
  return UUID.test(subject) ? { kind, alertId: subject } : null;
}

export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  const [kind, subject, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !kind || !subject || !signature) return null;
  if (!KINDS.includes(kind as UnsubscribeLinkKind)) return null;
  const target = targetOf(kind as UnsubscribeLinkKind, subject);
  if (!target) return null;
  const expected = Buffer.from(sign(secret, `${kind}.${subject}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return target;
}
