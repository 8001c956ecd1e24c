// Benchmark: the time Wolfebot adds to the model's own latency (issue 27 §3: retrieval + checks,
// p95 ≤ 300 ms) for a user with 20,000 library items over a store of 1,000,000 articles and 10,000
// users. It measures the store `npm run bench:library` generates and does not generate one:
// Usage: npm run bench:wolfebot [-- --runs 30 --warmup 3]
// Database `bench_library` on DATABASE_URL's server, else on the embedded PostgreSQL (data/bench,
// port 54331), as bench:library finds it; its user 'bench-user' and companies Globex, Initech and
// Hooli. It must be completely generated (bench.meta has a 'complete' row): generate it first with
// `BENCH_LIBRARY_REUSE=1 npm run bench:library -- --generate-only`. Migrations added since are
// applied (as bench:library does on reuse).
//
// Measured in-process over the real code path, for a seller's questions, each `runs` times after
// `warmup` runs:
// - retrieval: gatherDocuments() (features/wolfebot/gather.ts), everything done before the model is
//   called: the company and "since" the question names, the library's items and the articles
//   behind them, fresh news and the SEC's figures, filings and next earnings date when asked.
//   News, EDGAR and the earnings calendar are answered by the local fakes of tests/fakes with no
//   added latency, so only our own work is timed (their parsing, and the article store's reads and
//   writes, included: they are shown apart as "sources");
// - the check: checkAnswer() (check.ts, ai/statements.ts) of an answer in the fixture model's form
//   (tests/fakes/wolfebot-model.ts: sentences ending in [n] markers, one uncited sentence, a
//   question back), 10–12 sentences drawn from the passages retrieved;
// - not the model's own time (the call, the stream), nor the writes around it (the question's
//   and the answer's rows, the saves while streaming).
// p50/p95/max per question and over all, retrieval and check apart and together, over one
// connection; when the database runs on this machine also "ready" (the time minus what this
// process and the backend spent runnable but waiting for a CPU, /proc/<pid>/schedstat: the time on
// an idle machine). Then EXPLAIN (ANALYZE, BUFFERS) of the slowest SQL statement of the question
// slowest to retrieve.
// The article store keeps the fake news stories it reads (as production keeps what it reads); they
// are deleted at the end, so the database stays as bench:library left it.
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/server/config.ts';
import { createDatabase } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import type { AnswerDocument } from '../src/server/features/wolfebot/check.ts';
import { checkAnswer } from '../src/server/features/wolfebot/check.ts';
import { type AskedQuestion, type GroundingSources, gatherDocuments } from '../src/server/features/wolfebot/gather.ts';
import { setLogLevel } from '../src/server/lib/log.ts';
import { createSources } from '../src/server/sources/index.ts';
import { startFakeEarningsCalendars } from '../tests/fakes/nasdaq.ts';
import { startFakeNews } from '../tests/fakes/news.ts';
import { startFakeSec } from '../tests/fakes/sec.ts';
import { WOLFEBOT_UNCITED } from '../tests/fakes/wolfebot-model.ts';
import { BENCH_LIBRARY_DATABASE, benchLibraryServer } from './support/bench-library-server.ts';
import { capturedStatements, fmt, pct, schedstat } from './support/bench-measures.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
  },
});
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);
const DATABASE = BENCH_LIBRARY_DATABASE;
const USER_ID = 'bench-user';
/** Issue 27 §3: what Wolfebot adds to the model's latency. */
const TARGET_P95_MS = 300;
/** Sentences of the checked answer that cite a document (a two-document one, an uncited one and a question come on top). */
const CITED_SENTENCES = 9;

/** A seller's questions: an account's news, its figures and filings, a period, the accounts at large. */
const QUESTIONS = [
  "What's new with Initech?",
  'What did Globex report for revenue last quarter?',
  'Any layoffs or restructuring at Hooli in the last 90 days?',
  'Summarize the supply chain problems my accounts are dealing with',
  'What has changed at Initech since our last conversation?',
  'When does Initech report earnings, and what did the CFO tell analysts?',
  'Is there any antitrust news about Globex?',
  'Give me talking points about the Hooli acquisition',
  'What are the latest earnings headlines for Globex this week?',
  'Which of my customers are at risk of bankruptcy?',
];

setLogLevel('warn');
const { baseUrl, url, stop: stopServer } = await benchLibraryServer();

