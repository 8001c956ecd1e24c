// Benchmark: the alert engine delivering 10,000 due news alerts (issue 5), with one and with two
// worker processes. Usage:
//   npm run bench:alerts [-- --alerts 10000 --workers 1,2 --latency 20 --concurrency 8]
// For each worker count: a fresh database on DATABASE_URL's server (else the embedded PostgreSQL),
// `alerts` news alerts due this hour (5 per user), then that many `ROLE=worker` processes — the
// production program — against the tests' local fakes started here: news (Google News RSS), an
// OpenAI-compatible AI answering after `latency` ms, and an SMTP server. Measured:
//   alerts/s      runs finished ÷ (last run finished − first run created), from alert_runs
//   mails/s       the same for mails handed to SMTP (mail_outbox.sent_at)
//   CPU ms/alert  user+system CPU of the worker processes (from /proc), and of PostgreSQL's
//                 processes (the whole server, so run this on an otherwise idle machine)
//   duplicates    SMTP deliveries beyond one per outbox row (by recipient and subject): must be 0
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { bootstrap } from '../src/server/bootstrap.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { sonarAlerts } from '../src/server/db/schema.ts';
import { startFakeNews } from '../tests/fakes/news.ts';
import { newsAlertModel } from '../tests/fakes/news-alert-model.ts';
import { startFakeOpenAi } from '../tests/fakes/openai.ts';
import { startFakeSmtp } from '../tests/fakes/smtp.ts';
import { createFreshDatabase } from '../tests/support/database.ts';
import { dueThisHour, factoryDb, insertMany, newsAlertValues } from '../tests/support/factories.ts';
import { freePort } from '../tests/support/ports.ts';

const { values: args } = parseArgs({
  options: {
    alerts: { type: 'string', default: '10000' },
    workers: { type: 'string', default: '1,2' },
    latency: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '8' },
  },
});
const ALERTS = Number(args.alerts);
const WORKER_COUNTS = args.workers.split(',').map(Number);
const LATENCY_MS = Number(args.latency);
const CONCURRENCY = Number(args.concurrency);
const PER_USER = 5;
const SECRET = 'bench-secret-bench-secret-bench-secret-00';
const TICK_HZ = 100; // USER_HZ on Linux: /proc reports CPU time in these ticks

const embedded = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({ dataDir: 'data/bench', port: 54331, log: (line) => console.log(line) });
const baseUrl = process.env.DATABASE_URL ?? embedded!.url;
const [ai, news, smtpPort] = await Promise.all([
  startFakeOpenAi({ handler: newsAlertModel({ latencyMs: LATENCY_MS }) }),
  startFakeNews(),
  freePort(),
]);
const smtp = await startFakeSmtp({ smtpPort });

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

