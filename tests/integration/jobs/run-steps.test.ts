// The run engine's resumable steps (step(key, work)) on worker processes as they run in production
// (ROLE=worker, pg-boss), through the kind that uses them, an Account Intelligence Report: what a
// finished step found is kept in the run's row, not the report's. A worker killed with SIGKILL
// mid-step leaves the steps it finished there, and the worker started after it does not do them
// again; the run then fails at a later step, and the user's retry (a new run) starts after every
// step the failed run finished. Once the report is delivered, the run's kept steps are cleared.
import { expect, it } from 'vitest';
import { createAiRunner } from '../../../src/server/ai/runner.ts';
import { type AirDeps, retryReport, startReport } from '../../../src/server/features/air/service.ts';
import { airModel } from '../../fakes/air-model.ts';
import type { FakeHandler } from '../../fakes/openai.ts';
import { schemaKeys } from '../../fakes/research-model.ts';
import { airWorkers } from '../../support/air-workers.ts';
import { until } from '../../support/server-process.ts';
import { startWorker } from '../../support/workers.ts';

const USER = 'run-steps-user';

// The first persona request never gets an answer in time (its worker is killed meanwhile); the
// first prospects request is refused by the provider, which fails the report at that step.
const model = airModel();
const handler: FakeHandler = (request, index) => {
  const keys = schemaKeys(request);
  if (keys.includes('buyingCenters') && aiCalls('buyingCenters') === 1) return { delayMs: 60_000, json: {} };
  if (keys.includes('prospects') && aiCalls('prospects') === 1) return { status: 400, content: 'refused for the test' };
  return model(request, index);
};
const air = airWorkers({ database: 'eos_run_steps', handler });
/** Requests the AI server received whose schema has `key`, this one included while it is answered. */
const aiCalls = (key: string) => air.ai.requests.filter((r) => schemaKeys(r).includes(key)).length;

/** The report's runs, oldest first: status and the keys of the steps each keeps. */
const runsOf = async (reportId: string) =>
  (
    await air.rt.pool.query<{ status: string; kept: string[] }>(
      `SELECT status, ARRAY(SELECT jsonb_object_keys(steps) ORDER BY 1) AS kept -- by name
         FROM alert_runs WHERE kind = 'air_report' AND alert_id = $1 ORDER BY created_at`,
      [reportId],
    )
  ).rows;
const reportStatus = async (id: string) =>
  (await air.rt.pool.query<{ status: string }>('SELECT status FROM air_reports WHERE id = $1', [id])).rows[0]!.status;

it('keeps finished steps in the run row: neither the worker after a SIGKILL nor a retry after a failure does them again', async () => {
  const { rt, site, hn, smtp, serverEnv } = air;
  await rt.pool.query(`INSERT INTO users (id, email, name, email_verified) VALUES ($1, 'seller@example.com', 'Run Steps', true)`, [USER]);
  const deps: AirDeps = {
    db: rt.db,
    pool: rt.pool,
    runs: rt.runs,
    ai: createAiRunner(rt.config, rt.db),
    creditsPerMonth: 3,
    maxFailedPerDay: 5,
  };
  const report = await startReport(deps, USER, {
    website: `${site.url}/`,
    solution: 'Warehouse orchestration software for Supply Chain Operations and Finance leaders.',
  });

  // Killed while the model builds the personas: the three steps before are kept in the run's row.
  const first = startWorker({ ...serverEnv(), LOG_LEVEL: 'warn' });
  await until('the persona step under way', async () => aiCalls('buyingCenters') === 1, 60_000);
  first.proc.kill('SIGKILL');
  await first.exited;
  const finished = ['company_enrichment', 'news_intelligence', 'social_listening'];
  expect(await runsOf(report.id)).toEqual([{ status: 'running', kept: finished }]);
  const siteRequests = site.requests.length;
  const hnRequests = hn.requests.length;

  // The next worker takes the run over after them, builds the personas, and fails at the prospects.
  const second = startWorker({ ...serverEnv(), LOG_LEVEL: 'warn' });
  await until('the report failed', async () => (await reportStatus(report.id)) === 'failed', 90_000).catch((err: Error) => {
    throw new Error(`${err.message}\n${second.output()}`);
  });
  expect(await runsOf(report.id)).toEqual([{ status: 'failed', kept: [...finished, 'persona_builder'].sort() }]);
  expect(site.requests.length).toBe(siteRequests);
  expect(hn.requests.length).toBe(hnRequests);
  expect(aiCalls('events')).toBe(1);
  expect(aiCalls('buyingCenters')).toBe(2);

  // The retry is a run of its own, which starts after every step the failed run finished.
  await retryReport(deps, USER, report.id);
  await until('the report delivered', async () => (await reportStatus(report.id)) === 'succeeded', 90_000).catch((err: Error) => {
    throw new Error(`${err.message}\n${second.output()}`);
  });
  expect(site.requests.length).toBe(siteRequests);
  expect(hn.requests.length).toBe(hnRequests);
  expect(aiCalls('events')).toBe(1);
  expect(aiCalls('buyingCenters')).toBe(2);
  expect(aiCalls('prospects')).toBe(2);
  // Delivered: what the steps found was for resuming, and goes; the failed run keeps its record.
  expect(await runsOf(report.id)).toEqual([
    { status: 'failed', kept: [...finished, 'persona_builder'].sort() },
    { status: 'succeeded', kept: [] },
  ]);
  await until('the e-mail at the SMTP server', async () => smtp.messages.length >= 1, 30_000);
  expect(smtp.messages.map((m) => m.subject)).toEqual(['Account Intelligence Report: Initech']);
  expect(await second.stop()).toBe(0);
}, 300_000);
