// Benchmark: the library search (issue 27 §2: p95 ≤ 50 ms for a user with 20,000 items over a store
// of 1,000,000 articles and 10,000 users, the query plan printed, indexes built without locking writes).
// Usage: npm run bench:library [-- --articles 1000000 --users 10000 --items 20000 --other-items 100
//                                  --runs 40 --warmup 3 --explain slowest|all|none --rebuild-index --generate-only]
// Database `bench_library` on DATABASE_URL's server, else on the embedded PostgreSQL (data/bench, as
// the other benchmarks). It is dropped and generated afresh each run (tens of minutes at full size),
// and dropped at the end; with BENCH_LIBRARY_REUSE=1 it is kept at the end and reused next time if
// it was completely generated with the same sizes (a migration added since is applied on reuse, and
// an index missing from online-indexes.ts is built then, as is the articles' index of a store
// generated before the articles kept their words, after they are filled; --rebuild-index drops the
// articles' full-text index and times its build again).
//
// Generation is set-based SQL (generate_series, one statement per batch of ~100,000 rows), in
// phases recorded in bench.meta (an interrupted run continues with BENCH_LIBRARY_REUSE=1):
// - an English-like vocabulary: ~330 real words (function words first, then news and business
//   words) followed by 25,000 made-up words, drawn with a Zipf-like law (rank r with probability
//   ln((r+1)/r) / ln(N+1) ≈ 1/(r·ln N): "the" is ~7 % of words, as in English); 200,000 sentences
//   of 8–20 such words;
// - 5,000 companies (Globex, Initech, Hooli at ranks 1, 34, 298; the rest made-up names), mentioned
//   by the same law;
// - articles: 20–45 random sentences (2–4 KB), 1–3 company mentions, and the terms of TERMS below at
//   their rates (a term's sentence is added to that share of the articles and items), from 12
//   publishers (one is "Supply Chain Times": its name is in the body of the items citing it);
// - the user: 20,000 items over two years, nine kinds, 1–3 of the user's 150 companies, a body of
//   10–25 sentences plus its companies, its terms and its sources' titles and publishers (the words
//   keepItem()'s bodyText() gives the search), 3–8 sources, each a random article of the store (all
//   of them kept: the store keeps an article an item cites);
// - 9,999 other users with `other-items` such items each (the GIN indexes hold their rows too),
//   every user's items written together oldest first, as production writes them (a user's items
//   are spread over the table's pages).
// Items are written with keepItem()'s columns directly (search_vector is a generated column).
// The load runs with session_replication_role = replica (no foreign-key checks, no live-update
// NOTIFY per row) and the library tables' secondary indexes dropped, then re-created from their
// own definitions (replica mode also leaves the articles' stored words unset, as an installation
// older than migration 0012 has them); the words are then filled and the articles' full-text index
// built as production does on an existing store (runMigrations → ensureOnlineIndexes: CREATE INDEX
// CONCURRENTLY), while another connection inserts an article every 200 ms and times each INSERT.
// VACUUM ANALYZE before measuring.
//
// Measured: searchLibrary() in-process for the user over one connection, a seller's query set (rare
// and common terms, a company, a phrase, OR, negation, with and without filters), each `runs` times
// after `warmup` runs (a warm cache): p50/p95/max per query and over all of them; when the database
// runs on this machine, also "ready" (the time minus what this process and the backend spent
// runnable but waiting for a CPU, from /proc/<pid>/schedstat: the time on an idle machine) and the
// backend's CPU time. Then EXPLAIN (ANALYZE, BUFFERS) of every statement of the slowest query
// (by "ready" p95 when known). The plain list and the companies lookup are not measured here:
// their API code is not in this tree yet.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDatabase } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { type LibraryFilters, RANK_WINDOW, searchLibrary } from '../src/server/features/library/search.ts';
import { setLogLevel } from '../src/server/lib/log.ts';
import { companyKey } from '../src/server/library/keep.ts';
import type { LibraryKind } from '../src/shared/library.ts';
import { BENCH_LIBRARY_DATABASE, benchLibraryServer } from './support/bench-library-server.ts';
import { capturedStatements, fmt, pct, type SentStatement, schedstat } from './support/bench-measures.ts';

const { values: args } = parseArgs({
  options: {
    articles: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '10000' },
    items: { type: 'string', default: '20000' },
    'other-items': { type: 'string', default: '100' },
    runs: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '3' },
    explain: { type: 'string', default: 'slowest' },
    'rebuild-index': { type: 'boolean', default: false },
    'generate-only': { type: 'boolean', default: false },
  },
});
const ARTICLES = Number(args.articles);
const USERS = Number(args.users);
const ITEMS = Number(args.items);
const OTHER_ITEMS = Number(args['other-items']);
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);
const REUSE = process.env.BENCH_LIBRARY_REUSE === '1';
const DATABASE = BENCH_LIBRARY_DATABASE;
const USER_ID = 'bench-user';
const BATCH = 100_000;
const SENTENCES = 200_000;
/** The article store's full-text index (online-indexes.ts), over the words migration 0012 stores. */
const ARTICLE_INDEX = 'articles_search_vector_idx';
const COMPANIES = 5_000;
/** Each user's companies: `ACCOUNTS` of the store's, the user's own Zipf law over them. */
const ACCOUNTS = 150;
/** Items are written oldest first in this many slices of the two years, every user's together. */
const SLICES = 10;

