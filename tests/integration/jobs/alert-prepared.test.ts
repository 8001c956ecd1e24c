// Runs prepared before their slot (ADR 016) with worker processes as they run in production: the
// worker that prepared them is killed with SIGKILL before the slot, and another worker commits
// the kept plans when the slot comes, each e-mail once, without scanning or asking the AI again.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootstrap, type Runtime } from '../../../src/server/bootstrap.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { newsAlertModel } from '../../fakes/news-alert-model.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai.ts';
import { type FakeSmtp, startFakeSmtp } from '../../fakes/smtp.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../../support/database.ts';
import { EVERY_DAY, insertNewsAlert } from '../../support/factories.ts';
import { until } from '../../support/server-process.ts';
import { newsAlertServerEnv, startWorker } from '../../support/workers.ts';

const ALERTS = 3;
const SECRET = 'prepared-test-secret-prepared-test-secret';

let database: Awaited<ReturnType<typeof createFreshDatabase>>;
let rt: Runtime;
let ai: FakeOpenAi;
let news: FakeNews;
let smtp: FakeSmtp;

beforeAll(async () => {
  database = await createFreshDatabase(requireDatabaseUrl(), 'eos_prepared');
  [ai, news, smtp] = await Promise.all([startFakeOpenAi({ handler: newsAlertModel() }), startFakeNews(), startFakeSmtp()]);
  rt = await bootstrap({ NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'error', AUTH_SECRET: SECRET });
});
afterAll(async () => {
  await rt?.close();
  await Promise.all([ai?.stop(), news?.stop(), smtp?.stop()]);
  await database?.drop();
});

function workerEnv() {
  return {
    ...newsAlertServerEnv({ databaseUrl: database.url, authSecret: SECRET, smtpPort: smtp.smtpPort, aiUrl: ai.url, newsUrl: news.url }),
    // The slot of the hour after next is within the lead whatever the minute now.
    ALERT_PREPARE_MINUTES: '120',
  };
}

const count = async (query: string) => Number((await rt.pool.query<{ n: string }>(query)).rows[0]!.n);

it('a worker killed after preparing the next slot: another commits the kept plans at the slot, each e-mail once', async () => {
  // The hour after next: 60 to 120 minutes away, so the prepared runs stay ahead of their slot
  // however late in the hour the test starts (it takes a minute or two).
  const slot = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000);
  for (let i = 0; i < ALERTS; i++) {
    const id = `prepared-user-${i}`;
    await rt.pool.query(`INSERT INTO users (id, email, name, email_verified) VALUES ($1, $2, 'Prepared', true)`, [
      id,
      `early${i}@example.com`,
    ]);
    await insertNewsAlert(rt.db, id, {
      companyName: `Prepared Company ${i}`,
      deliveryDays: EVERY_DAY,
      deliveryTime: slot,
      updatedAt: new Date(Date.now() - 400 * 86_400_000),
    });
  }

  const first = startWorker(workerEnv());
  await until('every run prepared', async () => (await count(`SELECT count(*) AS n FROM alert_runs WHERE status = 'prepared'`)) === ALERTS);
  expect(await count(`SELECT count(*) AS n FROM alert_runs WHERE due_at = '${slot.toISOString()}'`)).toBe(ALERTS);
  first.proc.kill('SIGKILL');
  await first.exited;
  expect(await count('SELECT count(*) AS n FROM mail_outbox')).toBe(0);
  expect(await count('SELECT count(*) AS n FROM sonar_results')).toBe(0);
  const analysed = ai.requests.length;
  const searched = news.requests.filter((r) => r.path === '/rss/search').length;
  expect(analysed).toBe(ALERTS);

  // The slot comes (rather than wait for the hour, the kept plans fall due now).
  await rt.pool.query(`UPDATE alert_runs SET due_at = now() WHERE status = 'prepared'`);
  const second = startWorker(workerEnv());
  await until(
    'every mail delivered',
    async () => (await count(`SELECT count(*) AS n FROM mail_outbox WHERE status = 'sent'`)) === ALERTS,
    30_000,
  ).catch((err: Error) => {
    throw new Error(`${err.message}\n${second.output()}`);
  });
  expect(await count(`SELECT count(*) AS n FROM alert_runs WHERE status = 'succeeded' AND plan IS NULL`)).toBe(ALERTS);
  // Written by the slot's prepared statements (db/named.ts): no attachments is SQL NULL, not JSON's
  // null; every run links its mail, its result row and its library item with its sources' keys.
  expect(await count(`SELECT count(*) AS n FROM mail_outbox WHERE attachments IS NULL AND headers ? 'List-Unsubscribe'`)).toBe(ALERTS);
  expect(
    await count(`SELECT count(*) AS n FROM alert_runs r JOIN mail_outbox m ON m.id = r.mail_id JOIN library_items i ON i.id = r.id
                  WHERE i.mail_id = m.id AND EXISTS (SELECT 1 FROM library_item_sources s WHERE s.item_id = i.id)`),
  ).toBe(ALERTS);
  expect(await count(`SELECT count(*) AS n FROM sonar_results WHERE sent AND perplexity_response ? 'libraryItemId'`)).toBe(ALERTS);
  expect(await count(`SELECT count(*) AS n FROM sent_articles`)).toBeGreaterThanOrEqual(ALERTS);
  expect(smtp.messages.map((m) => m.to.join(',')).sort()).toEqual(Array.from({ length: ALERTS }, (_, i) => `early${i}@example.com`));
  for (const mail of smtp.messages) expect(mail.text).toContain('News searched at');
  // Committed from the kept plans: no second scan, no second analysis.
  expect(ai.requests.length).toBe(analysed);
  expect(news.requests.filter((r) => r.path === '/rss/search').length).toBe(searched);
  expect(await second.stop()).toBe(0);
}, 300_000);
