// Metrics and health on the real server program (issue 28 §2): a worker and a web process, each
// with an ops listener (METRICS_PORT), on a database of their own. A news alert runs against the
// fakes (news, publishers, model, SMTP); then each process's /metrics shows every family with a
// sample from that run, the source-request counts reach source_request_counts, the worker's
// /healthz and /readyz answer, METRICS_TOKEN is asked for, and the app port's /metrics stays a 404.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootstrap, type Runtime } from '../../../src/server/bootstrap.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { newsAlertModel } from '../../fakes/news-alert-model.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai.ts';
import { type FakeSmtp, startFakeSmtp } from '../../fakes/smtp.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../../support/database.ts';
import { dueThisHour, insertNewsAlert } from '../../support/factories.ts';
import { freePort } from '../../support/ports.ts';
import { parseMetrics, sampleValue } from '../../support/prometheus.ts';
import { startServerProcess, until } from '../../support/server-process.ts';
import { newsAlertServerEnv, startWorker } from '../../support/workers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SECRET = 'metrics-test-secret-metrics-test-secret-0';
const TOKEN = 'metrics-test-token-0123456789';
const MODEL = 'fake-alert-model';

let database: Awaited<ReturnType<typeof createFreshDatabase>>;
let rt: Runtime;
let ai: FakeOpenAi;
let news: FakeNews;
let smtp: FakeSmtp;

beforeAll(async () => {
  database = await createFreshDatabase(requireDatabaseUrl(), 'eos_metrics');
  [ai, news, smtp] = await Promise.all([startFakeOpenAi({ handler: newsAlertModel() }), startFakeNews(), startFakeSmtp({ smtpPort: 0 })]);
  rt = await bootstrap({ NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'error', AUTH_SECRET: SECRET });
});
afterAll(async () => {
  await rt?.close();
  await Promise.all([ai?.stop(), news?.stop(), smtp?.stop()]);
  await database?.drop();
});

