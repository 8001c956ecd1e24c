// The article reader against the fake Google News (real-shaped redirect links and the two-step
// decode), fake publishers (whole pages, a paywall, robots.txt) and the real database: publisher
// links, article text, the shared store and its reuse, politeness, and every way a page can fail.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../../src/server/db/client.ts';
import { runMigrations } from '../../../src/server/db/migrate.ts';
import { createArticleReader } from '../../../src/server/sources/news/articles.ts';
import { createNewsSource } from '../../../src/server/sources/news/news.ts';
import { createSourceHttp, type SourceHttpOptions } from '../../../src/server/sources/web/http.ts';
import { startFakeHttp } from '../../fakes/http.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

const USER_AGENT = 'EnterpriseOS/1.0 (+http://localhost:3000; tests ops@example.com)';
let news: FakeNews;
let database: ReturnType<typeof createDatabase>;
let db: Database;

beforeAll(async () => {
  news = await startFakeNews();
  database = createDatabase(testDatabaseUrl(), 4);
  db = database.db;
  await runMigrations(db, database.pool);
});
afterAll(async () => {
  await Promise.all([news?.stop(), database?.pool.end()]);
});
beforeEach(async () => {
  news.reset();
  await db.execute(sql`delete from articles; delete from google_news_links`);
});

type SetupOptions = {
  now?: () => Date;
  publisher?: Partial<SourceHttpOptions>;
  google?: Partial<SourceHttpOptions>;
  decodeMaxQueueWaitMs?: number;
};

function setup(opts: SetupOptions = {}) {
  const http = createSourceHttp({ userAgent: USER_AGENT, allowPrivateAddresses: true, ...opts.google });
  const publisherHttp = createSourceHttp({ userAgent: USER_AGENT, allowPrivateAddresses: true, ...opts.publisher });
  const reader = createArticleReader({
    db,
    http,
    publisherHttp,
    googleNewsBaseUrl: news.url,
    userAgent: USER_AGENT,
    now: opts.now,
    decodeMaxQueueWaitMs: opts.decodeMaxQueueWaitMs,
  });
  const source = createNewsSource({ googleNewsBaseUrl: news.url, gdeltBaseUrl: news.url, http, articles: reader });
  return { reader, source };
}

