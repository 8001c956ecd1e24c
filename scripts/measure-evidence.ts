// Measurement: the evidence the news reader gets (issue 14) and what it costs. Usage:
//   npm run measure:evidence [-- --searches 40 --users 100 --watched 10 --paced 10 --paced-cap 90]
//   npm run measure:evidence -- --only first-ask   (B4 alone: a first research on a company, issue 26)
// A. Offline, on the real services' recorded answers (tests/fakes/fixtures/real-formats): what our
//    parsers, the link decoder, the article extractor and robots.txt matching make of them.
// B. Against the fake news server (tests/fakes/news.ts), which serves real-shaped answers, with its
//    publishers on a second port so Google's host and the publishers' can be told apart, and a fresh
//    database on DATABASE_URL's server, else on the embedded PostgreSQL (as bench:research); dropped
//    at the end. The reader is the production one (articles.ts); each "process" (a user, a run) is a
//    fresh news source + reader sharing the database, so only the shared store carries over.
//    Hosts: Google News = 127.0.0.1:<port>, GDELT = localhost:<port> (same fake, its own pacing
//    queue, as api.gdeltproject.org has in production), publishers = 127.0.0.1:<second port>.
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { setLogLevel } from '../src/server/lib/log.ts';
import { extractArticle } from '../src/server/sources/news/article-text.ts';
import { type ArticleReader, createArticleReader } from '../src/server/sources/news/articles.ts';
import { decodeOfflineId, googleNewsArticleId, parseDecodeAnswer } from '../src/server/sources/news/google-news-links.ts';
import {
  createNewsSource,
  DEFAULT_READ_BUDGET_MS,
  type NewsResult,
  parseGdeltArticles,
  parseGoogleNewsRss,
} from '../src/server/sources/news/news.ts';
import { createSourceHttp, POLITE_INTERVALS_MS, type SourceHttp } from '../src/server/sources/web/http.ts';
import { parseRobots } from '../src/server/sources/web/robots.ts';
import type { SourceDocument } from '../src/server/sources/web/types.ts';
import { type FakeRequest, startFakeNews } from '../tests/fakes/news.ts';
import { createFreshDatabase } from '../tests/support/database.ts';

const { values: args } = parseArgs({
  options: {
    searches: { type: 'string', default: '40' },
    users: { type: 'string', default: '100' },
    watched: { type: 'string', default: '10' },
    paced: { type: 'string', default: '10' },
    'paced-cap': { type: 'string', default: '90' },
    only: { type: 'string' },
  },
});
/** `--only first-ask`: skip A and B1–B3 (minutes of work) and measure B4 alone. */
const FIRST_ASK_ONLY = args.only === 'first-ask';
/** Companies searched once each: the fake gives about 5 fresh stories per company, so 40 → ~200 items. */
const SEARCHES = Number(args.searches);
const USERS = Number(args.users);
const WATCHED = Number(args.watched);
const PACED_COMPANIES = Number(args.paced);
const PACED_CAP_MS = Number(args['paced-cap']) * 1000;

// The product's own User-Agent for publishers (sources/index.ts builds it the same way).
const USER_AGENT = 'EnterpriseOS/1.0 (+https://example.com; ops@example.com)';
const SERVICE_AGENT = 'Enterprise OS measure ops@example.com';
/** config.ts' default PUBLISHER_MIN_INTERVAL_MS, and sources/index.ts' publisher limits. */
const PUBLISHER_MIN_INTERVAL_MS = 1000;
const PUBLISHER_TIMEOUT_MS = 10_000;
const PUBLISHER_MAX_BYTES = 3 * 1024 * 1024;
const DAYS = 7;

const FIXTURES = new URL('../tests/fakes/fixtures/real-formats/', import.meta.url);
const fixture = (path: string) => readFileSync(new URL(path, FIXTURES), 'utf8');

const pct = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : 'n/a');
const col = (text: string | number, width: number) => String(text).padEnd(width);
const num = (text: string | number, width: number) => String(text).padStart(width);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const started = performance.now();
setLogLevel('error'); // the reader logs each background failure as a warning; they are counted below instead

