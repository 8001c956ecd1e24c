// The run engine on pg-boss (worker role). Every minute a tick (one per cluster, pg-boss cron)
// inserts the due runs and their jobs in one transaction, so a run never exists without a job to
// do it. Jobs carry only the run id: the alert_runs row is the truth, the job a wake-up call. A job
// whose worker dies stops sending heartbeats and is handed to another worker; the run's unique slot
// and its commit-once transaction (engine.ts) keep the e-mail single.
//
// Workers take jobs in batches and are woken by PostgreSQL's NOTIFY when jobs are inserted (the
// poll is only a backstop). Runs prepared before their slot (ADR 016) are committed by a timer set
// for the earliest slot waiting, in every worker, so the e-mails leave at the slot.

import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config.ts';
import { inTransaction } from '../../db/transaction.ts';
import { errorMessage, log } from '../../lib/log.ts';
import type { AlertEngine, RunResult } from './engine.ts';
import { insertDueRuns } from './schedule.ts';
import type { AlertRun } from './types.ts';

export const RUN_QUEUE = 'alert-run';
const TICK_QUEUE = 'alert-tick';

type RunJob = { runId: string };

/** pg-boss writing through our transaction's connection: its jobs commit or roll back with our rows. */
export const through = (client: pg.PoolClient) => ({ executeSql: (text: string, values?: unknown[]) => client.query(text, values) });

export function runQueueOptions(config: Pick<Config, 'ALERT_MAX_ATTEMPTS' | 'ALERT_RETRY_DELAY_SECONDS' | 'ALERT_HEARTBEAT_SECONDS'>) {
  return {
    // Crashes need room beyond the engine's own attempts, which end in a recorded failure anyway.
    retryLimit: config.ALERT_MAX_ATTEMPTS + 2,
    retryDelay: config.ALERT_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: 3600,
    heartbeatSeconds: config.ALERT_HEARTBEAT_SECONDS,
    expireInSeconds: 30 * 60,
    notify: true,
  };
}

/** Job fetchers per worker process; each takes up to ALERT_CONCURRENCY / FETCH_LANES jobs at a time. */
const FETCH_LANES = 4;
/** Without NOTIFY (a dropped listener), or for retries and runs that wait, the queue is looked at this often. */
const BACKSTOP_POLL_SECONDS = 10;
/** Transactions committing prepared runs at their slot, per worker process: at most half its pool, so the outbox keeps connections to send with. */
const MAX_DELIVERY_LANES = 8;
/** The earliest waiting slot is looked up again this often, for runs other workers prepared. */
const DELIVERY_RECHECK_MS = 30_000;

/**
 * A trigger event's runs go ahead of the scheduled ones in the run queue (pg-boss fetches by
 * priority, then age): preparing a 9 AM burst is thousands of jobs of seconds each, and a trigger
 * queued behind them waited minutes (bench:alerts --triggers: p95 349 s from EDGAR's acceptance).
 */
export const TRIGGER_RUN_PRIORITY = 10;
/** A run a user started ("Email me the report"): someone is waiting for it, as for a trigger. */
export const USER_RUN_PRIORITY = 10;

/** A run's place in the queue, for its first job and every job that wakes it later (wakeAt). */
export function runPriority(run: Pick<AlertRun, 'kind' | 'slot'>): number {
  if (run.kind === 'trigger') return TRIGGER_RUN_PRIORITY;
  return run.slot.startsWith('manual:') ? USER_RUN_PRIORITY : 0;
}

/** One job per run, inserted through `client`'s open transaction: they commit with the runs or not at all. */
export async function queueRuns(boss: PgBoss, client: pg.PoolClient, runIds: string[], priority = 0) {
  if (runIds.length === 0) return;
  await boss.insert(
    RUN_QUEUE,
    runIds.map((runId) => ({ data: { runId }, priority })),
    { db: through(client) },
  );
}

/** Inserts the due runs and one job for each, atomically; returns how many were created. */
export async function tick(
  boss: PgBoss,
  pool: pg.Pool,
  config: Pick<Config, 'ALERT_PREPARE_MINUTES'>,
  engine: Pick<AlertEngine, 'failAbandoned'>,
  now = new Date(),
): Promise<number> {
  const ids = await inTransaction(pool, async (client) => {
    const due = await insertDueRuns(client, now, null, config.ALERT_PREPARE_MINUTES);
    await queueRuns(boss, client, due);
    return due;
  });
  const abandoned = await engine.failAbandoned(now);
  if (ids.length > 0 || abandoned > 0) log.info('alert tick', { due: ids.length, abandoned });
  return ids.length;
}

