// Benchmark: the time the server adds to the model's own latency per AI task: research (issue 4)
// and content creation (issue 6).
// Usage: npm run bench:research [-- --requests 100 --latency 500 --warmup 5 --ndjson-requests 30]
// A fresh database on DATABASE_URL's server, else on the embedded PostgreSQL (as bench:dashboard);
// dropped at the end. The AI (an OpenAI-compatible fake answering after a fixed delay), the news
// (Google News, GDELT) and SEC EDGAR are the local fakes of the tests, started in this process.
// Requests go through the real app in-process (app.request), sequentially, one signed-in user.
//
// overhead = end-to-end time of the request (until its whole body is read)
//          − the model's time (at the fake: request fully received → answer handed to the socket).
// So the overhead holds everything that is not the model: session, validation, limits and usage
// rows, retrieval (local fakes here: the server's parsing plus loopback HTTP, no Internet latency),
// prompt building, the AI SDK and its HTTP to the model, schema checks, grounding and the JSON.
import diagnostics from 'node:diagnostics_channel';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { bootstrap } from '../src/server/bootstrap.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { createApp } from '../src/server/http/app.ts';
import { createRealtimeHub } from '../src/server/realtime/hub.ts';
import { CONTENT_API } from '../src/shared/content.ts';
import { researchPaths } from '../src/shared/research.ts';
import { startFakeNews } from '../tests/fakes/news.ts';
import { startFakeOpenAi } from '../tests/fakes/openai.ts';
import { productModel } from '../tests/fakes/product-model.ts';
import { startFakeSec } from '../tests/fakes/sec.ts';
import { createFreshDatabase } from '../tests/support/database.ts';
import { benchUser } from './support/bench-user.ts';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '5' },
    latency: { type: 'string', default: '500' },
    'ndjson-requests': { type: 'string', default: '30' },
  },
});
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
const LATENCY_MS = Number(args.latency);
const NDJSON_REQUESTS = Number(args['ndjson-requests']);
const APP_URL = 'http://localhost:3000';
const NDJSON = 'application/x-ndjson';

const embedded = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({ dataDir: 'data/bench', port: 54331, log: (line) => console.log(line) });
const database = await createFreshDatabase(process.env.DATABASE_URL ?? embedded!.url, 'eos_bench');
const [ai, news, sec] = await Promise.all([
  startFakeOpenAi({ handler: productModel({ latencyMs: LATENCY_MS }) }),
  startFakeNews(),
  startFakeSec(),
]);

// Every statement any pg client runs, counted and timed until its answer (the app's pool and
// better-auth's queries alike; a pool passes a callback, drizzle awaits the promise).
let statements = 0;
let sqlMs = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...rest: unknown[]) {
  statements += 1;
  const start = performance.now();
  const settled = () => {
    sqlMs += performance.now() - start;
  };
  const callback = rest.at(-1);
  if (typeof callback === 'function') {
    rest[rest.length - 1] = (...results: unknown[]) => {
      settled();
      return callback(...results);
    };
  }
  const result = (query as (...a: unknown[]) => unknown).apply(this, rest);
  if (result instanceof Promise) result.then(settled, settled);
  return result;
} as typeof query;

// Every outgoing fetch of the app (retrieval and the AI SDK both use Node's fetch, i.e. undici),
// timed from its creation to its last byte received, summed per destination for the current request.
const outgoing = { retrieval: 0, aiClient: 0, retrievalCalls: 0 };
const fetchStarts = new WeakMap<object, { origin: string; at: number }>();
const onCreate = (message: unknown) => {
  const { request } = message as { request: { origin: string } };
  fetchStarts.set(request, { origin: String(request.origin), at: performance.now() });
};
const onDone = (message: unknown) => {
  const { request } = message as { request: object };
  const start = fetchStarts.get(request);
  if (!start) return;
  fetchStarts.delete(request);
  const took = performance.now() - start.at;
  if (start.origin.includes(`:${ai.port}`)) outgoing.aiClient += took;
  else if (start.origin.includes(`:${news.port}`) || start.origin.includes(`:${sec.port}`)) {
    outgoing.retrieval += took;
    outgoing.retrievalCalls += 1;
  }
};
diagnostics.subscribe('undici:request:create', onCreate);
diagnostics.subscribe('undici:request:trailers', onDone);
diagnostics.subscribe('undici:request:error', onDone);

