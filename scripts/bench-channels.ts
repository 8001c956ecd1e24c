// `npm run bench:channels`: how fast the channels' outbox delivers a burst — BENCH_DELIVERIES alert
// deliveries (default 1,000, one per user's Slack channel, as at a popular alert hour) committed in one
// transaction, then sent by one channel sender (the worker role's) to a local receiver that answers as
// Slack does (200 "ok") after BENCH_RECEIVER_MS (default 50 ms, a far-away service). Reports the time
// from the commit to each message's arrival (p50, p95, max) and the burst's throughput. Uses
// DATABASE_URL if set, else an embedded PostgreSQL under data/bench; its database is dropped at the end.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChannelMessage } from '../src/server/channels/message.ts';
import { startChannelSender } from '../src/server/channels/sender.ts';
import { createDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { setLogLevel } from '../src/server/lib/log.ts';
import { createSourceHttp } from '../src/server/sources/web/http.ts';
import { startFakeHttp } from '../tests/fakes/http.ts';
import { createFreshDatabase } from '../tests/support/database.ts';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 1000);
const RECEIVER_MS = Number(process.env.BENCH_RECEIVER_MS ?? 50);
// A line per delivery would be what the benchmark measures.
setLogLevel('warn');

const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: 'data/bench', port: 54331, log: () => {} });
const database = await createFreshDatabase(process.env.DATABASE_URL ?? embedded!.url, 'eos_bench_channels');
try {
  await measure(database.url);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await database.drop();
  await embedded?.stop();
  process.exit();
}

async function measure(databaseUrl: string) {
  const { db, pool } = createDatabase(databaseUrl, 10);
  await runMigrations(db, pool);
  const arrivals: number[] = [];
  const receiver = await startFakeHttp((req, res) => {
    req.resume();
    req.on('end', () => {
      setTimeout(() => {
        arrivals.push(performance.now());
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      }, RECEIVER_MS);
    });
  });
  const message: ChannelMessage = {
    version: 1,
    type: 'item',
    kind: 'news_alert',
    kindLabel: 'News alert',
    title: 'Acme Robotics opens its largest plant',
    companies: ['Acme Robotics'],
    blocks: [{ type: 'paragraph', text: 'Acme Robotics said it opened its largest plant and hired 400 people to run it. '.repeat(4) }],
    sources: Array.from({ length: 5 }, (_, i) => ({
      url: `https://news.example/acme-${i}`,
      title: `Acme story ${i}`,
      publisher: 'Reuters',
      publishedAt: null,
    })),
    statements: { sourced: 4, total: 4, dropped: 0 },
    url: 'https://eos.example.com/library/x',
    alert: { type: 'news', id: randomUUID() },
    createdAt: new Date().toISOString(),
  };
  const sender = await startChannelSender({
    pool,
    databaseUrl,
    http: createSourceHttp({ userAgent: 'EnterpriseOS/1.0 (bench)', allowPrivateAddresses: true, defaultService: 'channel' }),
    appUrl: 'https://eos.example.com',
  });
  // Users and their channels first, outside the measured burst.
  await pool.query(
    `INSERT INTO users (id, email, name) SELECT 'bench-' || i, 'bench-' || i || '@example.com', 'Bench' FROM generate_series(1, $1) i`,
    [DELIVERIES],
  );
  await pool.query(
    `INSERT INTO channels (user_id, kind, name, url, url_hint)
     SELECT 'bench-' || i, 'slack', 'Deals', $2, 'hint' FROM generate_series(1, $1) i`,
    [DELIVERIES, `${receiver.url}/services/T0/B0/x`],
  );
  const committed = performance.now();
  await pool.query(
    `INSERT INTO channel_deliveries (user_id, channel_id, purpose, message)
     SELECT user_id, id, 'alert', $1::jsonb FROM channels`,
    [JSON.stringify(message)],
  );
  while (arrivals.length < DELIVERIES) await sleep(5);
  await sender.drain();
  const latencies = arrivals.map((at) => at - committed).sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!;
  const { rows } = await pool.query<{ sent: number; attempts: number }>(
    `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, (SELECT count(*)::int FROM channel_delivery_attempts) AS attempts FROM channel_deliveries`,
  );
  const seconds = latencies.at(-1)! / 1000;
  console.log(
    `${DELIVERIES} deliveries, receiver answering in ${RECEIVER_MS} ms: commit → arrival p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms; ${(DELIVERIES / seconds).toFixed(0)} deliveries/s; ${rows[0]!.sent} marked sent, ${rows[0]!.attempts} attempts logged, ${arrivals.length} received`,
  );
  await sender.stop();
  await receiver.stop();
  await pool.end();
}