const search = { terms: { phrases: ['Acme Robotics'] }, days: 7, readBudgetMs: 10_000 };
const pageRequests = () => news.requests.filter((r) => /^\/(reuters|bloomberg|yahoo|gartner|ft|wsj|cnbc|archive)\//.test(r.path));
const decodeRequests = () => news.requests.filter((r) => r.path.startsWith('/_/DotsSplashUi'));

describe('publisher links', () => {
  it("decodes Google's redirect links in two steps, once per id, and serves the publisher's address", async () => {
    news.mode.gdelt = 'empty';
    const { source } = setup();
    const { documents } = await source.search(search);
    expect(documents.length).toBe(5);
    for (const doc of documents) {
      expect(doc.url.startsWith(`${news.url}/`)).toBe(true);
      expect(doc.googleLink).toBe(false);
    }
    // Step one read the article page (signature, timestamp); step two posted them to the decode endpoint.
    const firstDecode = decodeRequests()[0]!;
    expect(firstDecode.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(firstDecode.query.get('f.req')).toContain('garturlreq');
    const stored = await db.execute<{ n: number }>(sql`select count(*)::int as n from google_news_links where publisher_url is not null`);
    expect(stored.rows[0]!.n).toBeGreaterThanOrEqual(5);

    // Another search (another process, another user): the ids are known, Google is not asked again.
    news.requests.length = 0;
    await setup().source.search(search);
    expect(decodeRequests()).toHaveLength(0);
    expect(news.requests.filter((r) => r.path.startsWith('/rss/articles/'))).toHaveLength(0);
  });

  it("keeps an item whose link Google will not decode, labelled as Google's link and headline only", async () => {
    news.mode.gdelt = 'empty';
    news.mode.decode = 'refuse';
    const { documents } = await setup().source.search(search);
    expect(documents.length).toBe(5);
    for (const doc of documents) {
      expect(doc.url).toMatch(/^https:\/\/news\.google\.com\/rss\/articles\//);
      expect(doc).toMatchObject({ googleLink: true, evidence: 'headline' });
    }
    // A refusal is remembered (asked again after a day); no publisher page was guessed at.
    const refused = await db.execute<{ n: number }>(sql`select count(*)::int as n from google_news_links where publisher_url is null`);
    expect(refused.rows[0]!.n).toBeGreaterThanOrEqual(5);
    expect(pageRequests()).toHaveLength(0);
  });

  it("never lets decodes queue a search out of Google's pace", async () => {
    news.mode.gdelt = 'empty';
    // Google at one request per 200 ms; a search waits at most 1 s for its turn, a decode at most 0.6 s.
    const google = { minIntervalMs: { [new URL(news.url).host]: 200 }, maxQueueWaitMs: 1000 };
    const { reader, source } = setup({ google, decodeMaxQueueWaitMs: 600 });
    // The first search leaves ten decode requests (2 s of Google's time) behind it when its budget ends.
    await source.search({ ...search, readBudgetMs: 50 });
    const next = await source.search({ ...search, terms: { phrases: ['Globex'] }, readBudgetMs: 50 });
    expect(next.failed).toEqual([]);
    expect(next.documents.length).toBe(5);
    await reader.settled();
  });

  it('does not remember a decode that failed (Google answered 429): the next search tries again', async () => {
    news.mode.gdelt = 'empty';
    news.mode.decode = 'fail';
    const first = await setup().source.search(search);
    expect(first.documents.every((d) => d.googleLink)).toBe(true);
    expect((await db.execute(sql`select 1 from google_news_links`)).rows).toHaveLength(0);
    news.mode.decode = 'ok';
    const second = await setup().source.search(search);
    expect(second.documents.every((d) => !d.googleLink)).toBe(true);
  });
});

describe("a first search under Google's pace (issue 26)", () => {
  it("asks each started decode's second step before another decode's first, and finishes them after the answer", async () => {
    news.mode.gdelt = 'empty';
    // Google at one request per 100 ms; the search answers long before the decodes are done.
    const { reader, source } = setup({ google: { minIntervalMs: { [new URL(news.url).host]: 100 } } });
    const quick = await source.search({ ...search, readBudgetMs: 50 });
    expect(quick.stillReading).toBe(5);
    await reader.settled();
    const steps = news.requests
      .filter((r) => r.path.startsWith('/rss/articles/') || r.path.startsWith('/_/DotsSplashUi'))
      .map((r) => (r.path.startsWith('/rss/articles/') ? 'page' : 'decode'));
    expect(steps).toEqual(Array.from({ length: 5 }, () => ['page', 'decode']).flat());
    const decoded = await db.execute<{ n: number }>(sql`select count(*)::int as n from google_news_links where publisher_url is not null`);
    expect(decoded.rows[0]!.n).toBe(5);
  });

  it("shows a story decoded but not read in time under its publisher's link, and counts it as still being read", async () => {
    news.mode.gdelt = 'empty';
    // Google unpaced (the decodes are quick); the one publisher host one request per 1.5 s: robots.txt, then the pages.
    const { reader, source } = setup({ publisher: { defaultMinIntervalMs: 1500 } });
    const quick = await source.search({ ...search, readBudgetMs: 1000 });
    // Every page but the one robots.txt disallows, which is never asked for.
    expect(quick.stillReading).toBe(4);
    for (const doc of quick.documents) {
      expect(doc.url.startsWith(`${news.url}/`)).toBe(true);
      expect(doc).toMatchObject({ googleLink: false, evidence: 'headline' });
    }
    await reader.settled();
  });
});

describe('article text and the shared store', () => {
  it("gives the model the article's own text, reads each page once, and reuses it for every later search", async () => {
    const { source } = setup();
    const { documents } = await source.search(search);
    const reuters = documents.find((d) => d.publisher === 'Reuters')!;
    expect(reuters.evidence).toBe('article');
    expect(reuters.text).toContain('services revenue reached $24.2 billion');
    expect(reuters.text).not.toContain('We use cookies');
    expect(reuters.text).not.toContain('Most read');
    const pages = pageRequests();
    expect(new Set(pages.map((r) => r.path)).size).toBe(pages.length);
    expect(pages[0]!.headers['user-agent']).toBe(USER_AGENT);

    const rows = await db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from articles group by status order by status`,
    );
    expect(rows.rows).toEqual([
      { status: 'blocked', n: 1 },
      { status: 'ok', n: 3 },
      { status: 'paywalled', n: 1 },
    ]);

    // A hundred more searches for the same company (other users, alerts, newsletters): no page is fetched again.
    news.requests.length = 0;
    for (let i = 0; i < 5; i++) await setup().source.search(search);
    expect(pageRequests()).toHaveLength(0);
  });

  it('labels a paywalled article headline only and never fetches a page robots.txt disallows', async () => {
    const { documents } = await setup().source.search(search);
    const bloomberg = documents.find((d) => d.publisher === 'Bloomberg')!;
    expect(bloomberg.evidence).toBe('headline');
    const wsj = documents.find((d) => d.publisher === 'The Wall Street Journal')!;
    expect(wsj.evidence).toBe('headline');
    expect(news.requests.some((r) => r.path.startsWith('/wsj/'))).toBe(false);
    expect(news.requests.filter((r) => r.path === '/robots.txt')).toHaveLength(1);
    const blocked = await db.execute<{ detail: string }>(sql`select detail from articles where status = 'blocked'`);
    expect(blocked.rows[0]!.detail).toBe('robots.txt disallows this page');
  });

  it('records a failing publisher, keeps the headline, and tries the page again after six hours', async () => {
    news.mode.publishers = 'fail';
    let now = new Date();
    const clock = () => now;
    const first = await setup({ now: clock }).source.search(search);
    expect(first.documents.every((d) => d.evidence === 'headline')).toBe(true);
    const failed = await db.execute<{ detail: string }>(sql`select detail from articles where status = 'failed' limit 1`);
    expect(failed.rows[0]!.detail).toContain('answered 503');

    news.mode.publishers = 'ok';
    news.requests.length = 0;
    await setup({ now: clock }).source.search(search);
    expect(pageRequests()).toHaveLength(0);
    now = new Date(now.getTime() + 6 * 3_600_000 + 1000);
    const later = await setup({ now: clock }).source.search(search);
    expect(pageRequests().length).toBeGreaterThan(0);
    expect(later.documents.find((d) => d.publisher === 'Reuters')!.evidence).toBe('article');
  });

  it('answers within its budget with headlines, and finishes reading in the background for the next search', async () => {
    // One page a second from the one fake publisher host: five pages cannot all be read in 300 ms.
    const { reader, source } = setup({ publisher: { defaultMinIntervalMs: 1000 } });
    const started = Date.now();
    const quick = await source.search({ ...search, readBudgetMs: 300 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(quick.documents.some((d) => d.evidence === 'headline' && d.publisher === 'Reuters')).toBe(true);
    await reader.settled();
    const next = await setup().source.search(search);
    expect(next.documents.find((d) => d.publisher === 'Reuters')!.evidence).toBe('article');
  });

  it('records nothing for pages its own queue refused, so the next search reads them', async () => {
    // Pages one a second from the one fake host, and no more than 1.5 s of queue: most pages are refused before they are asked for.
    const { reader, source } = setup({ publisher: { defaultMinIntervalMs: 1000, maxQueueWaitMs: 1500 } });
    await source.search(search);
    await reader.settled();
    const stored = await db.execute<{ n: number }>(sql`select count(*)::int as n from articles`);
    expect(stored.rows[0]!.n).toBeLessThan(5);
    expect((await db.execute(sql`select 1 from articles where detail like '%waiting%'`)).rows).toHaveLength(0);
    const next = await setup().source.search(search);
    expect(next.documents.filter((d) => d.evidence === 'article').map((d) => d.publisher)).toEqual([
      'Reuters',
      'Financial Times',
      'Gartner Newsroom',
    ]);
  });

  it('settles only when every read it started is stored, decodes and pages alike', async () => {
    news.mode.gdelt = 'empty';
    // Google at one request per 300 ms: the decodes outlast a 100 ms budget, and each decode is followed by a page.
    const { reader, source } = setup({ google: { minIntervalMs: { [new URL(news.url).host]: 300 } } });
    const quick = await source.search({ ...search, readBudgetMs: 100 });
    expect(quick.documents.every((d) => d.googleLink)).toBe(true);
    await reader.settled();
    const stored = await db.execute<{ n: number }>(sql`select count(*)::int as n from articles`);
    expect(stored.rows[0]!.n).toBe(5);
  });

  it('does not read an address longer than 2,000 characters, nor its robots.txt', async () => {
    const url = `${news.url}/reuters/acme-robotics-record-quarter?ref=${'a'.repeat(2_100)}`;
    const doc = {
      url,
      title: 'Acme Robotics posts a record quarter',
      publisher: 'Reuters',
      publishedAt: null,
      text: '',
      kind: 'news' as const,
    };
    const { reader } = setup();
    const {
      documents: [read],
    } = await reader.read([doc], { terms: ['Acme Robotics'], budgetMs: 10_000 });
    expect(read!.evidence).toBe('headline');
    expect(news.requests).toHaveLength(0);
    const stored = await db.execute<{ status: string; detail: string }>(sql`select status, detail from articles`);
    expect(stored.rows).toEqual([{ status: 'blocked', detail: 'an address longer than 2000 characters' }]);
  });

  it('records a page whose robots.txt answered a server error as failed, to be tried again, not as blocked', async () => {
    const publisher = await startFakeHttp((req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body><article><p>Acme Robotics posts a record quarter.</p></article></body></html>');
    });
    try {
      const doc = {
        url: `${publisher.url}/news/acme-robotics-record-quarter`,
        title: 'Acme Robotics posts a record quarter',
        publisher: 'Acme Daily',
        publishedAt: null,
        text: '',
        kind: 'news' as const,
      };
      const {
        documents: [read],
      } = await setup().reader.read([doc], { terms: ['Acme Robotics'], budgetMs: 10_000 });
      expect(read!.evidence).toBe('headline');
      const stored = await db.execute<{ status: string; detail: string }>(sql`select status, detail from articles`);
      expect(stored.rows).toEqual([{ status: 'failed', detail: 'robots.txt answered 503' }]);
    } finally {
      await publisher.stop();
    }
  });

  it('refuses publisher links that point into the private network when it is public-only', async () => {
    news.mode.google = 'empty';
    const { documents } = await setup({ publisher: { allowPrivateAddresses: false } }).source.search(search);
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.every((d) => d.evidence === 'headline')).toBe(true);
    expect(pageRequests()).toHaveLength(0);
    expect(news.requests.some((r) => r.path === '/robots.txt')).toBe(false);
    const failed = await db.execute<{ detail: string }>(sql`select detail from articles limit 1`);
    expect(failed.rows[0]!.detail).toContain('not a public address');
  });
});