const runtime = await bootstrap({
  NODE_ENV: 'test',
  DATABASE_URL: database.url,
  APP_URL,
  AUTH_SECRET: 'bench-research-secret-bench-research-secret',
  LOG_LEVEL: 'error',
  TRUST_PROXY: 'true',
  AI_BASE_URL: ai.url,
  AI_MODEL: 'fake-research-model',
  AI_USER_REQUESTS_PER_HOUR: '100000',
  AI_USER_CONCURRENCY: '100',
  GOOGLE_NEWS_BASE_URL: news.url,
  GDELT_BASE_URL: news.url,
  // The fake publishers live on 127.0.0.1, one host for all of them: their pages are read like real ones.
  PUBLISHER_ALLOW_PRIVATE_ADDRESSES: 'true',
  PUBLISHER_MIN_INTERVAL_MS: '0',
  SEC_BASE_URL: sec.url,
  SEC_DATA_BASE_URL: sec.url,
  SEC_USER_AGENT: 'Enterprise OS bench ops@example.com',
});
const hub = createRealtimeHub(runtime.databaseUrl);
const app = createApp({ ...runtime, hub, webRoot: '/nonexistent' });

/** One measured request, in ms (SQL in statements). */
type Sample = {
  total: number;
  model: number;
  overhead: number;
  beforeModel: number;
  retrieval: number;
  afterModel: number;
  aiHttp: number;
  server: number;
  sql: number;
  sqlMs: number;
  modelCalls: number;
  retrievalCalls: number;
};

const contentInputs = {
  hookCategory: 'Problem Solution',
  audience: 'Logistics, Retail',
  solution: 'Warehouse automation',
  valueProposition: 'Cut picking costs by 40%',
};
const stat = { statistic: 'Warehouse automation spending to reach $48 billion by 2030.', source: 'https://news.example.com/x' };

const tasks = [
  {
    name: 'company news',
    path: researchPaths.companyNews,
    body: { companyName: 'Acme Robotics', timeframe: '1w', sentiment: 'none', keyword: '' },
  },
  {
    name: 'trends',
    path: researchPaths.trends,
    body: { industry: 'Cybersecurity', trendType: 'investment', timeframe: '90d', region: '' },
  },
  {
    name: 'earnings',
    path: researchPaths.earnings,
    body: { companyName: 'Apple Inc.', year: '2024', quarter: 'Q3', focusArea: 'services growth' },
  },
  {
    name: 'content stats',
    path: CONTENT_API.analyzeMetrics,
    body: { ...contentInputs, generationCount: 0, previousStats: [] },
  },
  {
    name: 'content hooks',
    path: CONTENT_API.generateHooks,
    body: { inputs: contentInputs, marketData: stat },
  },
  {
    name: 'content post',
    path: CONTENT_API.postBuilder,
    body: { hook: 'Most warehouses lose a day a week to picking.', inputs: { ...contentInputs, marketData: stat } },
  },
  {
    name: 'content modify',
    path: CONTENT_API.modifyContent,
    body: {
      content: 'Most warehouses lose a day a week to picking.\n\nHere is what we changed.\n\nAnd what it saved.',
      modification: 'shorter',
    },
  },
] as const;

