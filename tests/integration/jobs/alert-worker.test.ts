// Worker processes as they run in production (ROLE=worker, pg-boss), on a database of their own:
// a worker killed with SIGKILL in the middle of its runs, then another started, sends every due
// e-mail exactly once; with the SMTP server down the mails wait in the outbox and go out, once,
// when it is back.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootstrap, type Runtime } from '../../../src/server/bootstrap.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { newsAlertModel } from '../../fakes/news-alert-model.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai.ts';
import { type FakeSmtp, startFakeSmtp } from '../../fakes/smtp.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../../support/database.ts';
import { dueThisHour, insertNewsAlert } from '../../support/factories.ts';
import { freePort } from '../../support/ports.ts';
import { until } from '../../support/server-process.ts';
import { newsAlertServerEnv, startWorker } from '../../support/workers.ts';

const ALERTS = 6;
const AI_LATENCY_MS = 4000;
const SECRET = 'worker-test-secret-worker-test-secret-00';

let database: Awaited<ReturnType<typeof createFreshDatabase>>;
let rt: Runtime;
let ai: FakeOpenAi;
let news: FakeNews;
let smtp: FakeSmtp | null = null;
let smtpPort: number;

beforeAll(async () => {
  database = await createFreshDatabase(requireDatabaseUrl(), 'eos_worker');
  [ai, news, smtpPort] = await Promise.all([
    startFakeOpenAi({ handler: newsAlertModel({ latencyMs: AI_LATENCY_MS }) }),
    startFakeNews(),
    freePort(),
  ]);
  rt = await bootstrap({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'error',
    AUTH_SECRET: SECRET,
  });
});
afterAll(async () => {
  await rt?.close();
  await Promise.all([ai?.stop(), news?.stop(), smtp?.stop()]);
  await database?.drop();
});

function workerEnv() {
  return {
    ...newsAlertServerEnv({ databaseUrl: database.url, authSecret: SECRET, smtpPort, aiUrl: ai.url, newsUrl: news.url }),
    AI_TIMEOUT_SECONDS: '30',
    ALERT_CONCURRENCY: '3',
  };
}

const count = async (query: string) => Number((await rt.pool.query<{ n: string }>(query)).rows[0]!.n);

it('SIGKILL mid-run, restart, SMTP down then back: every due e-mail is sent exactly once', async () => {
  // The alerts are due this New York hour. Should the hour turn while the test runs, the next hour
  // is no slot of theirs (one delivery hour a day), and this hour's slot is still the one caught up.
  for (let i = 0; i < ALERTS; i++) {
    const id = `worker-test-user-${i}`;
    await rt.pool.query(`INSERT INTO users (id, email, name, email_verified) VALUES ($1, $2, 'Worker Test', true)`, [
      id,
      `reader${i}@example.com`,
    ]);
    await insertNewsAlert(rt.db, id, { companyName: `Company ${i}`, ...dueThisHour() });
  }

  const first = startWorker(workerEnv());
  // Killed while three runs wait for the AI: nothing of theirs is committed yet.
  await until(
    'runs in progress',
    async () => ai.requests.length >= 3 && (await count(`SELECT count(*) AS n FROM alert_runs WHERE status = 'running'`)) >= 3,
  );
  first.proc.kill('SIGKILL');
  await first.exited;
  expect(await count('SELECT count(*) AS n FROM mail_outbox')).toBe(0);
  expect(await count('SELECT count(*) AS n FROM sonar_results')).toBe(0);
  expect(await count('SELECT count(*) AS n FROM alert_runs')).toBe(ALERTS);

  const second = startWorker(workerEnv());
  await until(
    'all runs to succeed',
    async () => (await count(`SELECT count(*) AS n FROM alert_runs WHERE status = 'succeeded'`)) === ALERTS,
    90_000,
  ).catch((err: Error) => {
    throw new Error(`${err.message}\n${second.output()}`);
  });
  expect(await count('SELECT count(*) AS n FROM alert_runs')).toBe(ALERTS);
  expect(await count('SELECT count(*) AS n FROM sonar_results WHERE sent')).toBe(ALERTS);

  // The SMTP server has been down all along: every mail waits, none is lost.
  await until(
    'a failed delivery attempt on every mail',
    async () =>
      (await count(`SELECT count(*) AS n FROM mail_outbox WHERE status = 'pending' AND attempts >= 1 AND last_error IS NOT NULL`)) ===
      ALERTS,
  );
  smtp = await startFakeSmtp({ smtpPort });
  // The retry backoff (30 s, doubling) elapses: rather than wait it out, bring the next attempt forward.
  await rt.pool.query(`UPDATE mail_outbox SET next_attempt_at = now()`);
  await until(
    'every mail delivered',
    async () => (await count(`SELECT count(*) AS n FROM mail_outbox WHERE status = 'sent'`)) === ALERTS,
    30_000,
  );
  // Every outbox row is marked sent, so no sender picks any up again: a duplicate would be among these.
  expect(await count('SELECT count(*) AS n FROM mail_outbox')).toBe(ALERTS);
  const recipients = smtp.messages.map((m) => m.to.join(','));
  expect(recipients.sort()).toEqual(Array.from({ length: ALERTS }, (_, i) => `reader${i}@example.com`).sort());
  // The killed runs were done again (their AI calls repeated); their e-mails were not.
  expect(ai.requests.length).toBeGreaterThanOrEqual(ALERTS + 3);

  expect(await second.stop()).toBe(0);
}, 180_000);
