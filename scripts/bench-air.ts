// Benchmark: the Account Intelligence Report (issue 17): wall time and the server's own CPU per
// report against local fakes, and the requests each report makes to every external host.
// Usage: npm run bench:air [-- --reports 10 --concurrency 1 --model-ms 0 --warm-up 0]
// A fresh database on DATABASE_URL's server, else on the embedded PostgreSQL (as bench:dashboard);
// dropped at the end. One signed-in user (PLAN_AIR_GENERATIONS 1000) asks for `reports` reports on
// Initech (the fake company site, which the fake EDGAR records as Initech's website) through the
// real API in-process (POST /api/air/reports), and each report's run goes through the alert engine
// in-process (engine.process, as a worker would), `concurrency` at a time. The fakes (company site,
// SEC EDGAR, Google News + GDELT + publishers, Hacker News, the AI answering after `model-ms`) run
// in a child process, so this process's CPU (process.cpuUsage) is the server's own: the app, the
// engine, the sources' parsing, the AI SDK, pg. The first report (batch) is "cold": a fresh process
// and database, nothing compiled or cached (with `--warm-up N`, N unmeasured reports on another
// company come first: then "cold" is a new company on a running server); the later ones are "warm":
// the shared article store, EDGAR's ticker list and submissions, the publishers' robots.txt are
// already there.
//
// A report's wall time runs from the POST to engine.process resolving with 'succeeded' (the queue's
// wait, zero here, not included). Requests are read from the fakes' own logs, per host and kind; a
// URL asked more than once per report is listed at the end. SQL: statements, their time and the
// characters sent, counted at pg.Client (statements by kind for the last report); PostgreSQL's CPU
// from /proc for the database's backends when the server runs on this machine.
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { Runtime } from '../src/server/bootstrap.ts';
import type { RealtimeHub } from '../src/server/realtime/hub.ts';
import type { AirReport } from '../src/shared/air.ts';
import { SECOND_COMPANY, SECOND_COMPANY_HOST, startFakeCompanySite } from '../tests/fakes/company-site.ts';
import { startFakeHackerNews } from '../tests/fakes/hacker-news.ts';
import { startFakeNews } from '../tests/fakes/news.ts';
import { startFakeOpenAi } from '../tests/fakes/openai.ts';
import { productModel } from '../tests/fakes/product-model.ts';
import { schemaKeys } from '../tests/fakes/research-model.ts';
import { startFakeSec } from '../tests/fakes/sec.ts';
import { createFreshDatabase } from '../tests/support/database.ts';

/** One request a fake received: the host (service) it stands for, what kind of request, and its URL (path and query). */
type FakeCall = { service: string; what: string; url: string };
type FakesSnapshot = { calls: FakeCall[]; modelMs: number; cpuMs: number };
type FakesUrls = { site: string; secondSite: string; sec: string; hackerNews: string; news: string; ai: string };
type FakesMessage = { type: 'ready'; urls: FakesUrls } | { type: 'taken'; snapshot: FakesSnapshot };

const ROLE_ENV = 'BENCH_AIR_ROLE';
const AI_KINDS = ['events', 'buyingCenters', 'prospects', 'outreach'];

if (process.env[ROLE_ENV] === 'fakes') await fakesProcess();
else await main();

// ——— the fakes, in a child process ————————————————————————————————————————————————————————————

