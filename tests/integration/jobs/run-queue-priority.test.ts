// A trigger event's run is fetched ahead of scheduled runs queued before it (worker.ts
// TRIGGER_RUN_PRIORITY): a 9 AM burst's preparation is thousands of jobs, and a trigger behind them
// waited minutes. On real pg-boss and PostgreSQL.
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { expect, it } from 'vitest';
import { queueRuns, RUN_QUEUE, runQueueOptions, TRIGGER_RUN_PRIORITY } from '../../../src/server/jobs/runs/worker.ts';
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
    // One at a time, as a worker with one free slot fetches: the trigger first, then the oldest.
    const next = async () => (await boss.fetch<{ runId: string }>(RUN_QUEUE, { batchSize: 1 })).map((job) => job.data.runId);
    expect(await next()).toEqual(['trigger']);
    expect(await next()).toEqual(['scheduled-0']);
  } finally {
    await boss.stop({ graceful: false });
    await pool.end();
    await fresh.drop();
  }
});
