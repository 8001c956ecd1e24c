// The signed-in user of a request in one statement (issue 16). better-auth's getSession verified
// the cookie by importing the key on every call, then read the session and the user in two
// statements; the alert features read the user a third time for its alert recipient. Here the
// cookie is verified with a key made once, and one statement reads the session joined to its user,
// recipient included. Whenever better-auth would write something (an expired session to delete,
// an expiry to slide and a renewed cookie to send) or the request carries cookies it would clear,
// the caller lets better-auth's own getSession answer instead, so what a request does is unchanged.
import { eq, sql } from 'drizzle-orm';
import { alertRecipient } from '../db/alert-recipient.ts';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { createSignedCookieReader } from './signed-cookie.ts';

/** What the parts of better-auth's context this needs look like (`await auth.$context`). */
export type SessionContext = {
  secret: string;
  sessionConfig: { expiresIn: number; updateAge: number };
  authCookies: { sessionToken: { name: string }; sessionData: { name: string }; dontRememberToken: { name: string } };
};

export type SessionUser = {
  id: string;
  email: string;
  alertRecipient: string;
  /** The request's own session (the sessions list marks it "this device"). */
  sessionId: string;
  /** Whether the user can sign in with a second factor: a confirmed authenticator app or a passkey. */
  hasSecondFactor: boolean;
};
export type FoundSession = { session: { id: string; createdAt: Date }; user: SessionUser };

export type SessionLookup =
  /** No signed-in session: no cookie, a bad signature, or no such session (or user). */
  | { state: 'none' }
  /** A live session that needs no write: the request may go on as this user. */
  | ({ state: 'valid' } & FoundSession)
  /** A session better-auth must handle (expired, due to slide, or with cookies it would clear). */
  | ({ state: 'better-auth' } & FoundSession)
  /**
   * A session of a suspended user (issue 28): signed out. Suspending deletes the user's sessions;
   * this covers one a sign-in created at that very moment. The caller deletes it.
   */
  | { state: 'suspended'; session: { id: string; createdAt: Date } };

export function createSessionLookup(db: Database, context: Promise<SessionContext>) {
  const byToken = db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      alertRecipient,
      suspended: sql<boolean>`${users.suspendedAt} IS NOT NULL`,
      hasSecondFactor: sql<boolean>`${users.twoFactorEnabled} OR EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('eos_session_by_token');
  // Made on first use: better-auth's context (secret, cookie names) is ready by then.
  let ready: Promise<{ ctx: SessionContext; read: ReturnType<typeof createSignedCookieReader> }> | undefined;

  /** `cookieHeader`: the request's Cookie header ('' when it has none). */
  return async function lookup(cookieHeader: string): Promise<SessionLookup> {
    ready ??= context.then((ctx) => ({ ctx, read: createSignedCookieReader(ctx.secret) }));
    const { ctx, read } = await ready;
    const token = read(cookieHeader, ctx.authCookies.sessionToken.name);
    if (!token) return { state: 'none' };
    const [row] = await byToken.execute({ token });
    if (!row) return { state: 'none' };
    if (row.suspended) return { state: 'suspended', session: { id: row.id, createdAt: row.createdAt } };
    const found: FoundSession = {
      session: { id: row.id, createdAt: row.createdAt },
      user: {
        id: row.userId,
        email: row.email,
        alertRecipient: row.alertRecipient,
        sessionId: row.id,
        hasSecondFactor: row.hasSecondFactor,
      },
    };
    // better-auth's getSession rules (cookie cache off): an expired session is deleted; a session
    // whose expiry was last set more than updateAge ago slides, with a renewed cookie; a
    // "don't remember me" cookie stops the slide; a session-data cookie is cleared.
    const { expiresIn, updateAge } = ctx.sessionConfig;
    const now = Date.now();
    const expiresAt = row.expiresAt.getTime();
    const expired = expiresAt < now;
    const dueToSlide = expiresAt - expiresIn * 1000 + updateAge * 1000 <= now;
    const otherCookies =
      cookieHeader.includes(ctx.authCookies.sessionData.name) || cookieHeader.includes(ctx.authCookies.dontRememberToken.name);
    return { state: expired || dueToSlide || otherCookies ? 'better-auth' : 'valid', ...found };
  };
}
