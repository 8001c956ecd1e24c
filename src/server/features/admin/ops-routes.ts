// The operator console's Runs, Mail, AI usage and Sources API (issue 28 §3), mounted by the console's
// router at /api/admin behind requireOperator (which puts the operator on the context):
//   GET  /runs?kind&status&page     runs due, running, late and failed, by kind
//   POST /runs/:id/retry            a failed run again, through the run engine (audit 'run.retry')
//   GET  /mail?user&status&page     the outbox and mail log
//   POST /mail/:id/resend           a copy of a mail as a new outbox row (audit 'mail.resend')
//   GET  /ai-usage?month            AI runs, tokens and cost per user and task
//   GET  /sources?window=hour|day   answer rates per external service, decode rate, robots, article text
import { Hono } from 'hono';
import type pg from 'pg';
import { aiUsageQuerySchema, mailQuerySchema, runsQuerySchema, sourcesQuerySchema } from '../../../shared/admin-ops.ts';
import type { PriceTable } from '../../ai/prices.ts';
import type { Database } from '../../db/client.ts';
import type { RunProducer } from '../../jobs/runs/producer.ts';
import { aiUsage } from './ai-usage.ts';
import { idParam, parseQuery } from './http.ts';
import { listMail, resendMail } from './mail.ts';
import type { OperatorEnv } from './operator.ts';
import { listRuns, retryRun } from './runs.ts';
import { sourceRates } from './sources.ts';

export type AdminOpsDeps = {
  db: Database;
  /** A retry's run and its pg-boss job are written on one client, in one transaction. */
  pool: pg.Pool;
  /** Queues runs for the run engine's workers (bootstrap's RunProducer). */
  runs: Pick<RunProducer, 'start'>;
  /** config.AI_PRICES. */
  prices: PriceTable;
};

export function adminOpsRoutes(deps: AdminOpsDeps) {
  return new Hono<OperatorEnv>()
    .get('/runs', async (c) => c.json(await listRuns(deps.db, parseQuery(c, runsQuerySchema))))
    .post('/runs/:id/retry', async (c) => c.json(await retryRun(deps, c.get('operator'), idParam(c)), 201))
    .get('/mail', async (c) => c.json(await listMail(deps.db, parseQuery(c, mailQuerySchema))))
    .post('/mail/:id/resend', async (c) => c.json(await resendMail(deps.db, c.get('operator'), idParam(c)), 201))
    .get('/ai-usage', async (c) => c.json(await aiUsage(deps.db, deps.prices, parseQuery(c, aiUsageQuerySchema).month)))
    .get('/sources', async (c) => c.json(await sourceRates(deps.db, parseQuery(c, sourcesQuerySchema).window ?? 'hour')));
}
