// Benchmark: the 9 AM burst (issue 16). Usage:
//   npm run bench:alerts [-- --alerts 10000 --users 2000 --companies 1500 --workers 2 --concurrency 32
//                           --ai-latency 2000 --pacing real --slot-in 20 --timeout 60 --triggers 0 --trigger-poll 60
//                           --cpu-prof DIR]
// A fresh database (on the embedded PostgreSQL under data/bench, whose processes alone are measured;
// with DATABASE_URL, on that server and every postgres process on the machine counts), `alerts`
// news alerts of `users` users over `companies` companies: each company once, the rest drawn by a
// Zipf law (s = 1: the largest company is watched by about one alert in eight), no keywords. All of
// them fall due at one slot, `slot-in` minutes from the start: the bench inserts their runs and jobs
// as the tick does (worker.ts queueRuns) rather than waiting for the next hour. Then `workers`
// `ROLE=worker` processes (the production program with NODE_ENV=test: production refuses the
// PUBLISHER_ALLOW_PRIVATE_ADDRESSES that its fake publishers on 127.0.0.1 need, so React renders
// the e-mails with its development build) work against local fakes with the product's real pacing
// (`--pacing real`: Google News one request a second per process, GDELT one per 5 s; `off`: none):
// Google News and GDELT (two fake hosts), the publishers' pages (a third host, unpaced: real
// publishers are thousands of hosts), an OpenAI-compatible AI answering after `ai-latency` ms, and
// an SMTP server. With `--slot-in 0` the slot is now: nothing can be prepared ahead (what every slot
// was before ADR 016).
// With `--triggers N` (filings an hour), trigger events flow during the burst (issue 31: p99 must hold
// "while triggers flow"): every alert is opted in to leadership triggers (no quiet hours, cap 1,000),
// the workers poll a fake EDGAR (tests/fakes/sec.ts, its ticker list knowing the alerts' companies) at
// EDGAR's real pace every `trigger-poll` s, and from the workers' baseline poll until two minutes
// after the slot the bench publishes 8-Ks of item 5.02 by companies drawn uniformly among the alerts'
// (Poisson arrivals); each becomes one e-mail to every user watching the company, written with the
// fake AI's grounded sentence. The news trigger poller is off here (bench:triggers measures it).
// Then lateness and the after-the-slot lines count the burst's e-mails only, and the triggers' own
// line gives EDGAR acceptance → SMTP and their count against the expected.
// Reported:
//   lateness      SMTP acceptance − slot for every e-mail: p50, p99, max
//   prepared      when the last run was prepared, relative to the slot
//   alerts/s      runs finished ÷ (last finished − first created)
//   CPU ms/alert  worker processes (from /proc) and PostgreSQL's processes
//   SQL/alert     statements the workers ran (each counts its own: scripts/support/count-statements.ts), ÷ alerts
//   requests      to each external service (the fakes' logs), in all and per alert; searches per burst
//   duplicates    SMTP deliveries of a Message-ID (one per outbox row) beyond the first: must be 0
//   after the slot: the commit phase (slot → last run finished), mails/s (mails ÷ slot → last
//                 mail), CPU ms per mail of the workers and PostgreSQL from the slot on, load average
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { bootstrap } from '../src/server/bootstrap.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { sonarAlerts } from '../src/server/db/schema.ts';
import { queueRuns } from '../src/server/jobs/runs/worker.ts';
import { startFakeNews } from '../tests/fakes/news.ts';
import { newsAlertModel } from '../tests/fakes/news-alert-model.ts';
import { type FakeHandler, requestText, startFakeOpenAi } from '../tests/fakes/openai.ts';
import { startFakeSec } from '../tests/fakes/sec.ts';
import { startFakeSmtp } from '../tests/fakes/smtp.ts';
import { triggerModel } from '../tests/fakes/trigger-model.ts';
import { createFreshDatabase } from '../tests/support/database.ts';
import { EVERY_DAY, factoryDb, insertMany, newsAlertValues } from '../tests/support/factories.ts';
import { freePort } from '../tests/support/ports.ts';
import { countedStatements } from './support/count-statements.ts';

