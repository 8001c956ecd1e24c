// `npm run bench:live-updates`: how long a change to a user's row takes to reach that user's open
// event stream (UPDATE committed → SSE `change` event read by an HTTP client), with many streams
// open. The server is the real app on a real port; changes come from a separate database connection,
// as the alert engine's or another process's would. Uses DATABASE_URL if set, else an embedded
// PostgreSQL under data/bench; the benchmark's database is created fresh and dropped at the end.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { createInvite } from '../src/server/auth/invites.ts';
import { bootstrap } from '../src/server/bootstrap.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { createApp } from '../src/server/http/app.ts';
import { createRealtimeHub } from '../src/server/realtime/hub.ts';
import { createFreshDatabase } from '../tests/support/database.ts';
import { SseReader } from '../tests/support/sse.ts';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 500);

const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: 'data/bench', port: 54331, log: () => {} });
const database = await createFreshDatabase(process.env.DATABASE_URL ?? embedded!.url, 'eos_bench');
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
  const runtime = await bootstrap({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-bench',
    LOG_LEVEL: 'error',
    TRUST_PROXY: 'true',
  });
  const hub = createRealtimeHub(runtime.databaseUrl);
  await hub.ready;
  const app = createApp({ ...runtime, hub, webRoot: '/nonexistent' });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const json = (body: unknown, extra: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { origin: runtime.config.appUrl, 'content-type': 'application/json', ...extra },
    body: JSON.stringify(body),
  });

  console.log(`Opening ${USERS} users' event streams…`);
  const streams: { id: string; reader: SseReader }[] = [];
  for (let i = 0; i < USERS; i++) {
    const email = `bench-${i}@example.com`;
    const { token } = await createInvite(runtime.db, email, 1);
    // Each user comes from its own address, as real users do (the per-IP limits stay in force).
    const ip = { 'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` };
    const registration = { token, firstName: 'Bench', lastName: `User${i}`, email, password: 'bench-password-1' };
    const extra = { linkedinProfileUrl: 'https://www.linkedin.com/in/bench', phone: '+1 555 000 0000' };
    const created = await fetch(`${base}/api/accounts/registration`, json({ ...registration, ...extra }, ip));
    if (created.status !== 201) throw new Error(`registration failed: ${created.status} ${await created.text()}`);
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, json({ email, password: registration.password }, ip));
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const res = await fetch(`${base}/api/events`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`event stream refused: ${res.status}`);
    const reader = new SseReader(res.body!);
    await reader.waitFor((e) => e.event === 'ready');
    const { rows } = await runtime.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    streams.push({ id: rows[0]!.id, reader });
  }

  const writer = new pg.Client({ connectionString: runtime.databaseUrl });
  await writer.connect();
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const { id, reader } = streams[i % streams.length]!;
    const from = reader.events.length;
    const started = performance.now();
    await writer.query('UPDATE users SET job_title = $2 WHERE id = $1', [id, `Title ${i}`]);
    const event = await reader.waitFor((e) => e.event === 'change', 5000, from);
    latencies.push(event.receivedAt - started);
  }

  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(2);
  console.log(`\nLive-update latency, UPDATE sent → SSE change received (${SAMPLES} samples, ${USERS} open streams):`);
  console.log(`  p50 ${at(50)} ms   p95 ${at(95)} ms   p99 ${at(99)} ms   max ${latencies.at(-1)!.toFixed(2)} ms`);
  await writer.end();
  for (const { reader } of streams) await reader.close();
  await hub.close();
  await new Promise((resolve) => server.close(resolve));
  await runtime.close();
}
