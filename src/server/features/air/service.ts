// Account Intelligence Reports (issue 17): credits, starting a report (a row, its run-engine run
// and that run's job, in one transaction), reading and retrying. Every query is keyed by the
// session's user id; another user's report is indistinguishable from a missing one (404).
// A failed report gives its credit back, so credits alone do not bound the work failed runs cost
// (sites fetched, model calls): each run, a start or a retry, also counts against a daily limit
// until it succeeds (issue 25).

import { and, desc, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  type AirCredits,
  type AirOverview,
  type AirReport,
  type AirReportDetail,
  type AirReportStatus,
  type AirReportSummary,
  type AirRequest,
  type AirStep,
  type AirStepId,
  airMessages,
  initialAirSteps,
} from '../../../shared/air.ts';
import { ALERT_TIME_ZONE } from '../../../shared/sonar.ts';
import { type AiRunner, aiNotConfigured, aiStatus } from '../../ai/runner.ts';
import type { Database } from '../../db/client.ts';
import { airReports, users } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { RunProducer } from '../../jobs/runs/producer.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

export type AirDeps = {
  db: Database;
  pool: pg.Pool;
  runs: RunProducer;
  ai: AiRunner;
  creditsPerMonth: number;
  /** AIR_MAX_FAILED_PER_DAY: runs that failed or are still running, per user in the last 24 hours. */
  maxFailedPerDay: number;
  now?: () => Date;
};

const LIST_LIMIT = 50;

/** 'YYYY-MM' of `at` in New York: the credit month (credits refresh on the 1st, New York time). */
export function creditMonth(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ALERT_TIME_ZONE, year: 'numeric', month: '2-digit' }).formatToParts(at);
  const year = parts.find((p) => p.type === 'year')!.value;
  const month = parts.find((p) => p.type === 'month')!.value;
  return `${year}-${month}`;
}

/** 'YYYY-MM-01' of the month after `month` ('YYYY-MM'). */
export function nextMonthStart(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
}

const monthName = (isoDate: string) =>
  new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

const notFound = () => new AppError('not_found', airMessages.notFound);

/** The credits of `month`: a report that failed gave its credit back. */
async function credits(executor: Pick<Database, 'select'>, userId: string, limit: number, month: string): Promise<AirCredits> {
  const [row] = await executor
    .select({ used: sql<number>`count(*)::int` })
    .from(airReports)
    .where(and(eq(airReports.userId, userId), eq(airReports.creditMonth, month), sql`${airReports.status} <> 'failed'`));
  const used = row?.used ?? 0;
  return { limit, used, remaining: Math.max(0, limit - used), refreshesOn: nextMonthStart(month) };
}

function noCredits(c: AirCredits) {
  return new AppError('no_credits', `You have used all ${c.limit} reports of this month. Credits return on ${monthName(c.refreshesOn)}.`);
}

const summaryColumns = {
  id: airReports.id,
  website: airReports.website,
  companyName: airReports.companyName,
  status: airReports.status,
  createdAt: airReports.createdAt,
  finishedAt: airReports.finishedAt,
};