/** Terms a seller searches for, and the share of articles and items whose text has each one. */
const TERMS: { term: string; rate: number; sentence: string }[] = [
  { term: 'earnings', rate: 0.15, sentence: 'The company will report quarterly earnings after the market closes.' },
  { term: 'funding', rate: 0.06, sentence: 'The startup said the new funding would pay for expansion.' },
  { term: 'acquisition', rate: 0.05, sentence: 'The acquisition is expected to close by the end of the year.' },
  { term: 'supply chain', rate: 0.04, sentence: 'Executives blamed supply chain disruptions for the shortfall.' },
  { term: 'CFO', rate: 0.03, sentence: 'The CFO told analysts that margins would recover.' },
  { term: 'layoffs', rate: 0.02, sentence: 'The layoffs will affect several hundred employees.' },
  { term: 'restructuring', rate: 0.01, sentence: 'A restructuring plan was approved by the board.' },
  { term: 'bankruptcy', rate: 0.005, sentence: 'Creditors are preparing for a possible bankruptcy filing.' },
  { term: 'antitrust', rate: 0.002, sentence: 'Regulators opened an antitrust review of the deal.' },
];

/** The first ranks of the vocabulary: English function words, then news and business words. */
const COMMON_WORDS = `the of to and a in that for is on said with it as was by at from its has be are an will have this
which company not but were year had their percent more million after billion market about also would than been new
they or shares other up last one two first quarter revenue investors sales could business over into analysts growth
price stock three some executive chief officer time us we he she per week month months years since while customers
products demand government bank deal plan report results industry increase rate costs profit expected according data
group global financial including board management economy economic higher lower strong weak operations services
technology software energy cloud platform employees staff workers statement reported capital debt cash guidance
forecast outlook margin trade tariffs regulators federal policy interest inflation consumer retail production
manufacturing plant factory supply chain logistics shipping partners contract agreement strategy investment fund
venture startup round valuation public private equity firm executives leadership team hiring jobs cuts division unit
segment region europe china asia america states international sector competitors competition launch launched product
service announced plans expects rose fell gained dropped declined increased quarterly annual fiscal dividend buyback
because however most many such these those there when where who what how all any each both few only own same so too
very can just should now then here before during under again further once between through against above below down
out off no nor other such into while until if because about big large small major top key leading largest biggest
week today yesterday monday tuesday wednesday thursday friday morning evening early late next previous former
current chief president chairman founder director manager analyst spokesperson spokeswoman spokesman official
officials source sources people person customer client clients partner supplier suppliers vendor vendors buyer
buyers seller sellers deal deals offer offers bid bids talks discussions negotiations approval review filing
filings lawsuit court judge ruling settlement fine penalty probe investigation risk risks concern concerns pressure
challenge challenges opportunity opportunities expansion plant stores store network networks system systems model
models chip chips semiconductor devices battery batteries vehicle vehicles electric oil gas power grid data center
centers security privacy users subscribers subscription advertising ads media content streaming`
  .split(/\s+/)
  .filter(Boolean);
/** Made-up words after the real ones: syllables read as base-30 digits. */
const SYLLABLES = 'ba ko ri len tar mi so dun vel ca pe ros ti nar gu fel ma zo ler qui dan ost be rin ka lo ven su mar tie'.split(' ');
const MADE_UP_WORDS = 25_000;
const PUBLISHERS = [
  'The Daily Ledger',
  'Market Wire',
  'Business Courier',
  'Tech Observer',
  'Financial Chronicle',
  'Industry Today',
  'Global Trade Journal',
  'The Street Report',
  'Capital Review',
  'Energy Monitor',
  'Retail Dive Weekly',
  'Supply Chain Times',
];
const COMPANY_SENTENCES = [
  'Shares of %s rose after the announcement.',
  'Analysts expect %s to raise its outlook.',
  'A spokesperson for %s declined to comment.',
  '%s said revenue grew faster than expected in the quarter.',
  'Investors are watching %s closely this week.',
  '%s named a new head of its largest division.',
];
const KINDS: [LibraryKind, number][] = [
  ['news_alert', 0.4],
  ['newsletter', 0.1],
  ['earnings_reminder', 0.08],
  ['earnings_summary', 0.08],
  ['air_report', 0.06],
  ['company_news', 0.1],
  ['industry_trends', 0.06],
  ['earnings_analysis', 0.06],
  ['content_draft', 0.06],
];