/** CPU seconds of every process named postgres (the database server and its backends). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuSeconds(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

async function seed(url: string) {
  // Migrations, as a worker would run them; then users and alerts in bulk.
  const rt = await bootstrap({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'error', AUTH_SECRET: SECRET });
  await rt.close();
  const pool = new pg.Pool({ connectionString: url });
  const users = Math.ceil(ALERTS / PER_USER);
  await pool.query(
    `INSERT INTO users (id, email, name, email_verified)
     SELECT 'bench-' || i, 'reader' || i || '@example.com', 'Reader ' || i, true FROM generate_series(1, $1) i`,
    [users],
  );
  const alerts = Array.from({ length: ALERTS }, (_, i) =>
    newsAlertValues(`bench-${1 + Math.floor(i / PER_USER)}`, { companyName: `Company ${i + 1}`, ...dueThisHour() }),
  );
  await insertMany(factoryDb(pool), sonarAlerts, alerts);
  return pool;
}

function startWorker(url: string): ChildProcess {
  const worker = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ROLE: 'worker',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: String(CONCURRENCY + 4),
      APP_URL: 'http://localhost:3000',
      AUTH_SECRET: SECRET,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      AI_BASE_URL: ai.url,
      AI_MODEL: 'fake-alert-model',
      GOOGLE_NEWS_BASE_URL: news.url,
      GDELT_BASE_URL: news.url,
      // The fake publishers live on 127.0.0.1, one host for all of them: their pages are read like real ones.
      PUBLISHER_ALLOW_PRIVATE_ADDRESSES: 'true',
      PUBLISHER_MIN_INTERVAL_MS: '0',
      ALERT_CONCURRENCY: String(CONCURRENCY),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return worker;
}

const count = async (pool: pg.Pool, query: string) => Number((await pool.query<{ n: string }>(query)).rows[0]!.n);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Row = {
  workers: number;
  alertsPerSecond: number;
  mailsPerSecond: number;
  workerCpuMs: number;
  dbCpuMs: number;
  mails: number;
  duplicates: number;
  failed: number;
};
const results: Row[] = [];

for (const workerCount of WORKER_COUNTS) {
  const database = await createFreshDatabase(baseUrl, 'eos_bench_alerts');
  smtp.clear();
  ai.reset();
  try {
    const pool = await seed(database.url);
    console.log(
      `\n${ALERTS} due news alerts, ${workerCount} worker process(es), concurrency ${CONCURRENCY} each, AI latency ${LATENCY_MS} ms`,
    );
    const dbCpuBefore = postgresCpuSeconds();
    const workers = Array.from({ length: workerCount }, () => startWorker(database.url));
    const workerCpu = new Map<number, number>();
    const started = Date.now();
    for (;;) {
      await sleep(1000);
      for (const w of workers) if (w.pid) workerCpu.set(w.pid, Math.max(workerCpu.get(w.pid) ?? 0, cpuSeconds(w.pid)));
      const open = await count(pool, `SELECT count(*) AS n FROM alert_runs WHERE status IN ('queued', 'running')`);
      const total = await count(pool, 'SELECT count(*) AS n FROM alert_runs');
      const pendingMail = await count(pool, `SELECT count(*) AS n FROM mail_outbox WHERE status = 'pending'`);
      process.stdout.write(`\r  runs ${total - open}/${total} finished, ${pendingMail} mails pending   `);
      if (total >= ALERTS && open === 0 && pendingMail === 0) break;
      if (Date.now() - started > 60 * 60_000) throw new Error('gave up after an hour');
    }
    const dbCpu = postgresCpuSeconds() - dbCpuBefore;
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((resolve) => (w.exitCode === null ? w.once('exit', resolve) : resolve(null)))));

    const { rows } = await pool.query<{ runs_s: number; mails_s: number; failed: string; mails: string }>(`
      SELECT count(*) FILTER (WHERE r.status = 'succeeded') / extract(epoch FROM max(r.finished_at) - min(r.created_at)) AS runs_s,
             (SELECT count(*) FROM mail_outbox WHERE status = 'sent') / extract(epoch FROM (SELECT max(sent_at) FROM mail_outbox) - min(r.created_at)) AS mails_s,
             count(*) FILTER (WHERE r.status = 'failed') AS failed,
             (SELECT count(*) FROM mail_outbox WHERE status = 'sent') AS mails
        FROM alert_runs r`);
    const outbox = await pool.query<{ to_address: string; subject: string; n: string }>(
      'SELECT to_address, subject, count(*) AS n FROM mail_outbox GROUP BY 1, 2',
    );
    const expected = new Map(outbox.rows.map((r) => [`${r.to_address}\n${r.subject}`, Number(r.n)]));
    const delivered = new Map<string, number>();
    for (const m of smtp.messages) {
      const key = `${m.to.join(',')}\n${m.subject}`;
      delivered.set(key, (delivered.get(key) ?? 0) + 1);
    }
    let duplicates = 0;
    for (const [key, n] of delivered) duplicates += Math.max(0, n - (expected.get(key) ?? 0));
    const cpu = [...workerCpu.values()].reduce((a, b) => a + b, 0);
    const row = rows[0]!;
    results.push({
      workers: workerCount,
      alertsPerSecond: Number(row.runs_s),
      mailsPerSecond: Number(row.mails_s),
      workerCpuMs: (cpu * 1000) / ALERTS,
      dbCpuMs: (dbCpu * 1000) / ALERTS,
      mails: Number(row.mails),
      duplicates,
      failed: Number(row.failed),
    });
    console.log(`\n  SMTP received ${smtp.messages.length} messages`);
    await pool.end();
  } finally {
    await database.drop();
  }
}

console.log('\n| workers | alerts/s | mails/s | worker CPU ms/alert | PostgreSQL CPU ms/alert | e-mails sent | failed | duplicates |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.workers} | ${r.alertsPerSecond.toFixed(1)} | ${r.mailsPerSecond.toFixed(1)} | ${r.workerCpuMs.toFixed(2)} | ${r.dbCpuMs.toFixed(2)} | ${r.mails} | ${r.failed} | ${r.duplicates} |`,
  );
await Promise.all([ai.stop(), news.stop(), smtp.stop()]);
await embedded?.stop();
