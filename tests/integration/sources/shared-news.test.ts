// Shared news searches (ADR 016) on the real database: alerts in two processes asking the same
// search at once cause one search at the news services; a result older than the allowed age is
// searched again; a failed search gives its claim up at once; a claim whose process died is taken
// over. The news services themselves are counted through the fake Google News and GDELT.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../../src/server/db/client.ts';
import { runMigrations } from '../../../src/server/db/migrate.ts';
import { createNewsSource, type NewsSearch } from '../../../src/server/sources/news/news.ts';
import { createSharedNewsSearch, searchKey } from '../../../src/server/sources/news/shared-news.ts';
import { createSourceHttp } from '../../../src/server/sources/web/http.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

let news: FakeNews;
let database: ReturnType<typeof createDatabase>;
let db: Database;

beforeAll(async () => {
  news = await startFakeNews();
  database = createDatabase(testDatabaseUrl(), 6);
  db = database.db;
  await runMigrations(db, database.pool);
});
afterAll(async () => {
  await Promise.all([news?.stop(), database?.pool.end()]);
});
beforeEach(() => news.reset());

/** What one worker process has: its own clients and its own shared-search instance. */
function workerSearch(claimTimeoutMs?: number) {
  const http = createSourceHttp({ userAgent: 'EnterpriseOS tests ops@example.com', allowPrivateAddresses: true });
  const source = createNewsSource({ googleNewsBaseUrl: news.url, gdeltBaseUrl: news.url, http });
  return createSharedNewsSearch(db, source, { claimTimeoutMs });
}
const searches = () => news.requests.filter((r) => r.path === '/rss/search').length;
const query = (company: string): NewsSearch => ({ terms: { phrases: [company] }, days: 2, limit: 20 });
const MINUTE = 60_000;

it('one search for every alert asking it, in one process and across two', async () => {
  const [a, b] = [workerSearch(), workerSearch()];
  const q = query(`Shared Co ${Date.now()}`);
  const results = await Promise.all([
    a.search(q, { maxAgeMs: 30 * MINUTE }),
    a.search(q, { maxAgeMs: 30 * MINUTE }),
    b.search(q, { maxAgeMs: 30 * MINUTE }),
    b.search(q, { maxAgeMs: 30 * MINUTE }),
  ]);
  expect(searches()).toBe(1);
  expect(results.filter((r) => !r.shared)).toHaveLength(1);
  const urls = results.map((r) => JSON.stringify(r.documents.map((d) => d.url)));
  expect(new Set(urls).size).toBe(1);
  expect(results[0]!.documents.length).toBeGreaterThan(0);
  expect(new Set(results.map((r) => r.searchedAt.toISOString())).size).toBe(1);
  // Later, while fresh: read from the table, not searched.
  expect(await workerSearch().search(q, { maxAgeMs: 30 * MINUTE })).toMatchObject({ shared: true });
  expect(searches()).toBe(1);
});

it('a result older than the allowed age is searched again', async () => {
  const q = query(`Stale Co ${Date.now()}`);
  await workerSearch().search(q, { maxAgeMs: 30 * MINUTE });
  await db.execute(sql`UPDATE news_searches SET searched_at = now() - interval '31 minutes' WHERE key = ${searchKey(q)}`);
  const again = await workerSearch().search(q, { maxAgeMs: 30 * MINUTE });
  expect(again.shared).toBe(false);
  expect(searches()).toBe(2);
});

it('a failed search gives its claim up at once: the next alert searches rather than waits', async () => {
  const q = query(`Failing Co ${Date.now()}`);
  news.mode.google = 'fail';
  news.mode.gdelt = 'fail';
  await expect(workerSearch().search(q, { maxAgeMs: 30 * MINUTE })).rejects.toThrow(/both failed/);
  expect((await db.execute(sql`SELECT 1 FROM news_searches WHERE key = ${searchKey(q)}`)).rows).toHaveLength(0);
  news.mode.google = 'ok';
  news.mode.gdelt = 'ok';
  expect(await workerSearch().search(q, { maxAgeMs: 30 * MINUTE })).toMatchObject({ shared: false });
});

it('a claim whose process died (no result after the timeout) is taken over; a live one is waited for', async () => {
  const q = query(`Orphan Co ${Date.now()}`);
  // A process claimed the search and died before storing anything.
  await db.execute(sql`INSERT INTO news_searches (key, claimed_at) VALUES (${searchKey(q)}, now())`);
  const waiting = workerSearch(60_000).search(q, { maxAgeMs: 30 * MINUTE, signal: AbortSignal.timeout(1_500) });
  await expect(waiting).rejects.toThrow();
  expect(searches()).toBe(0);
  await db.execute(sql`UPDATE news_searches SET claimed_at = now() - interval '2 minutes' WHERE key = ${searchKey(q)}`);
  expect(await workerSearch(60_000).search(q, { maxAgeMs: 30 * MINUTE })).toMatchObject({ shared: false });
  expect(searches()).toBe(1);
});

it('a claim made before the database last started is taken over at once: its process could not store or give it up', async () => {
  const q = query(`Outage Co ${Date.now()}`);
  // Claimed a second before the database (re)started, and nothing stored since; the timeout is far off.
  await db.execute(
    sql`INSERT INTO news_searches (key, claimed_at) VALUES (${searchKey(q)}, pg_postmaster_start_time() - interval '1 second')`,
  );
  // A timeout of a year: only the restart can make the claim abandoned, however long the database has been up.
  const result = await workerSearch(365 * 24 * 60 * MINUTE).search(q, { maxAgeMs: 30 * MINUTE, signal: AbortSignal.timeout(5_000) });
  expect(result).toMatchObject({ shared: false });
  expect(searches()).toBe(1);
});