/** A seller's queries: a rare term, common ones, a company, a phrase, OR, negation, and filters. */
const DAY = 86_400_000;
const now = Date.now();
const QUERIES: { label: string; q: string; filters: LibraryFilters }[] = [
  { label: 'rare term', q: 'antitrust', filters: {} },
  { label: 'common term', q: 'earnings', filters: {} },
  { label: 'company name', q: 'Initech', filters: {} },
  { label: 'quoted phrase', q: '"supply chain"', filters: {} },
  { label: 'OR', q: 'layoffs OR restructuring', filters: {} },
  { label: 'negation', q: 'acquisition -Globex', filters: {} },
  { label: 'two words', q: 'Initech CFO', filters: {} },
  { label: 'no match', q: 'blockchain', filters: {} },
  { label: 'common + kind', q: 'earnings', filters: { kind: 'earnings_summary' } },
  { label: 'term + company', q: 'layoffs', filters: { companyKey: companyKey('Initech') } },
  { label: 'term + last 90 days', q: 'funding', filters: { from: new Date(now - 90 * DAY), to: new Date(now) } },
  {
    label: 'phrase + kind + last year',
    q: '"supply chain"',
    filters: { kind: 'news_alert', from: new Date(now - 365 * DAY), to: new Date(now) },
  },
  { label: 'rare + company', q: 'bankruptcy', filters: { companyKey: companyKey('Hooli') } },
  { label: 'common + company', q: 'earnings', filters: { companyKey: companyKey('Globex') } },
  // Few of the user's own items match, so the page needs the articles: 2 % of the store has the word.
  { label: 'term + small company', q: 'layoffs', filters: { companyKey: companyKey('Hooli') } },
];

setLogLevel('warn');
const { baseUrl, url, stop: stopServer } = await benchLibraryServer();
const sizes = { articles: ARTICLES, users: USERS, items: ITEMS, otherItems: OTHER_ITEMS, version: 1 };

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount === 1;
// With BENCH_LIBRARY_REUSE=1 an earlier database of the same sizes is used as it is when complete,
// and an interrupted generation continues from its last finished phase.
const phases = REUSE && exists ? await finishedPhases(url.toString()) : new Set<string>();
const reused = phases.has('complete');
if (phases.size === 0) {
  await admin.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${DATABASE}"`);
}
await admin.end();

const { db, pool } = createDatabase(url.toString(), 4);
try {
  const server = await pool.query<{ version: string; sb: string; wm: string; mwm: string }>(
    `SELECT version() AS version, current_setting('shared_buffers') AS sb, current_setting('work_mem') AS wm,
            current_setting('maintenance_work_mem') AS mwm`,
  );
  const s = server.rows[0]!;
  console.log(`${s.version.split(',')[0]} (shared_buffers ${s.sb}, work_mem ${s.wm}, maintenance_work_mem ${s.mwm})`);
  console.log(
    `sizes: ${ARTICLES} articles, ${USERS} users, the user's ${ITEMS} items, ${OTHER_ITEMS} items per other user; terms in articles and items: ${TERMS.map((t) => `"${t.term}" ${t.rate * 100} %`).join(', ')}`,
  );
  if (reused) {
    console.log(`reusing database ${DATABASE} (BENCH_LIBRARY_REUSE=1)`);
    // A store generated before the articles kept their words (migration 0012) is upgraded as a
    // running installation would be: the words filled in batches, then the index built.
    const upgrade = !(await articleIndexValid());
    if (args['rebuild-index'] || upgrade) {
      await pool.query(`DROP INDEX IF EXISTS ${ARTICLE_INDEX}`);
      await buildArticleIndexWhileWriting();
      await pool.query('ANALYZE articles');
    } else await runMigrations(db, pool);
  } else {
    // A continued generation gets its migrations (and the articles' index) in its last phase: here
    // ensureOnlineIndexes would build the index the load dropped before the load is over.
    if (phases.size === 0) await runMigrations(db, pool);
    await generate(phases);
  }
  await describeStore();
  if (!args['generate-only']) await measure();
} finally {
  await pool.end();
  if (!REUSE) {
    const end = new pg.Client({ connectionString: baseUrl });
    await end.connect();
    await end.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
    await end.end();
  }
  await stopServer();
}

async function articleIndexValid() {
  const { rows } = await pool.query<{ valid: boolean }>(
    `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1`,
    [ARTICLE_INDEX],
  );
  return rows[0]?.valid === true;
}

/** The generation phases an earlier run of the same sizes finished (none: generate afresh). */
async function finishedPhases(databaseUrl: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string; value: Record<string, unknown> }>('SELECT key, value FROM bench.meta');
    const stored = rows.find((row) => row.key === 'sizes')?.value;
    if (!stored || !Object.entries(sizes).every(([key, value]) => stored[key] === value)) return new Set();
    return new Set(rows.map((row) => row.key));
  } catch {
    return new Set();
  } finally {
    await client.end();
  }
}

function seconds(since: number) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/** Runs `statement` on a load connection (replica mode: no FK checks, no NOTIFY triggers) and says how long it took. */
async function step(label: string, statement: string, client: pg.ClientBase) {
  const started = performance.now();
  const result = await client.query(statement);
  console.log(`  ${label}: ${Array.isArray(result) ? '' : `${result.rowCount ?? ''} rows, `}${seconds(started)}`);
}

/**
 * Generates the store in phases, each recorded in bench.meta when finished, so that an interrupted
 * run (BENCH_LIBRARY_REUSE=1) continues where it stopped.
 */