type SummaryRow = {
  id: string;
  website: string;
  companyName: string | null;
  status: AirReportStatus;
  createdAt: Date;
  finishedAt: Date | null;
};
const toSummary = (row: SummaryRow): AirReportSummary => ({
  id: row.id,
  website: row.website,
  companyName: row.companyName,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** The profile's solution, buying centers and industries as the form's starting text. */
function solutionDraft(profile: {
  solutionType: string | null;
  solutionDescription: string | null;
  targetIndustries: string[];
  primaryValueProp: string | null;
}) {
  const lines = [
    profile.solutionType?.trim() && `Solution: ${profile.solutionType.trim()}`,
    profile.solutionDescription?.trim(),
    profile.primaryValueProp?.trim() && `Value proposition: ${profile.primaryValueProp.trim()}`,
    profile.targetIndustries.length > 0 && `Target industries: ${profile.targetIndustries.join(', ')}`,
  ].filter((line): line is string => Boolean(line));
  return lines.join('\n');
}

export async function airOverview(deps: AirDeps, userId: string): Promise<AirOverview> {
  const now = deps.now?.() ?? new Date();
  const [profile] = await deps.db
    .select({
      solutionType: users.solutionType,
      solutionDescription: users.solutionDescription,
      targetIndustries: users.targetIndustries,
      primaryValueProp: users.primaryValueProp,
    })
    .from(users)
    .where(eq(users.id, userId));
  const rows = await deps.db
    .select(summaryColumns)
    .from(airReports)
    .where(eq(airReports.userId, userId))
    .orderBy(desc(airReports.createdAt))
    .limit(LIST_LIMIT);
  return {
    credits: await credits(deps.db, userId, deps.creditsPerMonth, creditMonth(now)),
    ai: aiStatus(deps.ai, 'air_report'),
    reports: rows.map(toSummary),
    solutionDraft: profile ? solutionDraft(profile) : '',
  };
}

export async function getReport(deps: Pick<AirDeps, 'db'>, userId: string, id: string): Promise<AirReportDetail> {
  if (!isUuid(id)) throw notFound();
  const [row] = await deps.db
    .select({
      ...summaryColumns,
      solution: airReports.solution,
      steps: airReports.steps,
      report: airReports.report,
      failure: airReports.failure,
      emailedTo: airReports.emailedTo,
      // The e-mail's fate, from the outbox row the report's run queued: the delivery step says it.
      mailStatus: sql<string | null>`(
        select m.status from alert_runs r join mail_outbox m on m.id = r.mail_id
        where r.kind = 'air_report' and r.alert_id = air_reports.id and r.user_id = air_reports.user_id
        order by r.created_at desc limit 1)`,
    })
    .from(airReports)
    .where(and(eq(airReports.id, id), eq(airReports.userId, userId)));
  if (!row) throw notFound();
  const steps = (row.steps as AirStep[]).map((step) =>
    step.id === 'instant_delivery' && step.state === 'done' && row.emailedTo
      ? { ...step, summary: deliverySummary(row.emailedTo, row.mailStatus) }
      : step,
  );
  return {
    ...toSummary(row),
    solution: row.solution,
    steps,
    report: (row.report as AirReport | null) ?? null,
    failure: (row.failure as { step: AirStepId; message: string } | null) ?? null,
    emailedTo: row.emailedTo,
  };
}

function deliverySummary(to: string, status: string | null): string {
  if (status === 'sent') return `Sent to ${to}.`;
  if (status === 'failed') return `Could not be delivered to ${to}; the report is here on this page.`;
  return `Queued for ${to}; it leaves within a minute.`;
}

/**
 * Starts a report: checks AI is configured (nothing starts without it) and a credit is left (per
 * user, serialised by an advisory lock so two requests cannot both take the last one), then writes
 * the report, its run and the run's job in one transaction.
 */
export async function startReport(deps: AirDeps, userId: string, input: AirRequest): Promise<AirReportDetail> {
  if (!deps.ai.configured) throw aiNotConfigured();
  const month = creditMonth(deps.now?.() ?? new Date());
  const id = await inTransaction(deps.pool, async (client) => {
    await takeRun(deps, client, userId, month);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO air_reports (user_id, website, solution, credit_month, steps) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [userId, input.website, input.solution, month, JSON.stringify(initialAirSteps())],
    );
    const reportId = rows[0]!.id;
    // The report's run in the run engine's ledger (one per start or retry), and its job.
    await deps.runs.start(client, { kind: 'air_report', alertId: reportId, userId });
    return reportId;
  });
  return getReport(deps, userId, id);
}

/** A failed report starts again from the step that failed; it takes a credit of this month and is a run of the day. */
export async function retryReport(deps: AirDeps, userId: string, id: string): Promise<AirReportDetail> {
  if (!isUuid(id)) throw notFound();
  if (!deps.ai.configured) throw aiNotConfigured();
  const month = creditMonth(deps.now?.() ?? new Date());
  await inTransaction(deps.pool, async (client) => {
    const { rows } = await client.query<{ status: AirReportStatus }>(
      'SELECT status FROM air_reports WHERE id = $1 AND user_id = $2 FOR UPDATE',
      [id, userId],
    );
    if (!rows[0]) throw notFound();
    if (rows[0].status !== 'failed') throw new AppError('cannot_retry', airMessages.cannotRetry);
    await takeRun(deps, client, userId, month);
    await client.query(
      `UPDATE air_reports SET status = 'queued', failure = NULL, credit_month = $3, finished_at = NULL, updated_at = now(),
         steps = (SELECT jsonb_agg(CASE WHEN s->>'state' = 'failed' THEN jsonb_build_object('id', s->'id', 'state', 'waiting', 'summary', NULL) ELSE s END ORDER BY n)
                  FROM jsonb_array_elements(steps) WITH ORDINALITY AS t(s, n))
       WHERE id = $1 AND user_id = $2`,
      [id, userId, month],
    );
    // A new run, which resumes after the steps the failed run finished.
    await deps.runs.start(client, { kind: 'air_report', alertId: id, userId });
  });
  return getReport(deps, userId, id);
}

/**
 * Checks, under the user's lock, that a run may start: a credit is left this month, and fewer than
 * `maxFailedPerDay` of the user's runs of the last 24 hours failed or are still running (a running
 * one may yet fail, so the failures of a day never exceed the limit).
 */
async function takeRun(deps: AirDeps, client: pg.PoolClient, userId: string, month: string) {
  await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`air_credits:${userId}`]);
  const { rows } = await client.query<{ used: number }>(
    `SELECT count(*)::int AS used FROM air_reports WHERE user_id = $1 AND credit_month = $2 AND status <> 'failed'`,
    [userId, month],
  );
  const used = rows[0]?.used ?? 0;
  if (used >= deps.creditsPerMonth) {
    throw noCredits({ limit: deps.creditsPerMonth, used, remaining: 0, refreshesOn: nextMonthStart(month) });
  }
  const day = await client.query<{ failed: number; open: number; free_in_seconds: number | null }>(
    `SELECT count(*) FILTER (WHERE status = 'failed')::int AS failed,
            count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS open,
            ceil(extract(epoch FROM min(created_at) FILTER (WHERE status = 'failed') + interval '24 hours' - now()))::int AS free_in_seconds
       FROM alert_runs
      WHERE kind = 'air_report' AND user_id = $1 AND created_at > now() - interval '24 hours' AND status IN ('queued', 'running', 'failed')`,
    [userId],
  );
  const { failed, open, free_in_seconds } = day.rows[0]!;
  if (failed + open >= deps.maxFailedPerDay) throw dailyLimit(failed + open, open, free_in_seconds);
}

function dailyLimit(counted: number, open: number, freeInSeconds: number | null) {
  const hours = freeInSeconds === null ? null : Math.max(1, Math.ceil(freeInSeconds / 3600));
  return new AppError('air_daily_limit', airMessages.dailyLimit(counted, open, hours), { title: airMessages.dailyLimitTitle });
}