// ─── A. Real-format fixtures ─────────────────────────────────────────────────────────────────────
console.log('A. Real-format fixtures (offline, tests/fakes/fixtures/real-formats)\n');

console.log('A1. Feeds through our parsers: items with a publisher URL as parsed');
const googleItems = parseGoogleNewsRss(fixture('google-news/2026-09-25-breaking.xml'));
const gdeltItems = parseGdeltArticles(JSON.parse(fixture('gdelt/2024-vizhinjam.json')));
console.log(`  ${col('fixture', 42)}${num('items', 6)}${num('publisher URL', 15)}`);
for (const [name, items] of [
  ['google-news/2026-09-25-breaking.xml', googleItems],
  ['gdelt/2024-vizhinjam.json', gdeltItems],
] as const) {
  const direct = items.filter((d) => !d.googleLink).length;
  console.log(`  ${col(name, 42)}${num(items.length, 6)}${num(`${direct} (${pct(direct, items.length)})`, 15)}`);
}
console.log("  (every Google item links to news.google.com/rss/articles/…: only Google's decode can name the publisher)\n");

console.log("A2. Google's link decoding");
const decodedLinks = fixture('google-decode/decoded_links_goleaf.csv')
  .replace(/^\uFEFF/, '')
  .split(/\r?\n/)
  .slice(1)
  .filter((line) => line.trim())
  .map((line) => {
    const match = /^"([^"]*)","([^"]*)"$/.exec(line);
    if (!match) throw new Error(`unexpected CSV line: ${line}`);
    return { decoded: match[1]!, coded: match[2]! };
  });
const ids = decodedLinks.map((link) => googleNewsArticleId(link.coded));
const parsedIds = ids.filter((id) => id !== null).length;
const offline = decodedLinks.filter((link, i) => ids[i] && decodeOfflineId(ids[i]!) === link.decoded).length;
// The URL google-news-links.test.ts expects this recorded answer to carry.
const ALJAZEERA = 'https://www.aljazeera.com/news/2026/8/28/board-of-peace-envoy-mladenov-warns-gaza-ceasefire-risks-collapse';
const answer = parseDecodeAnswer(fixture('google-decode/batchexecute_garturlres_aljazeera.txt'));
const answerOk = answer !== null && 'url' in answer && answer.url === ALJAZEERA;
console.log(`  decoded_links_goleaf.csv: ids parsed ${parsedIds}/${decodedLinks.length} (${pct(parsedIds, decodedLinks.length)})`);
console.log(
  `  of them decodable offline (old ids that contain the URL): ${offline}/${decodedLinks.length} (${pct(offline, decodedLinks.length)})`,
);
console.log(`  batchexecute_garturlres_aljazeera.txt parses to the expected publisher URL: ${answerOk ? 'yes' : 'no'}`);
console.log('  No complete recorded exchange (article page + decode answer for one id) exists, so the live decode');
console.log("  rate (how often Google answers with a URL) cannot be measured offline; the fake's decode always answers.\n");

console.log('A3. Article pages through extractArticle (Readability on linkedom, JSON-LD fallback)');
const pages = readdirSync(new URL('articles/', FIXTURES)).sort();
const sources = pages.map((name) => ({ name, html: fixture(`articles/${name}/source.html`) }));
// One pass first, so the timings are not the JIT's and linkedom's first-call costs.
for (const { html } of sources) extractArticle(html, 'https://publisher.example/story');
const REPEATS = 3;
const extractions = sources.map(({ name, html }) => {
  const times: number[] = [];
  let found = extractArticle(html, 'https://publisher.example/story');
  for (let i = 0; i < REPEATS; i += 1) {
    const start = performance.now();
    found = extractArticle(html, 'https://publisher.example/story');
    times.push(performance.now() - start);
  }
  return { name, status: found.status, chars: found.text.length, kb: html.length / 1024, times };
});
console.log(`  ${col('page', 36)}${col('status', 11)}${num('text chars', 11)}${num('page KB', 9)}${num('median ms', 11)}`);
for (const e of extractions) {
  console.log(
    `  ${col(e.name, 36)}${col(e.status, 11)}${num(e.chars, 11)}${num(e.kb.toFixed(0), 9)}${num(median(e.times).toFixed(1), 11)}`,
  );
}
const statusCount = (status: string) => extractions.filter((e) => e.status === status).length;
const allTimes = extractions.flatMap((e) => e.times);
console.log(
  `  ok ${statusCount('ok')} / paywalled ${statusCount('paywalled')} / failed ${statusCount('failed')} of ${extractions.length}; ` +
    `with article text (ok): ${pct(statusCount('ok'), extractions.length)}`,
);
console.log(
  `  per extraction (${REPEATS} runs per page after a warm-up): median ${ms(median(allTimes))}, max ${ms(Math.max(...allTimes))}\n`,
);

