// Benchmark: trigger events at scale (issue 31 "Speed"), EDGAR acceptance → e-mail delivered. Usage:
//   npm run bench:triggers [-- --users 10000 --companies 1500 --workers 2 --minutes 4 --filings-per-hour 120
//                             --watched-share 0.3 --poll 60 --ai-latency 2000 --top-first true --drain 180
//                             --port-base 4950 --stories-per-hour 6 --news-poll 870]
// A fresh database (on the embedded PostgreSQL under data/bench-triggers, whose processes alone are
// measured; with DATABASE_URL, on that server and every postgres process on the machine counts):
// `users` users, each with one to three active news alerts (two on average) over `companies`
// companies — each company once, the rest drawn by a Zipf law (s = 1), never one twice per user —
// every alert opted in to trigger events (a trigger_subscriptions row wanting each of the eight kinds
// with probability 3/4, at least one), every user with no quiet hours and a daily cap of 1,000. The
// fake EDGAR's ticker list knows the watched companies (sec.ts addTickers), so the poller resolves
// their names to CIKs as in production. `workers` `ROLE=worker` processes of the real program run
// with NODE_ENV=production, TRIGGER_EDGAR_POLL_SECONDS=`poll`, EDGAR's real pace (110 ms between
// requests per process, given to the fake's host by scripts/support/sec-pacing.ts), the fake AI
// (tests/fakes/trigger-model.ts) answering after `ai-latency` ms and a fake SMTP server.
// Once the first poll has taken its baseline, the bench publishes filings on the fake EDGAR for
// `minutes` at the 16:00–17:30 New York burst's pace (`filings-per-hour`, Poisson arrivals), each
// accepted the moment it is published: a `watched-share` of them by watched companies (with
// `--top-first`, the first is the most-watched company's 8-K item 5.02: the burst's worst case,
// thousands of users at once; the others drawn uniformly), the rest by unwatched filers; 85% 8-Ks with mixed
// items (5.02, 1.01, 2.01, 2.05, 2.02, 7.01, 8.01, 1.03, with 9.01), 12% Form D, 3% S-1. Then it
// waits up to `drain` seconds for the e-mails still due. The arrivals are drawn with a fixed seed, so
// a short window holds what that draw gives (4.5 minutes at 120 an hour: 4 filings, not 9).
// News: fake Google News and GDELT (tests/fakes/news.ts; each on its own port, as they are two hosts:
// the product paces by host, and one shared host would pace Google News at GDELT's 5 s), at the real
// services' pace (GOOGLE_NEWS_MIN_INTERVAL_MS 1000, GDELT_MIN_INTERVAL_MS 5000); the bench publishes
// its stories on Google News only (GDELT answers none); the news
// poller every `news-poll` s; during the window stories about watched companies with an event in the
// headline come out (`stories-per-hour`, Poisson), and 30 s after each of the first two watched
// 8-Ks of item 5.02 a story on the same appointment (it must merge into the filing's trigger).
// Production mode refuses PUBLISHER_ALLOW_PRIVATE_ADDRESSES, so the publishers' pages on loopback are
// not read: stories are told from their headlines. The fakes listen on `port-base` … +5 (AI,
// embedded PostgreSQL, EDGAR, SMTP, Google News, GDELT), so runs with different bases never collide.
// Reported:
//   latency       EDGAR acceptance → SMTP acceptance for every filing's trigger e-mail: p50, p95, max
//   e-mails       filings' e-mails accepted by SMTP vs expected (for each watched filing, the users with
//                 an alert on its company whose subscription wants one of its kinds, counted from the seed)
//   news          stories published / seen / merged into a filing; first seen (the first search naming
//                 the company after it came out, from the fake's log) → SMTP and published → SMTP per
//                 e-mail; each company's gap between two Google News searches naming it (since the
//                 workers' start: a gap needs two passes, so a window shorter than the period shows
//                 none); news requests per host and kind per hour
//   CPU           worker processes (from /proc) and PostgreSQL's, per hour of run and per e-mail
//   SQL           statements the workers ran (each counts its own: scripts/support/count-statements.ts), per hour and per e-mail
//   requests      per host and kind (the fakes' logs), in all and per hour; EDGAR's busiest second
//   duplicates    SMTP deliveries of a Message-ID (one per outbox row) beyond the first: must be 0
// Measured from the first filing published (start-up and the baseline poll excluded).
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { bootstrap } from '../src/server/bootstrap.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { sonarAlerts } from '../src/server/db/schema.ts';
import { triggerKindsOf } from '../src/server/jobs/triggers/classify.ts';
import { pageKey } from '../src/server/sources/web/site.ts';
import { startFakeNews } from '../tests/fakes/news.ts';
import { startFakeOpenAi } from '../tests/fakes/openai.ts';
import { type PublishFiling, startFakeSec } from '../tests/fakes/sec.ts';
import { startFakeSmtp } from '../tests/fakes/smtp.ts';
import { triggerModel } from '../tests/fakes/trigger-model.ts';
import { createFreshDatabase } from '../tests/support/database.ts';
import { EVERY_DAY, factoryDb, insertMany, newsAlertValues } from '../tests/support/factories.ts';
import { countedStatements } from './support/count-statements.ts';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    companies: { type: 'string', default: '1500' },
    workers: { type: 'string', default: '2' },
    minutes: { type: 'string', default: '4' },
    'filings-per-hour': { type: 'string', default: '120' },
    'watched-share': { type: 'string', default: '0.3' },
    poll: { type: 'string', default: '60' },
    'ai-latency': { type: 'string', default: '2000' },
    'top-first': { type: 'string', default: 'true' },
    drain: { type: 'string', default: '180' },
    'port-base': { type: 'string', default: '4950' },
    'stories-per-hour': { type: 'string', default: '6' },
    'news-poll': { type: 'string', default: '870' },
  },
});
const USERS = Number(args.users);
const COMPANIES = Number(args.companies);
const WORKERS = Number(args.workers);
const WINDOW_MS = Number(args.minutes) * 60_000;
const FILINGS_PER_HOUR = Number(args['filings-per-hour']);
const WATCHED_SHARE = Number(args['watched-share']);
const POLL_SECONDS = Number(args.poll);
const AI_LATENCY_MS = Number(args['ai-latency']);
const TOP_FIRST = args['top-first'] !== 'false';
const DRAIN_MS = Number(args.drain) * 1000;
// The fakes' ports: AI, embedded PostgreSQL, EDGAR, SMTP, Google News, GDELT (+0 … +5), fixed so two runs never share one.
const PORT_BASE = Number(args['port-base']);
const STORIES_PER_HOUR = Number(args['stories-per-hour']);
const NEWS_POLL_SECONDS = Number(args['news-poll']);
const SECRET = 'bench-secret-bench-secret-bench-secret-00';
const TICK_HZ = 100; // USER_HZ on Linux: /proc reports CPU time in these ticks
const EMBEDDED_DIR = 'data/bench-triggers';
const KINDS = ['leadership', 'agreement', 'acquisition', 'restructuring', 'bankruptcy', 'funding', 'ipo', 'activist'];
// Watched companies are CIK 3000001…, unwatched filers 4000001…: neither is in the fixture's list.
const WATCHED_CIK = 3_000_000;
const UNWATCHED_CIK = 4_000_000;
const companyName = (k: number) => `Benchline Widgets ${k + 1}`;