const started = performance.now();
try {
  const { cookie } = await benchUser(app, runtime, APP_URL);

  const measure = async (path: string, body: unknown, accept?: string): Promise<Sample> => {
    ai.reset();
    Object.assign(outgoing, { retrieval: 0, aiClient: 0, retrievalCalls: 0 });
    const before = statements;
    const sqlBefore = sqlMs;
    const start = performance.now();
    const res = await app.request(path, {
      method: 'POST',
      headers: { cookie, origin: APP_URL, 'content-type': 'application/json', ...(accept ? { accept } : {}) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const end = performance.now();
    if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status}: ${text}`);
    const last = accept ? JSON.parse(text.trimEnd().split('\n').at(-1)!) : { type: 'result' };
    if (last.type !== 'result') throw new Error(`POST ${path} streamed no result: ${text}`);
    const calls = ai.timings;
    if (calls.length === 0 || calls.some((c) => c.answeredAt === undefined)) throw new Error(`POST ${path}: no complete model call`);
    const model = calls.reduce((sum, c) => sum + (c.answeredAt! - c.receivedAt), 0);
    const total = end - start;
    const beforeModel = calls[0]!.receivedAt - start;
    const aiHttp = outgoing.aiClient - model;
    return {
      total,
      model,
      overhead: total - model,
      beforeModel,
      retrieval: outgoing.retrieval,
      afterModel: end - calls.at(-1)!.answeredAt!,
      aiHttp,
      server: total - model - outgoing.retrieval - aiHttp,
      sql: statements - before,
      sqlMs: sqlMs - sqlBefore,
      modelCalls: calls.length,
      retrievalCalls: outgoing.retrievalCalls,
    };
  };

  const results: { name: string; samples: Sample[] }[] = [];
  const run = async (name: string, path: string, body: unknown, count: number, accept?: string) => {
    for (let i = 0; i < WARMUP; i += 1) await measure(path, body, accept);
    const samples: Sample[] = [];
    for (let i = 0; i < count; i += 1) samples.push(await measure(path, body, accept));
    results.push({ name, samples });
    console.log(`  ${name}: ${count} requests done`);
  };
  console.log(`running: ${WARMUP} warm-up + ${REQUESTS} measured requests per task, model latency ${LATENCY_MS} ms…`);
  for (const task of tasks) await run(task.name, task.path, task.body, REQUESTS);
  if (NDJSON_REQUESTS > 0) await run(`company news, NDJSON`, tasks[0].path, tasks[0].body, NDJSON_REQUESTS, NDJSON);

  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  };
  const ms = (n: number) => n.toFixed(1).padStart(8);
  const col = (text: string, width: number) => text.padEnd(width);
  const counts = (values: number[]) => {
    const tally = new Map<number, number>();
    for (const v of values) tally.set(v, (tally.get(v) ?? 0) + 1);
    return [...tally]
      .sort((a, b) => a[0] - b[0])
      .map(([v, n]) => (tally.size === 1 ? String(v) : `${v} (${n}×)`))
      .join(', ');
  };

  console.log(`\nParameters: model latency ${LATENCY_MS} ms (fixed, at the fake), ${REQUESTS} sequential requests per task`);
  console.log(`(NDJSON: ${NDJSON_REQUESTS}) after ${WARMUP} warm-ups each; in-process app.request, one signed-in user;`);
  console.log(`fakes on 127.0.0.1 (no per-host politeness interval applies to them); Node ${process.version}.`);
  console.log('\nOverhead per request = end-to-end time − model time at the fake (ms)');
  console.log(`${col('task', 22)}${['p50', 'p95', 'p99', 'max', 'mean'].map((h) => h.padStart(8)).join('')}   total p50   model p50`);
  for (const { name, samples } of results) {
    const o = samples.map((s) => s.overhead);
    const mean = o.reduce((a, b) => a + b, 0) / o.length;
    console.log(
      `${col(name, 22)}${[50, 95, 99].map((p) => ms(percentile(o, p))).join('')}${ms(Math.max(...o))}${ms(mean)}   ${ms(
        percentile(
          samples.map((s) => s.total),
          50,
        ),
      )}    ${ms(
        percentile(
          samples.map((s) => s.model),
          50,
        ),
      )}`,
    );
  }

  console.log('\nBreakdown of the overhead, p50 / p99 of each part (ms; parts do not add up across percentiles)');
  console.log(
    `${col('task', 22)}${['before model', 'retrieval', 'after model', 'AI HTTP', 'server work', 'of which SQL'].map((h) => h.padStart(16)).join('')}   SQL/request   fetches`,
  );
  for (const { name, samples } of results) {
    const part = (key: keyof Sample) => {
      const values = samples.map((s) => s[key]);
      return `${percentile(values, 50).toFixed(1)} / ${percentile(values, 99).toFixed(1)}`.padStart(16);
    };
    console.log(
      `${col(name, 22)}${part('beforeModel')}${part('retrieval')}${part('afterModel')}${part('aiHttp')}${part('server')}${part('sqlMs')}   ${col(counts(samples.map((s) => s.sql)), 14)}${counts(samples.map((s) => s.retrievalCalls))} + ${counts(samples.map((s) => s.modelCalls))} AI`,
    );
  }
  console.log(`
before model  request start → the fake has the model request in full (session, validation, limit check,
              usage row, retrieval, prompt, AI SDK request and its upload)
retrieval     the app's fetches to the news/SEC fakes, created → last byte (part of "before model")
after model   the fake's answer handed to the socket → the response body read (download, SDK parsing,
              schema check, grounding, usage row, JSON)
AI HTTP       the AI SDK's fetch time minus the model's time: loopback HTTP to the model, both ways
server work   overhead − retrieval − AI HTTP: the server's own work with the database
of which SQL  the time the pg statements took, issued → answered (round trips to PostgreSQL included)
SQL/request   statements run by any pg client during the request (session lookup included)
fetches       the app's retrieval fetches + model calls per request
run time ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  pg.Client.prototype.query = query;
  diagnostics.unsubscribe('undici:request:create', onCreate);
  diagnostics.unsubscribe('undici:request:trailers', onDone);
  diagnostics.unsubscribe('undici:request:error', onDone);
  await hub.close();
  await runtime.close();
  await database.drop();
  await Promise.all([ai.stop(), news.stop(), sec.stop()]);
  await embedded?.stop();
}
