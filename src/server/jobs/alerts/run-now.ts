// The operator's `npm run admin -- run-alerts [--user <email>]`: every active alert (one user's, or
// everyone's) runs now, in this process, whatever its schedule; then whatever else is due. Each
// run goes through the same engine as the worker's, so a worker running at the same time cannot
// make an e-mail go out twice.
import type pg from 'pg';
import { type AlertEngine, RetryableRunError, type RunResult } from './engine.ts';
import { insertDueRuns, insertManualRuns } from './schedule.ts';

export type RunReport = { runId: string; kind: string; email: string; company: string; result: RunResult };

const MAX_WAIT_MS = 5_000;

export async function runAlertsNow(opts: {
  pool: pg.Pool;
  engine: AlertEngine;
  userId: string | null;
  concurrency: number;
  maxAttempts: number;
  retryDelaySeconds: number;
  onRun?: (report: RunReport) => void;
}): Promise<RunReport[]> {
  // First every active alert; then what is due after them (an earnings check may bring a reminder due).
  const manual = await processRuns(opts, await insert((client, now) => insertManualRuns(client, now, opts.userId)));
  const due = await processRuns(opts, await insert((client, now) => insertDueRuns(client, now, opts.userId)));
  return [...manual, ...due];

  async function insert(statement: (client: pg.PoolClient, now: Date) => Promise<string[]>) {
    const client = await opts.pool.connect();
    try {
      return await statement(client, new Date());
    } finally {
      client.release();
    }
  }
}

async function processRuns(opts: Parameters<typeof runAlertsNow>[0], ids: string[]): Promise<RunReport[]> {
  const { rows } = await opts.pool.query<{ id: string; kind: string; email: string; company: string }>(
    `SELECT r.id, r.kind, u.email,
            coalesce(s.company_name, e.company_name, array_to_string(n.industry, ', '), '') AS company
       FROM alert_runs r JOIN users u ON u.id = r.user_id
       LEFT JOIN sonar_alerts s ON r.kind = 'news' AND s.id = r.alert_id
       LEFT JOIN newsletter_alerts n ON r.kind = 'newsletter' AND n.id = r.alert_id
       LEFT JOIN earnings_tracking e ON r.kind LIKE 'earnings%' AND e.id = r.alert_id
      WHERE r.id = ANY($1) ORDER BY u.email, r.kind`,
    [ids],
  );

  const reports: RunReport[] = [];
  const queue = [...rows];
  async function runOne(row: (typeof rows)[number]) {
    // The CLI retries like the worker does, with shorter waits: the operator is watching.
    for (let attempt = 1; ; attempt++) {
      try {
        return await opts.engine.process(row.id);
      } catch (err) {
        if (!(err instanceof RetryableRunError) || attempt >= opts.maxAttempts) throw err;
        await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_WAIT_MS, opts.retryDelaySeconds * 1000 * 2 ** (attempt - 1))));
      }
    }
  }
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