const [news, sec, calendars] = await Promise.all([startFakeNews(), startFakeSec(), startFakeEarningsCalendars()]);
const { db, pool } = createDatabase(url.toString(), 4);
// The measured code's: one connection, so that one backend runs every statement and its waits for a CPU can be read.
const measured = createDatabase(url.toString(), 1);
const startedAt = new Date();
try {
  await requireCompleteStore();
  await runMigrations(db, pool);
  // Initech is the fake EDGAR's listed company (INTK): its next earnings date is on the calendar.
  calendars.list({
    provider: 'nasdaq',
    symbol: 'INTK',
    date: new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10),
    session: 'after-hours',
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url.toString(),
    GOOGLE_NEWS_BASE_URL: news.url,
    GDELT_BASE_URL: news.url,
    GOOGLE_NEWS_MIN_INTERVAL_MS: '0',
    GDELT_MIN_INTERVAL_MS: '0',
    SEC_BASE_URL: sec.url,
    SEC_DATA_BASE_URL: sec.url,
    SEC_USER_AGENT: 'Enterprise OS bench ops@example.com',
    NASDAQ_BASE_URL: calendars.url,
    // The fake publishers live on 127.0.0.1, and answer at once.
    PUBLISHER_ALLOW_PRIVATE_ADDRESSES: 'true',
    PUBLISHER_MIN_INTERVAL_MS: '0',
  });
  const sources = createSources(config, measured.db);
  const sourceTime = sourceClock();
  const deps: GroundingSources = {
    db: measured.db,
    news: { search: sourceTime.timed(sources.news.search) } as GroundingSources['news'],
    secCompany: sourceTime.timedAll(sources.secCompany),
    earningsCalendar: sourceTime.timedAll(sources.earningsCalendar),
  };
  // No such conversation: gather.ts's note of the company asked about updates no row.
  const conversationId = randomUUID();
  const asked = (question: string): AskedQuestion => ({ deps, userId: USER_ID, conversationId, question, now: new Date() });
  await measure(asked, sourceTime);
} finally {
  await cleanUp().catch((err) => console.error(`could not delete the fake news stories read: ${err}`));
  await Promise.all([pool.end(), measured.pool.end()]);
  await Promise.all([news.stop(), sec.stop(), calendars.stop()]);
  await stopServer();
}

async function requireCompleteStore() {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount === 1;
  await admin.end();
  const generate = 'Generate it first: BENCH_LIBRARY_REUSE=1 npm run bench:library -- --generate-only (with the same DATABASE_URL).';
  if (!exists) fail(`database ${DATABASE} does not exist on ${url.host}. ${generate}`);
  const meta = await pool
    .query<{ key: string; value: Record<string, number> }>('SELECT key, value FROM bench.meta')
    .catch(() => fail(`database ${DATABASE} on ${url.host} has no bench.meta: it is not bench:library's. ${generate}`));
  const complete = meta.rows.find((row) => row.key === 'complete')?.value;
  if (!complete) {
    fail(
      `database ${DATABASE} on ${url.host} is incomplete (phases done: ${meta.rows.map((r) => r.key).join(', ') || 'none'}). Finish it: BENCH_LIBRARY_REUSE=1 npm run bench:library -- --generate-only with the sizes it was started with.`,
    );
  }
  const { rows } = await pool.query<{ items: number; articles: number; users: number }>(
    `SELECT (SELECT count(*) FROM library_items WHERE user_id = $1)::int AS items,
            (SELECT reltuples::bigint FROM pg_class WHERE relname = 'articles')::int AS articles,
            (SELECT count(*) FROM users)::int AS users`,
    [USER_ID],
  );
  const r = rows[0]!;
  if (r.items === 0) fail(`database ${DATABASE} has no library items for ${USER_ID}. ${generate}`);
  const server = (await pool.query<{ version: string }>('SELECT version() AS version')).rows[0]!.version.split(',')[0];
  console.log(`${server}; ${DATABASE} on ${url.host}: generated as ${JSON.stringify(complete)}`);
  console.log(`store: ~${r.articles} articles, ${r.users} users; ${USER_ID}: ${r.items} library items`);
}

function fail(message: string): never {
  console.error(`bench:wolfebot: ${message}`);
  process.exit(1);
}

/**
 * The wall time spent inside the sources (news, EDGAR, the calendar), overlapping calls counted
 * once: what of the retrieval the fakes and our reading of their answers take.
 */
