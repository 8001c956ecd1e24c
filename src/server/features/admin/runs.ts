// The console's Runs section (issue 28 §3): the run engine's runs due, running, late and failed, by
// kind, each failure with the engine's reason; and a retry of a failed run, which is the engine's own
// way to run an alert again: a new run of the same alert and its job, queued in one transaction,
// resuming after the steps the failed run finished (RunProducer.start, as a report's retry does).

import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import {
  OPS_MAX_PAGE,
  OPS_PAGE_SIZE,
  OPS_RUN_KINDS,
  type OpsRun,
  type OpsRunKind,
  opsMessages,
  type RetryAnswer,
  RUN_VIEWS,
  type RunCounts,
  type RunsAnswer,
  type RunsQuery,
  type RunView,
} from '../../../shared/admin-ops.ts';
import type { Database } from '../../db/client.ts';
import { alertRuns } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { consoleRuns, FAILED_WINDOW_DAYS, inView, LATE_AFTER_MINUTES, type RunLogRow, runLog, runView } from '../../jobs/runs/log.ts';
import type { RunProducer } from '../../jobs/runs/producer.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from './audit.ts';
import type { Operator } from './operator.ts';

export const runNotFound = () => new AppError('not_found', 'There is no run with this id.');

/** The page number of a query string (validated by the schema to 1–999), refused past OPS_MAX_PAGE. */
export function pageOf(page: string | undefined): number {
  const n = Number(page ?? 1);
  if (n > OPS_MAX_PAGE)
    throw new AppError('validation', `The page is a whole number from 1 to ${OPS_MAX_PAGE}.`, { fields: { page: 'too large' } });
  return n;
}

const zeroCounts = (): RunCounts => Object.fromEntries(RUN_VIEWS.map((view) => [view, 0])) as RunCounts;

function retryBlocked(row: RunLogRow): string | null {
  if (row.status !== 'failed') return opsMessages.notFailed;
  if (row.kind === 'air_report') return opsMessages.reportRetry;
  if (row.laterOpenRun) return opsMessages.alreadyRetried;
  return null;
}

const toRun = (row: RunLogRow): OpsRun => ({
  id: row.id,
  kind: row.kind,
  userEmail: row.userEmail,
  slot: row.slot,
  status: row.status,
  view: row.view ?? 'failed',
  attempts: row.attempts,
  dueAt: row.moment.toISOString(),
  createdAt: row.createdAt.toISOString(),
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  reason: row.reason,
  retryBlocked: retryBlocked(row),
});

/** The counts per kind and one page of the runs, in two queries on alert_runs' open-runs and created indexes. */
export async function listRuns(db: Database, query: RunsQuery): Promise<RunsAnswer> {
  const page = pageOf(query.page);
  const where = and(consoleRuns, query.kind ? eq(alertRuns.kind, query.kind) : undefined, query.status ? inView(query.status) : undefined);
  const [rows, counted] = await Promise.all([
    runLog(db, where, { limit: OPS_PAGE_SIZE + 1, offset: (page - 1) * OPS_PAGE_SIZE }),
    db
      .select({ kind: alertRuns.kind, view: runView, count: sql<number>`count(*)::int` })
      .from(alertRuns)
      .where(consoleRuns)
      // By position: the view's expression carries parameters, which GROUP BY would not match to the select's.
      .groupBy(sql`1`, sql`2`),
  ]);
  const byKind = new Map<OpsRunKind, RunCounts>(OPS_RUN_KINDS.map((kind) => [kind, zeroCounts()]));
  const totals = zeroCounts();
  for (const { kind, view, count } of counted) {
    if (!view) continue;
    byKind.get(kind)![view as RunView] += count;
    totals[view as RunView] += count;
  }
  return {
    lateAfterMinutes: LATE_AFTER_MINUTES,
    failedWindowDays: FAILED_WINDOW_DAYS,
    byKind: [...byKind].map(([kind, counts]) => ({ kind, ...counts })),
    totals,
    runs: rows.slice(0, OPS_PAGE_SIZE).map(toRun),
    page,
    pageSize: OPS_PAGE_SIZE,
    hasMore: rows.length > OPS_PAGE_SIZE,
  };
}

/**
 * Runs a failed run again: the run row locked (two retries of it queue one run), a new run of the
 * alert and its job, and the audit row, in one transaction. The failed run stays as it was: the
 * ledger keeps why it failed.
 */
export async function retryRun(
  deps: { pool: pg.Pool; runs: Pick<RunProducer, 'start'> },
  operator: Operator,
  runId: string,
): Promise<RetryAnswer> {
  return inTransaction(deps.pool, async (client) => {
    const { rows } = await client.query<{ kind: OpsRunKind; alert_id: string; user_id: string; status: string; reason: string | null }>(
      'SELECT kind, alert_id, user_id, status, reason FROM alert_runs WHERE id = $1 FOR UPDATE',
      [runId],
    );
    const run = rows[0];
    if (!run) throw runNotFound();
    if (run.status !== 'failed') throw new AppError('cannot_retry', opsMessages.notFailed);
    // A report's run is ended with its report (failed, the credit given back); its owner's retry
    // sets the report going again and takes a credit, which the engine alone would not.
    if (run.kind === 'air_report') throw new AppError('cannot_retry', opsMessages.reportRetry);
    const open = await client.query(
      `SELECT 1 FROM alert_runs WHERE kind = $1 AND alert_id = $2 AND status IN ('queued', 'running', 'prepared') LIMIT 1`,
      [run.kind, run.alert_id],
    );
    if (open.rowCount) throw new AppError('cannot_retry', opsMessages.alreadyRetried);
    const retryRunId = await deps.runs.start(client, { kind: run.kind, alertId: run.alert_id, userId: run.user_id });
    await recordAudit(drizzle(client), {
      actor: operator,
      action: 'run.retry',
      subject: runId,
      detail: { kind: run.kind, retryRunId, reason: run.reason },
    });
    return { runId, retryRunId };
  });
}