async function generate(finished: Set<string>) {
  const started = performance.now();
  console.log(`generating ${DATABASE}${finished.size ? ` (continuing after: ${[...finished].join(', ')})` : ''}…`);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const phase = async (name: string, work: () => Promise<void>) => {
    if (finished.has(name)) return;
    await work();
    await client.query('INSERT INTO bench.meta VALUES ($1, $2)', [name, JSON.stringify(sizes)]);
  };
  try {
    await client.query('SET session_replication_role = replica');
    await phase('sizes', async () => {
      // The library tables' secondary indexes and the articles' full-text index go during the load
      // and come back from their own definitions (the migration's, kept in bench.meta, and online-indexes.ts').
      const { rows: indexes } = await client.query<{ name: string; definition: string }>(
        `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
           FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
          WHERE i.indrelid IN ('library_items'::regclass, 'library_item_sources'::regclass) AND NOT i.indisprimary`,
      );
      await step('vocabulary, sentences, companies', setupSql(), client);
      await client.query(`INSERT INTO bench.meta VALUES ('index definitions', $1)`, [JSON.stringify(indexes)]);
      for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
      await client.query('DROP INDEX IF EXISTS articles_search_idx');
      await client.query(`DROP INDEX IF EXISTS ${ARTICLE_INDEX}`);
      await step(
        `${USERS} users`,
        `INSERT INTO users (id, name, email, email_verified, profile_completed)
           SELECT CASE WHEN n = 0 THEN '${USER_ID}' ELSE 'bench-user-' || n END, 'Bench User ' || n, 'bench-' || n || '@example.com', true, true
             FROM generate_series(0, ${USERS - 1}) n`,
        client,
      );
    });
    await phase('articles', async () => {
      await client.query('TRUNCATE articles');
      console.log(`  articles in batches of ${BATCH}:`);
      for (let lo = 1; lo <= ARTICLES; lo += BATCH) {
        const hi = Math.min(ARTICLES, lo + BATCH - 1);
        await step(`articles ${lo}–${hi}`, articlesSql(lo, hi), client);
      }
    });
    await phase('items', async () => {
      await client.query('TRUNCATE library_items, library_item_sources');
      // In the order they were kept, every user's items interleaved (as production writes them):
      // the user's matches are spread over the table's pages, not packed together.
      console.log(`  library items, oldest first, in ${SLICES} slices of ${730 / SLICES} days:`);
      for (let slice = 0; slice < SLICES; slice += 1) {
        await step(`slice ${slice + 1} (item sources)`, itemsSql(slice), client);
      }
    });
    await phase('indexes', async () => {
      const { rows } = await client.query<{ value: { name: string; definition: string }[] }>(
        `SELECT value FROM bench.meta WHERE key = 'index definitions'`,
      );
      for (const index of rows[0]!.value)
        await step(`index ${index.name}`, `${index.definition.replace(/^CREATE INDEX/, 'CREATE INDEX IF NOT EXISTS')}`, client);
    });
  } finally {
    await client.end();
  }
  console.log(`  loaded in ${seconds(started)}`);
  if (!finished.has('article index')) {
    await pool.query(`DROP INDEX IF EXISTS ${ARTICLE_INDEX}`);
    await buildArticleIndexWhileWriting();
    await pool.query(`INSERT INTO bench.meta VALUES ('article index', $1)`, [JSON.stringify(sizes)]);
  }
  const vacuum = performance.now();
  await pool.query('VACUUM ANALYZE');
  console.log(`  VACUUM ANALYZE: ${seconds(vacuum)}`);
  await pool.query(`INSERT INTO bench.meta VALUES ('complete', $1)`, [JSON.stringify(sizes)]);
  console.log(`generated in ${seconds(started)}`);
}

