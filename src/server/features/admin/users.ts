// The console's users (issue 28 §3): the list with what an operator asks first (last sign-in, alerts
// configured, AI used this month), suspend, resume and delete. Each action, its effects and its audit
// row commit in one transaction, with the user's row locked, so two operators acting on one user at
// once act one after the other.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AdminPage, type AdminUser, adminMessages } from '../../../shared/admin.ts';
import { messages } from '../../../shared/messages.ts';
import type { Database } from '../../db/client.ts';
import { deleteUserAndData } from '../../db/delete-user.ts';
import { aiUsage, alertRuns, earningsTracking, newsletterAlerts, sessions, sonarAlerts, users } from '../../db/schema.ts';
import { SUSPENDED_REASON } from '../../jobs/runs/engine.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from './audit.ts';
import { containing } from './invites.ts';
import type { Operator } from './operator.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The alert kinds a suspension pauses; a report the user asked for ends with its own rows (air_reports). */
const ALERT_KINDS = ['news', 'newsletter', 'earnings_check', 'earnings_reminder', 'earnings_summary'] as const;

const monthStart = sql`date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

export async function listUsers(db: Database, query: { q?: string; page?: number }): Promise<AdminPage<AdminUser>> {
  const page = query.page ?? 1;
  const like = query.q ? containing(query.q) : null;
  const where = like
    ? sql`(u.email ILIKE ${like} OR u.name ILIKE ${like} OR concat_ws(' ', u.first_name, u.last_name) ILIKE ${like})`
    : sql`true`;
  const { rows } = await db.execute<{
    id: string;
    email: string;
    name: string;
    role: 'user' | 'operator';
    created_at: Date | string;
    suspended_at: Date | string | null;
    last_sign_in_at: Date | string | null;
    alerts: number;
    ai_runs: number;
    ai_tokens: number;
    total: number;
  }>(sql`
    SELECT u.id, u.email, coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.name) AS name, u.role,
           u.created_at, u.suspended_at,
           (SELECT max(s.created_at) FROM ${sessions} s WHERE s.user_id = u.id) AS last_sign_in_at,
           ((SELECT count(*) FROM ${sonarAlerts} a WHERE a.user_id = u.id)
            + (SELECT count(*) FROM ${newsletterAlerts} n WHERE n.user_id = u.id)
            + (SELECT count(*) FROM ${earningsTracking} e WHERE e.user_id = u.id))::int AS alerts,
           coalesce(ai.runs, 0)::int AS ai_runs, coalesce(ai.tokens, 0)::bigint::float8 AS ai_tokens,
           (count(*) OVER ())::int AS total
      FROM ${users} u
      LEFT JOIN LATERAL (
        SELECT count(*) AS runs, sum(x.input_tokens + x.output_tokens) AS tokens
          FROM ${aiUsage} x WHERE x.user_id = u.id AND x.started_at >= ${monthStart}
      ) ai ON true
     WHERE ${where}
     ORDER BY u.created_at DESC, u.id
     LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${(page - 1) * ADMIN_PAGE_SIZE}`);
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  let total = rows[0]?.total ?? 0;
  // A page past the end has no rows to carry the count: count alone.
  if (rows.length === 0 && page > 1) {
    const { rows: counted } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${users} u WHERE ${where}`);
    total = counted[0]?.n ?? 0;
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      role: r.role,
      createdAt: iso(r.created_at)!,
      suspendedAt: iso(r.suspended_at),
      lastSignInAt: iso(r.last_sign_in_at),
      alerts: r.alerts,
      aiRuns: r.ai_runs,
      aiTokens: Number(r.ai_tokens),
    })),
    total,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** The user's row, locked for the action; never the operator's own (a 409 that says why). */
async function targetUser(tx: Tx, operator: Operator, id: string) {
  const [user] = await tx
    .select({ id: users.id, email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (!user) throw new AppError('not_found', messages.errors.notFound);
  if (user.id === operator.id) throw new AppError('self_action', adminMessages.selfAction);
  return user;
}

/**
 * Suspends: sign-in is refused (auth.ts), their sessions end now (the next request is a 401, the
 * live-update stream ends at its next session check), the schedule plans no run of theirs
 * (jobs/runs/schedule.ts), and the runs of their alerts that wait, run or are prepared for a slot
 * are skipped, so nothing is sent for them.
 */
export async function suspendUser(db: Database, operator: Operator, id: string) {
  return db.transaction(async (tx) => {
    const user = await targetUser(tx, operator, id);
    if (user.suspendedAt) throw new AppError('user_state', adminMessages.alreadySuspended);
    await tx.update(users).set({ suspendedAt: sql`now()` }).where(eq(users.id, id));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
    const skipped = await tx
      .update(alertRuns)
      .set({ status: 'skipped', reason: SUSPENDED_REASON, plan: null, steps: {}, finishedAt: sql`now()` })
      .where(
        and(
          eq(alertRuns.userId, id),
          inArray(alertRuns.kind, [...ALERT_KINDS]),
          inArray(alertRuns.status, ['queued', 'running', 'prepared']),
        ),
      )
      .returning({ id: alertRuns.id });
    await recordAudit(tx, {
      actor: operator,
      action: 'user.suspend',
      subject: user.email,
      detail: { userId: id, sessionsEnded: ended.length, runsSkipped: skipped.length },
    });
    return { id, email: user.email };
  });
}

export async function resumeUser(db: Database, operator: Operator, id: string) {
  return db.transaction(async (tx) => {
    const user = await targetUser(tx, operator, id);
    if (!user.suspendedAt) throw new AppError('user_state', adminMessages.notSuspended);
    await tx.update(users).set({ suspendedAt: null }).where(eq(users.id, id));
    await recordAudit(tx, { actor: operator, action: 'user.resume', subject: user.email, detail: { userId: id } });
    return { id, email: user.email };
  });
}

/**
 * Deletes the user and everything of theirs in one transaction (db/delete-user.ts, shared with the
 * user's own deletion), once the operator has typed their address again; the audit row commits with it.
 */
export async function deleteUser(db: Database, operator: Operator, id: string, confirmEmail: string) {
  return db.transaction(async (tx) => {
    const user = await targetUser(tx, operator, id);
    const email = user.email.toLowerCase();
    if (confirmEmail.trim().toLowerCase() !== email) {
      throw new AppError('confirmation_mismatch', adminMessages.confirmMismatch, {
        fields: { confirmEmail: adminMessages.confirmMismatch },
      });
    }
    const { mailsDeleted, jobsDeleted } = await deleteUserAndData(tx, user);
    await recordAudit(tx, {
      actor: operator,
      action: 'user.delete',
      subject: user.email,
      detail: { userId: id, mailsDeleted, jobsDeleted },
    });
    return { id, email: user.email };
  });
}