console.log(`A4. Publishers' robots.txt (2024) for our user agent "${USER_AGENT}"`);
// The article paths robots.test.ts checks.
const robotsCases = [
  ['nytimes.com', 'https://www.nytimes.com/2024/05/01/business/some-story.html'],
  ['reuters.com', 'https://www.reuters.com/business/some-story-2024-05-01/'],
  ['cnbc.com', 'https://www.cnbc.com/2024/05/01/some-story.html'],
  ['theguardian.com', 'https://www.theguardian.com/business/2024/may/01/some-story'],
  ['wsj.com', 'https://www.wsj.com/articles/some-story-12345'],
] as const;
let allowedSites = 0;
console.log(`  ${col('site', 17)}${col('article path', 44)}${col('allowed', 9)}crawl-delay`);
for (const [site, url] of robotsCases) {
  const rules = parseRobots(`https://www.${site}/robots.txt`, fixture(`robots/${site}.robots.txt`), USER_AGENT);
  const allowed = rules.allows(url);
  if (allowed) allowedSites += 1;
  console.log(`  ${col(site, 17)}${col(new URL(url).pathname, 44)}${col(allowed ? 'yes' : 'no', 9)}${rules.crawlDelayMs ?? 'none'}`);
}
console.log(`  article allowed on ${allowedSites}/${robotsCases.length} sites (${pct(allowedSites, robotsCases.length)})\n`);

// ─── B. The fake, 200 real-shaped items ──────────────────────────────────────────────────────────
const embedded = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({ dataDir: 'data/bench', port: 54331, log: (line) => console.log(line) });
const database = await createFreshDatabase(process.env.DATABASE_URL ?? embedded!.url, 'eos_measure');
const { db, pool } = createDatabase(database.url, 10);
const fake = await startFakeNews(0, { publisherHost: true });
const googleHost = new URL(fake.url).host;
const gdeltBaseUrl = `http://localhost:${fake.port}`;
const gdeltHost = new URL(gdeltBaseUrl).host;
const publisherHost = new URL(fake.publisherUrl).host;

type Kind = 'rss search' | 'gdelt' | 'google article page' | 'decode POST' | 'robots.txt' | 'publisher page';
const KINDS: Kind[] = ['rss search', 'gdelt', 'google article page', 'decode POST', 'robots.txt', 'publisher page'];
function kindOf(r: FakeRequest): Kind {
  if (r.path === '/rss/search') return 'rss search';
  if (r.path === '/api/v2/doc/doc') return 'gdelt';
  if (/^\/(rss\/)?articles\//.test(r.path)) return 'google article page';
  if (r.path === '/_/DotsSplashUi/data/batchexecute') return 'decode POST';
  if (r.path === '/robots.txt') return 'robots.txt';
  return 'publisher page';
}
const tally = (requests: FakeRequest[]) => {
  const counts = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  for (const r of requests) counts[kindOf(r)] += 1;
  return counts;
};
const hostLabel = (host: string) =>
  host === googleHost ? 'Google News' : host === gdeltHost ? 'GDELT' : host === publisherHost ? 'publishers' : host;

/** Requests that failed on our side before or without an answer, by host and reason (e.g. our own queue refusing). */
const clientFailures = new Map<string, number>();
function counting(http: SourceHttp): SourceHttp {
  const note = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const host = message.split(':').slice(0, 2).join(':');
    const reason = /too many requests waiting/.test(message)
      ? 'refused: too many waiting for a turn'
      : /within \d+ ms/.test(message)
        ? 'timed out'
        : /answered \d+/.test(message)
          ? 'answered an error status'
          : 'other';
    const key = `${hostLabel(host)}: ${reason}`;
    clientFailures.set(key, (clientFailures.get(key) ?? 0) + 1);
    throw error;
  };
  return {
    getText: (url, init) => http.getText(url, init).catch(note),
    getJson: <T>(url: string, init?: Parameters<SourceHttp['getJson']>[1]) => http.getJson<T>(url, init).catch(note),
    getPage: (url, init) => http.getPage(url, init).catch(note),
  };
}

