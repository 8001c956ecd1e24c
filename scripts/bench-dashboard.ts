// Benchmark: GET /api/dashboard for a user with 1,000 news results among a busy platform.
// Usage: npm run bench:dashboard [-- --requests 500 --explain]
// A fresh database on DATABASE_URL's server, else on the embedded PostgreSQL (its own data dir
// and port, as scripts/test.ts does); dropped at the end. Requests go through the real app
// in-process (app.request: session check, routing, service, JSON), not over a socket, so the
// numbers are the server's own work without HTTP parsing. Prints latency percentiles and the SQL
// statements each request runs, and with --explain the plan of the dashboard statement.
import { parseArgs } from 'node:util';
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
  },
});
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
const OTHER_USERS = Number(args['other-users']);
const ROWS_PER_OTHER_USER = Number(args['rows-per-other-user']);
const APP_URL = 'http://localhost:3000';

const embedded = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({ dataDir: 'data/bench', port: 54331, log: (line) => console.log(line) });
const database = await createFreshDatabase(process.env.DATABASE_URL ?? embedded!.url, 'eos_bench');

// Every statement any pg client runs, counted (the app's pool and better-auth's queries alike).
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...rest: unknown[]) {
  statements += 1;
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
} finally {
  pg.Client.prototype.query = query;
  await hub.close();
  await runtime.close();
  await database.drop();
  await embedded?.stop();
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
  // Production tables are vacuumed and analysed by autovacuum; a bulk load must do it by hand.
  await runtime.pool.query('VACUUM ANALYZE');
}