/**
 * The worker role's share of the engine: the tick, the run jobs, and the timer that commits
 * prepared runs at their slot. Returns `stop`, which ends the timer (pg-boss's workers stop with it).
 */
export async function startAlertWorker(opts: { boss: PgBoss; pool: pg.Pool; config: Config; engine: AlertEngine }) {
  const { boss, pool, config, engine } = opts;
  const delivery = startSlotDelivery(engine, config);
  const runOptions = runQueueOptions(config);
  await boss.createQueue(RUN_QUEUE, runOptions);
  await boss.updateQueue(RUN_QUEUE, runOptions);
  await boss.createQueue(TICK_QUEUE, { retryLimit: 0, expireInSeconds: 300 });
  await boss.schedule(TICK_QUEUE, '* * * * *', null, { tz: 'America/New_York' });
  await boss.work(TICK_QUEUE, async () => {
    await tick(boss, pool, config, engine);
  });
  const lanes = Math.min(FETCH_LANES, config.ALERT_CONCURRENCY);
  await boss.work<RunJob>(
    RUN_QUEUE,
    {
      localConcurrency: lanes,
      batchSize: Math.ceil(config.ALERT_CONCURRENCY / lanes),
      burstWhenBatchFull: true,
      perJobResults: true,
      pollingIntervalSeconds: BACKSTOP_POLL_SECONDS,
      notifyPollingIntervalSeconds: BACKSTOP_POLL_SECONDS,
    },
    (jobs) =>
      Promise.all(
        jobs.map(async (job) => {
          try {
            const result: RunResult = await engine.process(job.data.runId, job.signal);
            // Prepared for a slot: this worker's timer is set for it.
            if (result.status === 'prepared') delivery.prepared(result.dueAt);
            return { id: job.id, status: 'completed' as const, output: { status: result.status } };
          } catch (err) {
            // RetryableRunError and anything unexpected: pg-boss retries the job with backoff.
            return { id: job.id, status: 'failed' as const, output: { message: errorMessage(err) } };
          }
        }),
      ),
  );
  // A worker that starts takes up what is due at once instead of waiting for the next minute.
  await tick(boss, pool, config, engine).catch((err) => log.error('alert tick failed', { error: errorMessage(err) }));
  return { stop: () => delivery.stop() };
}

/**
 * Commits prepared runs when their slot comes: a timer for the earliest slot waiting, set again
 * after every delivery, whenever this worker prepares a run for an earlier slot, and every
 * DELIVERY_RECHECK_MS for runs other workers prepared. Returns `prepared`, to be called with each
 * slot this worker prepares a run for, and `stop`.
 */
function startSlotDelivery(engine: Pick<AlertEngine, 'deliverDue' | 'nextDue'>, config: Pick<Config, 'DATABASE_POOL_SIZE'>) {
  const lanes = Math.max(1, Math.min(MAX_DELIVERY_LANES, Math.floor(config.DATABASE_POOL_SIZE / 2)));
  let timer: NodeJS.Timeout | null = null;
  let armedFor = Number.POSITIVE_INFINITY;
  let delivering: Promise<void> | null = null;
  let stopped = false;

  function arm(at: number) {
    if (stopped) return;
    const when = Math.min(at, Date.now() + DELIVERY_RECHECK_MS);
    if (timer && when >= armedFor) return;
    if (timer) clearTimeout(timer);
    armedFor = when;
    timer = setTimeout(fire, Math.max(0, when - Date.now()));
  }

  function fire() {
    timer = null;
    armedFor = Number.POSITIVE_INFINITY;
    if (delivering) return;
    delivering = (async () => {
      try {
        const delivered = await engine.deliverDue(lanes);
        if (delivered > 0) log.info('prepared alert runs delivered', { delivered });
        const next = await engine.nextDue();
        arm(next ? next.getTime() : Number.POSITIVE_INFINITY);
      } catch (err) {
        log.error('alert delivery failed', { error: errorMessage(err) });
        arm(Date.now() + 5_000);
      }
    })().finally(() => {
      delivering = null;
    });
  }

  fire();
  return {
    prepared(dueAt: Date) {
      arm(dueAt.getTime());
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await delivering;
    },
  };
}

/** For runs that wait (an earnings release not out yet): a job that starts at `at`. */
export function wakeAt(boss: PgBoss) {
  return async (run: Pick<AlertRun, 'id' | 'kind' | 'slot'>, at: Date) => {
    // With the run's priority: a trigger held for quiet hours or a user's report waiting for a
    // retry is still ahead of a burst's preparing jobs when it wakes.
    await boss.send(RUN_QUEUE, { runId: run.id }, { startAfter: at, priority: runPriority(run) });
  };
}