async function fakesProcess() {
  const modelMs = Number(process.env.BENCH_AIR_MODEL_MS ?? 0);
  const [ai, site, secondSite, sec, hn, news] = await Promise.all([
    startFakeOpenAi({ handler: productModel({ latencyMs: modelMs }) }),
    startFakeCompanySite(),
    // Another company (not on EDGAR, its Hacker News searches answer 503) for the unmeasured warm-up reports.
    startFakeCompanySite(0, SECOND_COMPANY, SECOND_COMPANY_HOST),
    startFakeSec(),
    startFakeHackerNews(),
    // Publishers on a port of their own, so their pages are told from Google's by the Host header.
    startFakeNews(0, { publisherHost: true }),
  ]);
  // EDGAR records Initech's website: here, the fake site's address.
  sec.websites.set('1990001', `${site.url}/`);
  const publisherHost = new URL(news.publisherUrl).host;
  const seen = { site: 0, sec: 0, hn: 0, news: 0, ai: 0 };
  let cpu = process.cpuUsage();

  const secCall = (path: string): [string, string] => {
    if (path === '/files/company_tickers.json') return ['SEC www.sec.gov', 'ticker list'];
    if (path === '/cgi-bin/browse-edgar') return ['SEC www.sec.gov', 'company page'];
    if (path.startsWith('/Archives/')) return ['SEC www.sec.gov', path.endsWith('-index.htm') ? 'filing index pages' : 'filing documents'];
    if (path.startsWith('/submissions/')) return ['SEC data.sec.gov', 'submissions'];
    if (path.startsWith('/api/xbrl/companyfacts/')) return ['SEC data.sec.gov', 'XBRL company facts'];
    return ['SEC (other)', path];
  };
  const newsCall = (path: string, host: string | undefined): [string, string] => {
    if (host === publisherHost) return ['Publishers', path === '/robots.txt' ? 'robots.txt' : 'article pages'];
    if (path === '/rss/search') return ['Google News', 'RSS searches'];
    if (/^\/(rss\/)?articles\//.test(path)) return ['Google News', 'link decode: article pages'];
    if (path === '/_/DotsSplashUi/data/batchexecute') return ['Google News', 'link decode: batchexecute'];
    if (path === '/api/v2/doc/doc') return ['GDELT', 'searches'];
    return ['News (other)', path];
  };

  /** The requests since the last call, the model's time in them and this process's CPU since. */
  const take = (): FakesSnapshot => {
    const calls: FakeCall[] = [];
    for (const r of site.requests.slice(seen.site))
      calls.push({ service: 'Company site', what: r.path === '/robots.txt' ? 'robots.txt' : 'pages', url: r.path });
    for (const r of sec.requests.slice(seen.sec)) {
      const [service, what] = secCall(r.path);
      calls.push({ service, what, url: r.path });
    }
    for (const r of news.requests.slice(seen.news)) {
      const [service, what] = newsCall(r.path, r.headers.host);
      calls.push({ service, what, url: `${r.path}?${r.query}` });
    }
    for (const r of hn.requests.slice(seen.hn))
      calls.push({
        service: 'Hacker News',
        what: r.path.endsWith('search_by_date') ? 'search by date' : 'search',
        url: `${r.path}?${r.query}`,
      });
    const aiCalls = ai.requests.slice(seen.ai);
    for (const r of aiCalls) {
      const kind = schemaKeys(r).find((k) => AI_KINDS.includes(k)) ?? 'other';
      calls.push({ service: 'AI', what: `${kind} (model calls)`, url: kind });
    }
    const modelMs = ai.timings.slice(seen.ai).reduce((sum, t) => sum + ((t.answeredAt ?? t.receivedAt) - t.receivedAt), 0);
    Object.assign(seen, {
      site: site.requests.length,
      sec: sec.requests.length,
      hn: hn.requests.length,
      news: news.requests.length,
      ai: ai.requests.length,
    });
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    return { calls, modelMs, cpuMs: (used.user + used.system) / 1000 };
  };

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= Promise.all([ai.stop(), site.stop(), secondSite.stop(), sec.stop(), hn.stop(), news.stop()]).then(() => undefined);
    return stopping;
  };
  process.on('message', (message: { cmd: 'take' | 'stop' }) => {
    if (message.cmd === 'take') process.send!({ type: 'taken', snapshot: take() } satisfies FakesMessage);
    if (message.cmd === 'stop') void stop().finally(() => process.exit(0));
  });
  // The bench ended without saying so (it crashed): stop all the same.
  process.on('disconnect', () => void stop().finally(() => process.exit(0)));
  process.send!({
    type: 'ready',
    urls: { site: site.url, secondSite: secondSite.url, sec: sec.url, hackerNews: hn.url, news: news.url, ai: ai.url },
  } satisfies FakesMessage);
}

