// A PostgreSQL outage under real processes: one web and two worker processes run on a database
// server of the test's own, which is stopped for 30 s while alert runs are in progress and mails
// are pending, then started again. Every process stays up, readiness says 503 meanwhile, and once
// the database is back every due e-mail goes out by itself, exactly once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootstrap, type Runtime } from '../../../src/server/bootstrap.ts';
import { enqueueMail } from '../../../src/server/mail/outbox.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { newsAlertModel } from '../../fakes/news-alert-model.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai.ts';
import { type FakeSmtp, startFakeSmtp } from '../../fakes/smtp.ts';
import { dueThisHour, insertNewsAlert } from '../../support/factories.ts';
import { type OwnPostgres, startOwnPostgres } from '../../support/own-postgres.ts';
import { freePort } from '../../support/ports.ts';
import { type ServerProcess, startServerProcess, until, untilStatus } from '../../support/server-process.ts';
import { newsAlertServerEnv, startWorker } from '../../support/workers.ts';

const ALERTS = 4;
const MAILS = 5;
const OUTAGE_MS = 30_000;
const SECRET = 'outage-test-secret-outage-test-secret-0000';

let own: OwnPostgres;
let rt: Runtime;
let ai: FakeOpenAi;
let news: FakeNews;
let smtp: FakeSmtp;
const processes: ServerProcess[] = [];

beforeAll(async () => {
  [own, ai, news, smtp] = await Promise.all([
    startOwnPostgres(),
    startFakeOpenAi({ handler: newsAlertModel({ latencyMs: 3000 }) }),
    startFakeNews(),
    startFakeSmtp({ smtpPort: 0 }),
  ]);
  rt = await bootstrap({ NODE_ENV: 'test', DATABASE_URL: own.url, LOG_LEVEL: 'error', AUTH_SECRET: SECRET });
}, 60_000);

afterAll(async () => {
  for (const p of processes) if (p.alive()) p.proc.kill('SIGKILL');
  await rt?.close();
  await Promise.all([ai?.stop(), news?.stop(), smtp?.stop()]);
  await own?.destroy();
});

const serverEnv = () =>
  newsAlertServerEnv({ databaseUrl: own.url, authSecret: SECRET, smtpPort: smtp.smtpPort, aiUrl: ai.url, newsUrl: news.url });

const count = async (query: string) => Number((await rt.pool.query<{ n: string }>(query)).rows[0]!.n);

it('survives a 30 s database outage: processes stay up, readiness is 503, every due mail is delivered once', async () => {
  // Due this New York hour. Should the hour turn meanwhile, the next hour is no slot of theirs (one
  // delivery hour a day), and this hour's slot is still the one caught up.
  for (let i = 0; i < ALERTS; i++) {
    await rt.pool.query(`INSERT INTO users (id, email, name, email_verified) VALUES ($1, $2, 'Outage Test', true)`, [
      `outage-user-${i}`,
      `outage-reader${i}@example.com`,
    ]);
    await insertNewsAlert(rt.db, `outage-user-${i}`, { companyName: `Company ${i}`, ...dueThisHour() });
  }

  const port = await freePort();
  const web = startServerProcess({ ...serverEnv(), ROLE: 'web', PORT: String(port), HOST: '127.0.0.1' });
  processes.push(web);
  const workers = [startWorker(serverEnv()), startWorker(serverEnv())];
  await untilStatus(port, '/readyz', 200);
  // The outage is meant to hit running processes: a worker still starting on a loaded machine would test start-up instead.
  await until('both workers running', async () => workers.every((w) => w.output().includes('worker is running')));

  // The runs wait for the AI (3 s) when the database goes away; the mails fall due during the outage.
  await until('alert runs in progress', async () => (await count(`SELECT count(*) AS n FROM alert_runs WHERE status = 'running'`)) >= 2);
  // Due 2 s from now (set before the commit wakes the senders), so none is in flight at the cut.
  await rt.db.transaction(async (tx) => {
    for (let i = 0; i < MAILS; i++) {
      const id = await enqueueMail(tx, {
        to: `outage-pending${i}@example.com`,
        subject: `Pending ${i}`,
        text: 'Due while the database is down.',
        kind: 'test',
      });
      await tx.execute(sql`UPDATE mail_outbox SET next_attempt_at = now() + interval '2 seconds' WHERE id = ${id}`);
    }
  });
  await own.stop();
  const down = Date.now();

  // A request that needs the database says it is unavailable (503), not that something broke (500).
  const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({ email: 'outage-reader0@example.com', password: 'whatever-1' }),
  });
  expect(signIn.status).toBe(503);
  expect(await signIn.json()).toEqual({
    error: { code: 'database_unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' },
  });

  let readinessWhileDown = 0;
  const readinessStatuses = new Set<number>();
  while (Date.now() - down < OUTAGE_MS) {
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    readinessStatuses.add(status);
    readinessWhileDown += 1;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const aliveAfterOutage = [web, ...workers].filter((p) => p.alive()).length;
  expect(aliveAfterOutage, [web, ...workers].map((p) => p.output()).join('\n----\n')).toBe(3);
  expect([...readinessStatuses]).toEqual([503]);
  expect(readinessWhileDown).toBeGreaterThan(10);

  await own.start();
  await untilStatus(port, '/readyz', 200, 30_000);
  const expected = [
    ...Array.from({ length: ALERTS }, (_, i) => `outage-reader${i}@example.com`),
    ...Array.from({ length: MAILS }, (_, i) => `outage-pending${i}@example.com`),
  ].sort();
  // Within a minute of its return: nothing waits out a timeout meant for a dead process (a search's claim).
  await until('every due mail delivered', async () => smtp.messages.length >= expected.length, 60_000).catch((err: Error) => {
    throw new Error(`${err.message}: ${smtp.messages.length} of ${expected.length}\n${workers.map((w) => w.output()).join('\n----\n')}`);
  });
  // Once every outbox row is marked sent no sender picks any up again: what the SMTP server has then
  // is all it will get, so a duplicate would be among it.
  await until('every mail marked sent', async () => (await count(`SELECT count(*) AS n FROM mail_outbox WHERE status <> 'sent'`)) === 0);
  const delivered = smtp.messages.map((m) => m.to.join(',')).sort();
  const figures = {
    due: expected.length,
    delivered: new Set(delivered).size,
    duplicated: delivered.length - new Set(delivered).size,
    lost: expected.filter((to) => !delivered.includes(to)).length,
    processesAlive: [web, ...workers].filter((p) => p.alive()).length,
  };
  console.log('database outage figures', JSON.stringify(figures));
  expect(delivered).toEqual(expected);
  expect(await count(`SELECT count(*) AS n FROM mail_outbox WHERE status <> 'sent'`)).toBe(0);
  expect(await count(`SELECT count(*) AS n FROM alert_runs WHERE status <> 'succeeded'`)).toBe(0);
  expect(figures.processesAlive).toBe(3);

  for (const p of [web, ...workers]) expect(await p.stop(), p.output()).toBe(0);
}, 180_000);
