// The database gauges a worker's /metrics reads at each scrape (eos_runs, eos_outbox_mails), on a
// database of their own so every run and mail counted is this test's: what is due, prepared,
// running, late and failed by kind, and what waits in the outbox.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootstrap, type Runtime } from '../../../src/server/bootstrap.ts';
import { LATE_AFTER_MINUTES } from '../../../src/server/jobs/runs/log.ts';
import { runsGaugeSource } from '../../../src/server/jobs/runs/metrics.ts';
import { outboxGauge, runsGauge, setGaugeSource } from '../../../src/server/lib/metrics.ts';
import { outboxGaugeSource } from '../../../src/server/mail/metrics.ts';
import { enqueueMail } from '../../../src/server/mail/outbox.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../../support/database.ts';
import { insertAlertRun } from '../../support/factories.ts';

let database: Awaited<ReturnType<typeof createFreshDatabase>>;
let rt: Runtime;
beforeAll(async () => {
  database = await createFreshDatabase(requireDatabaseUrl(), 'eos_gauges');
  rt = await bootstrap({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'error',
    AUTH_SECRET: 'gauges-test-secret-gauges-test-secret-00',
  });
  await rt.pool.query(`INSERT INTO users (id, email, name, email_verified) VALUES ('gauges-user', 'gauges@example.com', 'Gauges', true)`);
});
afterAll(async () => {
  await rt?.close();
  await database?.drop();
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const slotOf = (at: Date) => at.toISOString();

it('counts runs by kind and state: due from the slot (or creation), late past the grace, waiting ones neither, failures of the last day', async () => {
  const alert = () => ({ id: randomUUID(), userId: 'gauges-user' });
  const late = LATE_AFTER_MINUTES + 5;
  // news: queued at a slot long past (due and late), prepared for a slot to come, prepared and due now, running, failed an hour ago.
  await insertAlertRun(rt.db, 'news', alert(), { slot: slotOf(minutesAgo(late)), status: 'queued' });
  await insertAlertRun(rt.db, 'news', alert(), { slot: slotOf(minutesAgo(-20)), status: 'prepared', dueAt: minutesAgo(-20) });
  await insertAlertRun(rt.db, 'news', alert(), { slot: slotOf(minutesAgo(1)), status: 'prepared', dueAt: minutesAgo(1) });
  await insertAlertRun(rt.db, 'news', alert(), { slot: slotOf(minutesAgo(2)), status: 'running' });
  await insertAlertRun(rt.db, 'news', alert(), { slot: slotOf(minutesAgo(90)), status: 'failed', finishedAt: minutesAgo(60) });
  // A failure two days ago, and a success: not counted.
  await insertAlertRun(rt.db, 'news', alert(), {
    slot: slotOf(minutesAgo(3000)),
    status: 'failed',
    finishedAt: minutesAgo(2900),
    createdAt: minutesAgo(3000),
  });
  await insertAlertRun(rt.db, 'news', alert(), { slot: slotOf(minutesAgo(30)), status: 'succeeded', finishedAt: minutesAgo(29) });
  // Earnings: a reminder's slot is the earnings date days ahead, yet it is due since its creation, and late
  // once that is long past; a summary waiting for the release (not_before ahead) is neither due nor late.
  await insertAlertRun(rt.db, 'earnings_reminder', alert(), { slot: slotOf(minutesAgo(-3 * 1440)), status: 'queued' });
  await insertAlertRun(rt.db, 'earnings_reminder', alert(), {
    slot: slotOf(minutesAgo(-2 * 1440)),
    status: 'queued',
    createdAt: minutesAgo(late),
  });
  await insertAlertRun(rt.db, 'earnings_summary', alert(), {
    slot: slotOf(minutesAgo(600)),
    status: 'queued',
    createdAt: minutesAgo(600),
    notBefore: sql`now() + interval '1 hour'`,
  });

  setGaugeSource('runs', runsGaugeSource(rt.pool));
  const { values } = await runsGauge.get();
  const of = (kind: string) =>
    Object.fromEntries(values.filter((v) => v.labels.kind === kind).map((v) => [v.labels.state, v.value])) as Record<string, number>;
  expect(of('news')).toEqual({ due: 2, prepared: 2, running: 1, late: 1, failed_24h: 1 });
  expect(of('earnings_reminder')).toEqual({ due: 2, prepared: 0, running: 0, late: 1, failed_24h: 0 });
  expect(of('earnings_summary')).toEqual({ due: 0, prepared: 0, running: 0, late: 0, failed_24h: 0 });
  // Every kind has its series, zero when it has no runs.
  expect(of('air_report')).toEqual({ due: 0, prepared: 0, running: 0, late: 0, failed_24h: 0 });
});

it('counts the outbox: pending, retrying (pending after a failed attempt) and failed', async () => {
  const mail = (subject: string) => enqueueMail(rt.db, { to: 'gauges@example.com', subject, text: 'x', kind: 'test' });
  await mail('new');
  const retried = await mail('retried');
  const failed = await mail('failed');
  const sent = await mail('sent');
  await rt.pool.query(`UPDATE mail_outbox SET attempts = 2 WHERE id = $1`, [retried]);
  await rt.pool.query(`UPDATE mail_outbox SET status = 'failed', attempts = 8 WHERE id = $1`, [failed]);
  await rt.pool.query(`UPDATE mail_outbox SET status = 'sent', attempts = 1 WHERE id = $1`, [sent]);

  setGaugeSource('outbox', outboxGaugeSource(rt.pool));
  const { values } = await outboxGauge.get();
  expect(Object.fromEntries(values.map((v) => [v.labels.status, v.value]))).toEqual({ pending: 2, retrying: 1, failed: 1 });
});