/** What the news source handed to the reader: the reads and decodes a search needed. */
const needed = { reads: 0, decodes: 0 };

/** One process's news source: its own HTTP clients (and pacing), its own reader, the shared database. */
function newProcess(opts: { paced: boolean; reader: boolean }) {
  const http = counting(
    createSourceHttp({
      userAgent: SERVICE_AGENT,
      trustedHosts: [googleHost, gdeltHost],
      minIntervalMs: opts.paced
        ? { [googleHost]: POLITE_INTERVALS_MS['news.google.com']!, [gdeltHost]: POLITE_INTERVALS_MS['api.gdeltproject.org']! }
        : {},
    }),
  );
  const publisherHttp = counting(
    createSourceHttp({
      userAgent: USER_AGENT,
      defaultMinIntervalMs: opts.paced ? PUBLISHER_MIN_INTERVAL_MS : 0,
      timeoutMs: PUBLISHER_TIMEOUT_MS,
      maxBytes: PUBLISHER_MAX_BYTES,
      // The fake publishers live on 127.0.0.1 (PUBLISHER_ALLOW_PRIVATE_ADDRESSES in tests).
      allowPrivateAddresses: true,
    }),
  );
  const reader = createArticleReader({ db, http, publisherHttp, googleNewsBaseUrl: fake.url, userAgent: USER_AGENT });
  const counted: ArticleReader = {
    read(documents, o) {
      for (const doc of documents) {
        if (doc.kind !== 'news') continue;
        needed.reads += 1;
        if (googleNewsArticleId(doc.url)) needed.decodes += 1;
      }
      return reader.read(documents, o);
    },
  };
  const source = createNewsSource({
    googleNewsBaseUrl: fake.url,
    gdeltBaseUrl,
    http,
    articles: opts.reader ? counted : undefined,
  });
  return { source, reader };
}

