// The hourly source request counts (ADR 026) are kept 90 days by the daily housekeeping.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { housekeep } from '../../../src/server/jobs/housekeeping.ts';
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
