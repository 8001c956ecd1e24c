// The daily housekeeping keeps the logs 90 days: the hourly source request counts (ADR 026) and the
// channels' delivery log (issue 29), whose messages still to be sent stay however old.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { housekeep } from '../../../src/server/jobs/housekeeping.ts';
import { uniqueEmail } from '../../support/accounts.ts';
import { startTestRuntime } from '../../support/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

it('drops the source request counts older than 90 days and keeps the rest', async () => {
  const host = `housekeeping-${Date.now()}.example`;
  for (const days of [91, 89, 0])
    await rt.pool.query(
      `INSERT INTO source_request_counts (hour, service, host, outcome, count, total_ms)
       VALUES (date_trunc('hour', now() - make_interval(days => $1)), 'publisher', $2, 'ok', $1 + 1, 10)`,
      [days, host],
    );
  await housekeep(rt.db, { libraryRetentionDays: 36_500 });
  const { rows } = await rt.pool.query<{ count: number }>('SELECT count FROM source_request_counts WHERE host = $1 ORDER BY count', [host]);
  expect(rows.map((r) => r.count)).toEqual([1, 90]);
});

it("drops the channels' deliveries older than 90 days with their attempts, except those still to be sent", async () => {
  const user = { id: `housekeeping-${Date.now()}` };
  await rt.pool.query(`INSERT INTO users (id, email, name, email_verified) VALUES ($1, $2, 'Housekeeping', true)`, [
    user.id,
    uniqueEmail('keep'),
  ]);
  const {
    rows: [channel],
  } = await rt.pool.query<{ id: string }>(
    `INSERT INTO channels (user_id, kind, name, url, url_hint) VALUES ($1, 'slack', 'Sales', 'https://hooks.slack.com/services/T1/B1/x', 'hooks.slack.com/…/x') RETURNING id`,
    [user.id],
  );
  const deliveries: Record<string, string> = {};
  for (const [label, status, days] of [
    ['old sent', 'sent', 91],
    ['old failed', 'failed', 91],
    ['old held', 'pending', 91],
    ['recent sent', 'sent', 89],
  ] as const) {
    const { rows } = await rt.pool.query<{ id: string }>(
      `INSERT INTO channel_deliveries (user_id, channel_id, purpose, message, status, created_at)
       VALUES ($1, $2, 'test', '{}'::jsonb, $3, now() - make_interval(days => $4)) RETURNING id`,
      [user.id, channel!.id, status, days],
    );
    deliveries[label] = rows[0]!.id;
    await rt.pool.query(
      `INSERT INTO channel_delivery_attempts (delivery_id, user_id, attempt, outcome, duration_ms) VALUES ($1, $2, 1, 'failed', 5)`,
      [rows[0]!.id, user.id],
    );
  }
  await housekeep(rt.db, { libraryRetentionDays: 36_500 });
  const kept = async (table: string, column: string) =>
    (await rt.pool.query<{ id: string }>(`SELECT ${column} AS id FROM ${table} WHERE user_id = $1`, [user.id])).rows
      .map((r) => r.id)
      .sort();
  const expected = [deliveries['old held']!, deliveries['recent sent']!].sort();
  expect(await kept('channel_deliveries', 'id')).toEqual(expected);
  expect(await kept('channel_delivery_attempts', 'delivery_id')).toEqual(expected);
});
