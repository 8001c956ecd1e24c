// The LISTEN connection against a PostgreSQL of the test's own: a process whose database goes away
// while it starts waits for it and then listens, instead of dying (seen in CI: a worker still
// starting when the outage began exited with "not queryable").
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listen } from '../../src/server/db/listen.ts';
import { setLogLevel } from '../../src/server/lib/log.ts';
import { type OwnPostgres, startOwnPostgres } from '../support/own-postgres.ts';

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
