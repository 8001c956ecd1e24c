// Issue 25, item 1: a site we are told about (a publisher link, a company's home page) or a service
// that answers with a redirect must not lead the server into its own network. A fake publisher and
// a fake Hacker News answer 302 to every way of writing a loopback address; a loopback listener
// (the "internal service", on 127.0.0.1 and ::1) counts what reaches it, and must count nothing.
// The fakes are on loopback too: they are reached because the test names their host as trusted
// (as the operator's configured services are), while the listener's host (another port) is not.
import type http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../../src/server/db/client.ts';
import { runMigrations } from '../../../src/server/db/migrate.ts';
import { createCompanySiteReader } from '../../../src/server/sources/company/company-site.ts';
import { createArticleReader } from '../../../src/server/sources/news/articles.ts';
import { createSocialSource } from '../../../src/server/sources/social/social.ts';
import { createSourceHttp } from '../../../src/server/sources/web/http.ts';
import type { SourceDocument } from '../../../src/server/sources/web/types.ts';
import { type FakeHttp, startFakeHttp } from '../../fakes/http.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

const USER_AGENT = 'EnterpriseOS/1.0 (+http://localhost:3000; tests ops@example.com)';
const ARTICLE = `<html><head><title>Acme Robotics opens a plant</title></head><body><article><h1>Acme Robotics opens a plant</h1>
${'<p>Acme Robotics said on Monday that it opened a new plant, its largest, and hired four hundred people to run it.</p>'.repeat(8)}
</article></body></html>`;

/** Every spelling of "this machine" a redirect can use; the WHATWG parser turns the numeric ones into 127.0.0.1. */
const loopbackForms = (port: number) => [
  `http://127.0.0.1:${port}/internal`,
  `http://2130706433:${port}/internal`,
  `http://0x7f.1:${port}/internal`,
  `http://[::1]:${port}/internal`,
  `http://[::ffff:7f00:1]:${port}/internal`,
  `http://0.0.0.0:${port}/internal`,
  `http://[::127.0.0.1]:${port}/internal`,
  `http://localhost:${port}/internal`,
];

let internal: { v4: FakeHttp; v6: FakeHttp; hits: string[] };
let forms: string[];
let publisher: FakeHttp;
let hackerNews: FakeHttp & { redirectTo: string | null };
let database: ReturnType<typeof createDatabase>;
let db: Database;

/** The internal service: answers every request with a page worth stealing, and remembers it. */
async function startInternalService() {
  const hits: string[] = [];
  const handler: http.RequestListener = (req, res) => {
    hits.push(`${req.socket.localAddress} ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/html' }).end(ARTICLE.replaceAll('Acme Robotics', 'Internal secret'));
  };
  const v4 = await startFakeHttp(handler);
  const v6 = await startFakeHttp(handler, v4.port, '::1');
  return { v4, v6, hits };
}

beforeAll(async () => {
  internal = await startInternalService();
  forms = loopbackForms(internal.v4.port);
  publisher = await startFakeHttp((req, res) => {
    const hop = /^\/hop\/(\d+)$/.exec(req.url ?? '');
    if (hop) res.writeHead(302, { location: forms[Number(hop[1])]! }).end();
    else if (req.url === '/article') res.writeHead(200, { 'content-type': 'text/html' }).end(ARTICLE);
    else res.writeHead(404).end();
  });
  const hn = await startFakeHttp((_req, res) => {
    if (hackerNews.redirectTo) res.writeHead(302, { location: hackerNews.redirectTo }).end();
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{"hits":[]}');
  });
  hackerNews = Object.assign(hn, { redirectTo: null });
  database = createDatabase(testDatabaseUrl(), 2);
  db = database.db;
  await runMigrations(db, database.pool);
});
afterAll(async () => {
  await Promise.all([internal?.v4.stop(), internal?.v6.stop(), publisher?.stop(), hackerNews?.stop(), database?.pool.end()]);
});
beforeEach(async () => {
  internal.hits.length = 0;
  await db.execute(sql`delete from articles`);
});

const trusting = (fake: FakeHttp) => createSourceHttp({ userAgent: USER_AGENT, trustedHosts: [new URL(fake.url).host] });
const newsDocument = (url: string): SourceDocument => ({
  url,
  title: 'Acme Robotics',
  publisher: null,
  publishedAt: null,
  text: '',
  kind: 'news',
});
/** A failure text must not tell a user which internal port answered or refused. */
const saysNothingInternal = (text: string) => expect(text).not.toContain(String(internal.v4.port));

describe('the internal service the redirects point at', () => {
  it('is reachable on every address family the forms use, and counts each request', async () => {
    for (const url of [`http://127.0.0.1:${internal.v4.port}/`, `http://[::1]:${internal.v4.port}/`]) await (await fetch(url)).text();
    expect(internal.hits).toHaveLength(2);
  });
});

describe('a redirect into the server’s own network is refused on every hop', () => {
  it('by the publisher reader: nothing reaches the internal service and nothing of it is stored', async () => {
    const reader = createArticleReader({
      db,
      http: trusting(publisher),
      publisherHttp: trusting(publisher),
      googleNewsBaseUrl: publisher.url,
      userAgent: USER_AGENT,
    });
    const documents = [newsDocument(`${publisher.url}/article`), ...forms.map((_, i) => newsDocument(`${publisher.url}/hop/${i}`))];
    await reader.read(documents, { terms: ['Acme Robotics'], budgetMs: 10_000 });
    await reader.settled();

    expect(internal.hits).toEqual([]);
    const rows = await db.execute<{ url: string; status: string; detail: string | null; text: string }>(
      sql`select url, status, detail, text from articles order by url`,
    );
    const read = rows.rows.find((row) => row.url.endsWith('/article'));
    expect(read?.status, 'the publisher itself is read').toBe('ok');
    const refused = rows.rows.filter((row) => row.url.includes('/hop/'));
    expect(refused).toHaveLength(forms.length);
    for (const row of refused) {
      expect({ url: row.url, status: row.status, text: row.text }).toEqual({ url: row.url, status: 'failed', text: '' });
      expect(row.detail).toContain('not a public address');
      saysNothingInternal(row.detail!);
    }
  });

  it('by the AIR company-site reader: the report says the site could not be read, and not why in addresses', async () => {
    const reader = createCompanySiteReader({ http: trusting(publisher), userAgent: USER_AGENT });
    expect((await reader.read(`${publisher.url}/article`)).pages).toHaveLength(1);
    for (const [i, form] of forms.entries()) {
      const error = await reader.read(`${publisher.url}/hop/${i}`).catch((e: unknown) => e as Error);
      expect(error, form).toBeInstanceOf(Error);
      expect((error as Error).message, form).toContain('not a public address');
      saysNothingInternal((error as Error).message);
    }
    expect(internal.hits).toEqual([]);
  });

  it('by Hacker News (a configured service): its redirects are checked like any other hop', async () => {
    const social = createSocialSource({ hackerNewsBaseUrl: hackerNews.url, http: trusting(hackerNews) });
    const company = { name: 'Acme Robotics', domain: 'acme.example' };
    hackerNews.redirectTo = null;
    expect((await social.search(company, { days: 30 })).unavailable).toEqual([]);
    for (const form of forms) {
      hackerNews.redirectTo = form;
      const { unavailable } = await social.search(company, { days: 30 });
      expect(unavailable, form).toHaveLength(1);
      expect(unavailable[0]!.reason, form).toContain('not a public address');
      saysNothingInternal(unavailable[0]!.reason);
    }
    expect(internal.hits).toEqual([]);
  });
});
