// News alert runs through the alert engine on the test database, with the fake news server and the
// fake AI, for the engine's tests and the news-alert handler's: the engine (only the news kind can
// run), a news alert due this hour, a run started by hand, and the rows a run leaves. Importing this
// file registers the hooks that start the runtime and the fakes and reset the fakes before each test.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createAiRunner } from '../../src/server/ai/runner.ts';
import { newsAlert } from '../../src/server/jobs/news-alert/handler.ts';
import { createAlertEngine } from '../../src/server/jobs/runs/engine.ts';
import { createAlertLinks } from '../../src/server/jobs/runs/links.ts';
import { insertManualRuns } from '../../src/server/jobs/runs/schedule.ts';
import { type AlertDeps, type AlertHandler, type AlertRunKind, runAtOnce } from '../../src/server/jobs/runs/types.ts';
import { createSources } from '../../src/server/sources/index.ts';
import { type FakeNews, startFakeNews } from '../fakes/news.ts';
import { newsAlertModel } from '../fakes/news-alert-model.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai.ts';
import type { TestRuntime } from './accounts.ts';
import { EVERY_DAY, insertNewsAlert, type NewsAlertOverrides } from './factories.ts';
import { startTestRuntime } from './runtime.ts';

export let rt: TestRuntime;
export let ai: FakeOpenAi;
export let news: FakeNews;
export let deps: AlertDeps;

const unavailable = (kind: string) => async () => {
  throw new Error(`no ${kind} handler in this test`);
};
const handlers: Record<AlertRunKind, AlertHandler> = {
  news: runAtOnce(newsAlert),
  newsletter: unavailable('newsletter'),
  earnings_check: unavailable('earnings'),
  earnings_reminder: unavailable('earnings'),
  earnings_summary: unavailable('earnings'),
  air_report: unavailable('air report'),
  trigger: unavailable('trigger'),
};

beforeAll(async () => {
  [ai, news] = await Promise.all([startFakeOpenAi(), startFakeNews()]);
  rt = await startTestRuntime({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-alert-model',
    AI_TIMEOUT_SECONDS: '2',
    AI_MAX_RETRIES: '1',
    GOOGLE_NEWS_BASE_URL: news.url,
    GDELT_BASE_URL: news.url,
    ALERT_MAX_ATTEMPTS: '2',
  });
  // Files run one after another on one database: a search an earlier file stored (news_searches,
  // shared while fresh) would link that file's fake news server, stopped since.
  await rt.pool.query('DELETE FROM news_searches');
  deps = {
    db: rt.db,
    config: rt.config,
    ai: createAiRunner(rt.config, rt.db),
    sources: createSources(rt.config, rt.db),
    links: createAlertLinks(rt.config.appUrl, rt.secret),
    now: () => new Date(),
  };
});
afterAll(async () => {
  await rt?.close();
  await Promise.all([ai?.stop(), news?.stop()]);
});
beforeEach(() => {
  ai.reset();
  ai.setHandler(newsAlertModel());
  news.reset();
});

export const engine = (overrides: Partial<AlertDeps> = {}) =>
  createAlertEngine({ ...deps, ...overrides, handlers, ahead: { news: newsAlert } });

/** A news alert row as the settings screen saves it, due this hour; `updated_at` long ago so today's slots count. */
export async function seedNewsAlert(userId: string, overrides: NewsAlertOverrides = {}) {
  const alert = await insertNewsAlert(rt.db, userId, {
    deliveryDays: EVERY_DAY,
    deliveryTime: new Date(),
    updatedAt: sql`now() - interval '400 days'`,
    ...overrides,
  });
  return alert.id;
}

export async function manualRun(userId: string) {
  const client = await rt.pool.connect();
  try {
    return await insertManualRuns(client, new Date(), userId);
  } finally {
    client.release();
  }
}

export const runRow = async (id: string) =>
  (await rt.pool.query('SELECT status, attempts, reason, outcome, mail_id FROM alert_runs WHERE id = $1', [id])).rows[0];
export const mailsFor = async (userId: string) =>
  (
    await rt.pool.query(
      'SELECT to_address, subject, text_body, html_body, headers, kind FROM mail_outbox WHERE user_id = $1 ORDER BY created_at',
      [userId],
    )
  ).rows;
export const resultsFor = async (userId: string) =>
  (
    await rt.pool.query(
      'SELECT has_news, sent, perplexity_response, alert_id FROM sonar_results WHERE user_id = $1 ORDER BY processed_at',
      [userId],
    )
  ).rows;
