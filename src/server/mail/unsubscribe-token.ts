// One-click unsubscribe links carry a token that names one alert and is signed with the server's
// secret, so a link works without signing in and cannot be forged for someone else's alert.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeAlertKind } from '../../shared/unsubscribe.ts';

const KINDS: UnsubscribeAlertKind[] = ['news', 'newsletter', 'earnings'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

export function createUnsubscribeToken(secret: string, kind: UnsubscribeAlertKind, alertId: string): string {
  const payload = `${kind}.${alertId}`;
  return `${payload}.${sign(secret, payload)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { kind: UnsubscribeAlertKind; alertId: string } | null {
  const [kind, alertId, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !kind || !alertId || !signature) return null;
  if (!KINDS.includes(kind as UnsubscribeAlertKind) || !UUID.test(alertId)) return null;
  const expected = Buffer.from(sign(secret, `${kind}.${alertId}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { kind: kind as UnsubscribeAlertKind, alertId };
}
