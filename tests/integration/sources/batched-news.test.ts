// Trigger events (issue 31) search news for ten companies at once: one batched search through the
// news room's door (createNews) against the fake Google News and GDELT serving only the stories the
// test published, read into article text from the publishers' pages.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../../src/server/db/client.ts';
import { runMigrations } from '../../../src/server/db/migrate.ts';
import { createArticleReader } from '../../../src/server/sources/news/articles.ts';
import { createNews, type NewsSearch } from '../../../src/server/sources/news/index.ts';
import { createSourceHttp } from '../../../src/server/sources/web/http.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

const USER_AGENT = 'EnterpriseOS/1.0 (+http://localhost:3000; tests ops@example.com)';
const HOUR = 3_600_000;
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
  news.mode.stories = 'published';
  await db.execute(sql`delete from articles; delete from google_news_links`);
});

function newsRoom() {
  const http = createSourceHttp({ userAgent: USER_AGENT, allowPrivateAddresses: true });
  const articles = createArticleReader({ db, http, publisherHttp: http, googleNewsBaseUrl: news.url, userAgent: USER_AGENT });
  return { news: createNews({ db, googleNewsBaseUrl: news.url, gdeltBaseUrl: news.url, http, articles }), articles };
}

const EVENTS = ['appoints', 'acquires', 'funding round', 'layoffs'];
const batch = (names: string[]): NewsSearch => ({ terms: { anyPhrases: names, anyOf: EVENTS }, days: 1, readBudgetMs: 10_000 });

function publishTwo() {
  const acquisition = news.publishStory({
    company: 'Northwind Traders',
    headline: 'Northwind Traders acquires Tailspin Toys for $1.2 billion',
    publisher: 'Reuters',
    site: 'https://www.reuters.com',
    publishedAt: new Date(Date.now() - 2 * HOUR),
    body: [
      'Northwind Traders said on Tuesday it had agreed to buy Tailspin Toys for $1.2 billion in cash, its largest deal in a decade.',
      'The acquisition is expected to close in the second quarter, subject to regulatory approval, and will add about 2,000 employees.',
    ],
  });
  const appointment = news.publishStory({
    company: 'Contoso Ltd',
    headline: 'Contoso Ltd appoints Maria Okafor as chief financial officer',
    publisher: 'Business Wire',
    site: 'https://www.businesswire.com',
    publishedAt: new Date(Date.now() - 30 * 60_000),
    body: [
      'Contoso Ltd appoints Maria Okafor, previously treasurer at Litware, as chief financial officer, effective March 1.',
      'Okafor succeeds James Reed, who is retiring after eleven years with the company.',
    ],
  });
  return { acquisition, appointment };
}

it('one search for three companies brings back the two stories published about two of them, as articles at their publishers', async () => {
  const { acquisition, appointment } = publishTwo();
  // Older than the search's day: never served.
  news.publishStory({
    company: 'Northwind Traders',
    headline: 'Northwind Traders appoints a new auditor',
    publishedAt: new Date(Date.now() - 3 * 24 * HOUR),
  });
  const room = newsRoom();

  const { documents, failed } = await room.news.search(batch(['Northwind Traders', 'Contoso Ltd', 'Fabrikam']));

  expect(failed).toEqual([]);
  expect(documents.map((d) => d.url).sort()).toEqual([acquisition, appointment].sort());
  const northwind = documents.find((d) => d.url === acquisition)!;
  expect(northwind).toMatchObject({
    title: 'Northwind Traders acquires Tailspin Toys for $1.2 billion',
    publisher: 'Reuters',
    googleLink: false,
    evidence: 'article',
    providers: ['google-news', 'gdelt'],
  });
  expect(northwind.text).toContain('agreed to buy Tailspin Toys for $1.2 billion in cash');
  const contoso = documents.find((d) => d.url === appointment)!;
  expect(contoso).toMatchObject({ publisher: 'Business Wire', googleLink: false, evidence: 'article' });
  expect(contoso.text).toContain('Maria Okafor, previously treasurer at Litware');
  expect(documents.some((d) => /fabrikam/i.test(`${d.title} ${d.text}`))).toBe(false);

  // One request a provider for the three companies, each in its provider's batched form.
  const searches = news.requests.filter((r) => r.path === '/rss/search');
  expect(searches.map((r) => r.query.get('q'))).toEqual([
    '("Northwind Traders" OR "Contoso Ltd" OR "Fabrikam") (appoints OR acquires OR "funding round" OR layoffs) when:1d',
  ]);
  const gdelt = news.requests.filter((r) => r.path === '/api/v2/doc/doc');
  expect(gdelt.map((r) => r.query.get('query'))).toEqual([
    '("Northwind Traders" OR "Contoso Ltd" OR "Fabrikam") (appoints OR acquires OR "funding round" OR layoffs)',
  ]);
  // Each publisher's page was read once.
  for (const url of [acquisition, appointment]) expect(news.requests.filter((r) => r.path === new URL(url).pathname)).toHaveLength(1);
  await room.articles.settled();
});

it("with Google News alone, the batch's redirect links decode to the publishers' pages", async () => {
  news.mode.gdelt = 'empty';
  const { acquisition, appointment } = publishTwo();
  const room = newsRoom();

  const { documents } = await room.news.search(batch(['Northwind Traders', 'Contoso Ltd', 'Fabrikam']));

  expect(documents.map((d) => d.url).sort()).toEqual([acquisition, appointment].sort());
  for (const doc of documents) expect(doc).toMatchObject({ googleLink: false, evidence: 'article', providers: ['google-news'] });
  expect(news.requests.filter((r) => r.path === '/_/DotsSplashUi/data/batchexecute')).toHaveLength(2);
  await room.articles.settled();
});

it('a batch without the companies gets none of their stories; the names match in any case', async () => {
  const { appointment } = publishTwo();
  const litware = news.publishStory({ company: 'Litware', headline: 'Litware announces layoffs of 300 staff' });
  const room = newsRoom();

  const others = await room.news.search(batch(['Fabrikam', 'Litware', 'Northwind']));
  expect(others.documents.map((d) => d.url)).toEqual([litware]);

  const lowercase = await room.news.search(batch(['contoso ltd', 'Adventure Works']));
  expect(lowercase.documents.map((d) => d.url)).toEqual([appointment]);

  // A search for one company, written as before, finds its published stories too.
  const one = await room.news.search({ terms: { phrases: ['Northwind Traders'] }, days: 7, readBudgetMs: 10_000 });
  expect(one.documents.map((d) => d.title)).toEqual(['Northwind Traders acquires Tailspin Toys for $1.2 billion']);

  news.clearStories();
  expect((await room.news.search(batch(['Litware', 'Contoso Ltd']))).documents).toEqual([]);
  await room.articles.settled();
});

it('beside the fixture stories, a batched search tells them about each company it names, and the published ones too', async () => {
  news.mode.stories = 'fixture';
  const { appointment } = publishTwo();
  const { documents } = await newsRoom().news.search({ ...batch(['Contoso Ltd', 'Fabrikam']), limit: 50 });
  const titles = documents.map((d) => d.title);
  expect(titles).toContain('Contoso Ltd reports record quarterly revenue, beating estimates');
  expect(titles).toContain('Fabrikam reports record quarterly revenue, beating estimates');
  expect(documents.map((d) => d.url)).toContain(appointment);
  expect(titles.some((t) => t?.includes('Northwind'))).toBe(false);
});