const { values: args } = parseArgs({
  options: {
    alerts: { type: 'string', default: '10000' },
    users: { type: 'string', default: '2000' },
    companies: { type: 'string', default: '1500' },
    workers: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '32' },
    'ai-latency': { type: 'string', default: '2000' },
    pacing: { type: 'string', default: 'real' },
    'slot-in': { type: 'string', default: '20' },
    timeout: { type: 'string', default: '60' },
    triggers: { type: 'string', default: '0' },
    'trigger-poll': { type: 'string', default: '60' },
    'cpu-prof': { type: 'string' },
  },
});
const ALERTS = Number(args.alerts);
const USERS = Number(args.users);
const COMPANIES = Number(args.companies);
const WORKERS = Number(args.workers);
const CONCURRENCY = Number(args.concurrency);
const AI_LATENCY_MS = Number(args['ai-latency']);
const REAL_PACING = args.pacing === 'real';
const SLOT_IN_MS = Number(args['slot-in']) * 60_000;
const TIMEOUT_MS = Number(args.timeout) * 60_000;
const TRIGGERS_PER_HOUR = Number(args.triggers);
const TRIGGER_POLL_SECONDS = Number(args['trigger-poll']);
// Watched companies' CIKs on the fake EDGAR: 3000001… (none is in the fixture's list).
const WATCHED_CIK = 3_000_000;
const SECRET = 'bench-secret-bench-secret-bench-secret-00';
const TICK_HZ = 100; // USER_HZ on Linux: /proc reports CPU time in these ticks
const EMBEDDED_DIR = 'data/bench';

const embedded = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({ dataDir: EMBEDDED_DIR, port: 54331, log: (line) => console.log(line) });
const baseUrl = process.env.DATABASE_URL ?? embedded!.url;
// One fake AI for both tasks: a trigger's prompt names its event ("The event: …").
const alertModel = newsAlertModel({ latencyMs: AI_LATENCY_MS });
const eventModel = triggerModel();
const model: FakeHandler = async (request, i) =>
  /The event: /.test(requestText(request)) ? { ...(await eventModel(request, i)), delayMs: AI_LATENCY_MS } : alertModel(request, i);
const [ai, google, gdelt, smtpPort, sec] = await Promise.all([
  startFakeOpenAi({ handler: model }),
  startFakeNews(0, { publisherHost: true }),
  startFakeNews(0, { publisherHost: true }),
  freePort(),
  TRIGGERS_PER_HOUR > 0 ? startFakeSec() : null,
]);
sec?.addTickers(
  Array.from({ length: COMPANIES }, (_, k) => ({ cik_str: WATCHED_CIK + k + 1, ticker: `BCO${k + 1}`, title: `Company ${k + 1} Inc.` })),
);
const smtp = await startFakeSmtp({ smtpPort, keep: 'headers' });

