// Benchmark: GET /api/dashboard for a user with 1,000 news results among a busy platform, then
// GET /api/news-alerts over real HTTP. With --runs, the user and everyone else also have delivered
// alert runs (alert_runs with their mail_outbox rows), which the page's found → delivered figures
// read (issue 31 §3); without it the bench seeds what it always did, so numbers stay comparable.
// Usage: npm run bench:dashboard [-- --requests 500 --explain --connections 64 --seconds 5 --rounds 3 --rate 300]
// A fresh database on DATABASE_URL's server, else on the embedded PostgreSQL (its own data dir
// and port, as scripts/test.ts does); dropped at the end.
// Dashboard: requests go through the real app in-process (app.request: session check, routing,
// service, JSON), not over a socket, so the numbers are the server's own work without HTTP
// parsing. Prints latency percentiles and the SQL statements each request runs, and with --explain
// the plan of the dashboard statement.
// News alerts (issue 16): the app listens on a real port and a worker thread drives it over
// keep-alive HTTP. (1) Throughput with --connections requests always in flight, against raw pg
// running the very statements one request runs (captured from a request), as many callers at once
// over a pool of the app's size: the ratio is the share of the database's rate the API reaches
// (rounds alternate them; the load average shows how busy the machine was). A third contender,
// a bare node:http server that runs the same statements on a plain pg pool and writes the rows as
// JSON (no auth, no framework), is driven by the same worker: it is the most any Node HTTP API can
// reach on this machine, so API / bare is the share the app's own code leaves (ADR 017).
// (2) Latency at an open-loop --rate (requests sent on a fixed schedule, whatever has answered;
// each latency counts from when its request was due, so a stalled server is not hidden).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { bootstrap } from '../src/server/bootstrap.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { earningsTracking, earningsTrackingResults, sonarAlerts } from '../src/server/db/schema.ts';
import { summaryQuery } from '../src/server/features/dashboard/service.ts';
import { createApp } from '../src/server/http/app.ts';
import { createRealtimeHub } from '../src/server/realtime/hub.ts';
import { createFreshDatabase } from '../tests/support/database.ts';
import { earningsResultValues, earningsTrackingValues, insertMany, insertNewsletter, newsAlertValues } from '../tests/support/factories.ts';
import { benchUser } from './support/bench-user.ts';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '50' },
    'other-users': { type: 'string', default: '300' },
    'rows-per-other-user': { type: 'string', default: '400' },
    explain: { type: 'boolean', default: false },
    runs: { type: 'boolean', default: false },
    connections: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    rate: { type: 'string', default: '300' },
    'rate-seconds': { type: 'string', default: '10' },
  },
});
const CONNECTIONS = Number(args.connections);
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const RATE = Number(args.rate);
const RATE_SECONDS = Number(args['rate-seconds']);
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
const OTHER_USERS = Number(args['other-users']);
const ROWS_PER_OTHER_USER = Number(args['rows-per-other-user']);
const APP_URL = 'http://localhost:3000';

const embedded = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({ dataDir: 'data/bench', port: 54331, log: (line) => console.log(line) });
const database = await createFreshDatabase(process.env.DATABASE_URL ?? embedded!.url, 'eos_bench');

// Every statement any pg client runs, counted (the app's pool and better-auth's queries alike),
// and while `captured` is set, kept as sent (to replay one request's statements on raw pg).
let statements = 0;
let captured: pg.QueryConfig[] | null = null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...rest: unknown[]) {
  statements += 1;
  if (captured) {
    const [first, second] = rest;
    const values = Array.isArray(second) ? second : undefined;
    captured.push(typeof first === 'string' ? { text: first, values } : { ...(first as pg.QueryConfig), ...(values && { values }) });
  }
  return (query as (...a: unknown[]) => unknown).apply(this, rest);
} as typeof query;