/** The bench schema: meta, the vocabulary, sentences, companies and terms the text is made of. */
function setupSql() {
  const vocabulary = COMMON_WORDS.length + MADE_UP_WORDS;
  const syllables = `array[${SYLLABLES.map((x) => `'${x}'`).join(',')}]`;
  return `
    CREATE SCHEMA bench;
    CREATE TABLE bench.meta (key text PRIMARY KEY, value jsonb NOT NULL);
    -- A Zipf-like draw of a rank in 1..n: P(r) = ln((r+1)/r) / ln(n+1).
    CREATE FUNCTION bench.zipf(n int) RETURNS int VOLATILE LANGUAGE sql AS $$ SELECT floor(exp(random() * ln(n + 1)))::int $$;
    CREATE FUNCTION bench.article_key(g int) RETURNS text IMMUTABLE LANGUAGE sql AS $$ SELECT 'news' || (g % 40) || '.example.com/story/' || g $$;
    CREATE TABLE bench.vocab (rank int PRIMARY KEY, word text NOT NULL);
    INSERT INTO bench.vocab SELECT n, w FROM unnest(array[${COMMON_WORDS.map((w) => `'${w}'`).join(',')}]) WITH ORDINALITY AS t(w, n);
    INSERT INTO bench.vocab
      SELECT ${COMMON_WORDS.length} + 1 + i,
             s[1 + i % 30] || s[1 + (i / 30) % 30] || CASE WHEN i >= 900 THEN s[1 + (i / 900) % 30] ELSE '' END
        FROM generate_series(0, ${MADE_UP_WORDS - 1}) i, (SELECT ${syllables} AS s) syl;
    CREATE TABLE bench.sentences (id int PRIMARY KEY, text text NOT NULL);
    INSERT INTO bench.sentences
      SELECT id, upper(left(t, 1)) || substr(t, 2) || '.'
        FROM (SELECT p.id, string_agg((SELECT word FROM bench.vocab v WHERE v.rank = p.r), ' ' ORDER BY p.k) AS t
                FROM (SELECT id, k, bench.zipf(${vocabulary}) AS r
                        FROM generate_series(1, ${SENTENCES}) id, generate_series(1, 20) k
                       WHERE k <= 8 + (id * 7919) % 13) p
               GROUP BY p.id) x;
    CREATE TABLE bench.companies (rank int PRIMARY KEY, name text NOT NULL);
    INSERT INTO bench.companies
      SELECT i, CASE i WHEN 1 THEN 'Globex' WHEN 34 THEN 'Initech' WHEN 298 THEN 'Hooli'
                ELSE initcap(s[1 + (i * 7) % 30] || s[1 + (i / 30) % 30] || s[1 + (i * 13 / 7) % 30]) || ' ' ||
                     (array['Systems','Holdings','Labs','Group','Technologies','Corp','Energy','Bank','Foods','Networks','Motors','Health'])[1 + i % 12]
                END
        FROM generate_series(1, ${COMPANIES}) i, (SELECT ${syllables} AS s) syl;
    CREATE TABLE bench.terms (term text PRIMARY KEY, rate float8 NOT NULL, sentence text NOT NULL);
    INSERT INTO bench.terms VALUES ${TERMS.map((t) => `('${t.term}', ${t.rate}, '${t.sentence}')`).join(', ')};
    ANALYZE bench.vocab; ANALYZE bench.sentences; ANALYZE bench.companies;`;
}

/** Articles `lo`..`hi`: title, publisher, 25–50 sentences with 1–3 company mentions and the terms at their rates. */
function articlesSql(lo: number, hi: number) {
  return `
    INSERT INTO articles (url_key, url, title, publisher, published_at, text, status, fetched_at)
    SELECT bench.article_key(g), 'https://' || bench.article_key(g),
           c.names[1] || ': ' || rtrim((SELECT left(text, 70) FROM bench.sentences WHERE id = 1 + (g::bigint * 7919) % ${SENTENCES}), '.'),
           (array[${PUBLISHERS.map((p) => `'${p}'`).join(',')}])[1 + g % ${PUBLISHERS.length}],
           f.at - interval '2 hours', body.text, 'ok', f.at
      FROM generate_series(${lo}, ${hi}) g
     CROSS JOIN LATERAL (SELECT now() - random() * interval '90 days' + g * interval '0' AS at) f
     CROSS JOIN LATERAL (
       SELECT array_agg((SELECT name FROM bench.companies WHERE rank = p.r)) AS names
         FROM (SELECT bench.zipf(${COMPANIES}) + 0 * g AS r FROM generate_series(1, 1 + g % 3)) p
     ) c
     CROSS JOIN LATERAL (
       SELECT string_agg(t, ' ' ORDER BY o) AS text FROM (
         SELECT (SELECT text FROM bench.sentences WHERE id = p.id) AS t, random() AS o
           FROM (SELECT 1 + floor(random() * ${SENTENCES})::int AS id FROM generate_series(1, 20 + floor(random() * 26)::int + 0 * g)) p
         UNION ALL
         SELECT format((array[${COMPANY_SENTENCES.map((x) => `'${x}'`).join(',')}])[1 + floor(random() * ${COMPANY_SENTENCES.length})::int], name), random()
           FROM unnest(c.names) name
         UNION ALL
         SELECT sentence, random() FROM bench.terms WHERE random() < rate + 0 * g
       ) parts
     ) body`;
}

/**
 * Slice `slice` of the two years (oldest first) for every user: the user's share of `ITEMS` and each
 * other user's share of `OTHER_ITEMS`, with their sources, written oldest first as keepItem()
 * writes them: companies and their keys, the document, the source count, and the body text the
 * search reads (the document's words, then each source's title and publisher).
 */