function sourceClock() {
  let spans: [number, number][] = [];
  const timed =
    <A extends unknown[], R>(call: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      const started = performance.now();
      try {
        return await call(...a);
      } finally {
        spans.push([started, performance.now()]);
      }
    };
  return {
    timed,
    /** `source` with each of its methods timed. */
    timedAll<T extends object>(source: T): T {
      const wrapped = { ...source } as Record<string, unknown>;
      for (const [name, value] of Object.entries(source)) {
        if (typeof value === 'function') wrapped[name] = timed(value as (...a: unknown[]) => Promise<unknown>);
      }
      return wrapped as T;
    },
    /** The milliseconds covered since the last take, and a fresh start. */
    take(): number {
      const sorted = spans.sort((a, b) => a[0] - b[0]);
      spans = [];
      let total = 0;
      let end = Number.NEGATIVE_INFINITY;
      for (const [from, to] of sorted) {
        if (to <= end) continue;
        total += to - Math.max(from, end);
        end = to;
      }
      return total;
    },
  };
}
type SourceClock = ReturnType<typeof sourceClock>;

type Timing = { retrieval: number; sources: number; check: number; ready: number | null; documents: number; sentences: number };

async function measure(asked: (question: string) => AskedQuestion, sourceTime: SourceClock) {
  const backend = (await measured.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  /** Milliseconds this process and the backend have waited for a CPU so far; null when the server is elsewhere. */
  const waited = () => {
    const server = schedstat(backend);
    const self = schedstat('self');
    return server && self ? (server.wait + self.wait) / 1e6 : null;
  };
  console.log(
    `\ngatherDocuments() then checkAnswer(), in-process (drizzle over pg, one connection), ${RUNS} runs per question after ${WARMUP} warm-up runs; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs.`,
  );
  console.log(
    '  "sources": of the retrieval, the time inside news/EDGAR/calendar calls (local fakes, no latency; our parsing and article-store writes included).',
  );
  if (waited() !== null) {
    console.log(
      '  "ready": retrieval + check minus the time this process and the database backend were runnable but waiting for a CPU (/proc/<pid>/schedstat): the time on an idle machine.',
    );
  }
  const all: Timing[] = [];
  const results: { question: string; timings: Timing[] }[] = [];
  for (const question of QUESTIONS) {
    const timings: Timing[] = [];
    for (let i = 0; i < WARMUP + RUNS; i += 1) {
      sourceTime.take();
      const waitedBefore = waited();
      const started = performance.now();
      const documents = await gatherDocuments(asked(question));
      const retrieval = performance.now() - started;
      const sources = sourceTime.take();
      const answer = answerFrom(documents);
      const checkStarted = performance.now();
      const checked = answer ? checkAnswer(documents, answer) : null;
      const check = answer ? performance.now() - checkStarted : 0;
      const waitedAfter = waited();
      const ready = waitedBefore !== null && waitedAfter !== null ? Math.max(0, retrieval + check - (waitedAfter - waitedBefore)) : null;
      if (i >= WARMUP) {
        timings.push({ retrieval, sources, check, ready, documents: documents.length, sentences: checked?.sentences.length ?? 0 });
      }
    }
    all.push(...timings);
    results.push({ question, timings });
    const last = timings.at(-1)!;
    console.log(
      `  ${JSON.stringify(question)}: ${last.documents} documents, an answer of ${last.sentences} sentences${last.documents ? '' : ' (none: the model is not called)'}`,
    );
    console.log(`    ${line(timings)}`);
  }
  const together = pct(
    all.map((t) => t.retrieval + t.check),
    95,
  );
  const ready = all.every((t) => t.ready !== null)
    ? pct(
        all.map((t) => t.ready!),
        95,
      )
    : null;
  console.log(`\n  all ${all.length} answers: ${line(all)}`);
  console.log(
    `  retrieval + check p95 ${fmt(together)}${ready === null ? '' : ` (ready p95 ${fmt(ready)})`}; issue 27 §3: p95 ≤ ${TARGET_P95_MS} ms added to the model's latency.`,
  );
  const retrievalP95 = (timings: Timing[]) =>
    pct(
      timings.map((t) => t.retrieval),
      95,
    );
  const slowest = [...results].sort((a, b) => retrievalP95(b.timings) - retrievalP95(a.timings))[0]!;
  await explainSlowestStatement(slowest.question, asked);
}

function line(timings: Timing[]) {
  const stat = (label: string, values: number[]) =>
    `${label} p50 ${fmt(pct(values, 50))} p95 ${fmt(pct(values, 95))} max ${fmt(Math.max(...values))}`;
  const parts = [
    stat(
      'retrieval',
      timings.map((t) => t.retrieval),
    ),
    `(sources p50 ${fmt(
      pct(
        timings.map((t) => t.sources),
        50,
      ),
    )} p95 ${fmt(
      pct(
        timings.map((t) => t.sources),
        95,
      ),
    )})`,
    stat(
      'check',
      timings.map((t) => t.check),
    ),
    stat(
      'together',
      timings.map((t) => t.retrieval + t.check),
    ),
  ];
  if (timings.every((t) => t.ready !== null)) {
    parts.push(
      `ready p50 ${fmt(
        pct(
          timings.map((t) => t.ready!),
          50,
        ),
      )} p95 ${fmt(
        pct(
          timings.map((t) => t.ready!),
          95,
        ),
      )}`,
    );
  }
  return parts.join(' | ');
}

/**
 * An answer as the fixture model writes one (tests/fakes/wolfebot-model.ts), at a real answer's
 * length: sentences taken from the documents' passages, each ending in its document's [n], one
 * citing two documents, the uncited sentence the page greys and a question back, in paragraphs.
 * Null without documents (no model is called then).
 */
function answerFrom(documents: AnswerDocument[]): string | null {
  if (documents.length === 0) return null;
  const fragments = documents.map((d) =>
    d.text
      .split(/ … |(?<=[.!?])\s+|\n| · /)
      .map((f) => f.trim().replace(/[.!?…]+$/, ''))
      .filter((f) => f.split(/\s+/).length >= 6),
  );
  const sentences: string[] = [];
  for (let round = 0; sentences.length < CITED_SENTENCES && fragments.some((f) => f.length > round); round += 1) {
    for (const [i, doc] of documents.entries()) {
      const fragment = fragments[i]![round];
      if (fragment && sentences.length < CITED_SENTENCES) sentences.push(`${fragment} [${doc.n}].`);
    }
  }
  if (documents.length >= 2) {
    sentences.splice(2, 0, `${documents[0]!.title.replace(/[.!?]+$/, '')}, and ${documents[1]!.title.replace(/[.!?]+$/, '')} [1][2].`);
  }
  sentences.push(WOLFEBOT_UNCITED, 'Want talking points for the call?');
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += 4) paragraphs.push(sentences.slice(i, i + 4).join(' '));
  return paragraphs.join('\n\n');
}