const get = (port: number, path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}${path}`, { headers });
const scrape = async (port: number, token?: string) => {
  const res = await get(port, '/metrics', token ? { authorization: `Bearer ${token}` } : {});
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
};
const count = async (query: string) => Number((await rt.pool.query<{ n: string }>(query)).rows[0]!.n);

it('every role exports each family after a news alert run, behind its own port and token', { timeout: 120_000 }, async () => {
  await rt.pool.query(
    `INSERT INTO users (id, email, name, email_verified) VALUES ('metrics-user', 'metrics@example.com', 'Metrics Test', true)`,
  );
  await insertNewsAlert(rt.db, 'metrics-user', { companyName: 'Acme Robotics', ...dueThisHour() });

  // A busy company's day: twenty stories from the last day, sixteen reached only through Google's
  // links (decoded), two paywalled and two that robots.txt disallows.
  news.mode.stories = 'twenty';
  const [workerMetrics, webPort, webMetrics] = await Promise.all([freePort(), freePort(), freePort()]);
  const env = newsAlertServerEnv({
    databaseUrl: database.url,
    authSecret: SECRET,
    smtpPort: smtp.smtpPort,
    aiUrl: ai.url,
    newsUrl: news.url,
  });
  const prices = JSON.stringify({ [MODEL]: { input: 1.5, output: 6 } });
  const worker = startWorker({ ...env, AI_PRICES: prices, METRICS_PORT: String(workerMetrics), METRICS_TOKEN: TOKEN });
  const web = startServerProcess({ ...env, ROLE: 'web', PORT: String(webPort), HOST: '127.0.0.1', METRICS_PORT: String(webMetrics) });
  const failWith = (err: Error) => {
    throw new Error(`${err.message}\nworker:\n${worker.output()}\nweb:\n${web.output()}`);
  };

  // The worker's health endpoint: alive, and ready once the database answers.
  await until('the worker to answer /healthz', async () => (await get(workerMetrics, '/healthz')).status === 200, 30_000).catch(failWith);
  expect(await (await get(workerMetrics, '/healthz')).json()).toEqual({ status: 'ok' });
  const ready = await get(workerMetrics, '/readyz');
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready' });

  // The run, its e-mail delivered, and the background article reads it started settled.
  await until(
    'the run to succeed and its mail to be sent',
    async () => (await count(`SELECT count(*) AS n FROM mail_outbox WHERE status = 'sent'`)) === 1,
    60_000,
  ).catch(failWith);
  expect(await count(`SELECT count(*) AS n FROM alert_runs WHERE status = 'succeeded' AND kind = 'news'`)).toBe(1);

  // METRICS_TOKEN: nothing without it or with another; constant-time compared (unit-tested).
  expect((await get(workerMetrics, '/metrics')).status).toBe(401);
  expect((await get(workerMetrics, '/metrics', { authorization: 'Bearer not-the-token-at-all' })).status).toBe(401);
  const newsHost = new URL(news.url).host;
  // Article reads and decodes may finish after the run (in the background, for the next search).
  let last: Awaited<ReturnType<typeof scrape>> = [];
  const w = await until(
    'the worker to count the decodes and article reads',
    async () => {
      const m = await scrape(workerMetrics, TOKEN);
      last = m;
      const read = (status: string) => (sampleValue(m, 'eos_article_reads_total', { status }) ?? 0) > 0;
      const decoded = (sampleValue(m, 'eos_news_link_decodes_total', { outcome: 'decoded' }) ?? 0) > 0;
      const robots = (sampleValue(m, 'eos_source_requests_total', { service: 'publisher', outcome: 'robots' }) ?? 0) > 0;
      return read('ok') && read('paywalled') && read('blocked') && decoded && robots ? m : null;
    },
    30_000,
  ).catch((err: Error) =>
    failWith(
      new Error(
        `${err.message}\n${last
          .filter((x) => /eos_(article|news|source_requests)/.test(x.name))
          .map((x) => `${x.name} ${JSON.stringify(x.labels)} ${x.value}`)
          .join('\n')}`,
      ),
    ),
  );

  const positive = (name: string, labels: Record<string, string> = {}) => {
    const value = sampleValue(w, name, labels);
    expect(value, `${name} ${JSON.stringify(labels)}`).toBeGreaterThan(0);
  };
  const present = (m: typeof w, name: string, labels: Record<string, string> = {}) =>
    expect(sampleValue(m, name, labels), `${name} ${JSON.stringify(labels)}`).toBeDefined();
  // Node's own, prefixed and labelled with the role.
  positive('eos_process_cpu_user_seconds_total', { role: 'worker' });
  // Runs by kind and state (read in the database at the scrape), and the run's lateness after its slot.
  for (const state of ['due', 'prepared', 'running', 'late', 'failed_24h']) present(w, 'eos_runs', { kind: 'news', state, role: 'worker' });
  expect(sampleValue(w, 'eos_runs', { kind: 'news', state: 'running' })).toBe(0);
  positive('eos_run_lateness_seconds_count', { kind: 'news' });
  // The outbox, and the send.
  for (const status of ['pending', 'retrying', 'failed']) expect(sampleValue(w, 'eos_outbox_mails', { status })).toBe(0);
  positive('eos_mail_sends_total', { outcome: 'sent' });
  // Source requests per service and host: the fake Google News, the fake publishers, robots.txt's refusals.
  positive('eos_source_requests_total', { service: 'google-news', host: newsHost, outcome: 'ok' });
  positive('eos_source_requests_total', { service: 'gdelt', host: newsHost, outcome: 'ok' });
  positive('eos_source_requests_total', { service: 'publisher', host: '127.0.0.1', outcome: 'ok' });
  positive('eos_source_requests_total', { service: 'publisher', host: '127.0.0.1', outcome: 'robots' });
  positive('eos_source_request_duration_seconds_count', { service: 'google-news', outcome: 'ok' });
  // Decodes of Google's links and the article texts read.
  positive('eos_news_link_decodes_total', { outcome: 'decoded' });
  positive('eos_article_reads_total', { status: 'ok' });
  positive('eos_article_reads_total', { status: 'paywalled' });
  // AI: time, tokens and their cost from AI_PRICES.
  positive('eos_ai_duration_seconds_count', { task: 'news_alert', status: 'succeeded' });
  positive('eos_ai_tokens_total', { task: 'news_alert', direction: 'input' });
  positive('eos_ai_tokens_total', { task: 'news_alert', direction: 'output' });
  const tokens = (direction: string) => sampleValue(w, 'eos_ai_tokens_total', { task: 'news_alert', direction })!;
  expect(sampleValue(w, 'eos_ai_cost_usd_total', { task: 'news_alert' })).toBeCloseTo(
    (tokens('input') * 1.5 + tokens('output') * 6) / 1e6,
    9,
  );

  // The web process: route latency by pattern, an unknown path under one label, no database gauges (the workers export them).
  await until('the web app to answer', async () => (await get(webPort, '/api/config')).status === 200, 30_000).catch(failWith);
  expect((await get(webPort, '/api/no-such-thing')).status).toBe(404);
  // The app's own port never serves the metrics: its /metrics is the web app's 404 page (a 503 saying
  // to build it when this checkout has no build; tests/integration/http/static-assets.test.ts has the 404).
  const appMetrics = await get(webPort, '/metrics');
  expect(appMetrics.status).toBe(existsSync(path.join(ROOT, 'dist/web/index.html')) ? 404 : 503);
  expect(await appMetrics.text()).not.toContain('eos_');
  const webSamples = await scrape(webMetrics);
  expect(
    sampleValue(webSamples, 'eos_http_request_duration_seconds_count', { method: 'GET', route: '/api/config', status: '200', role: 'web' }),
  ).toBeGreaterThan(0);
  expect(
    sampleValue(webSamples, 'eos_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status: '404' }),
  ).toBeGreaterThan(0);
  expect(sampleValue(webSamples, 'eos_runs', {})).toBeUndefined();
  expect((await get(webMetrics, '/readyz')).status).toBe(200);

  // Stopped, each process writes what it counted; the worker's rows are the run's requests.
  expect(await worker.stop()).toBe(0);
  expect(await web.stop()).toBe(0);
  const { rows } = await rt.pool.query<{ service: string; host: string; outcome: string; count: number; total_ms: string }>(
    'SELECT service, host, outcome, count, total_ms FROM source_request_counts',
  );
  const row = (service: string, outcome: string) => rows.find((r) => r.service === service && r.outcome === outcome);
  expect(row('google-news', 'ok')).toMatchObject({ host: newsHost });
  // At least what the scrape saw (reads still finishing after it are counted too).
  expect(row('google-news', 'ok')!.count).toBeGreaterThanOrEqual(
    sampleValue(w, 'eos_source_requests_total', { service: 'google-news', host: newsHost, outcome: 'ok' })!,
  );
  expect(Number(row('google-news', 'ok')!.total_ms)).toBeGreaterThan(0);
  expect(row('publisher', 'ok')).toMatchObject({ host: '127.0.0.1' });
  expect(row('publisher', 'robots')!.count).toBeGreaterThan(0);
});