function itemsSql(slice: number) {
  let cumulative = 0;
  const kindCase = KINDS.map(([kind, share]) => {
    cumulative += share;
    return `WHEN r < ${cumulative.toFixed(4)} THEN '${kind}'`;
  }).join(' ');
  const days = 730 / SLICES;
  const newest = 730 - (slice + 1) * days;
  return `
    WITH staged AS MATERIALIZED (
      SELECT gen_random_uuid() AS id, CASE WHEN u = 0 THEN '${USER_ID}' ELSE 'bench-user-' || u END AS user_id, i,
             k.kind, now() - interval '${newest} days' - random() * interval '${days} days' AS created_at, c.names, s.article_ids
        FROM generate_series(0, ${USERS - 1}) u
       CROSS JOIN LATERAL generate_series(1, CASE WHEN u = 0 THEN ${Math.round(ITEMS / SLICES)} ELSE ${Math.round(OTHER_ITEMS / SLICES)} END) i
       CROSS JOIN LATERAL (SELECT CASE ${kindCase} ELSE 'content_draft' END AS kind FROM (SELECT random() + 0 * i AS r) x) k
       CROSS JOIN LATERAL (
         SELECT array_agg(DISTINCT name) AS names FROM (
           SELECT (SELECT name FROM bench.companies WHERE rank = p.r) AS name
             FROM (SELECT 1 + (u * 7 + 33 * (bench.zipf(${ACCOUNTS}) - 1)) % ${COMPANIES} + 0 * i AS r
                     FROM generate_series(1, 1 + floor(random() * 3)::int + 0 * i)) p
         ) n
       ) c
       CROSS JOIN LATERAL (
         SELECT array_agg(DISTINCT a) AS article_ids
           FROM (SELECT 1 + floor(random() * ${ARTICLES})::int AS a FROM generate_series(1, 3 + floor(random() * 6)::int + 0 * i)) p
       ) s
    ),
    items AS (
      INSERT INTO library_items (id, user_id, kind, title, companies, company_keys, document, source_count, body_text, created_at)
      SELECT st.id, st.user_id, st.kind,
             CASE st.kind
               WHEN 'news_alert' THEN st.names[1] || ': ' || rtrim(left(b.first, 60), '.')
               WHEN 'newsletter' THEN 'Weekly briefing: ' || array_to_string(st.names, ', ')
               WHEN 'earnings_reminder' THEN st.names[1] || ' reports earnings on ' || to_char(st.created_at + interval '7 days', 'Mon DD')
               WHEN 'earnings_summary' THEN st.names[1] || ' earnings call summary'
               WHEN 'air_report' THEN 'Account Intelligence Report: ' || st.names[1]
               WHEN 'company_news' THEN st.names[1] || ' company news'
               WHEN 'industry_trends' THEN 'Industry trends: ' || rtrim(left(b.first, 40), '.')
               WHEN 'earnings_analysis' THEN st.names[1] || ' earnings analysis'
               ELSE 'LinkedIn post: ' || rtrim(left(b.first, 50), '.')
             END,
             st.names, (SELECT array_agg(lower(x)) FROM unnest(st.names) x),
             jsonb_build_object('blocks', jsonb_build_array(jsonb_build_object('type', 'paragraph', 'text', b.text)), 'sources', src.list),
             cardinality(st.article_ids), b.text || E'\\n' || src.words, st.created_at
        FROM staged st
       CROSS JOIN LATERAL (
         SELECT min(t) FILTER (WHERE o = 0) AS first, string_agg(t, ' ' ORDER BY o) AS text FROM (
           SELECT (SELECT text FROM bench.sentences WHERE id = p.id) AS t, p.o
             FROM (SELECT 1 + floor(random() * ${SENTENCES})::int AS id, n - 1 AS o FROM generate_series(1, 10 + floor(random() * 16)::int + 0 * st.i) n) p
           UNION ALL
           SELECT format((array[${COMPANY_SENTENCES.map((x) => `'${x}'`).join(',')}])[1 + floor(random() * ${COMPANY_SENTENCES.length})::int], name), 1 + random() * 30
             FROM unnest(st.names) name
           UNION ALL
           SELECT sentence, 1 + random() * 30 FROM bench.terms WHERE random() < rate + 0 * st.i
         ) parts
       ) b
       CROSS JOIN LATERAL (
         SELECT coalesce(jsonb_agg(jsonb_build_object('url', a.url, 'title', a.title, 'publisher', a.publisher, 'publishedAt', a.published_at)), '[]') AS list,
                coalesce(string_agg(a.title || E'\\n' || a.publisher, E'\\n'), '') AS words
           FROM articles a WHERE a.url_key = ANY (SELECT bench.article_key(x) FROM unnest(st.article_ids) x)
       ) src
       ORDER BY st.created_at
      RETURNING 1
    )
    INSERT INTO library_item_sources (item_id, user_id, url_key)
    SELECT st.id, st.user_id, bench.article_key(a) FROM staged st, unnest(st.article_ids) a ORDER BY st.created_at`;
}

/**
 * ensureOnlineIndexes() as a running installation meets it after an upgrade (through runMigrations,
 * as at start-up) on the loaded store, while another connection inserts an article every 200 ms:
 * each INSERT's latency shows whether the build blocks writes. The rows it inserted carry a word
 * of their own; the built index must find every one of them.
 */