const companies = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} ${String(i + 1).padStart(3, '0')} Corp`);
const query = (company: string) => ({ terms: { phrases: [company] }, days: DAYS });

type Timed = { ms: number; result: NewsResult };
async function searchAll(source: ReturnType<typeof newProcess>['source'], names: string[]): Promise<Timed[]> {
  const out: Timed[] = [];
  for (const name of names) {
    const start = performance.now();
    const result = await source.search(query(name));
    out.push({ ms: performance.now() - start, result });
  }
  return out;
}

const evidenceOf = (docs: SourceDocument[]) => ({
  items: docs.length,
  publisherUrl: docs.filter((d) => !d.googleLink).length,
  article: docs.filter((d) => d.evidence === 'article').length,
});
const providersOf = (d: SourceDocument) => [...(d.providers ?? [])].sort().join('+') || 'none';

const resetStore = () => db.execute(sql`delete from articles; delete from google_news_links`);

/**
 * Waits until a reader's background work is done. reader.settled() alone can return early: it tracks
 * the decode and the page fetch, not the step between them (looking the article up in the store),
 * so after the last decode it resolves before that document's page is read and stored. Hence: until
 * a quiet half second passes with no new request to the fake and no new stored row.
 */
async function settle(reader: { settled(): Promise<void> }) {
  const state = async () =>
    `${fake.requests.length}/${(await db.execute<{ n: number }>(sql`select count(*)::int as n from articles`)).rows[0]!.n}`;
  for (let last = ''; ; ) {
    await reader.settled();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await state();
    if (now === last) return;
    last = now;
  }
}

try {
  await runMigrations(db, pool);
  console.log('B. Fake news server: real-shaped Google News RSS (redirect links), decode, GDELT, publisher pages');
  console.log(`   ${SEARCHES} companies × ~5 fresh stories (${DAYS}-day searches); fresh database, empty store\n`);

  // Warm-up outside the measured sets: the first search pays for JIT, pools and connections.
  for (const reader of [true, false]) await searchAll(newProcess({ paced: false, reader }).source, ['Warmup Holdings']);
  await resetStore();

  // ── B4: a first research on a company, empty store, production pacing (issue 26) ──
  console.log('B4. A first company-news research (nothing in the article store), production pacing');
  console.log(
    `    Google ${POLITE_INTERVALS_MS['news.google.com']} ms (searches and both decode steps), GDELT ${POLITE_INTERVALS_MS['api.gdeltproject.org']} ms, ` +
      `publishers ${PUBLISHER_MIN_INTERVAL_MS} ms; read budget ${DEFAULT_READ_BUDGET_MS / 1000} s`,
  );
  console.log('    Google News answers 20 stories (16 readable, 2 paywalled, 2 disallowed), GDELT 4 of them; the same server asks again');
  fake.mode.stories = 'twenty';
  const firstAskRuns = [
    { label: 'asked again when the first ask answers', waitForBackground: false },
    { label: "asked again when the first ask's background reads end", waitForBackground: true },
  ];
  for (const [n, run] of firstAskRuns.entries()) {
    const server = newProcess({ paced: true, reader: true });
    const company = `FirstAsk ${n + 1} Corp`;
    const askedAt = performance.now();
    const first = await searchAll(server.source, [company]);
    const firstDone = performance.now();
    if (run.waitForBackground) await settle(server.reader);
    const backgroundDone = (performance.now() - askedAt) / 1000;
    const again = await searchAll(server.source, [company]);
    const shown = (t: Timed) => {
      const docs = t.result.documents;
      const still = t.result.stillReading;
      return (
        `${(t.ms / 1000).toFixed(1)} s, ${docs.length} sources: ${docs.filter((d) => d.evidence === 'article').length} of 16 readable with text, ` +
        `${docs.filter((d) => d.googleLink).length} headline-only Google links, ${docs.filter((d) => !d.googleLink).length} publisher links` +
        (still === undefined ? '' : `, ${still} still being read`)
      );
    };
    console.log(`  ${run.label}:`);
    console.log(`    first ask   ${shown(first[0]!)}`);
    if (run.waitForBackground)
      console.log(
        `    background decodes and reads ended ${backgroundDone.toFixed(1)} s after the first ask began (${((firstDone - askedAt) / 1000).toFixed(1)} s answered)`,
      );
    console.log(`    second ask  ${shown(again[0]!)}`);
    await settle(server.reader);
  }
  fake.mode.stories = 'fixture';
  await resetStore();
  console.log('');
  // --only first-ask: B4 is all that was asked for.
  if (!FIRST_ASK_ONLY) {
    // ── B1: evidence and time added, zero pacing ──
    console.log('B1. Cold pass, zero pacing: evidence per item, and the time the reader adds');
    const variants = [
      { label: 'Google News + GDELT', gdelt: 'ok' as const, prefix: 'Both' },
      { label: 'Google News only (GDELT empty)', gdelt: 'empty' as const, prefix: 'GoogleOnly' },
    ];
    const b1: {
      label: string;
      cold: Timed[];
      warm: Timed[];
      without: Timed[];
      docs: SourceDocument[];
      requests: Record<Kind, number>;
    }[] = [];
    for (const variant of variants) {
      fake.mode.gdelt = variant.gdelt;
      const measured = companies(variant.prefix, SEARCHES);
      const without = await searchAll(newProcess({ paced: false, reader: false }).source, companies(`${variant.prefix}Plain`, SEARCHES));
      fake.requests.length = 0;
      const cold = newProcess({ paced: false, reader: true });
      const coldRuns = await searchAll(cold.source, measured);
      await cold.reader.settled();
      const requests = tally(fake.requests);
      // Another process, same companies: everything comes from the store.
      const warmRuns = await searchAll(newProcess({ paced: false, reader: true }).source, measured);
      b1.push({
        label: variant.label,
        cold: coldRuns,
        warm: warmRuns,
        without,
        docs: coldRuns.flatMap((r) => r.result.documents),
        requests,
      });
    }
    fake.mode.gdelt = 'ok';

    console.log(`  ${col('variant', 32)}${num('items', 6)}${num('publisher URL', 16)}${num('article text', 16)}`);
    for (const v of b1) {
      const e = evidenceOf(v.docs);
      console.log(
        `  ${col(v.label, 32)}${num(e.items, 6)}${num(`${e.publisherUrl} (${pct(e.publisherUrl, e.items)})`, 16)}${num(`${e.article} (${pct(e.article, e.items)})`, 16)}`,
      );
      const groups = new Map<string, SourceDocument[]>();
      for (const d of v.docs) groups.set(providersOf(d), [...(groups.get(providersOf(d)) ?? []), d]);
      for (const [providers, docs] of [...groups].sort()) {
        const g = evidenceOf(docs);
        console.log(
          `    ${col(`found by ${providers}`, 30)}${num(g.items, 6)}${num(`${g.publisherUrl} (${pct(g.publisherUrl, g.items)})`, 16)}${num(`${g.article} (${pct(g.article, g.items)})`, 16)}`,
        );
      }
    }
    const statuses = await db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from articles group by status order by status`,
    );
    console.log(`  stored articles by status (both variants): ${statuses.rows.map((r) => `${r.status} ${r.n}`).join(', ')}`);
    console.log('  (per story in the fake: Reuters, Gartner, FT are readable; Bloomberg is paywalled; WSJ is disallowed by robots.txt)\n');

    console.log(
      '  time per search (median ms: less noisy than the mean on a busy machine), sequential, one process;\n' +
        '  added per article = (with reader − without) ÷ items per search',
    );
    console.log(
      `  ${col('variant', 32)}${num('without', 9)}${num('cold', 9)}${num('warm', 9)}${num('items/search', 14)}${num('added/article cold', 20)}${num('warm', 8)}`,
    );
    for (const v of b1) {
      const without = median(v.without.map((r) => r.ms));
      const cold = median(v.cold.map((r) => r.ms));
      const warm = median(v.warm.map((r) => r.ms));
      const perSearch = v.docs.length / v.cold.length;
      console.log(
        `  ${col(v.label, 32)}${num(without.toFixed(1), 9)}${num(cold.toFixed(1), 9)}${num(warm.toFixed(1), 9)}${num(perSearch.toFixed(1), 14)}` +
          `${num(ms((cold - without) / perSearch), 20)}${num(ms((warm - without) / perSearch), 8)}`,
      );
    }
    console.log('  requests to the fake during the cold pass:');
    for (const v of b1) console.log(`    ${col(v.label, 32)}${KINDS.map((k) => `${k} ${v.requests[k]}`).join(', ')}`);
    console.log(
      '  (loopback fakes, no pacing: this is our own cost per article: decode, robots, fetch, extraction, store; real networks add their latency)\n',
    );

    // ── B2: cache hit rate, 100 users × the same 10 companies ──
    console.log(`B2. Shared store: ${USERS} users watching the same ${WATCHED} companies (${USERS * WATCHED} searches), cold start`);
    console.log('    each user a separate process (its own news source and reader, no in-process sharing), zero pacing');
    console.log(
      `  ${col('scenario', 58)}${num('reads', 7)}${num('decodes', 9)}${num('pages', 7)}${num('decode POSTs', 14)}${num('hit rate', 10)}`,
    );
    const b2Requests: { label: string; requests: Record<Kind, number>; seconds: number }[] = [];
    for (const variant of variants) {
      for (const concurrency of [1, 10]) {
        fake.mode.gdelt = variant.gdelt;
        const watched = companies(`${variant.prefix}Watch${concurrency}`, WATCHED);
        fake.requests.length = 0;
        Object.assign(needed, { reads: 0, decodes: 0 });
        const start = performance.now();
        for (let first = 0; first < USERS; first += concurrency) {
          const wave = Array.from({ length: Math.min(concurrency, USERS - first) }, async () => {
            const user = newProcess({ paced: false, reader: true });
            await searchAll(user.source, watched);
            await user.reader.settled();
          });
          await Promise.all(wave);
        }
        const requests = tally(fake.requests);
        const made = requests['publisher page'] + requests['decode POST'];
        const label = `${variant.label}, ${concurrency === 1 ? 'users one after another' : `${concurrency} users at a time`}`;
        b2Requests.push({ label, requests, seconds: (performance.now() - start) / 1000 });
        console.log(
          `  ${col(label, 58)}${num(needed.reads, 7)}${num(needed.decodes, 9)}${num(requests['publisher page'], 7)}${num(requests['decode POST'], 14)}` +
            `${num(pct(needed.reads + needed.decodes - made, needed.reads + needed.decodes), 10)}`,
        );
      }
    }
    fake.mode.gdelt = 'ok';
    console.log('  hit rate = 1 − (publisher pages fetched + decodes made) ÷ (article reads + decodes the searches needed)');
    console.log('  requests to the fake by kind:');
    for (const r of b2Requests)
      console.log(`    ${col(r.label, 58)}${KINDS.map((k) => `${k} ${r.requests[k]}`).join(', ')} (${r.seconds.toFixed(1)} s)`);
    console.log(
      '  (robots.txt is cached per process only, so every fresh process that must fetch a page asks for it again;\n' +
        '   in production one process serves many users and shares its in-flight reads)\n',
    );

    // ── B3: requests per host per minute under the production pacing ──
    console.log(`B3. Production pacing: ${PACED_COMPANIES} new companies searched at once in one process (an alert burst)`);
    console.log(
      `    Google ${POLITE_INTERVALS_MS['news.google.com']} ms, GDELT ${POLITE_INTERVALS_MS['api.gdeltproject.org']} ms, publishers ${PUBLISHER_MIN_INTERVAL_MS} ms per host; ` +
        `search budget ${DEFAULT_READ_BUDGET_MS / 1000} s; capped at ${PACED_CAP_MS / 1000} s`,
    );
    console.log("    (the fake's publishers are all one host, so their pages queue behind one another; real ones are many hosts)");
    clientFailures.clear();
    fake.requests.length = 0;
    Object.assign(needed, { reads: 0, decodes: 0 });
    const pacedStart = Date.now();
    const paced = newProcess({ paced: true, reader: true });
    const burst = companies('Paced', PACED_COMPANIES);
    const burstRuns = await Promise.all(
      burst.map(async (name) => {
        const start = performance.now();
        const result = await paced.source.search(query(name));
        return { ms: performance.now() - start, result };
      }),
    );
    const burstDone = Date.now() - pacedStart;
    // Pages and decodes still in flight finish in the background (for the next search); wait for them, within the cap.
    let capped = false;
    await Promise.race([
      settle(paced.reader),
      new Promise<void>((resolve) =>
        setTimeout(
          () => {
            capped = true;
            resolve();
          },
          Math.max(0, PACED_CAP_MS - burstDone),
        ).unref(),
      ),
    ]);
    const pacedRequests = fake.requests.filter((r) => r.at >= pacedStart && r.at < pacedStart + PACED_CAP_MS);
    // The last request of the burst or its background work (settle's quiet check adds nothing to it).
    const backgroundDone = Math.max(burstDone, ...pacedRequests.map((r) => r.at - pacedStart));
    const burstDocs = burstRuns.flatMap((r) => r.result.documents);
    const be = evidenceOf(burstDocs);
    const gdeltSkipped = burstRuns.filter((r) => r.result.failed.includes('gdelt')).length;
    console.log(
      `  searches answered in ${ms(Math.min(...burstRuns.map((r) => r.ms)))} … ${ms(Math.max(...burstRuns.map((r) => r.ms)))}; ` +
        `GDELT skipped (its queue too long) in ${gdeltSkipped}/${burstRuns.length}`,
    );
    console.log(
      `  this burst's own results: ${be.items} items, publisher URL ${be.publisherUrl} (${pct(be.publisherUrl, be.items)}), ` +
        `article text ${be.article} (${pct(be.article, be.items)})`,
    );
    console.log(
      `  background reads ${capped ? `still running at the ${PACED_CAP_MS / 1000} s cap (measurement stops there)` : `done: last request ${(backgroundDone / 1000).toFixed(1)} s after the burst began`}`,
    );
    const pacedStatuses = await db.execute<{ status: string; detail: string | null; n: number }>(
      sql`select status, detail, count(*)::int as n from articles where url like ${'%/paced-%'} group by status, detail order by status, n desc`,
    );
    const pacedLinks = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from google_news_links where publisher_url like ${'%/paced-%'}`,
    );
    console.log(
      `  stored by the burst (searches + background): ${pacedLinks.rows[0]!.n} decoded links of ${needed.decodes} needed; articles:`,
    );
    for (const row of pacedStatuses.rows) console.log(`    ${col(row.status, 10)}${num(row.n, 4)}  ${row.detail ?? ''}`);
    // The next search of the same companies, in another process (unpaced, so it finishes quickly):
    // what it finds in the store, and what the burst left for it to do.
    const before = fake.requests.length;
    Object.assign(needed, { reads: 0, decodes: 0 });
    const next = await searchAll(newProcess({ paced: false, reader: true }).source, burst);
    const left = tally(fake.requests.slice(before));
    const ne = evidenceOf(next.flatMap((r) => r.result.documents));
    console.log(
      `  the next search of the same companies (another process, unpaced, so GDELT answers every search): ` +
        `publisher URL ${pct(ne.publisherUrl, ne.items)}, article text ${pct(ne.article, ne.items)};\n` +
        `    it needed ${needed.decodes} decodes and made ${left['decode POST']}, and fetched ${left['publisher page']} pages the burst had not read`,
    );
    if (clientFailures.size) {
      console.log('  requests that failed on our side:');
      for (const [key, n] of clientFailures) console.log(`    ${col(key, 50)}${num(n, 4)}`);
    }

    const windowMs = Math.min(backgroundDone, PACED_CAP_MS);
    console.log(
      `\n  max requests in any 60 s window (observed over ${(windowMs / 1000).toFixed(1)} s${windowMs < 60_000 ? ', shorter than a minute: the whole run' : ''}):`,
    );
    console.log(`  ${col('host / kind', 40)}${num('requests', 9)}${num('max/60 s', 10)}${num('limit/60 s', 12)}${num('min gap ms', 12)}`);
    const maxIn60s = (times: number[]) => {
      let best = 0;
      for (let i = 0, j = 0; j < times.length; j += 1) {
        while (times[j]! - times[i]! >= 60_000) i += 1;
        best = Math.max(best, j - i + 1);
      }
      return best;
    };
    const minGap = (times: number[]) => (times.length < 2 ? '—' : String(Math.min(...times.slice(1).map((t, i) => t - times[i]!))));
    const limits: Record<string, number> = {
      [googleHost]: 60_000 / POLITE_INTERVALS_MS['news.google.com']!,
      [gdeltHost]: 60_000 / POLITE_INTERVALS_MS['api.gdeltproject.org']!,
      [publisherHost]: 60_000 / PUBLISHER_MIN_INTERVAL_MS,
    };
    for (const host of [googleHost, gdeltHost, publisherHost]) {
      const forHost = pacedRequests.filter((r) => r.headers.host === host).sort((a, b) => a.at - b.at);
      const times = forHost.map((r) => r.at);
      console.log(
        `  ${col(`${hostLabel(host)} (${host})`, 40)}${num(times.length, 9)}${num(maxIn60s(times), 10)}${num(limits[host]!, 12)}${num(minGap(times), 12)}`,
      );
      for (const kind of KINDS) {
        const kindTimes = times.filter((_, i) => kindOf(forHost[i]!) === kind);
        if (kindTimes.length) console.log(`    ${col(kind, 38)}${num(kindTimes.length, 9)}${num(maxIn60s(kindTimes), 10)}`);
      }
    }
    console.log("  (our pacing spaces the requests' starts in the client; times here are arrivals at the fake, so a request");
    console.log('   delayed on its way (e.g. behind a synchronous extraction on the event loop) can land closer to the next one)');
    console.log('  (pacing is per process: N worker processes may send N times this to one host)\n');

    // Whatever the cap cut off must end before the pool does.
    await settle(paced.reader);
  }
  console.log(`run time ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await pool.end();
  await database.drop();
  await fake.stop();
  await embedded?.stop();
}