const embedded = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({ dataDir: EMBEDDED_DIR, port: PORT_BASE + 1, log: (line) => console.log(line) });
const baseUrl = process.env.DATABASE_URL ?? embedded!.url;
const slow = triggerModel();
const [ai, sec, smtp, news, gdelt] = await Promise.all([
  startFakeOpenAi({ handler: async (request, i) => ({ ...(await slow(request, i)), delayMs: AI_LATENCY_MS }), port: PORT_BASE }),
  startFakeSec(PORT_BASE + 2),
  startFakeSmtp({ smtpPort: PORT_BASE + 3, keep: 'headers' }),
  // Google News, its publishers' pages on another port (so hosts are told apart); GDELT on its own.
  startFakeNews(PORT_BASE + 4, { publisherHost: true }),
  startFakeNews(PORT_BASE + 5),
]);
// Only the stories the bench publishes: the fixture's would be old news to every company.
news.mode.stories = 'published';
gdelt.mode.stories = 'published';
sec.addTickers(
  Array.from({ length: COMPANIES }, (_, k) => ({ cik_str: WATCHED_CIK + k + 1, ticker: `BLW${k + 1}`, title: `${companyName(k)} Inc.` })),
);

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

/** A fixed-seed generator: every run seeds the same alerts and plans the same filings, whatever the scale. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Each user's companies (indexes): one to three, each company once overall, the rest by Zipf (s = 1). */
function companiesPerUser(): number[][] {
  const random = generator(42);
  const weights = Array.from({ length: COMPANIES }, (_, k) => 1 / (k + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) {
    sum += w / total;
    cumulative.push(sum);
  }
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
  let next = 0;
  return Array.from({ length: USERS }, () => {
    const own = new Set<number>();
    const count = 1 + Math.floor(random() * 3);
    while (own.size < count) {
      let company = next < COMPANIES ? next++ : draw();
      while (own.has(company)) company = draw();
      own.add(company);
    }
    return [...own];
  });
}

async function seedDatabase(url: string) {
  // Migrations, as a worker would run them; then users, alerts, subscriptions and rules in bulk.
  const rt = await bootstrap({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'error', AUTH_SECRET: SECRET });
  await rt.close();
  const pool = new pg.Pool({ connectionString: url });
  await pool.query(
    `INSERT INTO users (id, email, name, email_verified)
     SELECT 'bench-' || i, 'reader' || i || '@example.com', 'Reader ' || i, true FROM generate_series(1, $1) i`,
    [USERS],
  );
  // Their news e-mail's hour is twelve hours away: the workers' tick never plans them within the bench.
  const farHour = new Date(Date.now() + 12 * 3_600_000);
  const alerts = companiesPerUser().flatMap((companies, u) =>
    companies.map((k) =>
      newsAlertValues(`bench-${u + 1}`, {
        companyName: companyName(k),
        active: true,
        deliveryDays: EVERY_DAY,
        deliveryTime: farHour,
        updatedAt: new Date(Date.now() - 400 * 86_400_000),
      }),
    ),
  );
  await insertMany(factoryDb(pool), sonarAlerts, alerts);
  // Each kind wanted with probability 3/4 (a subscription wants at least one); the same draw every run.
  await pool.query('SELECT setseed(0.42)');
  await pool.query(
    `INSERT INTO trigger_subscriptions (alert_type, alert_id, user_id, kinds)
     SELECT 'news', a.id, a.user_id,
            coalesce((SELECT array_agg(k) FROM unnest($1::text[]) k WHERE random() < 0.75 AND a.id IS NOT NULL), ARRAY['leadership'])
       FROM (SELECT id, user_id FROM sonar_alerts ORDER BY user_id, company_name) a`,
    [KINDS],
  );
  await pool.query(
    `INSERT INTO trigger_settings (user_id, quiet_start, quiet_end, time_zone, daily_cap)
     SELECT id, null, null, 'America/New_York', 1000 FROM users`,
  );
  return { pool, alerts: alerts.length };
}

type Planned = { at: number; filing: PublishFiling; watched: number | null };

/** The filings of the window: Poisson arrivals at the burst's pace, offsets from the window's start. */
function planFilings(): Planned[] {
  const eightK = [
    { items: ['5.02', '9.01'], weight: 25 },
    { items: ['1.01', '9.01'], weight: 15 },
    { items: ['2.01', '9.01'], weight: 8 },
    { items: ['2.05'], weight: 3 },
    { items: ['2.02', '9.01'], weight: 15 },
    { items: ['7.01', '9.01'], weight: 15 },
    { items: ['8.01', '9.01'], weight: 18 },
    { items: ['1.03'], weight: 1 },
  ];
  const eightKTotal = eightK.reduce((a, b) => a + b.weight, 0);
  const random = generator(7);
  const planned: Planned[] = [];
  let at = 0;
  for (let i = 1; ; i++) {
    at += (-Math.log(1 - random()) * 3_600_000) / FILINGS_PER_HOUR;
    if (at >= WINDOW_MS) break;
    // Exactly the share, spread evenly from the first filing on (a short window's few filings drawn at
    // random could hold none).
    const isWatched = Math.ceil((i - 1) * WATCHED_SHARE) !== Math.ceil(i * WATCHED_SHARE);
    const topFirst = isWatched && TOP_FIRST && i === 1;
    const watched = isWatched ? (topFirst ? 0 : Math.floor(random() * COMPANIES)) : null;
    const party =
      watched === null
        ? { company: `Unwatched Filer ${i} LLC`, cik: UNWATCHED_CIK + i }
        : { company: `${companyName(watched)} Inc.`, cik: WATCHED_CIK + watched + 1 };
    const r = random();
    let filing: PublishFiling;
    if (r < 0.85) {
      let pick = random() * eightKTotal;
      let items = ['8.01'];
      for (const e of eightK) {
        if (pick < e.weight) {
          items = e.items;
          break;
        }
        pick -= e.weight;
      }
      filing = { form: '8-K', ...party, items };
    } else if (r < 0.97) {
      filing = {
        form: 'D',
        ...party,
        offering: { totalOfferingAmount: 5_000_000, totalAmountSold: 2_500_000, industryGroup: 'Other Technology' },
      };
    } else {
      filing = { form: 'S-1', ...party };
    }
    // The worst case: the most-watched company reports a leadership change.
    if (topFirst) filing = { form: '8-K', ...party, items: ['5.02', '9.01'] };
    planned.push({ at, filing, watched });
  }
  return planned;
}

type PlannedStory = { at: number; company: number; headline: string };
const STORY_HEADLINES = [
  (c: string) => `${c} names new chief financial officer`,
  (c: string) => `${c} to acquire a rival software maker`,
  (c: string) => `${c} raises $40 million in Series C funding`,
  (c: string) => `${c} lays off 200 employees in restructuring`,
  (c: string) => `${c} launches its new analytics platform`,
];

/**
 * The window's news: Poisson arrivals (`stories-per-hour`) about watched companies drawn uniformly,
 * and for the first two watched 8-Ks of item 5.02 a story on the same appointment 30 s after the
 * filing (it must merge into the filing's trigger).
 */
function planStories(filings: Planned[]): PlannedStory[] {
  const random = generator(11);
  const stories: PlannedStory[] = [];
  let at = 0;
  for (;;) {
    at += (-Math.log(1 - random()) * 3_600_000) / STORIES_PER_HOUR;
    if (at >= WINDOW_MS) break;
    const company = Math.floor(random() * COMPANIES);
    const headline = STORY_HEADLINES[Math.floor(random() * STORY_HEADLINES.length)]!(companyName(company));
    stories.push({ at, company, headline });
  }
  const officers = filings.filter((p) => p.watched !== null && p.filing.items?.includes('5.02')).slice(0, 2);
  for (const p of officers)
    stories.push({ at: p.at + 30_000, company: p.watched!, headline: `${companyName(p.watched!)} appoints a new chief operating officer` });
  return stories.sort((a, b) => a.at - b.at);
}

function startWorker(url: string, statementsFile: string): ChildProcess {
  const preload = ['--import', './scripts/support/count-statements.ts', '--import', './scripts/support/sec-pacing.ts'];
  return spawn(process.execPath, [...preload, 'src/server/main.ts'], {
    env: {
      ...process.env,
      BENCH_STATEMENTS_FILE: statementsFile,
      NODE_ENV: 'production',
      ROLE: 'worker',
      DATABASE_URL: url,
      APP_URL: 'https://app.example.com',
      AUTH_SECRET: SECRET,
      SMTP_URL: `smtp://127.0.0.1:${smtp.smtpPort}`,
      AI_BASE_URL: ai.url,
      AI_MODEL: 'fake-trigger-model',
      SEC_BASE_URL: sec.url,
      SEC_DATA_BASE_URL: sec.url,
      SEC_USER_AGENT: 'Enterprise OS bench ops@example.com',
      BENCH_SEC_HOST: new URL(sec.url).host,
      TRIGGER_EDGAR_POLL_SECONDS: String(POLL_SECONDS),
      TRIGGER_NEWS_POLL_SECONDS: String(NEWS_POLL_SECONDS),
      // The fake news services, at the real services' pace (a stand-in's address has none by default).
      // Production mode refuses PUBLISHER_ALLOW_PRIVATE_ADDRESSES, so the publishers' pages on loopback
      // are not read: stories are classified from their headlines, as in production, without text.
      GOOGLE_NEWS_BASE_URL: news.url,
      GDELT_BASE_URL: gdelt.url,
      GOOGLE_NEWS_MIN_INTERVAL_MS: '1000',
      GDELT_MIN_INTERVAL_MS: '5000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

const count = async (pool: pg.Pool, query: string) => Number((await pool.query<{ n: string }>(query)).rows[0]!.n);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const database = await createFreshDatabase(baseUrl, 'eos_bench_triggers');
const statementFiles = Array.from({ length: WORKERS }, (_, i) => path.join(tmpdir(), `eos-bench-triggers-${process.pid}-${i}.statements`));
let workers: ChildProcess[] = [];
// Interrupted (Ctrl-C): no worker or embedded PostgreSQL left running.
process.once('SIGINT', () => {
  for (const w of workers) w.kill('SIGKILL');
  void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
});
try {
  const { pool, alerts } = await seedDatabase(database.url);
  const plan = planFilings();
  const storyPlan = planStories(plan);
  console.log(
    `\n${USERS} users, ${alerts} news alerts over ${COMPANIES} companies (Zipf), all opted in; ${WORKERS} worker(s), NODE_ENV=production, ` +
      `poll ${POLL_SECONDS} s, AI latency ${AI_LATENCY_MS} ms; ${plan.length} filings planned over ${WINDOW_MS / 60_000} min ` +
      `(${FILINGS_PER_HOUR}/h, ${plan.filter((p) => p.watched !== null).length} by watched companies${TOP_FIRST ? ', the most-watched first' : ''})`,
  );
  workers = statementFiles.map((file) => startWorker(database.url, file));
  const workerCpu = new Map<number, number>();
  const sampleWorkerCpu = () => {
    for (const w of workers) if (w.pid) workerCpu.set(w.pid, Math.max(workerCpu.get(w.pid) ?? 0, cpuSeconds(w.pid)));
    return [...workerCpu.values()].reduce((a, b) => a + b, 0);
  };
  // The first poll only takes note of what EDGAR lists: filings count from after it.
  const bootStarted = Date.now();
  while ((await count(pool, 'SELECT count(*) AS n FROM source_polls WHERE polled_at IS NOT NULL').catch(() => 0)) === 0) {
    if (Date.now() - bootStarted > 120_000) throw new Error('no baseline poll within 2 minutes');
    await sleep(250);
  }
  const started = Date.now();
  const workerCpuBefore = sampleWorkerCpu();
  const dbCpuBefore = samplePostgresCpu();
  const statementsBefore = countedStatements(statementFiles);
  const secBefore = sec.requests.length;
  const aiBefore = ai.requests.length;
  console.log(`  baseline poll after ${((started - bootStarted) / 1000).toFixed(1)} s; publishing`);

  const published: { accession: string; at: number; planned: Planned }[] = [];
  const storiesPublished: { urlKey: string; at: number; company: string }[] = [];
  let nextStory = 0;
  let next = 0;
  let expected = Number.NaN;
  for (;;) {
    await sleep(1000);
    const now = Date.now();
    while (next < plan.length && started + plan[next]!.at <= now) {
      const planned = plan[next++]!;
      const at = Date.now();
      const { accession } = sec.publishFiling({ ...planned.filing, acceptedAt: new Date(at) });
      published.push({ accession, at, planned });
    }
    while (nextStory < storyPlan.length && started + storyPlan[nextStory]!.at <= now) {
      const story = storyPlan[nextStory++]!;
      const at = Date.now();
      const url = news.publishStory({ company: companyName(story.company), headline: story.headline, publishedAt: new Date(at) });
      storiesPublished.push({ urlKey: pageKey(url) ?? url, at, company: companyName(story.company) });
    }
    sampleWorkerCpu();
    samplePostgresCpu();
    const open = await count(
      pool,
      `SELECT count(*) AS n FROM alert_runs WHERE kind = 'trigger' AND status IN ('queued', 'running', 'prepared')`,
    );
    const runs = await count(pool, `SELECT count(*) AS n FROM alert_runs WHERE kind = 'trigger'`);
    const pendingMail = await count(pool, `SELECT count(*) AS n FROM mail_outbox WHERE status = 'pending'`);
    const windowLeft = Math.round((started + WINDOW_MS - now) / 1000);
    process.stdout.write(
      `\r  ${windowLeft > 0 ? `${windowLeft}s of publishing left` : `draining ${-windowLeft}s`}: published ${published.length} filings, ${storiesPublished.length} stories, trigger runs ${runs} (open ${open}), mails pending ${pendingMail}, SMTP ${smtp.messages.length}   `,
    );
    if (now < started + WINDOW_MS) continue;
    // Past the window: done when every expected e-mail is in and a poll has read the feeds since the last filing.
    if (Number.isNaN(expected)) expected = await expectedEmails(pool, published);
    const lastPublished = published.at(-1)?.at ?? started;
    const polledSince = await count(
      pool,
      `SELECT count(*) AS n FROM source_polls WHERE polled_at > to_timestamp(${lastPublished / 1000}) AND outcome NOT LIKE 'failed%'`,
    );
    // The filings' e-mails only: news e-mails in the SMTP count must not end the drain early.
    const filingMails = await count(
      pool,
      `SELECT count(*) AS n FROM alert_runs r JOIN trigger_events e ON e.id = r.alert_id JOIN mail_outbox m ON m.id = r.mail_id
        WHERE r.kind = 'trigger' AND e.event_key LIKE 'sec:%' AND m.status = 'sent'`,
    );
    if (polledSince > 0 && open === 0 && pendingMail === 0 && filingMails >= expected) break;
    if (now > started + WINDOW_MS + DRAIN_MS) {
      console.log(`\n  stopped draining after ${DRAIN_MS / 1000} s`);
      break;
    }
  }
  const ended = Date.now();
  const hours = (ended - started) / 3_600_000;
  const cpu = sampleWorkerCpu() - workerCpuBefore;
  const dbCpu = samplePostgresCpu() - dbCpuBefore;
  const statements = countedStatements(statementFiles) - statementsBefore;
  for (const w of workers) w.kill('SIGTERM');
  await Promise.all(workers.map((w) => new Promise((resolve) => (w.exitCode === null ? w.once('exit', resolve) : resolve(null)))));
  workers = [];
  for (const file of statementFiles) rmSync(file, { force: true });

  // Each e-mail's filing: Message-ID <outbox row id@domain> → the run that wrote it → its event → the accession.
  const { rows: mails } = await pool.query<{ id: string; event_key: string }>(`
    SELECT m.id, e.event_key FROM alert_runs r JOIN trigger_events e ON e.id = r.alert_id JOIN mail_outbox m ON m.id = r.mail_id
     WHERE r.kind = 'trigger'`);
  const publishedAt = new Map(published.map((p) => [`sec:${p.accession}`, p.at]));
  const eventOfMail = new Map(mails.map((m) => [m.id, m.event_key]));
  const byMessageId = new Map<string, number>();
  for (const m of smtp.messages) byMessageId.set(m.headers['message-id'] ?? '', (byMessageId.get(m.headers['message-id'] ?? '') ?? 0) + 1);
  let duplicates = 0;
  for (const n of byMessageId.values()) duplicates += n - 1;
  // A story's first sighting: the first search (Google News or GDELT) naming its company at or after it came out.
  const searchCompanies = (r: (typeof news.requests)[number]) => {
    const q = r.path === '/rss/search' ? r.query.get('q') : r.path === '/api/v2/doc/doc' ? r.query.get('query') : null;
    const batch = q?.match(/\(\s*("[^"]*"(?:\s+OR\s+"[^"]*")*)\s*\)/)?.[1] ?? '';
    return [...batch.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
  };
  const firstSeen = new Map<string, number>();
  const newsRequests = [...news.requests, ...gdelt.requests].sort((a, b) => a.at - b.at);
  for (const story of storiesPublished) {
    const seen = newsRequests.find((r) => r.at >= story.at && searchCompanies(r).includes(story.company));
    if (seen) firstSeen.set(story.urlKey, seen.at);
  }
  const storyOfEvent = (eventKey: string) =>
    storiesPublished.find((s) => eventKey === `news:${s.urlKey}` || eventKey.startsWith(`news:${s.urlKey}:`));
  const latency: number[] = [];
  const newsLatency: number[] = [];
  const newsPublishedLatency: number[] = [];
  let filingEmails = 0;
  let newsEmails = 0;
  let unmatched = 0;
  for (const m of smtp.messages) {
    const id = (m.headers['message-id'] ?? '').match(/^<([^@]+)@/)?.[1] ?? '';
    const eventKey = eventOfMail.get(id) ?? '';
    const at = publishedAt.get(eventKey);
    const story = storyOfEvent(eventKey);
    const received = Date.parse(m.receivedAt);
    if (at !== undefined) {
      filingEmails++;
      latency.push((received - at) / 1000);
    } else if (story) {
      newsEmails++;
      newsPublishedLatency.push((received - story.at) / 1000);
      const seen = firstSeen.get(story.urlKey);
      if (seen !== undefined) newsLatency.push((received - seen) / 1000);
    } else unmatched++;
  }
  for (const list of [latency, newsLatency, newsPublishedLatency]) list.sort((a, b) => a - b);
  // Stories merged into a filing's event: seen, and their event is the filing's.
  const { rows: seenRows } = await pool.query<{ url_key: string; event_key: string }>(
    'SELECT s.url_key, e.event_key FROM trigger_news_seen s JOIN trigger_events e ON e.id = s.event_id',
  );
  const eventOfStory = new Map(seenRows.map((r) => [r.url_key, r.event_key]));
  const storiesSeen = storiesPublished.filter((s) => eventOfStory.has(s.urlKey)).length;
  const mergedIntoFilings = storiesPublished.filter((s) => eventOfStory.get(s.urlKey)?.startsWith('sec:')).length;
  // Each company's gap between two searches naming it (Google News' searches: one per batch and pass).
  const searchedAt = new Map<string, number[]>();
  for (const r of news.requests)
    if (r.path === '/rss/search') for (const c of searchCompanies(r)) searchedAt.set(c, [...(searchedAt.get(c) ?? []), r.at]);
  const gaps: number[] = [];
  for (const times of searchedAt.values()) for (let i = 1; i < times.length; i++) gaps.push((times[i]! - times[i - 1]!) / 1000);
  gaps.sort((a, b) => a - b);
  const newsByHost = new Map<string, number>();
  for (const r of newsRequests) {
    const kind =
      r.path === '/rss/search'
        ? 'Google News search'
        : r.path === '/api/v2/doc/doc'
          ? 'GDELT search'
          : r.path.startsWith('/rss/articles/') || r.path.startsWith('/articles/')
            ? 'Google article page'
            : r.path.includes('batchexecute')
              ? 'Google link decode'
              : 'publisher pages';
    const key = `${kind} (${r.headers.host})`;
    newsByHost.set(key, (newsByHost.get(key) ?? 0) + 1);
  }
  const newsHours = (ended - bootStarted) / 3_600_000;
  const fmt = (list: number[]) =>
    list.length
      ? `${percentile(list, 50).toFixed(1)} s / ${percentile(list, 95).toFixed(1)} s / ${list.at(-1)!.toFixed(1)} s (${list.length})`
      : 'none';
  const outboxRows = await count(pool, 'SELECT count(*) AS n FROM mail_outbox');
  const { rows: runRows } = await pool.query<{ status: string; n: string }>(
    `SELECT status, count(*) AS n FROM alert_runs WHERE kind = 'trigger' GROUP BY 1 ORDER BY 1`,
  );
  const reasons = await pool.query<{ reason: string; n: string }>(
    `SELECT left(coalesce(reason, outcome), 120) AS reason, count(*) AS n FROM alert_runs
      WHERE kind = 'trigger' AND status NOT IN ('succeeded') GROUP BY 1 ORDER BY 2 DESC LIMIT 5`,
  );
  const events = await count(pool, 'SELECT count(*) AS n FROM trigger_events');
  const emails = smtp.messages.length;
  const perEmail = Math.max(1, emails);

  const secRequests = sec.requests.slice(secBefore);
  const secKind = (r: (typeof secRequests)[number]) => {
    if (r.path === '/cgi-bin/browse-edgar' && r.query.get('action') === 'getcurrent')
      return `latest filings feed (type=${r.query.get('type')})`;
    if (r.path === '/files/company_tickers.json') return 'ticker list';
    if (r.path.endsWith('-index.htm')) return 'filing index pages';
    if (r.path.endsWith('/primary_doc.xml') && !r.path.includes('/xsl')) return "Form D's primary_doc.xml";
    if (r.path.startsWith('/Archives/')) return 'filing documents';
    return `other ${r.path}`;
  };
  const secByKind = new Map<string, number>();
  for (const r of secRequests) secByKind.set(secKind(r), (secByKind.get(secKind(r)) ?? 0) + 1);
  const perSecond = new Map<number, number>();
  for (const r of secRequests) perSecond.set(Math.floor(r.at / 1000), (perSecond.get(Math.floor(r.at / 1000)) ?? 0) + 1);
  const busiestSecond = Math.max(0, ...perSecond.values());
  const aiCalls = ai.requests.length - aiBefore;
  const watchedPublished = published.filter((p) => p.planned.watched !== null);
  const triggering = watchedPublished.filter(
    (p) => triggerKindsOf({ ...p.planned.filing, items: p.planned.filing.items ?? [], role: 'Filer' }).length,
  );

  console.log(`\n\n| measure | value |\n|---|---|`);
  console.log(`| run (first filing published → last e-mail or drain end) | ${((ended - started) / 60_000).toFixed(1)} min |`);
  console.log(
    `| filings published (watched / of which trigger kinds) | ${published.length} (${watchedPublished.length} / ${triggering.length}); trigger events ${events} |`,
  );
  console.log(
    `| filings' e-mails accepted by SMTP / expected | ${filingEmails} / ${expected} (outbox rows ${outboxRows}, news e-mails ${newsEmails}) |`,
  );
  console.log(`| EDGAR acceptance → SMTP p50 / p95 / max | ${fmt(latency)} |`);
  console.log(
    `| news stories published / seen by a search / merged into a filing's trigger | ${storiesPublished.length} / ${storiesSeen} / ${mergedIntoFilings} |`,
  );
  console.log(`| news first seen → SMTP p50 / p95 / max (e-mails) | ${fmt(newsLatency)} |`);
  console.log(`| news published → SMTP p50 / p95 / max (e-mails) | ${fmt(newsPublishedLatency)} |`);
  console.log(
    `| per-company gap between news searches p50 / p95 / max (gaps), since the workers' start | ${fmt(gaps)}; companies searched ${searchedAt.size} of ${COMPANIES} |`,
  );
  console.log(`| trigger runs by status | ${runRows.map((r) => `${r.status} ${r.n}`).join(', ') || 'none'} |`);
  console.log(`| worker CPU | ${((cpu * 1000) / hours).toFixed(0)} ms/h, ${((cpu * 1000) / perEmail).toFixed(1)} ms/e-mail |`);
  console.log(`| PostgreSQL CPU | ${((dbCpu * 1000) / hours).toFixed(0)} ms/h, ${((dbCpu * 1000) / perEmail).toFixed(1)} ms/e-mail |`);
  console.log(`| SQL statements (workers) | ${(statements / hours).toFixed(0)}/h, ${(statements / perEmail).toFixed(1)}/e-mail |`);
  for (const [kind, n] of [...secByKind].sort((a, b) => b[1] - a[1]))
    console.log(`| EDGAR (fake www.sec.gov): ${kind} | ${n} (${(n / hours).toFixed(0)}/h) |`);
  console.log(
    `| EDGAR requests in all | ${secRequests.length} (${(secRequests.length / hours).toFixed(0)}/h); busiest second ${busiestSecond} |`,
  );
  for (const [kind, n] of [...newsByHost].sort((a, b) => b[1] - a[1]))
    console.log(`| news (fake): ${kind}, since the workers' start | ${n} (${(n / newsHours).toFixed(0)}/h) |`);
  console.log(`| AI calls | ${aiCalls} (${(aiCalls / hours).toFixed(0)}/h) |`);
  console.log(`| SMTP deliveries | ${emails} (${(emails / hours).toFixed(0)}/h) |`);
  console.log(`| duplicates | ${duplicates} |`);
  if (unmatched) console.log(`  ${unmatched} e-mail(s) matched no published filing`);
  for (const r of reasons.rows) console.log(`  not succeeded ×${r.n}: ${r.reason}`);
  await pool.end();
} finally {
  for (const w of workers) w.kill('SIGKILL');
  await database.drop();
  await Promise.all([ai.stop(), sec.stop(), smtp.stop(), news.stop(), gdelt.stop()]);
  await embedded?.stop();
}

/** For each published filing of trigger kinds by a watched company: the users with an alert on it wanting one of its kinds. */
async function expectedEmails(pool: pg.Pool, published: { planned: Planned }[]): Promise<number> {
  let total = 0;
  for (const { planned } of published) {
    if (planned.watched === null) continue;
    const kinds = triggerKindsOf({ ...planned.filing, items: planned.filing.items ?? [], role: 'Filer' });
    if (kinds.length === 0) continue;
    const { rows } = await pool.query<{ n: string }>(
      `SELECT count(DISTINCT s.user_id) AS n FROM trigger_subscriptions s JOIN sonar_alerts a ON a.id = s.alert_id
        WHERE a.company_name = $1 AND s.kinds && $2::text[]`,
      [companyName(planned.watched), kinds],
    );
    total += Number(rows[0]!.n);
  }
  return total;
}