/** The fakes' child process, and asking it for what it saw. */
function startFakes(modelMs: number) {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, [ROLE_ENV]: 'fakes', BENCH_AIR_MODEL_MS: String(modelMs) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = <T extends FakesMessage['type']>(type: T) =>
    new Promise<Extract<FakesMessage, { type: T }>>((resolve, reject) => {
      const onMessage = (message: FakesMessage) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<FakesMessage, { type: T }>);
      };
      const onExit = (code: number | null) => {
        child.off('message', onMessage);
        reject(new Error(`the fakes' process exited (${code})`));
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = next('ready').then((m) => m.urls);
  return {
    ready,
    async take(): Promise<FakesSnapshot> {
      const answer = next('taken');
      child.send({ cmd: 'take' });
      return (await answer).snapshot;
    },
    async stop() {
      if (child.exitCode === null && child.connected) child.send({ cmd: 'stop' });
      else if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

// ——— the bench ————————————————————————————————————————————————————————————————————————————————

/**
 * CPU time of a process in ms: the scheduler's own count (/proc/<pid>/schedstat, in ns), else the
 * 10 ms ticks of /proc/<pid>/stat; null when neither can be read (PostgreSQL on another machine).
 */
function cpuMsOf(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return null;
    }
  }
}

type Batch = {
  reports: { id: string; postMs: number; runMs: number; wallMs: number }[];
  cpuMs: number;
  /** Null when PostgreSQL's processes are not on this machine. */
  pgCpuMs: number | null;
  statements: number;
  sqlMs: number;
  /** Characters sent to PostgreSQL: statement texts and parameters. */
  sqlChars: number;
  /** Statements by their opening words: how many, and the characters they sent. */
  sqlKinds: Map<string, { n: number; chars: number }>;
  fakes: FakesSnapshot;
  details: { workChars: number; prospects: number; events: number; sources: number; outreach: number; posts: number; financials: number }[];
};

async function main() {
  const { values: args } = parseArgs({
    options: {
      reports: { type: 'string', default: '10' },
      concurrency: { type: 'string', default: '1' },
      'model-ms': { type: 'string', default: '0' },
      'warm-up': { type: 'string', default: '0' },
    },
  });
  const REPORTS = Number(args.reports);
  const CONCURRENCY = Math.max(1, Number(args.concurrency));
  const MODEL_MS = Number(args['model-ms']);
  const WARM_UP = Number(args['warm-up']);
  const APP_URL = 'http://localhost:3000';
  const SOLUTION = 'Warehouse orchestration software; buyers are Supply Chain Operations and Finance leaders.';
  if (!(REPORTS >= 1 && WARM_UP >= 0 && REPORTS + WARM_UP < 1000))
    throw new Error('--reports must be 1 or more, and --reports + --warm-up under 1000');

  // As the production server runs (README: NODE_ENV=production): React, which renders the report's
  // e-mail, picks its production or development build from process.env when first loaded, so the
  // server's modules are loaded only now.
  process.env.NODE_ENV = 'production';
  const [{ bootstrap }, { startEmbeddedPostgres }, { createApp }, { createAlertEngine }, alerts, { createRealtimeHub }, { createSources }] =
    await Promise.all([
      import('../src/server/bootstrap.ts'),
      import('../src/server/db/embedded.ts'),
      import('../src/server/http/app.ts'),
      import('../src/server/jobs/runs/engine.ts'),
      import('../src/server/jobs/index.ts'),
      import('../src/server/realtime/hub.ts'),
      import('../src/server/sources/index.ts'),
    ]);
  const { benchUser } = await import('./support/bench-user.ts');

  const fakes = startFakes(MODEL_MS);
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  let database: Awaited<ReturnType<typeof createFreshDatabase>> | null = null;
  let runtime: Runtime | null = null;
  let hub: RealtimeHub | null = null;
  let benchDb: pg.Client | null = null;

  // Every statement the server's pg clients run (the app's pool, better-auth, pg-boss, the hub),
  // counted and timed until its answer; the bench's own client is left out.
  let statements = 0;
  let sqlMs = 0;
  let sqlChars = 0;
  let sqlKinds = new Map<string, { n: number; chars: number }>();
  const sizeOf = (value: unknown) =>
    typeof value === 'string' ? value.length : Buffer.isBuffer(value) ? value.length : String(value ?? '').length;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...rest: unknown[]) {
    if (this === benchDb) return (query as (...a: unknown[]) => unknown).apply(this, rest);
    statements += 1;
    const [first, second] = rest as [string | Partial<pg.QueryConfig> | undefined, unknown];
    const values = Array.isArray(second) ? second : typeof first === 'object' ? (first.values ?? []) : [];
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const chars = text.length + values.reduce((n: number, v) => n + sizeOf(v), 0);
    sqlChars += chars;
    const kind = text.replace(/\s+/g, ' ').trim().slice(0, 60);
    const tally = sqlKinds.get(kind) ?? { n: 0, chars: 0 };
    sqlKinds.set(kind, { n: tally.n + 1, chars: tally.chars + chars });
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

  // Everything this run started, stopped once: at the end, on an error, or on Ctrl-C (SIGINT/SIGTERM).
  let cleaning: Promise<void> | null = null;
  const cleanUp = () => {
    cleaning ??= (async () => {
      pg.Client.prototype.query = query;
      await benchDb?.end().catch(() => {});
      await hub?.close().catch(() => {});
      await runtime?.close().catch(() => {});
      await database?.drop().catch((err: unknown) => console.error('could not drop the bench database:', err));
      await fakes.stop();
      await embedded?.stop();
    })();
    return cleaning;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up…`);
      void cleanUp().finally(() => process.exit(130));
    });

  const started = performance.now();
  try {
    embedded = process.env.DATABASE_URL
      ? null
      : await startEmbeddedPostgres({ dataDir: 'data/bench', port: 54331, log: (line) => console.log(line) });
    database = await createFreshDatabase(process.env.DATABASE_URL ?? embedded!.url, 'eos_bench_air');
    const urls = await fakes.ready;
    runtime = await bootstrap({
      // React above runs its production build; the configuration is a test one, as production
      // refuses PUBLISHER_ALLOW_PRIVATE_ADDRESSES, which the fakes on 127.0.0.1 need (issue 25).
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      APP_URL,
      AUTH_SECRET: 'bench-air-secret-bench-air-secret-bench-air',
      LOG_LEVEL: 'error',
      TRUST_PROXY: 'true',
      AI_BASE_URL: urls.ai,
      AI_MODEL: 'fake-air-model',
      AI_USER_REQUESTS_PER_HOUR: '100000',
      AI_USER_CONCURRENCY: '100',
      PLAN_AIR_GENERATIONS: '1000',
      // Reports of a batch run at once, and each running run counts against the day's failed runs.
      AIR_MAX_FAILED_PER_DAY: '1000',
      GOOGLE_NEWS_BASE_URL: urls.news,
      GDELT_BASE_URL: urls.news,
      SEC_BASE_URL: urls.sec,
      SEC_DATA_BASE_URL: urls.sec,
      SEC_USER_AGENT: 'Enterprise OS bench ops@example.com',
      HACKER_NEWS_BASE_URL: urls.hackerNews,
      // The company site and the publishers live on 127.0.0.1: read like real ones, without the per-site pause.
      PUBLISHER_ALLOW_PRIVATE_ADDRESSES: 'true',
      PUBLISHER_MIN_INTERVAL_MS: '0',
    });
    const rt = runtime;
    hub = createRealtimeHub(rt.databaseUrl);
    await hub.ready;
    const app = createApp({ ...rt, hub, webRoot: '/nonexistent' });
    // The engine as a worker assembles it, with the sources kept here to wait for the article reader's background reads.
    const sources = createSources(rt.config, rt.db);
    const engine = createAlertEngine({ ...alerts.createAlertDeps(rt), sources, handlers: alerts.alertHandlers });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    benchDb = client;

    const { cookie } = await benchUser(app, rt, APP_URL);
    const post = async (website: string) => {
      const res = await app.request('/api/air/reports', {
        method: 'POST',
        headers: { cookie, origin: APP_URL, 'content-type': 'application/json' },
        body: JSON.stringify({ website, solution: SOLUTION }),
      });
      const body = (await res.json()) as { report?: { id: string } };
      if (res.status !== 201 || !body.report) throw new Error(`POST /api/air/reports answered ${res.status}: ${JSON.stringify(body)}`);
      return body.report.id;
    };

    // The web process starts its pg-boss producer on the first report it queues: once per process, so
    // a report that is never run pays for it here, out of the measurements.
    const producerStatements = statements;
    const producerCpu = process.cpuUsage();
    const producerStart = performance.now();
    await post('https://warm-up.example');
    const producerUsed = process.cpuUsage(producerCpu);
    const producer = {
      ms: performance.now() - producerStart,
      cpuMs: (producerUsed.user + producerUsed.system) / 1000,
      statements: statements - producerStatements,
    };

    /** CPU ms of the database's backends (the bench's own left out) by pid; null off this machine. */
    const postgresCpu = async () => {
      const { rows } = await client.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      const byPid = new Map<number, number>();
      for (const { pid } of rows) {
        const ms = cpuMsOf(pid);
        if (ms === null) return null;
        byPid.set(pid, ms);
      }
      return byPid;
    };

    const oneReport = async (website = `${urls.site}/`) => {
      const t0 = performance.now();
      const id = await post(website);
      const t1 = performance.now();
      const { rows } = await client.query<{ id: string }>(
        `SELECT id FROM alert_runs WHERE kind = 'air_report' AND alert_id = $1 AND status = 'queued'`,
        [id],
      );
      if (rows.length !== 1) throw new Error(`report ${id}: ${rows.length} queued runs`);
      const t2 = performance.now();
      const result = await engine.process(rows[0]!.id);
      const t3 = performance.now();
      if (result.status !== 'succeeded') throw new Error(`report ${id}: the run ended ${JSON.stringify(result)}`);
      return { id, postMs: t1 - t0, runMs: t3 - t2, wallMs: t1 - t0 + (t3 - t2) };
    };

    const runBatch = async (size: number): Promise<Batch> => {
      await fakes.take();
      const pgBefore = await postgresCpu();
      const cpu = process.cpuUsage();
      const statementsBefore = statements;
      const sqlBefore = sqlMs;
      const charsBefore = sqlChars;
      sqlKinds = new Map();
      const reports = await Promise.all(Array.from({ length: size }, () => oneReport()));
      // Pages the article reader still reads after its budget belong to these reports too.
      await sources.articles.settled();
      const used = process.cpuUsage(cpu);
      const batchStatements = statements - statementsBefore;
      const batchSqlMs = sqlMs - sqlBefore;
      const batchSqlChars = sqlChars - charsBefore;
      const batchSqlKinds = sqlKinds;
      const pgAfter = await postgresCpu();
      const snapshot = await fakes.take();
      let pgCpuMs: number | null = null;
      if (pgBefore && pgAfter) {
        pgCpuMs = 0;
        for (const [pid, ms] of pgAfter) pgCpuMs += ms - (pgBefore.get(pid) ?? 0);
      }
      const { rows } = await client.query<{ id: string; report: AirReport; work_chars: number }>(
        `SELECT a.id, a.report, (SELECT octet_length(r.steps::text) FROM alert_runs r
                                   WHERE r.kind = 'air_report' AND r.alert_id = a.id ORDER BY r.created_at DESC LIMIT 1) AS work_chars
           FROM air_reports a WHERE a.id = ANY($1::uuid[])`,
        [reports.map((r) => r.id)],
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return {
        reports,
        cpuMs: (used.user + used.system) / 1000,
        pgCpuMs,
        statements: batchStatements,
        sqlMs: batchSqlMs,
        sqlChars: batchSqlChars,
        sqlKinds: batchSqlKinds,
        fakes: snapshot,
        details: reports
          .map(({ id }) => byId.get(id)!)
          .map(({ report: r, work_chars }) => ({
            workChars: work_chars,
            prospects: r.prospects.length,
            events: r.events.length,
            sources: r.sources.length,
            outreach: r.outreach.length,
            posts: r.social.posts.length,
            financials: r.financials.length,
          })),
      };
    };

    // Unmeasured reports on another company: the code is compiled and the process-wide caches (EDGAR's
    // ticker list, the publishers' robots.txt) are filled, so "cold" is a new company on a running server.
    const warmUps: number[] = [];
    for (let i = 0; i < WARM_UP; i++) {
      await sources.articles.settled();
      warmUps.push((await oneReport(`${urls.secondSite}/`)).wallMs);
    }
    await sources.articles.settled();
    if (WARM_UP) console.log(`warm-up: ${WARM_UP} reports on ${SECOND_COMPANY}: ${warmUps.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    console.log(
      `running ${REPORTS} reports on Initech, ${CONCURRENCY === 1 ? 'one after another' : `${CONCURRENCY} at a time`}, model latency ${MODEL_MS} ms…`,
    );
    const batches: Batch[] = [];
    for (let done = 0; done < REPORTS; ) {
      const size = Math.min(CONCURRENCY, REPORTS - done);
      batches.push(await runBatch(size));
      done += size;
    }
    const runTime = (performance.now() - started) / 1000;

    // ——— output ———
    const per = (b: Batch, n: number) => n / b.reports.length;
    const fmt = (n: number | null, digits = 1) => (n === null ? 'n/a' : n.toFixed(digits));
    const percentile = (values: number[], p: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
    };
    const counts = (calls: FakeCall[], pick: (c: FakeCall) => string) => {
      const tally = new Map<string, number>();
      for (const c of calls) tally.set(pick(c), (tally.get(pick(c)) ?? 0) + 1);
      return tally;
    };
    const byService = (b: Batch) => counts(b.fakes.calls, (c) => c.service);

    console.log(
      `\nParameters: ${REPORTS} reports on the fake Initech site, ${CONCURRENCY === 1 ? 'sequential' : `in batches of ${CONCURRENCY} at once (per-report figures are the batch's ÷ ${CONCURRENCY}, except wall time)`};`,
    );
    console.log(
      `model latency ${MODEL_MS} ms per AI call (fixed, at the fake); publisher/site pacing off (PUBLISHER_MIN_INTERVAL_MS 0), fakes on 127.0.0.1`,
    );
    console.log(
      `in a child process (not in the CPU figures); in-process API (app.request) + alert engine, React's production build; Node ${process.version};`,
    );
    console.log(`PostgreSQL: ${embedded ? 'embedded (data/bench)' : 'DATABASE_URL'}.`);
    console.log(
      WARM_UP
        ? `Cold = the first Initech report after ${WARM_UP} unmeasured report(s) on ${SECOND_COMPANY}: code compiled, EDGAR's ticker list and the publishers' robots.txt cached, nothing of Initech's.`
        : 'Cold = the first report of a fresh process and database: nothing compiled or cached (add --warm-up 1 for a new company on a running server).',
    );
    console.log(
      `One-time, not counted below: the first POST started the pg-boss producer: ${producer.ms.toFixed(0)} ms, ${producer.cpuMs.toFixed(0)} ms CPU, ${producer.statements} statements.`,
    );

    const services = [...new Set(batches.flatMap((b) => [...byService(b).keys()]))];
    const order = ['Company site', 'SEC www.sec.gov', 'SEC data.sec.gov', 'Google News', 'GDELT', 'Publishers', 'Hacker News', 'AI'];
    services.sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
    const short: Record<string, string> = {
      'Company site': 'site',
      'SEC www.sec.gov': 'SECwww',
      'SEC data.sec.gov': 'SECdata',
      'Google News': 'Google',
      GDELT: 'GDELT',
      Publishers: 'publ.',
      'Hacker News': 'HN',
      AI: 'AI',
    };

    console.log('\nPer report (ms; CPU = this process, i.e. the server; requests = received by the fakes)');
    const head = ['#', 'wall', 'POST', 'run', 'model', 'CPU', 'PG CPU', 'SQL', 'SQL ms', ...services.map((s) => short[s] ?? s)];
    console.log(
      `${head.map((h, i) => (i === 0 ? h.padEnd(8) : h.padStart(8))).join('')}   prospects/events/sources/outreach/HN posts/figures`,
    );
    batches.forEach((b, i) => {
      const service = byService(b);
      b.reports.forEach((r, j) => {
        const label = `${i * CONCURRENCY + j + 1}${i === 0 ? ' cold' : ''}`;
        const d = b.details[j]!;
        const shared = [
          fmt(per(b, b.fakes.modelMs)),
          fmt(per(b, b.cpuMs)),
          b.pgCpuMs === null ? 'n/a' : fmt(per(b, b.pgCpuMs), 0),
          fmt(per(b, b.statements), 0),
          fmt(per(b, b.sqlMs)),
          ...services.map((s) => fmt(per(b, service.get(s) ?? 0), CONCURRENCY === 1 ? 0 : 1)),
        ];
        console.log(
          `${label.padEnd(8)}${[fmt(r.wallMs), fmt(r.postMs), fmt(r.runMs), ...shared].map((v) => v.padStart(8)).join('')}   ${d.prospects}/${d.events}/${d.sources}/${d.outreach}/${d.posts}/${d.financials}`,
        );
      });
    });

    // Summary: cold (the first batch) against warm (the rest), per report.
    const cold = batches[0]!;
    const warm = batches.slice(1);
    const row = (name: string, coldValue: number | null, warmValues: (number | null)[], digits = 1) => {
      const known = warmValues.filter((v): v is number => v !== null);
      const cells = [
        fmt(coldValue, digits),
        ...(known.length ? [fmt(percentile(known, 50)!, digits), fmt(Math.max(...known), digits)] : ['-', '-']),
      ];
      console.log(`${name.padEnd(44)}${cells.map((c) => c.padStart(11)).join('')}`);
    };
    console.log(`\nSummary per report${warm.length ? '' : ' (one batch only: no warm reports)'}`);
    console.log(`${''.padEnd(44)}${['cold', 'warm p50', 'warm max'].map((c) => c.padStart(11)).join('')}`);
    const coldMax = (pick: (r: Batch['reports'][number]) => number) => Math.max(...cold.reports.map(pick));
    row(
      'wall time, POST → succeeded (ms)',
      coldMax((r) => r.wallMs),
      warm.flatMap((b) => b.reports.map((r) => r.wallMs)),
    );
    row(
      '  of which POST /api/air/reports (ms)',
      coldMax((r) => r.postMs),
      warm.flatMap((b) => b.reports.map((r) => r.postMs)),
    );
    row(
      '  of which the model at the fake (ms)',
      per(cold, cold.fakes.modelMs),
      warm.map((b) => per(b, b.fakes.modelMs)),
    );
    row(
      'server CPU, user + system (ms)',
      per(cold, cold.cpuMs),
      warm.map((b) => per(b, b.cpuMs)),
    );
    row(
      'PostgreSQL CPU, its backends (ms)',
      cold.pgCpuMs === null ? null : per(cold, cold.pgCpuMs),
      warm.map((b) => (b.pgCpuMs === null ? null : per(b, b.pgCpuMs))),
      0,
    );
    row(
      'SQL statements',
      per(cold, cold.statements),
      warm.map((b) => per(b, b.statements)),
      0,
    );
    row(
      'SQL time, issued → answered (ms)',
      per(cold, cold.sqlMs),
      warm.map((b) => per(b, b.sqlMs)),
    );
    row(
      'SQL sent: statement texts + parameters (kB)',
      per(cold, cold.sqlChars) / 1000,
      warm.map((b) => per(b, b.sqlChars) / 1000),
    );
    row(
      "the kept steps of the report's run at the end (kB)",
      Math.max(...cold.details.map((d) => d.workChars)) / 1000,
      warm.flatMap((b) => b.details.map((d) => d.workChars / 1000)),
    );
    row(
      "fakes' CPU, child process, not counted (ms)",
      per(cold, cold.fakes.cpuMs),
      warm.map((b) => per(b, b.fakes.cpuMs)),
    );

    // The statements of the last report (batch) by their opening words, most characters sent first.
    const last = batches.at(-1)!;
    console.log(
      `\nSQL statements of the last ${CONCURRENCY === 1 ? 'report' : 'batch'} by kind (count, kB sent incl. parameters), most data first`,
    );
    for (const [kind, { n, chars }] of [...last.sqlKinds].sort((a, b) => b[1].chars - a[1].chars))
      console.log(`${String(n).padStart(5)}× ${(chars / 1000).toFixed(1).padStart(8)} kB  ${kind}`);

    console.log('\nExternal requests per report, by host and kind');
    console.log(`${''.padEnd(44)}${['cold', 'warm p50', 'warm max'].map((c) => c.padStart(11)).join('')}`);
    const kinds = [...new Set(batches.flatMap((b) => b.fakes.calls.map((c) => `${c.service}\t${c.what}`)))];
    const total = (b: Batch) => b.fakes.calls.length;
    for (const service of services) {
      const ofService = (b: Batch) => b.fakes.calls.filter((c) => c.service === service).length;
      row(
        service,
        per(cold, ofService(cold)),
        warm.map((b) => per(b, ofService(b))),
        CONCURRENCY === 1 ? 0 : 1,
      );
      for (const kind of kinds.filter((k) => k.startsWith(`${service}\t`))) {
        const ofKind = (b: Batch) => b.fakes.calls.filter((c) => `${c.service}\t${c.what}` === kind).length;
        row(
          `  ${kind.split('\t')[1]}`,
          per(cold, ofKind(cold)),
          warm.map((b) => per(b, ofKind(b))),
          CONCURRENCY === 1 ? 0 : 1,
        );
      }
    }
    row(
      'all external requests',
      per(cold, total(cold)),
      warm.map((b) => per(b, total(b))),
      CONCURRENCY === 1 ? 0 : 1,
    );

    // The same URL asked more than once per report (in a batch of k, more than k times): each extra
    // one is a request a cache or a shared promise could have saved.
    const repeats = new Map<string, { cold: number; warm: number[] }>();
    batches.forEach((b, i) => {
      for (const [key, n] of counts(b.fakes.calls, (c) => `${c.service}\t${c.what}\t${c.url}`)) {
        if (n <= b.reports.length) continue;
        const entry = repeats.get(key) ?? { cold: 0, warm: [] };
        if (i === 0) entry.cold = n;
        else entry.warm.push(n);
        repeats.set(key, entry);
      }
    });
    console.log(
      `\nThe same URL asked more than once ${CONCURRENCY === 1 ? 'within one report' : `per report (more than ${CONCURRENCY}× in a batch)`}`,
    );
    if (repeats.size === 0) console.log('  none');
    for (const [key, { cold: c, warm: w }] of repeats) {
      const [service, what, url] = key.split('\t') as [string, string, string];
      const where = [
        c ? `${c}× in the cold ${CONCURRENCY === 1 ? 'report' : 'batch'}` : '',
        w.length ? `${w.join('/')}× in ${w.length} of ${warm.length} warm` : '',
      ]
        .filter(Boolean)
        .join(', ');
      console.log(`  ${service}, ${what}: ${url.length > 110 ? `${url.slice(0, 107)}…` : url} — ${where}`);
    }
    console.log(`
wall     POST /api/air/reports (session, validation, credit check, report + run + job in one transaction)
         + engine.process (claim, the eight steps, commit with the e-mail queued); no queue wait
run      engine.process alone; model: the AI's time at the fake (request received → answer sent)
CPU      process.cpuUsage() of this process over the report (the bench's own small share included)
PG CPU   /proc CPU of the database's backends over the report (n/a when PostgreSQL is on another host)
SQL      statements the server's pg clients ran (pg-boss, the hub and better-auth included)
prospects/events/sources/outreach/HN posts/figures: what each report holds (so the work was real)
run time ${runTime.toFixed(0)} s`);
  } finally {
    await cleanUp();
  }
}
