// An Account Intelligence Report on worker processes as they run in production (ROLE=worker,
// pg-boss): the worker researching it is killed with SIGKILL while the model is building personas;
// another worker takes the report over, resumes after the steps already done (the company's site,
// the news and its AI call are not done again) and e-mails the report exactly once, kept once in
// the user's library as it was sent.
import { expect, it } from 'vitest';
import { createAiRunner } from '../../../src/server/ai/runner.ts';
import { startReport } from '../../../src/server/features/air/service.ts';
import { pageKey } from '../../../src/server/sources/web/site.ts';
import type { AirReport, AirStep } from '../../../src/shared/air.ts';
import { airModel } from '../../fakes/air-model.ts';
import type { FakeHandler } from '../../fakes/openai.ts';
import { schemaKeys } from '../../fakes/research-model.ts';
import { airWorkers } from '../../support/air-workers.ts';
import { until } from '../../support/server-process.ts';
import { startWorker } from '../../support/workers.ts';
import { expectKeptRun, keptItems } from './library-items.ts';

// The first persona request never gets an answer in time: the worker that asked is killed meanwhile.
let personaRequests = 0;
const model = airModel();
const handler: FakeHandler = (request, index) => {
  if (schemaKeys(request).includes('buyingCenters') && ++personaRequests === 1) return { delayMs: 60_000, json: {} };
  return model(request, index);
};
const air = airWorkers({ database: 'eos_air_worker', handler });

const steps = async (id: string) =>
  (await air.rt.pool.query<{ steps: AirStep[]; status: string }>('SELECT steps, status FROM air_reports WHERE id = $1', [id])).rows[0]!;
const aiCalls = (key: string) => air.ai.requests.filter((r) => schemaKeys(r).includes(key)).length;

it('a worker killed mid-report: another resumes after the steps already done and e-mails the report once', async () => {
  const { rt, site, smtp, serverEnv } = air;
  await rt.pool.query(
    `INSERT INTO users (id, email, name, email_verified) VALUES ('air-worker-user', 'buyer@example.com', 'Air Worker', true)`,
  );
  const report = await startReport(
    { db: rt.db, pool: rt.pool, runs: rt.runs, ai: createAiRunner(rt.config, rt.db), creditsPerMonth: 3, maxFailedPerDay: 5 },
    'air-worker-user',
    { website: `${site.url}/`, solution: 'Warehouse orchestration software for Supply Chain Operations and Finance leaders.' },
  );

  const first = startWorker({ ...serverEnv(), LOG_LEVEL: 'warn' });
  await until(
    'the persona step under way',
    async () => {
      const row = await steps(report.id);
      return row.steps.find((s) => s.id === 'persona_builder')?.state === 'running' && personaRequests === 1;
    },
    60_000,
  );
  const siteRequests = site.requests.length;
  expect(aiCalls('events')).toBe(1);
  first.proc.kill('SIGKILL');
  await first.exited;
  expect(smtp.messages).toHaveLength(0);

  const second = startWorker({ ...serverEnv(), LOG_LEVEL: 'warn' });
  await until('the report delivered', async () => (await steps(report.id)).status === 'succeeded', 90_000).catch((err: Error) => {
    throw new Error(`${err.message}\n${second.output()}`);
  });
  await until('the e-mail at the SMTP server', async () => smtp.messages.length >= 1, 30_000);

  // Resumed, not redone: the site was not read again and the news events were not asked again.
  expect(site.requests.length).toBe(siteRequests);
  expect(aiCalls('events')).toBe(1);
  expect(personaRequests).toBe(2);
  const done = await steps(report.id);
  expect(done.steps.map((s) => s.state)).toEqual(Array(8).fill('done'));

  // Sent once: one outbox row, marked sent (a second send would need a second row or a row not yet marked).
  await until('the outbox row marked sent', async () => {
    const { rows } = await rt.pool.query<{ status: string }>('SELECT status FROM mail_outbox');
    return rows.length === 1 && rows[0]!.status === 'sent';
  });
  expect(smtp.messages.map((m) => m.subject)).toEqual(['Account Intelligence Report: Initech']);
  expect(smtp.messages[0]!.to).toEqual(['buyer@example.com']);
  expect(await second.stop()).toBe(0);

  // Kept once in the library, under the run both workers had, which the mail links: the report's
  // sources and every page the mail links, once each.
  const { rows: runs } = await rt.pool.query<{ id: string }>(`SELECT id FROM alert_runs WHERE kind = 'air_report' AND alert_id = $1`, [
    report.id,
  ]);
  expect(runs).toHaveLength(1);
  const runId = runs[0]!.id;
  const { rows: mails } = await rt.pool.query<{ text_body: string; html_body: string }>('SELECT text_body, html_body FROM mail_outbox');
  const { html_body: html, text_body: text } = mails[0]!;
  const appUrl = serverEnv().APP_URL!;
  expect(text).toContain(`Read in Enterprise OS ${appUrl}/library/${runId}`);
  const linked = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).filter((url) => !url.startsWith(appUrl));
  const { rows: reports } = await rt.pool.query<{ report: AirReport }>('SELECT report FROM air_reports WHERE id = $1', [report.id]);
  const sources = new Map<string, { url: string }>();
  for (const url of [...reports[0]!.report.sources.map((s) => s.url), ...linked]) {
    const key = pageKey(url) ?? url;
    if (!sources.has(key)) sources.set(key, { url });
  }
  expect(linked.length).toBeGreaterThan(0);
  const item = await expectKeptRun(
    rt.pool,
    { id: runId, userId: 'air-worker-user' },
    {
      kind: 'air_report',
      title: 'Account Intelligence Report: Initech',
      companies: ['Initech'],
      sources: [...sources.values()],
      anyOrder: true,
    },
  );
  // The mail's sections, in its order.
  expect(item.document.blocks.filter((b) => b.type === 'heading').map((b) => b.text)).toEqual([
    'Company',
    'News intelligence',
    'Social listening',
    'Buying centers',
    expect.stringMatching(/^Prospects \(\d+\)$/),
    'Outreach strategy',
  ]);
  expect(await keptItems(rt.pool, 'air-worker-user')).toHaveLength(1);
}, 240_000);