/** The SQL statements gatherDocuments() sends for `question`, each timed by EXPLAIN ANALYZE; the slowest's plan printed. */
async function explainSlowestStatement(question: string, asked: (question: string) => AskedQuestion) {
  const seen = await capturedStatements(() => gatherDocuments(asked(question)));
  // Reads only: EXPLAIN ANALYZE runs what it explains.
  const reads = seen.filter((s) => /^\s*(select|with)\b/i.test(s.text));
  const explained: { text: string; ms: number; plan: string }[] = [];
  for (const statement of reads) {
    const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
    const plan = rows.map((r) => r['QUERY PLAN'] as string).join('\n');
    explained.push({ text: statement.text, ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0), plan });
  }
  explained.sort((a, b) => b.ms - a.ms);
  console.log(
    `\nThe question slowest to retrieve (by p95): ${JSON.stringify(question)} — ${seen.length} statements, ${reads.length} reads:`,
  );
  for (const e of explained) console.log(`  ${fmt(e.ms)}  ${e.text.replace(/\s+/g, ' ').trim().slice(0, 110)}…`);
  const slowest = explained[0];
  if (!slowest) return;
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the slowest statement:\n${slowest.text.trim()}\n${slowest.plan}`);
}

/** The fake stories the article store kept during the run (the fake news server's own address). */
async function cleanUp() {
  const host = new URL(news.url).host;
  const articles = await pool.query(`DELETE FROM articles WHERE url LIKE $1 AND fetched_at >= $2`, [`http://${host}/%`, startedAt]);
  const links = await pool.query(`DELETE FROM google_news_links WHERE checked_at >= $1`, [startedAt]);
  console.log(`\n(deleted the ${articles.rowCount} fake news articles and ${links.rowCount} link decodes this run stored)`);
}