const runtime = await bootstrap({
  NODE_ENV: 'test',
  DATABASE_URL: database.url,
  APP_URL,
  AUTH_SECRET: 'bench-dashboard-secret-bench-dashboard-secret',
  LOG_LEVEL: 'error',
  TRUST_PROXY: 'true',
});
const hub = createRealtimeHub(runtime.databaseUrl);
const app = createApp({ ...runtime, hub, webRoot: '/nonexistent' });

try {
  const { id: userId, cookie } = await benchUser(app, runtime, APP_URL);
  await seed(userId);

  const get = async () => {
    const res = await app.request('/api/dashboard', { headers: { cookie, origin: APP_URL } });
    if (res.status !== 200) throw new Error(`GET /api/dashboard answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { recent: unknown[]; allTime: Record<string, number>; platform: Record<string, unknown> };
  };

  const sample = await get();
  console.log(`user ${userId}: ${sample.recent.length} recent rows, all-time ${JSON.stringify(sample.allTime)}`);
  console.log(`platform ${JSON.stringify(sample.platform)}`);
  console.log(`freshness ${JSON.stringify((sample as { freshness?: unknown }).freshness)}`);
  for (let i = 0; i < WARMUP; i += 1) await get();

  const times: number[] = [];
  const perRequest: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const before = statements;
    const start = performance.now();
    await get();
    times.push(performance.now() - start);
    perRequest.push(statements - before);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!.toFixed(2);
  console.log(`\n${REQUESTS} sequential GET /api/dashboard (in-process app.request), after ${WARMUP} warm-up requests:`);
  console.log(`  p50 ${at(50)} ms   p95 ${at(95)} ms   p99 ${at(99)} ms   max ${times.at(-1)!.toFixed(2)} ms`);
  console.log(`  SQL statements per request: ${[...new Set(perRequest)].sort().join(' or ')} (session lookup included)`);

  if (args.explain) {
    const { sql, params } = new PgDialect().sqlToQuery(summaryQuery(userId));
    const { rows } = await runtime.pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
    console.log(`\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }

  await benchNewsAlertsOverHttp(cookie);
} finally {
  pg.Client.prototype.query = query;
  await hub.close();
  await runtime.close();
  await database.drop();
  await embedded?.stop();
}

async function benchNewsAlertsOverHttp(cookie: string) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/news-alerts`;
  const load = { url, headers: { cookie, origin: APP_URL } };
  try {
    // The statements one request runs, as the app sent them (text, parameters, row mode, name).
    captured = [];
    const probe = await fetch(url, { headers: load.headers });
    if (probe.status !== 200) throw new Error(`GET /api/news-alerts answered ${probe.status}: ${await probe.text()}`);
    const body = (await probe.json()) as { alerts: unknown[]; defaultNotificationEmail: string };
    const requestStatements = captured;
    captured = null;
    console.log(`\nGET /api/news-alerts over HTTP: ${body.alerts.length} alerts, ${requestStatements.length} SQL statements a request:`);
    for (const s of requestStatements) console.log(`  ${s.text.replace(/\s+/g, ' ').slice(0, 150)}`);

    // (1) Throughput with CONNECTIONS in flight: the API, then raw pg on the same statements, in
    // alternating rounds (a busy machine drifts; each ratio compares neighbours), median ratio.
    console.log(
      `\n${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s after 1 s warm-up each (app pool: ${runtime.config.DATABASE_POOL_SIZE} database connections; load average ${loadavg()[0]!.toFixed(1)}):`,
    );
    const rounds: { api: number; bare: number; raw: number; apiMicros: number; bareMicros: number; rawMicros: number }[] = [];
    const bare = await startBareServer(requestStatements);
    try {
      for (let round = 1; round <= ROUNDS; round += 1) {
        const apiCpu = process.threadCpuUsage();
        const api = await drive({ ...load, mode: 'closed', connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 1 });
        const apiMicros = cpuMicros(process.threadCpuUsage(apiCpu)) / api.total;
        const bareCpu = process.threadCpuUsage();
        const bareRun = await drive({
          ...load,
          url: bare.url,
          mode: 'closed',
          connections: CONNECTIONS,
          seconds: SECONDS,
          warmupSeconds: 1,
        });
        const bareMicros = cpuMicros(process.threadCpuUsage(bareCpu)) / bareRun.total;
        const rawCpu = process.threadCpuUsage();
        const raw = await rawPgRate(requestStatements, CONNECTIONS, SECONDS, 1);
        const rawMicros = cpuMicros(process.threadCpuUsage(rawCpu)) / raw.total;
        rounds.push({ api: api.rate, bare: bareRun.rate, raw: raw.rate, apiMicros, bareMicros, rawMicros });
        console.log(
          `  round ${round}: API ${api.rate.toFixed(0)} requests/s (${api.errors} errors, p50 ${api.p50.toFixed(1)} ms, p99 ${api.p99.toFixed(1)} ms); bare node:http ${bareRun.rate.toFixed(0)}/s (${bareRun.errors} errors); raw pg, the same ${requestStatements.length} statements, ${raw.rate.toFixed(0)}/s; main-thread CPU a request: API ${apiMicros.toFixed(0)} µs, bare ${bareMicros.toFixed(0)} µs, raw pg ${rawMicros.toFixed(0)} µs`,
        );
      }
    } finally {
      await bare.close();
    }
    // Each ratio compares neighbours in one round (a busy machine drifts); medians over the rounds.
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
    const ratio = (of: (r: (typeof rounds)[number]) => number) => median(rounds.map(of)).toFixed(2);
    console.log(`  medians of ${ROUNDS} rounds:`);
    console.log(`    API / raw pg ${ratio((r) => r.api / r.raw)}   (issue 16's target ≥ 0.6)`);
    console.log(`    bare / raw pg ${ratio((r) => r.bare / r.raw)}   (the ceiling of any Node HTTP API here)`);
    console.log(`    API / bare ${ratio((r) => r.api / r.bare)}   (ADR 017's target ≥ 0.6)`);
    // The rates depend on how much of the machine the bench gets; the CPU the main thread spends on
    // one request does much less (the load driver's own work is in its worker, not counted here).
    console.log(
      `    main-thread CPU a request: API ${ratio((r) => r.apiMicros)} µs, bare ${ratio((r) => r.bareMicros)} µs, raw pg ${ratio((r) => r.rawMicros)} µs`,
    );

    // (2) Latency at a fixed rate, sent by the clock.
    const before = statements;
    const open = await drive({ ...load, mode: 'open', rate: RATE, seconds: RATE_SECONDS, warmupSeconds: 1 });
    const perRequest = (statements - before) / open.total;
    console.log(
      `\nopen loop at ${RATE} requests/s for ${RATE_SECONDS} s (after 1 s warm-up; load average ${loadavg()[0]!.toFixed(1)}): ${open.done} answered, ${open.errors} errors, ${open.sockets} connections`,
    );
    console.log(
      `  p50 ${open.p50.toFixed(1)} ms   p90 ${open.p90.toFixed(1)} ms   p99 ${open.p99.toFixed(1)} ms   max ${open.max.toFixed(1)} ms   (target p99 ≤ 25 ms)`,
    );
    console.log(`  SQL statements per request: ${perRequest.toFixed(2)}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * The bare reference: node:http, the request's statements on a plain pg pool of the app's size,
 * the last one's rows written as JSON. No session check, routing, headers or logging.
 */
async function startBareServer(requestStatements: pg.QueryConfig[]) {
  const pool = new pg.Pool({ connectionString: database.url, max: runtime.config.DATABASE_POOL_SIZE });
  const server = createServer(async (req, res) => {
    let last: pg.QueryResult | undefined;
    for (const statement of requestStatements) last = await pool.query(statement);
    const body = JSON.stringify({ alerts: last?.rows ?? [], cookie: req.headers.cookie?.length ?? 0 });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/news-alerts`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

function cpuMicros({ user, system }: NodeJS.CpuUsage) {
  return user + system;
}

/**
 * Request-equivalents a second (`rate`, after the warm-up) and in all (`total`, warm-up included):
 * `callers` loops, each running the statements in turn on a pool of the app's size.
 */
async function rawPgRate(requestStatements: pg.QueryConfig[], callers: number, seconds: number, warmupSeconds: number) {
  const pool = new pg.Pool({ connectionString: database.url, max: runtime.config.DATABASE_POOL_SIZE });
  try {
    let done = 0;
    let total = 0;
    let counting = false;
    const end = performance.now() + (warmupSeconds + seconds) * 1000;
    setTimeout(() => (counting = true), warmupSeconds * 1000);
    await Promise.all(
      Array.from({ length: callers }, async () => {
        while (performance.now() < end) {
          for (const statement of requestStatements) await pool.query(statement);
          total += 1;
          if (counting) done += 1;
        }
      }),
    );
    return { rate: done / seconds, total };
  } finally {
    await pool.end();
  }
}

type DriveOptions = {
  url: string;
  headers: Record<string, string>;
  mode: 'closed' | 'open';
  connections?: number;
  rate?: number;
  seconds: number;
  warmupSeconds: number;
};
type DriveResult = {
  total: number;
  sent: number;
  done: number;
  errors: number;
  rate: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  sockets: number;
};

/** Runs httpLoad in a worker thread, so that the server has the main thread's event loop to itself. */
function drive(options: DriveOptions): Promise<DriveResult> {
  const source = `const { workerData, parentPort } = require('node:worker_threads');
    (${httpLoad.toString()})(workerData, require('node:net')).then((r) => parentPort.postMessage(r));`;
  const worker = new Worker(source, { eval: true, workerData: options });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: DriveResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/**
 * The load driver (runs in the worker, so it uses only what it is given). Like autocannon, it
 * writes one prepared request on a kept-alive socket and reads only the status line and the body's
 * length, so that the client's own parsing takes little of the machine the server runs on.
 * 'closed': `connections` sockets, each sending its next request when the last one has answered.
 * 'open': request i is due at start + i / rate whatever has answered (on an idle socket, or a new
 * one when all are busy), and its latency counts from then. Requests due in the warm-up are not
 * measured.
 */
async function httpLoad(o: DriveOptions, net: typeof import('node:net')): Promise<DriveResult> {
  const target = new URL(o.url);
  const headerLines = Object.entries(o.headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const request = Buffer.from(`GET ${target.pathname} HTTP/1.1\r\nhost: ${target.host}\r\n${headerLines.join('')}\r\n`, 'latin1');
  type Connection = { send: () => Promise<number>; socket: import('node:net').Socket };

  /** A kept-alive connection whose send() resolves with the answer's status once all of it is read (0: failed). */
  const connect = () =>
    new Promise<Connection>((resolve, reject) => {
      const socket = net.connect(Number(target.port), target.hostname);
      socket.setNoDelay(true);
      let buffer: Buffer = Buffer.alloc(0);
      let answered: ((status: number) => void) | null = null;
      const finish = (status: number) => {
        const resolveAnswer = answered;
        answered = null;
        resolveAnswer?.(status);
      };
      socket.on('data', (chunk: Buffer) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        const headEnd = buffer.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const head = buffer.toString('latin1', 0, headEnd);
        const length = /\r\ncontent-length: *(\d+)/i.exec(head);
        let total = headEnd + 4;
        if (length) total += Number(length[1]);
        else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
          const last = buffer.indexOf('\r\n0\r\n\r\n', headEnd);
          if (last < 0) return;
          total = last + 7;
        }
        if (buffer.length < total) return;
        buffer = buffer.subarray(total);
        finish(Number(head.slice(9, 12)));
      });
      // The server closes a connection left idle past its keep-alive timeout: it is not used again.
      socket.on('error', () => finish(0));
      socket.on('close', () => finish(0));
      socket.once('connect', () =>
        resolve({
          socket,
          send: () =>
            new Promise<number>((resolveAnswer) => {
              if (socket.destroyed) return resolveAnswer(0);
              answered = resolveAnswer;
              socket.write(request);
            }),
        }),
      );
      socket.once('error', reject);
    });

  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  let total = 0;
  const sockets: Connection[] = [];
  const idle: Connection[] = [];
  const start = performance.now();
  const measureFrom = start + o.warmupSeconds * 1000;
  const end = measureFrom + o.seconds * 1000;
  const record = (due: number, status: number) => {
    total += 1;
    if (due < measureFrom) return;
    sent += 1;
    if (status === 200) latencies.push(performance.now() - due);
    else errors += 1;
  };
  const open = async () => {
    const connection = await connect();
    sockets.push(connection);
    return connection;
  };

  if (o.mode === 'closed') {
    await Promise.all(
      Array.from({ length: o.connections ?? 1 }, async () => {
        let connection = await open();
        while (performance.now() < end) {
          if (connection.socket.destroyed) connection = await open();
          const due = performance.now();
          record(due, await connection.send());
        }
      }),
    );
  } else {
    const interval = 1000 / (o.rate ?? 1);
    const inFlight: Promise<void>[] = [];
    const one = async (due: number) => {
      let connection = idle.pop();
      while (connection?.socket.destroyed) connection = idle.pop();
      connection ??= await open();
      record(due, await connection.send());
      idle.push(connection);
    };
    for (let i = 0; ; i += 1) {
      const due = start + i * interval;
      if (due >= end) break;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight.push(one(due));
    }
    await Promise.all(inFlight);
  }
  for (const { socket } of sockets) socket.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil((p / 100) * latencies.length) - 1))] ?? Number.NaN;
  return {
    total,
    sent,
    done: latencies.length,
    errors,
    rate: latencies.length / o.seconds,
    p50: at(50),
    p90: at(90),
    p99: at(99),
    max: latencies.at(-1) ?? Number.NaN,
    sockets: sockets.length,
  };
}

async function seed(userId: string) {
  console.log(`seeding: the user's 1,000 results, ${OTHER_USERS} other users × ${ROWS_PER_OTHER_USER} results…`);
  const seed = `
    -- The user's 1,000 results over 60 days: 40 % sent, half with news; headlines as objects, as JSON text, or none.
    INSERT INTO sonar_results (user_id, company_name, has_news, sent, processed_at, perplexity_response)
      SELECT $1, 'Company ' || (i % 6), i % 2 = 0, i % 5 < 2, now() - (i * interval '86 minutes'),
        CASE i % 4
          WHEN 0 THEN jsonb_build_object('hasNews', true, 'analysis', jsonb_build_object('headline', 'Headline ' || i, 'summary', repeat('lorem ipsum ', 300)))
          WHEN 1 THEN to_jsonb(jsonb_build_object('hasNews', true, 'analysis', jsonb_build_object('headline', 'Text headline ' || i))::text)
          WHEN 2 THEN jsonb_build_object('hasNews', false)
          ELSE NULL END
      FROM generate_series(1, 1000) i;
    INSERT INTO newsletter_results (user_id, sent, processed_at) SELECT $1, i % 3 > 0, now() - i * interval '7 days' FROM generate_series(1, 30) i;

    -- Everyone else: results over 120 days, newsletters weekly.
    INSERT INTO users (id, email, name) SELECT 'other-' || i, 'other-' || i || '@example.com', 'Other ' || i FROM generate_series(1, ${OTHER_USERS}) i;
    INSERT INTO sonar_results (user_id, company_name, has_news, sent, processed_at, perplexity_response)
      SELECT 'other-' || u, 'Company ' || r, r % 2 = 0, r % 3 = 0, now() - random() * interval '120 days',
        jsonb_build_object('hasNews', true, 'analysis', jsonb_build_object('headline', 'Other ' || r, 'summary', repeat('dolor sit ', 200)))
      FROM generate_series(1, ${OTHER_USERS}) u, generate_series(1, ${ROWS_PER_OTHER_USER}) r;
    INSERT INTO newsletter_results (user_id, sent, processed_at)
      SELECT 'other-' || u, w % 4 > 0, now() - w * interval '7 days' - random() * interval '1 day'
      FROM generate_series(1, ${OTHER_USERS}) u, generate_series(0, 25) w;
  `;
  // Several statements with parameters cannot go in one extended-protocol query: substitute the id.
  await runtime.pool.query(seed.replaceAll('$1', `'${userId}'`));

  // The user: 6 alerts (4 active), an active newsletter, 3 earnings trackers with results.
  const { db } = runtime;
  await insertMany(
    db,
    sonarAlerts,
    [1, 2, 3, 4, 5, 6].map((i) => newsAlertValues(userId, { active: i <= 4, companyName: `Company ${i}` })),
  );
  await insertNewsletter(db, userId);
  const trackers = await insertMany(
    db,
    earningsTracking,
    [1, 2, 3].map((i) => earningsTrackingValues(userId, { companyName: `Ticker ${i}` })),
  );
  await insertMany(
    db,
    earningsTrackingResults,
    trackers.map((t) => earningsResultValues(t, { alertCounter: 2, notificationSentAt: sql`now() - interval '3 days'` })),
  );
  // Everyone else: 3 earnings trackers each, with results.
  const others = Array.from({ length: OTHER_USERS }, (_, u) => `other-${u + 1}`);
  const otherTrackers = await insertMany(
    db,
    earningsTracking,
    others.flatMap((id) => [1, 2, 3].map((k) => earningsTrackingValues(id, { companyName: `Ticker ${k}` }))),
  );
  await insertMany(
    db,
    earningsTrackingResults,
    otherTrackers.map((t) =>
      earningsResultValues(t, {
        alertCounter: 1,
        notificationSentAt: sql`now() - random() * interval '90 days'`,
        transcriptSentAt: sql`CASE WHEN random() < 0.5 THEN now() - random() * interval '90 days' END`,
      }),
    ),
  );
  if (args.runs) await seedRuns(userId);
  // Production tables are vacuumed and analysed by autovacuum; a bulk load must do it by hand.
  await runtime.pool.query('VACUUM ANALYZE');
}

/**
 * Delivered runs: the user's 6 news alerts, one mail every 4 hours over 60 days (half of them in
 * the 30 days counted), each delivered 20 to 140 s after its search; everyone else 400 runs each
 * over 120 days.
 */
async function seedRuns(userId: string) {
  console.log(`seeding runs: the user's 360, ${OTHER_USERS} other users × ${ROWS_PER_OTHER_USER} runs with their mails…`);
  const runs = (source: string) => `
    WITH mails AS (
      INSERT INTO mail_outbox (to_address, subject, text_body, kind, user_id, status, sent_at, created_at)
        SELECT 'bench@example.com', 'Bench', 'Text', 'news-alert', x.user_id, 'sent', x.at + x.delay * interval '1 second', x.at
          FROM (${source}) x
        RETURNING id, user_id, created_at
    )
    INSERT INTO alert_runs (kind, alert_id, user_id, slot, status, mail_id, scanned_at, created_at, finished_at)
      SELECT 'news', gen_random_uuid(), m.user_id, m.created_at::text, 'succeeded', m.id, m.created_at, m.created_at - interval '10 minutes', m.created_at
        FROM mails m;`;
  await runtime.pool.query(
    runs(`SELECT '${userId}'::text AS user_id, now() - i * interval '4 hours' AS at, 20 + i % 120 AS delay FROM generate_series(1, 360) i`),
  );
  await runtime.pool.query(
    runs(`SELECT 'other-' || u AS user_id, now() - random() * interval '120 days' AS at, 30 AS delay
            FROM generate_series(1, ${OTHER_USERS}) u, generate_series(1, ${ROWS_PER_OTHER_USER}) r`),
  );
}
