// The user's sessions and security log (issue 30 §3, §7). Every query is filtered by the session's
// user id; a session's token never leaves the server (the list and sign-out name sessions by id).
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import {
  type ActiveSession,
  SECURITY_LOG_DAYS,
  SECURITY_LOG_PAGE_SIZE,
  type SecurityEventKind,
  type SecurityLogPage,
  securityEventLabels,
  securityEventNote,
  securityMessages,
} from '../../../shared/security-log.ts';
import { recordSecurityEvent } from '../../auth/security-events.ts';
import type { Database } from '../../db/client.ts';
import { securityEvents, sessions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { userAgentLabels } from '../../lib/user-agent.ts';

/** Who is asking and from where: the request's user, session and client. */
export type Requester = { userId: string; sessionId: string; ipAddress: string | null; userAgent: string | null };

/** Our middleware's placeholder when the client address is not known is not an address. */
const shownIp = (ip: string | null) => (ip && ip !== 'unknown' ? ip : null);

const sessionLabel = (userAgent: string | null) => {
  const { browser, device } = userAgentLabels(userAgent);
  return `${browser} · ${device}`;
};

/**
 * The user's live sessions, this one first, then the most recently renewed: not expired, and not
 * past SESSION_MAX_AGE_DAYS since sign-in (such a session is deleted on its next use: auth.ts).
 */
export async function listSessions(db: Database, requester: Requester, maxAgeDays: number): Promise<ActiveSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, requester.userId),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.createdAt, sql`now() - make_interval(days => ${maxAgeDays})`),
      ),
    )
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
  return rows
    .map((row) => ({
      id: row.id,
      current: row.id === requester.sessionId,
      ...userAgentLabels(row.userAgent),
      ipAddress: shownIp(row.ipAddress),
      signedInAt: row.createdAt.toISOString(),
      lastRenewedAt: row.updatedAt.toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs out one of the user's other sessions: its next request is signed out, its live stream ends. */
export async function revokeSession(db: Database, requester: Requester, sessionId: string): Promise<void> {
  if (sessionId === requester.sessionId) throw new AppError('self_action', securityMessages.currentSession);
  const [revoked] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, requester.userId)))
    .returning({ userAgent: sessions.userAgent, ipAddress: sessions.ipAddress });
  // Another user's session answers as one that does not exist: nothing tells that it does.
  if (!revoked) throw new AppError('not_found', securityMessages.sessionNotFound);
  const ip = shownIp(revoked.ipAddress);
  await recordSecurityEvent(db, {
    userId: requester.userId,
    kind: 'session_revoked',
    ipAddress: requester.ipAddress,
    userAgent: requester.userAgent,
    detail: { session: `${sessionLabel(revoked.userAgent)}${ip ? ` · ${ip}` : ''}` },
  });
}

/** Signs out every session of the user but this one; answers how many ended. */
export async function revokeOtherSessions(db: Database, requester: Requester): Promise<number> {
  const revoked = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, requester.userId), ne(sessions.id, requester.sessionId)))
    .returning({ id: sessions.id });
  await recordSecurityEvent(db, {
    userId: requester.userId,
    kind: 'other_sessions_revoked',
    ipAddress: requester.ipAddress,
    userAgent: requester.userAgent,
    detail: { count: String(revoked.length) },
  });
  return revoked.length;
}

/**
 * One page of the user's security log, newest first, within the 90 days it is kept (housekeeping
 * deletes older rows; until it runs they are not shown). `before` is the id of the last event of
 * the previous page: the page goes on from there by (time, id), so events with the same time are
 * neither skipped nor repeated.
 */
export async function securityLog(db: Database, userId: string, before?: string): Promise<SecurityLogPage> {
  const own = eq(securityEvents.userId, userId);
  const kept = gt(securityEvents.createdAt, sql`now() - make_interval(days => ${SECURITY_LOG_DAYS})`);
  let after = sql`true`;
  if (before) {
    const [cursor] = await db
      .select({ id: securityEvents.id })
      .from(securityEvents)
      .where(and(own, eq(securityEvents.id, before)));
    if (!cursor) throw new AppError('validation', securityMessages.badCursor);
    // Compared in the database: its timestamps have microseconds, a JavaScript Date only milliseconds.
    after = sql`(${securityEvents.createdAt}, ${securityEvents.id}) < (SELECT created_at, id FROM security_events WHERE id = ${cursor.id})`;
  }
  const rows = await db
    .select()
    .from(securityEvents)
    .where(and(own, kept, after))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(SECURITY_LOG_PAGE_SIZE + 1);
  const page = rows.slice(0, SECURITY_LOG_PAGE_SIZE);
  return {
    events: page.map((row) => {
      const kind = row.kind as SecurityEventKind;
      return {
        id: row.id,
        kind,
        label: securityEventLabels[kind] ?? row.kind,
        note: securityEventNote(kind, row.detail),
        ipAddress: shownIp(row.ipAddress),
        ...userAgentLabels(row.userAgent),
        at: row.createdAt.toISOString(),
      };
    }),
    nextCursor: rows.length > SECURITY_LOG_PAGE_SIZE ? page.at(-1)!.id : null,
  };
}
