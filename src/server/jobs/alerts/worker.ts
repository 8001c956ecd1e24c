// The alert engine on pg-boss (worker role). Every minute a tick (one per cluster, pg-boss cron)
// inserts the due runs and their jobs in one transaction, so a run never exists without a job to
// do it. Jobs carry only the run id: the alert_runs row is the truth, the job a wake-up call. A job
// whose worker dies stops sending heartbeats and is handed to another worker; the run's unique slot
// and its commit-once transaction (engine.ts) keep the e-mail single.
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config.ts';
import { errorMessage, log } from '../../lib/log.ts';
import type { AlertEngine } from './engine.ts';
import { failAbandonedRuns, insertDueRuns } from './schedule.ts';

const RUN_QUEUE = 'alert-run';
const TICK_QUEUE = 'alert-tick';

type RunJob = { runId: string };

/** pg-boss writing through our transaction's connection: its jobs commit or roll back with our rows. */
const through = (client: pg.PoolClient) => ({ executeSql: (text: string, values?: unknown[]) => client.query(text, values) });

function runQueueOptions(config: Config) {
  return {
    // Crashes need room beyond the engine's own attempts, which end in a recorded failure anyway.
    retryLimit: config.ALERT_MAX_ATTEMPTS + 2,
    retryDelay: config.ALERT_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: 3600,
    heartbeatSeconds: config.ALERT_HEARTBEAT_SECONDS,
    expireInSeconds: 30 * 60,
  };
}

/** Inserts the due runs and one job for each, atomically; returns how many were created. */
export async function tick(boss: PgBoss, pool: pg.Pool, now = new Date()): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const ids = await insertDueRuns(client, now);
    if (ids.length > 0) {
      await boss.insert(
        RUN_QUEUE,
        ids.map((runId) => ({ data: { runId } })),
        { db: through(client) },
      );
    }
    await client.query('COMMIT');
    const abandoned = await failAbandonedRuns(client, now);
    if (ids.length > 0 || abandoned > 0) log.info('alert tick', { due: ids.length, abandoned });
    return ids.length;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export async function startAlertWorker(opts: { boss: PgBoss; pool: pg.Pool; config: Config; engine: AlertEngine }) {
  const { boss, pool, config, engine } = opts;
  const runOptions = runQueueOptions(config);
  await boss.createQueue(RUN_QUEUE, runOptions);
  await boss.updateQueue(RUN_QUEUE, runOptions);
  await boss.createQueue(TICK_QUEUE, { retryLimit: 0, expireInSeconds: 300 });
  await boss.schedule(TICK_QUEUE, '* * * * *', null, { tz: 'America/New_York' });
  await boss.work(TICK_QUEUE, async () => {
    await tick(boss, pool);
  });
  await boss.work<RunJob>(
    RUN_QUEUE,
    { localConcurrency: config.ALERT_CONCURRENCY, pollingIntervalSeconds: 1, burstWhenReadyExceeds: config.ALERT_CONCURRENCY },
    async ([job]) => {
      if (!job) return;
      await engine.process(job.data.runId, job.signal);
    },
  );
  // A worker that starts takes up what is due at once instead of waiting for the next minute.
  await tick(boss, pool).catch((err) => log.error('alert tick failed', { error: errorMessage(err) }));
}

/** For runs that wait (an earnings release not out yet): a job that starts at `at`. */
export function wakeAt(boss: PgBoss) {
  return async (runId: string, at: Date) => {
    await boss.send(RUN_QUEUE, { runId }, { startAfter: at });
  };
}
