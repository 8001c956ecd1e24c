// A report fails with its run, whoever fails the run: not only the report's own handler, but the
// run engine, when nobody finished the run for hours because every retry of its job was spent on
// workers that stopped. On worker processes as they run in production (ROLE=worker, pg-boss): the
// page then shows the report failed at the step it had reached, with a reason; its credit is given
// back, and the user's retry resumes after the steps done and delivers it.
import { beforeAll, expect, it } from 'vitest';
import { createAiRunner } from '../../../src/server/ai/runner.ts';
import { type AirDeps, airOverview, getReport, retryReport, startReport } from '../../../src/server/features/air/service.ts';
import { INTERRUPTED } from '../../../src/server/jobs/air-report/handler.ts';
import { airModel } from '../../fakes/air-model.ts';
import type { FakeHandler } from '../../fakes/openai.ts';
import { schemaKeys } from '../../fakes/research-model.ts';
import { airWorkers } from '../../support/air-workers.ts';
import { until } from '../../support/server-process.ts';
import { startWorker } from '../../support/workers.ts';
import { keptItems } from './library-items.ts';

const USER = 'air-run-failed-user';
const SOLUTION = 'Warehouse orchestration software for Supply Chain Operations and Finance leaders.';

// The first persona request never gets an answer in time: the worker that asked is killed meanwhile.
const model = airModel();
const handler: FakeHandler = (request, index) => {
  if (schemaKeys(request).includes('buyingCenters') && aiCalls('buyingCenters') === 1) return { delayMs: 60_000, json: {} };
  return model(request, index);
};
const air = airWorkers({ database: 'eos_air_run_failed', handler });
/** Requests the AI server received whose schema has `key`, this one included while it is answered. */
const aiCalls = (key: string) => air.ai.requests.filter((r) => schemaKeys(r).includes(key)).length;

let deps: AirDeps;
beforeAll(async () => {
  const { rt } = air;
  deps = { db: rt.db, pool: rt.pool, runs: rt.runs, ai: createAiRunner(rt.config, rt.db), creditsPerMonth: 5, maxFailedPerDay: 5 };
  await rt.pool.query(`INSERT INTO users (id, email, name, email_verified) VALUES ($1, 'seller@example.com', 'Run Failed', true)`, [USER]);
});

/** The report's runs, oldest first. */
const runsOf = async (reportId: string) =>
  (
    await air.rt.pool.query<{ status: string; reason: string | null }>(
      `SELECT status, reason FROM alert_runs WHERE kind = 'air_report' AND alert_id = $1 ORDER BY created_at`,
      [reportId],
    )
  ).rows;
const page = (id: string) => getReport(deps, USER, id);

it('a report whose run nobody finished (its job given up after its workers stopped) fails at the step it had reached, and its retry delivers it', async () => {
  const { rt, site, serverEnv } = air;
  const report = await startReport(deps, USER, { website: `${site.url}/`, solution: SOLUTION });
  const first = startWorker({ ...serverEnv(), LOG_LEVEL: 'warn' });
  await until(
    'the persona step under way',
    async () =>
      (await page(report.id)).steps.find((s) => s.id === 'persona_builder')?.state === 'running' && aiCalls('buyingCenters') === 1,
    60_000,
  );
  first.proc.kill('SIGKILL');
  await first.exited;
  // Every retry of the run's job spent on workers that stopped: pg-boss gives the job up, and the
  // run is left running with nobody on it; seven hours on, the next worker's tick finds it.
  await rt.pool.query(`DELETE FROM pgboss.job WHERE name = 'alert-run'`);
  await rt.pool.query(`UPDATE alert_runs SET created_at = now() - interval '7 hours' WHERE alert_id = $1`, [report.id]);
  expect((await page(report.id)).status).toBe('running');

  const second = startWorker({ ...serverEnv(), LOG_LEVEL: 'error' });
  await until('the run failed', async () => (await runsOf(report.id))[0]?.status === 'failed', 60_000).catch((err: Error) => {
    throw new Error(`${err.message}\n${second.output()}`);
  });
  expect(await runsOf(report.id)).toEqual([{ status: 'failed', reason: expect.stringContaining('abandoned') }]);
  const failed = await page(report.id);
  expect(failed.status).toBe('failed');
  expect(failed.failure).toEqual({ step: 'persona_builder', message: INTERRUPTED });
  expect(failed.steps.find((s) => s.id === 'persona_builder')).toEqual({ id: 'persona_builder', state: 'failed', summary: INTERRUPTED });
  expect(failed.finishedAt).not.toBeNull();
  expect((await airOverview(deps, USER)).credits.used).toBe(0);

  // The user retries it: a run of its own, which starts after the steps the failed one finished.
  const siteRequests = site.requests.length;
  expect((await retryReport(deps, USER, report.id)).status).toBe('queued');
  await until('the report delivered', async () => (await page(report.id)).status === 'succeeded', 90_000).catch((err: Error) => {
    throw new Error(`${err.message}\n${second.output()}`);
  });
  expect(site.requests.length).toBe(siteRequests);
  expect(aiCalls('events')).toBe(1);
  expect((await page(report.id)).failure).toBeNull();
  expect((await airOverview(deps, USER)).credits.used).toBe(1);
  // The library keeps the delivered report once, under the run that delivered it; the failed run kept nothing.
  const { rows: runs } = await rt.pool.query<{ id: string; status: string; mail_id: string | null }>(
    `SELECT id, status, mail_id FROM alert_runs WHERE kind = 'air_report' AND alert_id = $1 ORDER BY created_at`,
    [report.id],
  );
  expect(runs.map((r) => r.status)).toEqual(['failed', 'succeeded']);
  expect((await keptItems(rt.pool, USER)).map((k) => [k.id, k.kind, k.mail_id])).toEqual([[runs[1]!.id, 'air_report', runs[1]!.mail_id]]);
  expect(await second.stop()).toBe(0);
}, 240_000);
