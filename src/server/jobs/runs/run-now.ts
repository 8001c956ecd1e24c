// The operator's `npm run admin -- run-alerts [--user <email>]`: every active alert (one user's, or
// everyone's) runs now, in this process, whatever its schedule; then whatever else is due. Each
// run goes through the same engine as the worker's, so a worker running at the same time cannot
// make an e-mail go out twice.
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alertRuns, earningsTracking, newsletterAlerts, sonarAlerts, users } from '../../db/schema.ts';
import { retry } from '../../lib/backoff.ts';
import { type AlertEngine, RetryableRunError, type RunResult } from './engine.ts';
import { insertDueRuns, insertManualRuns } from './schedule.ts';

type RunReport = { runId: string; kind: string; email: string; company: string; result: RunResult };

const MAX_WAIT_MS = 5_000;

export async function runAlertsNow(opts: {
  db: Database;
  engine: AlertEngine;
  userId: string | null;
  concurrency: number;
  maxAttempts: number;
  retryDelaySeconds: number;
  onRun?: (report: RunReport) => void;
}): Promise<RunReport[]> {
  // First every active alert; then what is due after them (an earnings check may bring a reminder due).
  const manual = await processRuns(opts, await insertManualRuns(opts.db, new Date(), opts.userId));
  const due = await processRuns(opts, await insertDueRuns(opts.db, new Date(), opts.userId));
  return [...manual, ...due];
}

async function processRuns(opts: Parameters<typeof runAlertsNow>[0], ids: string[]): Promise<RunReport[]> {
  const rows = await opts.db
    .select({
      id: alertRuns.id,
      kind: alertRuns.kind,
      email: users.email,
      company: sql<string>`coalesce(${sonarAlerts.companyName}, ${earningsTracking.companyName}, array_to_string(${newsletterAlerts.industry}, ', '), '')`,
    })
    .from(alertRuns)
    .innerJoin(users, eq(users.id, alertRuns.userId))
    .leftJoin(sonarAlerts, and(eq(alertRuns.kind, 'news'), eq(sonarAlerts.id, alertRuns.alertId)))
    .leftJoin(newsletterAlerts, and(eq(alertRuns.kind, 'newsletter'), eq(newsletterAlerts.id, alertRuns.alertId)))
    .leftJoin(earningsTracking, and(like(alertRuns.kind, 'earnings%'), eq(earningsTracking.id, alertRuns.alertId)))
    // One array parameter however many runs (inArray would bind one per id).
    .where(sql`${alertRuns.id} = ANY(${sql.param(ids)})`)
    .orderBy(asc(users.email), asc(alertRuns.kind));

  const reports: RunReport[] = [];
  const queue = [...rows];
  // The CLI retries like the worker does, with shorter waits: the operator is watching.
  const runOne = (row: (typeof rows)[number]) =>
    retry(() => opts.engine.process(row.id), {
      firstMs: opts.retryDelaySeconds * 1000,
      maxMs: MAX_WAIT_MS,
      retryIf: (err, failures) => err instanceof RetryableRunError && failures < opts.maxAttempts,
    });
  async function lane() {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const result = await runOne(row);
      const report = { runId: row.id, kind: row.kind, email: row.email, company: row.company, result };
      reports.push(report);
      opts.onRun?.(report);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency, rows.length)) }, lane));
  return reports;
}
