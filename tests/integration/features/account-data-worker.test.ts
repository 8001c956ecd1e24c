// A worker process killed while it builds an export (issue 30 §6): the export stays pending, its row
// lock goes with the dead process's transaction, and the next worker builds it. Real worker
// processes (ROLE=worker) on a database of the file's own; the first is held mid-build by a lock the
// test takes on one of the tables the builder reads, then SIGKILLed.
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerUser, signedInClient, type TestRuntime } from '../../support/accounts.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../../support/database.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';
import { until } from '../../support/server-process.ts';
import { startWorker } from '../../support/workers.ts';

let database: Awaited<ReturnType<typeof createFreshDatabase>>;
let rt: TestRuntime;

beforeAll(async () => {
  database = await createFreshDatabase(requireDatabaseUrl(), 'account_data_worker');
  rt = await startTestRuntime({ DATABASE_URL: database.url });
});
afterAll(async () => {
  await rt?.close();
  await database?.drop();
});

const workerEnv = () => ({ DATABASE_URL: database.url, APP_URL: TEST_APP_URL, AUTH_SECRET: rt.secret, LOG_LEVEL: 'warn' });
const exportOf = async (userId: string) =>
  (
    await rt.pool.query<{ status: string; built: boolean }>(
      'SELECT status, archive IS NOT NULL AS built FROM data_exports WHERE user_id = $1',
      [userId],
    )
  ).rows;

it('leaves the export of a worker killed mid-build to the next worker', async () => {
  const user = await registerUser(rt);
  const client = await signedInClient(rt, user.email);
  // known_devices is one of the tables the builder reads, after it has claimed the export.
  const blocker: pg.PoolClient = await rt.pool.connect();
  try {
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE known_devices IN ACCESS EXCLUSIVE MODE');
    expect((await client.post('/api/account/exports')).status).toBe(202);

    const first = startWorker(workerEnv());
    await until(
      'the first worker reading the user’s rows',
      async () =>
        (
          await rt.pool.query(
            `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%known_devices%'`,
          )
        ).rowCount === 1,
      60_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${first.output()}`);
    });
    first.proc.kill('SIGKILL');
    await first.exited;
    expect(await exportOf(user.id)).toEqual([{ status: 'pending', built: false }]);
  } finally {
    await blocker.query('COMMIT');
    blocker.release();
  }

  const second = startWorker(workerEnv());
  await until('the export built by the second worker', async () => (await exportOf(user.id))[0]?.status === 'ready', 60_000).catch(
    (err: Error) => {
      throw new Error(`${err.message}\n${second.output()}`);
    },
  );
  expect(await exportOf(user.id)).toEqual([{ status: 'ready', built: true }]);
  const mails = await rt.pool.query(`SELECT 1 FROM mail_outbox WHERE user_id = $1 AND kind = 'data-export'`, [user.id]);
  expect(mails.rowCount).toBe(1);
  expect(await second.stop()).toBe(0);
}, 180_000);
