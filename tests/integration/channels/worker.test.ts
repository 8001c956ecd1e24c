// The channel sender as main.ts wires it: a worker process (ROLE=worker) delivers a channel's row
// once it is written, to a local webhook receiver that verifies its signature, and stops cleanly on
// SIGTERM.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newSigningSecret } from '../../../src/server/channels/sign.ts';
import { createDatabase } from '../../../src/server/db/client.ts';
import { startWebhookReceiver } from '../../fakes/channel-receivers.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../../support/database.ts';
import { freePort } from '../../support/ports.ts';
import { type ServerProcess, startServerProcess, until } from '../../support/server-process.ts';

const secret = newSigningSecret();
let fresh: Awaited<ReturnType<typeof createFreshDatabase>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: ServerProcess | undefined;

beforeAll(async () => {
  fresh = await createFreshDatabase(requireDatabaseUrl(), 'eos_channel_worker');
  receiver = await startWebhookReceiver(secret);
});
afterAll(async () => {
  if (worker?.alive()) {
    worker.proc.kill('SIGKILL');
    await worker.exited;
  }
  await receiver?.stop();
  await fresh?.drop();
});

it('a worker delivers a new channel row, signed, and stops on SIGTERM', { timeout: 90_000 }, async () => {
  const port = await freePort();
  worker = startServerProcess({
    ROLE: 'worker',
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    DATABASE_URL: fresh.url,
    AUTH_SECRET: 'channel-worker-test-secret-channel-worker-test',
  });
  // Started (and the database migrated) once it says so.
  await until('the worker to start', async () => worker!.output().includes('worker is running') || !worker!.alive(), 60_000);
  expect(worker.alive(), worker.output()).toBe(true);

  const database = createDatabase(fresh.url, 1);
  try {
    const userId = `worker-${randomUUID()}`;
    await database.pool.query(`INSERT INTO users (id, email, name) VALUES ($1, $2, 'Worker Test')`, [userId, `${userId}@example.com`]);
    const { rows: channels } = await database.pool.query<{ id: string }>(
      `INSERT INTO channels (user_id, kind, name, url, url_hint, signing_secret) VALUES ($1, 'webhook', 'Ops', $2, 'hint', $3) RETURNING id`,
      [userId, receiver.url, secret],
    );
    const message = {
      version: 1,
      type: 'test',
      kind: null,
      kindLabel: 'Test message',
      title: 'Test message for "Ops"',
      companies: [],
      blocks: [{ type: 'paragraph', text: 'Enterprise OS can deliver alerts to this channel.' }],
      sources: [],
      statements: null,
      url: `http://localhost:${port}/sonar-os/channels`,
      alert: null,
      createdAt: new Date().toISOString(),
    };
    const { rows } = await database.pool.query<{ id: string }>(
      `INSERT INTO channel_deliveries (user_id, channel_id, purpose, message) VALUES ($1, $2, 'test', $3) RETURNING id`,
      [userId, channels[0]!.id, JSON.stringify(message)],
    );
    const id = rows[0]!.id;
    await until('the receiver to accept the delivery', async () => receiver.accepted.includes(id), 20_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${worker!.output()}`);
    });
    expect(receiver.payloads).toMatchObject([{ type: 'channel.test', id, data: { title: 'Test message for "Ops"' } }]);
    await until('the delivery to be marked sent', async () => {
      const { rows: state } = await database.pool.query<{ status: string }>('SELECT status FROM channel_deliveries WHERE id = $1', [id]);
      return state[0]?.status === 'sent';
    });
  } finally {
    await database.pool.end();
  }
  expect(await worker.stop(), worker.output()).toBe(0);
});
