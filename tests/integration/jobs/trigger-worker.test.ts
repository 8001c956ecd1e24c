// Trigger events on worker processes as they run in production (ROLE=worker: the EDGAR poller, the
// run engine and the outbox), on a database of their own: a worker killed with SIGKILL while the
// model writes a trigger's "why it matters" line, then another started, sends the trigger once —
// the poll's ledger keeps the filing from being found twice, the run's commit keeps the e-mail single.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootstrap, type Runtime } from '../../../src/server/bootstrap.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai.ts';
import { type FakeSec, startFakeSec } from '../../fakes/sec.ts';
import { type FakeSmtp, startFakeSmtp } from '../../fakes/smtp.ts';
import { triggerModel } from '../../fakes/trigger-model.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../../support/database.ts';
import { insertNewsAlert } from '../../support/factories.ts';
import { until } from '../../support/server-process.ts';
import { startWorker } from '../../support/workers.ts';

const SECRET = 'trigger-worker-secret-trigger-worker-secret';
const AI_LATENCY_MS = 5000;

let database: Awaited<ReturnType<typeof createFreshDatabase>>;
let rt: Runtime;
let ai: FakeOpenAi;
let sec: FakeSec;
let smtp: FakeSmtp;

beforeAll(async () => {
  database = await createFreshDatabase(requireDatabaseUrl(), 'eos_trigger_worker');
  const slow = triggerModel();
  [ai, sec, smtp] = await Promise.all([
    startFakeOpenAi({ handler: async (request, i) => ({ ...(await slow(request, i)), delayMs: AI_LATENCY_MS }) }),
    startFakeSec(),
    startFakeSmtp(),
  ]);
  rt = await bootstrap({ NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'error', AUTH_SECRET: SECRET });
});
afterAll(async () => {
  await rt?.close();
  await Promise.all([ai?.stop(), sec?.stop(), smtp?.stop()]);
  await database?.drop();
});

const count = async (query: string) => Number((await rt.pool.query<{ n: string }>(query)).rows[0]!.n);

const workerEnv = () => ({
  DATABASE_URL: database.url,
  APP_URL: 'http://localhost:3000',
  AUTH_SECRET: SECRET,
  SMTP_URL: `smtp://127.0.0.1:${smtp.smtpPort}`,
  AI_BASE_URL: ai.url,
  AI_MODEL: 'fake-trigger-model',
  AI_TIMEOUT_SECONDS: '30',
  SEC_BASE_URL: sec.url,
  SEC_DATA_BASE_URL: sec.url,
  SEC_USER_AGENT: 'Enterprise OS tests ops@example.com',
  TRIGGER_EDGAR_POLL_SECONDS: '1',
});

it('a worker killed mid-trigger, another started: the trigger is found once and sent once', async () => {
  await rt.pool.query(`INSERT INTO users (id, email, name, email_verified) VALUES ('trigger-user', 'seller@example.com', 'Seller', true)`);
  const alert = await insertNewsAlert(rt.db, 'trigger-user', { companyName: 'Apple', active: true });
  await rt.pool.query(
    `INSERT INTO trigger_subscriptions (alert_type, alert_id, user_id, kinds) VALUES ('news', $1, 'trigger-user', '{leadership}')`,
    [alert.id],
  );
  // No quiet hours: the default ones (20:00–07:00 New York time) would hold it at night.
  await rt.pool.query(
    `INSERT INTO trigger_settings (user_id, quiet_start, quiet_end, time_zone, daily_cap) VALUES ('trigger-user', null, null, 'America/New_York', 10)`,
  );
  sec.publishFiling({ form: '8-K', company: 'Earlier Filer Inc.', cik: 1234567, items: ['5.02'] });

  const first = startWorker(workerEnv());
  // The first poll takes note of what EDGAR lists already.
  await until('the baseline poll', async () => (await count('SELECT count(*) AS n FROM sec_filings')) > 0, 60_000);
  sec.publishFiling({ form: '8-K', company: 'Apple Inc.', cik: 320193, items: ['5.02', '9.01'] });
  // Killed while the model writes the line: nothing of the run is committed yet.
  await until('the trigger run asking the model', async () => ai.requests.length >= 1, 60_000);
  first.proc.kill('SIGKILL');
  await first.exited;
  expect(await count('SELECT count(*) AS n FROM mail_outbox')).toBe(0);
  expect(await count(`SELECT count(*) AS n FROM alert_runs WHERE kind = 'trigger'`)).toBe(1);

  const second = startWorker(workerEnv());
  await until('the trigger e-mailed', async () => smtp.messages.length >= 1, 90_000).catch((err: Error) => {
    throw new Error(`${err.message}\n${second.output()}`);
  });
  // The second worker polls on: the filing it finds listed again is in the ledger already.
  await until(
    'another poll',
    async () => (await count(`SELECT count(*) AS n FROM source_polls WHERE polled_at > now() - interval '1 second'`)) > 0,
  );
  expect(await count(`SELECT count(*) AS n FROM alert_runs WHERE kind = 'trigger'`)).toBe(1);
  expect(await count('SELECT count(*) AS n FROM trigger_events')).toBe(1);
  expect(await count('SELECT count(*) AS n FROM mail_outbox')).toBe(1);
  expect(smtp.messages).toHaveLength(1);
  expect(smtp.messages[0]!.to).toEqual(['seller@example.com']);
  expect(smtp.messages[0]!.subject).toBe('Apple Inc.: Leadership change');
  // The killed run's model call was made again; its e-mail was not.
  expect(ai.requests.length).toBeGreaterThanOrEqual(2);
  expect(await second.stop()).toBe(0);
}, 180_000);