async function buildArticleIndexWhileWriting() {
  const probe = new pg.Client({ connectionString: url.toString() });
  await probe.connect();
  const run = Date.now().toString(36);
  const insert = async (n: number) => {
    const started = performance.now();
    await probe.query(
      `INSERT INTO articles (url_key, url, title, publisher, text, status)
       VALUES ($1::text, 'https://' || $1::text, $2::text, 'Bench',
               (SELECT string_agg(text, ' ') FROM bench.sentences WHERE id BETWEEN $3::int * 30 AND $3::int * 30 + 29) || ' benchprobe', 'ok')`,
      [`probe.example.com/${run}/${n}`, `Probe article ${n}`, n],
    );
    return performance.now() - started;
  };
  // Before the index build, the backfill of articles' words (migration 0012's column) runs, if any is missing.
  const phase = async () =>
    (await probe.query<{ phase: string }>('SELECT phase FROM pg_stat_progress_create_index')).rows[0]?.phase ??
    'migrations, then the words of older articles filled in batches';
  try {
    const before: number[] = [];
    for (let n = 1; n <= 10; n += 1) before.push(await insert(n));
    const column = await probe.query(
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'articles' AND column_name = 'search_vector'`,
    );
    const missing = (
      await probe.query<{ n: number }>(`SELECT count(*)::int AS n FROM articles${column.rowCount ? ' WHERE search_vector IS NULL' : ''}`)
    ).rows[0]!.n;
    console.log(
      `  ${ARTICLE_INDEX}: ${missing} articles' words to fill, then building the index CONCURRENTLY (runMigrations → ensureOnlineIndexes) while inserting articles…`,
    );
    let building = true;
    const started = performance.now();
    const build = runMigrations(db, pool).finally(() => {
      building = false;
    });
    const during: { ms: number; phase: string | null }[] = [];
    let n = 11;
    while (building) {
      const current = await phase();
      if (current) during.push({ ms: await insert(n++), phase: current });
      await Promise.race([build, new Promise((resolve) => setTimeout(resolve, 200))]);
    }
    await build;
    const buildSeconds = seconds(started);
    const { rows } = await probe.query<{ valid: boolean; size: string }>(
      `SELECT i.indisvalid AS valid, pg_size_pretty(pg_relation_size(i.indexrelid)) AS size
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1`,
      [ARTICLE_INDEX],
    );
    // Through the new index only (no sequential scan): every probe row, this build's and any earlier one's.
    await probe.query('BEGIN; SET LOCAL enable_seqscan = off');
    const found = await probe.query<{ indexed: number; probes: number }>(
      `SELECT (SELECT count(*)::int FROM articles WHERE search_vector @@ to_tsquery('english', 'benchprobe')) AS indexed,
              (SELECT count(*)::int FROM articles WHERE url_key LIKE 'probe.example.com/%') AS probes`,
    );
    await probe.query('COMMIT');
    const ms = during.map((d) => d.ms).sort((a, b) => a - b);
    const phases = [...new Set(during.map((d) => d.phase))];
    console.log(`  ${ARTICLE_INDEX} built (words filled first) in ${buildSeconds} (valid: ${rows[0]?.valid}, ${rows[0]?.size})`);
    console.log(
      `  INSERT INTO articles from another connection — before the build: ${before.length}, p50 ${pct(before, 50).toFixed(1)} ms, max ${Math.max(...before).toFixed(1)} ms; during it: ${ms.length}, p50 ${pct(ms, 50).toFixed(1)} ms, p95 ${pct(ms, 95).toFixed(1)} ms, max ${(ms.at(-1) ?? Number.NaN).toFixed(1)} ms (build phases seen: ${phases.join('; ')})`,
    );
    console.log(`  probe articles the new index finds: ${found.rows[0]!.indexed} of the ${found.rows[0]!.probes} inserted`);
    for (const phaseName of phases) {
      const inPhase = during.filter((d) => d.phase === phaseName).map((d) => d.ms);
      console.log(`    ${phaseName}: ${inPhase.length} inserts, max ${Math.max(...inPhase).toFixed(1)} ms`);
    }
  } finally {
    await probe.end();
  }
}

async function describeStore() {
  const { rows } = await pool.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM articles)::text AS articles,
            (SELECT pg_size_pretty(pg_total_relation_size('articles'))) AS articles_size,
            (SELECT round(avg(length(text))) FROM (SELECT text FROM articles TABLESAMPLE SYSTEM (1)) a)::text AS article_chars,
            (SELECT count(*) FROM users)::text AS users,
            (SELECT count(*) FROM library_items)::text AS items,
            (SELECT pg_size_pretty(pg_total_relation_size('library_items'))) AS items_size,
            (SELECT count(*) FROM library_items WHERE user_id = $1)::text AS user_items,
            (SELECT count(*) FROM library_item_sources WHERE user_id = $1)::text AS user_sources,
            (SELECT count(*) FROM library_item_sources)::text AS sources,
            (SELECT round(avg(array_length(regexp_split_to_array(body_text, '\\s+'), 1))) FROM library_items WHERE user_id = $1)::text AS body_words`,
    [USER_ID],
  );
  const r = rows[0]!;
  console.log(
    `store: ${r.articles} articles (${r.articles_size}, ~${r.article_chars} characters of text each), ${r.users} users, ${r.items} library items (${r.items_size}), ${r.sources} item sources`,
  );
  console.log(`the user: ${r.user_items} items (~${r.body_words} words of body each), ${r.user_sources} sources`);
  const terms = await pool.query<{ term: string; articles: string; items: string }>(
    `SELECT t.term,
            (SELECT round(100 * avg((position(t.term IN text) > 0)::int), 2) FROM articles TABLESAMPLE SYSTEM (1))::text AS articles,
            (SELECT count(*) FROM library_items WHERE user_id = $1 AND search_vector @@ phraseto_tsquery('english', t.term))::text AS items
       FROM bench.terms t ORDER BY t.rate DESC`,
    [USER_ID],
  );
  console.log(
    `  terms (share of a 1 % sample of articles; the user's items): ${terms.rows.map((t) => `"${t.term}" ${t.articles} %, ${t.items}`).join('; ')}`,
  );
}