/** CPU seconds (user + system) of a process, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICK_HZ;
  } catch {
    return 0;
  }
}

/** CPU seconds of this process: the fakes run in it. */
function benchCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** The postmaster's pid and its children (the embedded server's backends), else every process named postgres. */
function postgresPids(): number[] {
  const pids: number[] = [];
  const postmaster = embedded ? Number(readFileSync(path.join(EMBEDDED_DIR, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]) : null;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (postmaster === null || Number(entry) === postmaster || parent === postmaster) pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

/** CPU seconds of PostgreSQL's processes, counting backends that ended since the last call. */
const postgresCpu = new Map<number, number>();
function samplePostgresCpu(): number {
  for (const pid of postgresPids()) postgresCpu.set(pid, Math.max(postgresCpu.get(pid) ?? 0, cpuSeconds(pid)));
  return [...postgresCpu.values()].reduce((a, b) => a + b, 0);
}

/** Company per alert: each company once, then a Zipf draw (s = 1) for the rest; a user never watches one twice. */
function companiesForAlerts(): string[] {
  const weights = Array.from({ length: COMPANIES }, (_, k) => 1 / (k + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) {
    sum += w / total;
    cumulative.push(sum);
  }
  // A fixed-seed generator: every run draws the same alerts.
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const draw = () => {
    const r = random();
    let lo = 0;
    let hi = COMPANIES - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const perUser = Math.ceil(ALERTS / USERS);
  const out: string[] = [];
  for (let i = 0; i < ALERTS; i++) {
    const own = new Set(out.slice(i - (i % perUser), i));
    let company = i < COMPANIES ? i : draw();
    while (own.has(`Company ${company + 1}`)) company = draw();
    out.push(`Company ${company + 1}`);
  }
  return out;
}

async function seed(url: string) {
  // Migrations, as a worker would run them; then users and alerts in bulk.
  const rt = await bootstrap({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'error', AUTH_SECRET: SECRET });
  await rt.close();
  const pool = new pg.Pool({ connectionString: url });
  await pool.query(
    `INSERT INTO users (id, email, name, email_verified)
     SELECT 'bench-' || i, 'reader' || i || '@example.com', 'Reader ' || i, true FROM generate_series(1, $1) i`,
    [USERS],
  );
  const perUser = Math.ceil(ALERTS / USERS);
  // Their hour is twelve hours away, so the workers' own tick never plans them: the bench does, for its slot.
  const farHour = new Date(Date.now() + 12 * 3_600_000);
  const alerts = companiesForAlerts().map((companyName, i) =>
    newsAlertValues(`bench-${1 + Math.floor(i / perUser)}`, {
      companyName,
      active: true,
      deliveryDays: EVERY_DAY,
      deliveryTime: farHour,
      updatedAt: new Date(Date.now() - 400 * 86_400_000),
    }),
  );
  await insertMany(factoryDb(pool), sonarAlerts, alerts);
  if (TRIGGERS_PER_HOUR > 0) {
    await pool.query(
      `INSERT INTO trigger_subscriptions (alert_type, alert_id, user_id, kinds) SELECT 'news', id, user_id, ARRAY['leadership'] FROM sonar_alerts`,
    );
    await pool.query(
      `INSERT INTO trigger_settings (user_id, quiet_start, quiet_end, time_zone, daily_cap) SELECT id, null, null, 'America/New_York', 1000 FROM users`,
    );
  }
  return pool;
}

function startWorker(url: string, statementsFile: string): ChildProcess {
  // With triggers, EDGAR's real pace for the fake's host (scripts/support/sec-pacing.ts).
  // With --cpu-prof DIR each worker writes a V8 CPU profile there when it exits (open it in Chrome's DevTools).
  const profile = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [];
  const preload = ['--import', './scripts/support/count-statements.ts', ...(sec ? ['--import', './scripts/support/sec-pacing.ts'] : [])];
  return spawn(process.execPath, [...profile, ...preload, 'src/server/main.ts'], {
    env: {
      ...process.env,
      BENCH_STATEMENTS_FILE: statementsFile,
      NODE_ENV: 'test',
      ROLE: 'worker',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '20',
      APP_URL: 'https://app.example.com',
      AUTH_SECRET: SECRET,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      AI_BASE_URL: ai.url,
      AI_MODEL: 'fake-alert-model',
      GOOGLE_NEWS_BASE_URL: google.url,
      GDELT_BASE_URL: gdelt.url,
      GOOGLE_NEWS_MIN_INTERVAL_MS: REAL_PACING ? '1000' : '0',
      GDELT_MIN_INTERVAL_MS: REAL_PACING ? '5000' : '0',
      // The fake publishers live on 127.0.0.1, one host for all of them: their pages are read like real ones.
      PUBLISHER_ALLOW_PRIVATE_ADDRESSES: 'true',
      PUBLISHER_MIN_INTERVAL_MS: '0',
      ALERT_CONCURRENCY: String(CONCURRENCY),
      ...(sec
        ? {
            SEC_BASE_URL: sec.url,
            SEC_DATA_BASE_URL: sec.url,
            SEC_USER_AGENT: 'Enterprise OS bench ops@example.com',
            BENCH_SEC_HOST: new URL(sec.url).host,
            TRIGGER_EDGAR_POLL_SECONDS: String(TRIGGER_POLL_SECONDS),
          }
        : {}),
      TRIGGER_NEWS_POLL_SECONDS: '0',
      TRIGGER_EARNINGS_POLL_SECONDS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

const count = async (pool: pg.Pool, query: string) => Number((await pool.query<{ n: string }>(query)).rows[0]!.n);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const database = await createFreshDatabase(baseUrl, 'eos_bench_alerts');
// Each worker counts its statements in its own process (scripts/support/count-statements.ts).
const statementFiles = Array.from({ length: WORKERS }, (_, i) => path.join(tmpdir(), `eos-bench-alerts-${process.pid}-${i}.statements`));
let workers: ChildProcess[] = [];
// Interrupted (Ctrl-C): no worker or embedded PostgreSQL left running.
process.once('SIGINT', () => {
  for (const w of workers) w.kill('SIGKILL');
  void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
});
try {
  const pool = await seed(database.url);
  console.log(
    `\n${ALERTS} news alerts of ${USERS} users over ${COMPANIES} companies, due ${SLOT_IN_MS / 60_000} min from now; ` +
      `${WORKERS} worker(s) × concurrency ${CONCURRENCY}, AI latency ${AI_LATENCY_MS} ms, pacing ${REAL_PACING ? 'real' : 'off'}, NODE_ENV=test`,
  );
  const dbCpuBefore = samplePostgresCpu();
  workers = statementFiles.map((file) => startWorker(database.url, file));
  const workerCpu = new Map<number, number>();
  // The workers create the run queue on start; then the runs and their jobs go in as the tick puts them.
  while ((await count(pool, `SELECT count(*) AS n FROM pgboss.queue WHERE name = 'alert-run'`).catch(() => 0)) === 0) await sleep(200);
  const boss = new PgBoss({ connectionString: database.url, supervise: false, schedule: false });
  await boss.start();
  const slot = new Date(Math.ceil((Date.now() + SLOT_IN_MS) / 1000) * 1000);
  const client = await pool.connect();
  await client.query('BEGIN');
  const { rows: runs } = await client.query<{ id: string }>(
    `INSERT INTO alert_runs (kind, alert_id, user_id, slot) SELECT 'news', id, user_id, $1 FROM sonar_alerts RETURNING id`,
    [slot.toISOString()],
  );
  await queueRuns(
    boss,
    client,
    runs.map((r) => r.id),
  );
  await client.query('COMMIT');
  client.release();
  await boss.stop({ graceful: false });

  const started = Date.now();
  // Trigger filings: Poisson arrivals (fixed seed) from the workers' first EDGAR poll (their baseline:
  // what EDGAR lists then is old news) until two minutes after the slot.
  let triggerRandom = 7;
  const nextUniform = () => {
    triggerRandom = (triggerRandom * 1103515245 + 12345) % 2 ** 31;
    return triggerRandom / 2 ** 31;
  };
  const published: { accession: string; at: number; company: number }[] = [];
  let nextFilingAt = Number.NaN;
  const publishUntil = slot.getTime() + 120_000;
  const publishFilings = async () => {
    if (!sec || Date.now() > publishUntil) return;
    if (Number.isNaN(nextFilingAt)) {
      const polled = await count(pool, 'SELECT count(*) AS n FROM source_polls WHERE polled_at IS NOT NULL').catch(() => 0);
      if (polled === 0) return;
      nextFilingAt = Date.now();
    }
    while (nextFilingAt <= Date.now()) {
      // A company files once here: two 8-Ks of one company minutes apart could be one event.
      let company = Math.floor(nextUniform() * COMPANIES);
      while (published.some((p) => p.company === company)) company = Math.floor(nextUniform() * COMPANIES);
      const at = Date.now();
      const { accession } = sec.publishFiling({
        form: '8-K',
        company: `Company ${company + 1} Inc.`,
        cik: WATCHED_CIK + company + 1,
        items: ['5.02', '9.01'],
        acceptedAt: new Date(at),
      });
      published.push({ accession, at, company });
      nextFilingAt += (-Math.log(1 - nextUniform()) * 3_600_000) / TRIGGERS_PER_HOUR;
    }
  };
  // Every user watching a filer's company gets one e-mail (a user has an alert on a company at most once).
  let expectedTriggers = Number.NaN;
  const expectedTriggerMails = async () => {
    if (Number.isNaN(expectedTriggers))
      expectedTriggers = await count(
        pool,
        `SELECT count(*) AS n FROM sonar_alerts WHERE company_name = ANY(ARRAY[${published.map((p) => `'Company ${p.company + 1}'`).join(',') || "''"}])`,
      );
    return expectedTriggers;
  };
  const triggerMailsSent = () =>
    count(
      pool,
      `SELECT count(*) AS n FROM alert_runs r JOIN mail_outbox m ON m.id = r.mail_id WHERE r.kind = 'trigger' AND m.status = 'sent'`,
    );
  // CPU (workers, PostgreSQL) and load average when the slot came, sampled within a second of it.
  let atSlot: { worker: number; db: number; load: number; bench: number } | null = null;
  for (;;) {
    await sleep(1000);
    await publishFilings();
    for (const w of workers) if (w.pid) workerCpu.set(w.pid, Math.max(workerCpu.get(w.pid) ?? 0, cpuSeconds(w.pid)));
    const dbNow = samplePostgresCpu();
    if (!atSlot && Date.now() >= slot.getTime())
      atSlot = { worker: [...workerCpu.values()].reduce((a, b) => a + b, 0), db: dbNow, load: loadavg()[0]!, bench: benchCpuSeconds() };
    const { rows } = await pool.query<{ status: string; n: string }>('SELECT status, count(*) AS n FROM alert_runs GROUP BY 1');
    const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    const open = (by.queued ?? 0) + (by.running ?? 0) + (by.prepared ?? 0);
    const pendingMail = await count(pool, `SELECT count(*) AS n FROM mail_outbox WHERE status = 'pending'`);
    const toSlot = Math.round((slot.getTime() - Date.now()) / 1000);
    process.stdout.write(
      `\r  ${toSlot >= 0 ? `slot in ${toSlot}s` : `${-toSlot}s after slot`}: prepared ${by.prepared ?? 0}, succeeded ${by.succeeded ?? 0}, failed ${by.failed ?? 0}, open ${open}, mails pending ${pendingMail}, SMTP ${smtp.messages.length}${sec ? `, filings ${published.length}` : ''}   `,
    );
    // With triggers: also past the publishing, a poll since the last filing, and every trigger e-mail sent.
    const triggersDone =
      !sec ||
      (Date.now() > publishUntil &&
        (await count(
          pool,
          `SELECT count(*) AS n FROM source_polls WHERE polled_at > to_timestamp(${(published.at(-1)?.at ?? 0) / 1000})`,
        )) > 0 &&
        (await triggerMailsSent()) >= (await expectedTriggerMails()));
    if (open === 0 && pendingMail === 0 && Date.now() > slot.getTime() && triggersDone) break;
    if (Date.now() - started > TIMEOUT_MS) {
      console.log(`\n  gave up after ${TIMEOUT_MS / 60_000} min`);
      break;
    }
  }
  const dbCpuEnd = samplePostgresCpu();
  const benchCpuEnd = benchCpuSeconds();
  const dbCpu = dbCpuEnd - dbCpuBefore;
  const loadAtEnd = loadavg()[0]!;
  for (const w of workers) w.kill('SIGTERM');
  await Promise.all(workers.map((w) => new Promise((resolve) => (w.exitCode === null ? w.once('exit', resolve) : resolve(null)))));
  // Written at each worker's exit: every statement it ran, from its start.
  const statements = countedStatements(statementFiles);
  for (const file of statementFiles) rmSync(file, { force: true });

  const { rows: summary } = await pool.query<{ runs_s: number; failed: string; succeeded: string; last_finished: Date | null }>(`
    SELECT count(*) FILTER (WHERE status = 'succeeded') / nullif(extract(epoch FROM max(finished_at) - min(created_at)), 0) AS runs_s,
           max(finished_at) AS last_finished,
           count(*) FILTER (WHERE status = 'failed') AS failed,
           count(*) FILTER (WHERE status = 'succeeded') AS succeeded
      FROM alert_runs WHERE kind = 'news'`);
  // (An engine from before ADR 016 has no due_at: nothing was prepared ahead.)
  const lastPrepared = await pool
    .query<{ at: Date | null }>('SELECT max(started_at) FILTER (WHERE due_at IS NOT NULL) AS at FROM alert_runs')
    .then((r) => r.rows[0]!.at)
    .catch(() => null);
  const reasons = await pool.query<{ reason: string; n: string }>(
    `SELECT kind || ': ' || left(reason, 120) AS reason, count(*) AS n FROM alert_runs WHERE status = 'failed' GROUP BY 1 ORDER BY 2 DESC LIMIT 5`,
  );
  // Every outbox row is one Message-ID (<row id@domain>): a second delivery of one is a duplicate.
  const outboxRows = await count(pool, 'SELECT count(*) AS n FROM mail_outbox');
  const byMessageId = new Map<string, number>();
  for (const m of smtp.messages) byMessageId.set(m.headers['message-id'] ?? '', (byMessageId.get(m.headers['message-id'] ?? '') ?? 0) + 1);
  let duplicates = 0;
  for (const n of byMessageId.values()) duplicates += n - 1;
  // Trigger e-mails (Message-ID <outbox row id@domain> → their run → its event, sec:<accession>) apart from the burst's.
  const { rows: triggerMails } = await pool.query<{ id: string; event_key: string }>(
    `SELECT m.id, e.event_key FROM alert_runs r JOIN trigger_events e ON e.id = r.alert_id JOIN mail_outbox m ON m.id = r.mail_id WHERE r.kind = 'trigger'`,
  );
  const eventOfMail = new Map(triggerMails.map((m) => [m.id, m.event_key]));
  const acceptedAt = new Map(published.map((p) => [`sec:${p.accession}`, p.at]));
  const mailId = (m: (typeof smtp.messages)[number]) => (m.headers['message-id'] ?? '').match(/^<([^@]+)@/)?.[1] ?? '';
  const triggerLatency = smtp.messages
    .filter((m) => eventOfMail.has(mailId(m)))
    .map((m) => (Date.parse(m.receivedAt) - (acceptedAt.get(eventOfMail.get(mailId(m))!) ?? Number.NaN)) / 1000)
    .sort((a, b) => a - b);
  const lateness = smtp.messages
    .filter((m) => !eventOfMail.has(mailId(m)))
    .map((m) => (Date.parse(m.receivedAt) - slot.getTime()) / 1000)
    .sort((a, b) => a - b);
  const cpu = [...workerCpu.values()].reduce((a, b) => a + b, 0);
  const row = summary[0]!;
  // Per alert finished (all of them, unless the bench gave up): the costs so far over the work done so far.
  const finished = Math.max(1, Number(row.succeeded) + Number(row.failed));
  const requests = {
    'Google News searches': google.requests.filter((r) => r.path === '/rss/search').length,
    'Google News decodes': google.requests.filter((r) => r.path.includes('/articles/') || r.path.includes('batchexecute')).length,
    'GDELT searches': gdelt.requests.filter((r) => r.path === '/api/v2/doc/doc').length,
    'publisher pages': [...google.requests, ...gdelt.requests].filter(
      (r) => r.headers.host?.endsWith(new URL(google.publisherUrl).host) || r.headers.host?.endsWith(new URL(gdelt.publisherUrl).host),
    ).length,
    'AI calls': ai.requests.length,
    ...(sec ? { 'EDGAR requests': sec.requests.length } : {}),
  };
  const external = Object.values(requests).reduce((a, b) => a + b, 0);
  const searches = await count(pool, 'SELECT count(*) AS n FROM news_searches').catch(() => Number.NaN);

  console.log(`\n\n| measure | value |\n|---|---|`);
  console.log(`| e-mails accepted by SMTP | ${smtp.messages.length} (outbox rows ${outboxRows}) |`);
  if (sec) {
    console.log(
      `| trigger filings published (slot − ${((slot.getTime() - (published[0]?.at ?? slot.getTime())) / 1000).toFixed(0)} s → slot + 120 s) / e-mails sent / expected | ${published.length} / ${triggerLatency.length} / ${expectedTriggers} |`,
    );
    console.log(
      `| triggers: EDGAR acceptance → SMTP p50 / p95 / max | ${percentile(triggerLatency, 50).toFixed(1)} s / ${percentile(triggerLatency, 95).toFixed(1)} s / ${triggerLatency.at(-1)?.toFixed(1)} s |`,
    );
  }
  console.log(
    `| lateness p50 / p99 / max (SMTP acceptance − slot; the burst's e-mails) | ${percentile(lateness, 50).toFixed(1)} s / ${percentile(lateness, 99).toFixed(1)} s / ${lateness.at(-1)?.toFixed(1)} s |`,
  );
  console.log(
    `| last run prepared | ${lastPrepared ? `${((new Date(lastPrepared).getTime() - slot.getTime()) / 1000).toFixed(0)} s from the slot` : 'none prepared ahead'} |`,
  );
  console.log(
    `| runs succeeded / failed / unfinished | ${row.succeeded} / ${row.failed} / ${ALERTS - Number(row.succeeded) - Number(row.failed)} |`,
  );
  console.log(`| alerts/s (finished ÷ last finished − first created) | ${Number(row.runs_s).toFixed(1)} |`);
  const commitPhase = row.last_finished ? (new Date(row.last_finished).getTime() - slot.getTime()) / 1000 : Number.NaN;
  const mailsPerSecond = lateness.length > 0 ? lateness.length / Math.max(0.001, lateness.at(-1)!) : Number.NaN;
  const mails = Math.max(1, lateness.length);
  console.log(`| commit phase (slot → last run finished) | ${commitPhase.toFixed(1)} s |`);
  console.log(`| mails/s (mails ÷ slot → last mail) | ${mailsPerSecond.toFixed(1)} |`);
  if (atSlot) {
    console.log(`| worker CPU ms/mail from the slot on | ${(((cpu - atSlot.worker) * 1000) / mails).toFixed(2)} |`);
    console.log(`| PostgreSQL CPU ms/mail from the slot on | ${(((dbCpuEnd - atSlot.db) * 1000) / mails).toFixed(2)} |`);
    console.log(
      `| bench process CPU ms/mail from the slot on (its fakes, SMTP included: not the product's, but on the same cores) | ${(((benchCpuEnd - atSlot.bench) * 1000) / mails).toFixed(2)} |`,
    );
    console.log(`| load average (1 min) at the slot / at the end | ${atSlot.load.toFixed(2)} / ${loadAtEnd.toFixed(2)} |`);
  }
  console.log(`| worker CPU ms/alert | ${((cpu * 1000) / finished).toFixed(2)} |`);
  console.log(`| PostgreSQL CPU ms/alert | ${((dbCpu * 1000) / finished).toFixed(2)} |`);
  console.log(`| SQL statements/alert (workers) | ${(statements / finished).toFixed(1)} |`);
  for (const [name, n] of Object.entries(requests)) console.log(`| ${name} | ${n} (${(n / finished).toFixed(3)}/alert) |`);
  console.log(`| external requests/alert | ${(external / finished).toFixed(3)} |`);
  console.log(`| shared searches stored (news_searches) | ${searches} |`);
  console.log(`| duplicates | ${duplicates} |`);
  for (const r of reasons.rows) console.log(`  failed ×${r.n}: ${r.reason}`);
  await pool.end();
} finally {
  await database.drop();
  await Promise.all([ai.stop(), google.stop(), gdelt.stop(), smtp.stop(), sec?.stop()]);
  await embedded?.stop();
}
