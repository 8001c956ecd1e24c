// Runs started from outside the worker (a web process: "Email me the report"): one job per run in
// the run engine's queue, inserted through the caller's transaction so that the run and its job
// commit together. A web process needs pg-boss only to write jobs: it neither supervises nor
// schedules, and starts on first use (a process that never queues a run never touches pg-boss).
import type pg from 'pg';
import { PgBoss } from 'pg-boss';
import type { Config } from '../../config.ts';
import { errorMessage, log } from '../../lib/log.ts';
import type { AlertRunKind } from './types.ts';
import { queueRuns, RUN_QUEUE, runQueueOptions, USER_RUN_PRIORITY } from './worker.ts';

export type RunProducer = {
  /** One job per run, through `client`'s open transaction. */
  queue(client: pg.PoolClient, runIds: string[]): Promise<void>;
  /**
   * A run of `alertId` now, and its job, through `client`'s open transaction. It continues the
   * alert's previous run: the steps that run finished are kept (a failed report's retry resumes
   * at the step that failed). Returns the run's id.
   */
  start(client: pg.PoolClient, run: { kind: AlertRunKind; alertId: string; userId: string }): Promise<string>;
  stop(): Promise<void>;
};

type ProducerConfig = Pick<Config, 'ALERT_MAX_ATTEMPTS' | 'ALERT_RETRY_DELAY_SECONDS' | 'ALERT_HEARTBEAT_SECONDS'>;

export function createRunProducer(pool: pg.Pool, config: ProducerConfig): RunProducer {
  let starting: Promise<PgBoss> | null = null;

  function boss(): Promise<PgBoss> {
    starting ??= (async () => {
      const producer = new PgBoss({ db: { executeSql: (text, values) => pool.query(text, values) }, supervise: false, schedule: false });
      producer.on('error', (err) => log.error('pg-boss error', { error: errorMessage(err) }));
      await producer.start();
      // The worker creates the queue too; whichever process comes first, it exists with the same options.
      await producer.createQueue(RUN_QUEUE, runQueueOptions(config));
      return producer;
    })().catch((err) => {
      starting = null;
      throw err;
    });
    return starting;
  }

  return {
    async queue(client, runIds) {
      await queueRuns(await boss(), client, runIds);
    },
    async start(client, run) {
      // A slot of its own ('manual:' and the moment, to the microsecond), so every start is a new run.
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO alert_runs (kind, alert_id, user_id, slot, steps)
         VALUES ($1, $2, $3, 'manual:' || to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
                 coalesce((SELECT steps FROM alert_runs WHERE kind = $1 AND alert_id = $2 ORDER BY created_at DESC LIMIT 1), '{}'))
         RETURNING id`,
        [run.kind, run.alertId, run.userId],
      );
      const id = rows[0]!.id;
      // The user waits for it: ahead of a burst's preparing jobs, like a trigger's run.
      await queueRuns(await boss(), client, [id], USER_RUN_PRIORITY);
      return id;
    },
    async stop() {
      const started = await starting?.catch(() => null);
      await started?.stop({ graceful: false, close: false });
    },
  };
}