async function measure() {
  const plans = args.explain;
  // One connection, so that one backend runs every search and its CPU time can be read.
  const measured = createDatabase(url.toString(), 1);
  const backend = (await measured.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const local = schedstat(backend) !== null;
  console.log(
    `\nsearchLibrary() for the user, in-process (drizzle over pg), ${RUNS} runs per query after ${WARMUP} warm-up runs (direct matches ranked: the newest ${RANK_WINDOW}); load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs.`,
  );
  if (local) {
    console.log(
      '  "ready" is the time minus the time this process and the database backend were runnable but waiting for a CPU (/proc/<pid>/schedstat): what the search takes on an idle machine; "server CPU" is the backend\'s.',
    );
  }
  const all: number[] = [];
  const allReady: number[] = [];
  const results: { label: string; q: string; filters: LibraryFilters; times: number[]; ready: number[] }[] = [];
  for (const query of QUERIES) {
    let shown = '';
    for (let i = 0; i < WARMUP; i += 1) {
      const { hits, more } = await searchLibrary(measured.db, USER_ID, query.q, query.filters, 0);
      const viaArticle = hits.filter((h) => h.snippetSource).length;
      shown = `${hits.length}${more ? '+' : ''} hits (${viaArticle} through an article)`;
    }
    const times: number[] = [];
    const ready: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const server = schedstat(backend);
      const self = schedstat('self');
      const started = performance.now();
      await searchLibrary(measured.db, USER_ID, query.q, query.filters, 0);
      const ms = performance.now() - started;
      times.push(ms);
      const serverAfter = schedstat(backend);
      const selfAfter = schedstat('self');
      if (server && serverAfter && self && selfAfter) {
        const waited = (serverAfter.wait - server.wait + selfAfter.wait - self.wait) / 1e6;
        ready.push(Math.max(0, ms - waited));
        cpu.push((serverAfter.cpu - server.cpu) / 1e6);
      }
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    allReady.push(...ready);
    ready.sort((a, b) => a - b);
    results.push({ ...query, times, ready });
    const filters = describeFilters(query.filters);
    const idle = local ? `  ready p50 ${fmt(pct(ready, 50))} p95 ${fmt(pct(ready, 95))}  server CPU p50 ${fmt(pct(cpu, 50))}` : '';
    console.log(
      `  ${`${query.label}:`.padEnd(26)} ${JSON.stringify(query.q).padEnd(27)} ${filters.padEnd(34)} p50 ${fmt(pct(times, 50))} p95 ${fmt(pct(times, 95))} max ${fmt(times.at(-1)!)}${idle}  ${shown}`,
    );
  }
  all.sort((a, b) => a - b);
  const p95 = pct(all, 95);
  console.log(
    `  all ${all.length} searches: p50 ${fmt(pct(all, 50))} p95 ${fmt(p95)} max ${fmt(all.at(-1)!)}${local ? `;  ready p50 ${fmt(pct(allReady, 50))} p95 ${fmt(pct(allReady, 95))}` : ''}  (issue 27 §2: p95 ≤ 50 ms; load average now ${loadavg()[0]!.toFixed(1)})`,
  );
  console.log(`  the plain list and the companies lookup: not measured (their API code is not in this tree).`);
  await measured.pool.end();

  if (plans === 'none') return;
  const p95Of = (r: (typeof results)[number]) => pct(local ? r.ready : r.times, 95);
  const slowest = [...results].sort((a, b) => p95Of(b) - p95Of(a));
  for (const query of plans === 'all' ? results : slowest.slice(0, 1)) {
    const statements = await searchStatements(query.q, query.filters);
    console.log(
      `\nEXPLAIN (ANALYZE, BUFFERS) of ${plans === 'all' ? '' : `the slowest query (by ${local ? '"ready" ' : ''}p95), `}${query.label}: ${JSON.stringify(query.q)} ${describeFilters(query.filters)} — ${statements.length} statement${statements.length > 1 ? 's' : ''}`,
    );
    for (const [n, statement] of statements.entries()) {
      const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
      console.log(`-- statement ${n + 1}: ${statement.text.replace(/\s+/g, ' ').trim().slice(0, 100)}…`);
      console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  }
}

function describeFilters(filters: LibraryFilters) {
  const parts: string[] = [];
  if (filters.kind) parts.push(`kind=${filters.kind}`);
  if (filters.companyKey) parts.push(`company=${filters.companyKey}`);
  if (filters.from) parts.push(`from ${filters.from.toISOString().slice(0, 10)}`);
  if (filters.to) parts.push(`to ${filters.to.toISOString().slice(0, 10)}`);
  return parts.length ? `[${parts.join(', ')}]` : '';
}

/** The statements searchLibrary() sends for a query, as sent (text and parameters). */
async function searchStatements(q: string, filters: LibraryFilters): Promise<SentStatement[]> {
  const seen = await capturedStatements(() => searchLibrary(db, USER_ID, q, filters, 0));
  if (seen.length === 0) throw new Error('searchLibrary() sent no statement');
  return seen;
}
