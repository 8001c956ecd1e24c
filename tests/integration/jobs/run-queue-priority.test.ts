// A trigger event's run is fetched ahead of scheduled runs queued before it (worker.ts
// TRIGGER_RUN_PRIORITY): a 9 AM burst's preparation is thousands of jobs, and a trigger behind them
// waited minutes. On real pg-boss and PostgreSQL.
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { expect, it } from 'vitest';
import {
  queueRuns,
  RUN_QUEUE,
  runPriority,
  runQueueOptions,
  TRIGGER_RUN_PRIORITY,
  USER_RUN_PRIORITY,
  wakeAt,
} from '../../../src/server/jobs/runs/worker.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../../support/database.ts';

it("fetches a trigger's run before the scheduled runs queued ahead of it", { timeout: 60_000 }, async () => {
  const fresh = await createFreshDatabase(requireDatabaseUrl(), 'eos_run_priority');
  const boss = new PgBoss({ connectionString: fresh.url, supervise: false, schedule: false });
  const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
  try {
    await boss.start();
    await boss.createQueue(
      RUN_QUEUE,
      runQueueOptions({ ALERT_MAX_ATTEMPTS: 3, ALERT_RETRY_DELAY_SECONDS: 60, ALERT_HEARTBEAT_SECONDS: 30 }),
    );
    const client = await pool.connect();
    try {
      await queueRuns(
        boss,
        client,
        Array.from({ length: 40 }, (_, i) => `scheduled-${i}`),
      );
      await queueRuns(boss, client, ['trigger'], TRIGGER_RUN_PRIORITY);
    } finally {
      client.release();
    }
    // A trigger held (quiet hours) and a user's report waiting for a retry wake with their priority.
    const wake = wakeAt(boss);
    await wake({ id: 'held-trigger', kind: 'trigger', slot: 'user-1' }, new Date());
    await wake({ id: 'user-report', kind: 'air_report', slot: 'manual:2026-11-29T08:00:00.000000Z' }, new Date());
    await wake({ id: 'scheduled-retry', kind: 'news', slot: '2026-11-29T14:00:00.000Z' }, new Date());
    // One at a time, as a worker with one free slot fetches: the trigger and the woken ones first, then the oldest.
    const next = async () => (await boss.fetch<{ runId: string }>(RUN_QUEUE, { batchSize: 1 })).map((job) => job.data.runId);
    expect(await next()).toEqual(['trigger']);
    expect(await next()).toEqual(['held-trigger']);
    expect(await next()).toEqual(['user-report']);
    expect(await next()).toEqual(['scheduled-0']);
  } finally {
    await boss.stop({ graceful: false });
    await pool.end();
    await fresh.drop();
  }
});

it("gives a trigger's run and a user's own run their priority, a scheduled run none", () => {
  expect(runPriority({ kind: 'trigger', slot: 'user-1' })).toBe(TRIGGER_RUN_PRIORITY);
  expect(runPriority({ kind: 'air_report', slot: 'manual:2026-11-29T08:00:00.000000Z' })).toBe(USER_RUN_PRIORITY);
  expect(runPriority({ kind: 'news', slot: '2026-11-29T14:00:00.000Z' })).toBe(0);
  expect(USER_RUN_PRIORITY).toBeGreaterThan(0);
});
