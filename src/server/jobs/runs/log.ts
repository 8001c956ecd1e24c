// The run engine's ledger as the operator reads it: the CLI's `alert-runs` and the console's Runs
// section (issue 28 §3) list runs through runLog, with the same columns, join and order, and sort
// them into due, running, late and failed the same way.
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alertRuns, users } from '../../db/schema.ts';

/**
 * A run is late once it is unfinished this long after the moment it was for. The longest normal
 * run, an account report, takes a few minutes; a run still open a quarter of an hour after its
 * moment waits for a worker that is not there, or is stuck.
 */
export const LATE_AFTER_MINUTES = 15;
/** Failed runs are shown for this long; older ones are in `npm run admin -- alert-runs --days N`. */
export const FAILED_WINDOW_DAYS = 7;

const r = alertRuns;
const OPEN = ['queued', 'running', 'prepared'] as const;

/**
 * The moment a run is for: the end of its wait (an earnings check waiting for the release), its
 * prepared slot, a news or newsletter slot (those slots are the delivery time; an earnings
 * reminder's or summary's slot is the earnings date, not when it runs), else when it was created.
 * Plain SQL over `alert_runs` (not aliased), so the metrics' query (jobs/runs/metrics.ts) says it
 * the same way.
 */
export const RUN_MOMENT_SQL = `coalesce(alert_runs.not_before, alert_runs.due_at,
  case when alert_runs.kind in ('news', 'newsletter') and alert_runs.slot ~ '^\\d{4}-\\d{2}-\\d{2}T' then alert_runs.slot::timestamptz end,
  alert_runs.created_at)`;
export const runMoment = sql<Date>`${sql.raw(RUN_MOMENT_SQL)}`.mapWith(r.createdAt);

const lateSince = sql`now() - make_interval(mins => ${LATE_AFTER_MINUTES})`;
const isOpen = inArray(r.status, [...OPEN]);
const isLate = and(isOpen, sql`${runMoment} < ${lateSince}`);

/** due, running, late or failed (each run in one; late first), null for a run that ended otherwise. */
export const runView = sql<'due' | 'running' | 'late' | 'failed' | null>`case
  when ${isLate} then 'late'
  when ${r.status} in ('queued', 'prepared') then 'due'
  when ${r.status} = 'running' then 'running'
  when ${r.status} = 'failed' then 'failed' end`;

/** The runs the console looks at: every unfinished one, and those failed in the last FAILED_WINDOW_DAYS (both indexed). */
export const consoleRuns = sql`(${isOpen} or (${r.status} = 'failed' and ${r.createdAt} > now() - make_interval(days => ${FAILED_WINDOW_DAYS})))`;

/** Runs in one view (the view's own conditions; combine with consoleRuns for the window). */
export function inView(view: 'due' | 'running' | 'late' | 'failed'): SQL | undefined {
  if (view === 'late') return isLate;
  if (view === 'failed') return eq(r.status, 'failed');
  return and(inArray(r.status, view === 'due' ? ['queued', 'prepared'] : ['running']), sql`not (${isLate})`);
}

/** The user with this e-mail, as a subquery (alert_runs is read by user_id, on its index). */
export const ofUserEmail = (email: string) => sql`${r.userId} = (select ${users.id} from ${users} where ${users.email} = ${email})`;

/** A later run of the same alert is queued, running or prepared: a retry of this one would be a second. */
const laterOpenRun = sql<boolean>`exists (
  select 1 from ${alertRuns} l
   where l.kind = ${r.kind} and l.alert_id = ${r.alertId} and l.created_at > ${r.createdAt}
     and l.status in ('queued', 'running', 'prepared'))`;

/** Runs matching `where`, newest first, with the user's e-mail: one query, however many rows. */
export function runLog(db: Pick<Database, 'select'>, where: SQL | undefined, page: { limit: number; offset?: number }) {
  return db
    .select({
      id: r.id,
      kind: r.kind,
      alertId: r.alertId,
      userId: r.userId,
      userEmail: users.email,
      slot: r.slot,
      status: r.status,
      attempts: r.attempts,
      reason: r.reason,
      outcome: r.outcome,
      moment: runMoment,
      view: runView,
      laterOpenRun,
      createdAt: r.createdAt,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
    })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(where)
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

export type RunLogRow = Awaited<ReturnType<typeof runLog>>[number];

/** The CLI's filter: runs created in the last `days` days, of one user and one status when given. */
export function cliRunFilter(f: { days: number; user: string | null; status: string | null }): SQL | undefined {
  return and(
    sql`${r.createdAt} > now() - make_interval(days => ${f.days})`,
    f.user ? ofUserEmail(f.user) : undefined,
    f.status ? sql`${r.status} = ${f.status}` : undefined,
  );
}
