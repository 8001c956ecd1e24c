// Start-up against a PostgreSQL of the test's own that is down: a process whose database goes away
// while it starts waits for it — its migrations, then its LISTEN connection — instead of dying
// (seen in CI: a worker still starting when the outage began exited, once with "not queryable",
// once in its migrations with ECONNRESET).
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/db/client.ts';
import { listen } from '../../../src/server/db/listen.ts';
import { migrateWhenReachable } from '../../../src/server/db/migrate.ts';
import { setLogLevel } from '../../../src/server/lib/log.ts';
import { type OwnPostgres, startOwnPostgres } from '../../support/own-postgres.ts';

let own: OwnPostgres;
beforeAll(async () => {
  setLogLevel('error');
  own = await startOwnPostgres();
});
afterAll(async () => {
  await own?.destroy();
});

it('waits for a database that is down at start-up, then listens', async () => {
  await own.stop();
  const received: (string | undefined)[] = [];
  const listener = listen({ databaseUrl: own.url, channel: 'eos_test', name: 'test', onNotification: (p) => received.push(p) });
  let ready = false;
  void listener.ready.then(() => {
    ready = true;
  });
  // The first attempt fails at once; start-up is still waiting, not failed.
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(ready).toBe(false);

  await own.start();
  await listener.ready;
  const client = new pg.Client({ connectionString: own.url });
  await client.connect();
  await client.query(`NOTIFY eos_test, 'hello'`);
  await client.end();
  await expect.poll(() => received).toEqual(['hello']);
  await listener.close();
}, 60_000);

it('runs the migrations once a database that is down at start-up comes back', async () => {
  await own.stop();
  const { db, pool } = createDatabase(own.url, 2);
  let done = false;
  const migrating = migrateWhenReachable(db, pool, 30_000).then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(done).toBe(false);

  await own.start();
  await migrating;
  const { rows } = await pool.query(`SELECT to_regclass('public.alert_runs') AS t`);
  expect(rows[0].t).toBe('alert_runs');
  await pool.end();
}, 60_000);

it('gives up with the connection error when the database stays away past the wait', async () => {
  await own.stop();
  const { db, pool } = createDatabase(own.url, 2);
  await expect(migrateWhenReachable(db, pool, 1_000)).rejects.toThrow(/ECONNREFUSED|connect/);
  await pool.end();
  await own.start();
}, 60_000);
