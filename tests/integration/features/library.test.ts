// The library's API (issue 27 §1–2) on real PostgreSQL through the HTTP app: the list (filters, the
// keyset cursor), one item, deleting, the search (web-search syntax, article text, marked snippets,
// filters), the company names, keeping drafts, research kept when it succeeds, the dashboard's link
// to an alert's item, retention — and every one of them kept to the item's owner.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config.ts';
import { housekeep } from '../../../src/server/jobs/housekeeping.ts';
import { keepItem, type LibraryEntry } from '../../../src/server/library/keep.ts';
import { pageKey } from '../../../src/server/sources/web/site.ts';
import type { DashboardSummary } from '../../../src/shared/dashboard.ts';
import {
  DEFAULT_LIBRARY_RETENTION_DAYS,
  HIGHLIGHT,
  LIBRARY_PAGE_SIZE,
  LIBRARY_SUGGESTIONS,
  type LibraryItem,
  type LibraryItemSummary,
  type LibraryPage,
  type LibrarySearchHit,
  libraryErrors,
  libraryMessages,
} from '../../../src/shared/library.ts';
import { messages } from '../../../src/shared/messages.ts';
import { researchPaths } from '../../../src/shared/research.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai.ts';
import { researchModel } from '../../fakes/research-model.ts';
import { type FakeSec, startFakeSec } from '../../fakes/sec.ts';
import { type IpClient, registerUser, signedInClient, type TestRuntime } from '../../support/accounts.ts';
import { insertEarningsTracking, insertNewsAlert, insertNewsletter } from '../../support/factories.ts';
import { startTestRuntime, TestClient } from '../../support/runtime.ts';

let rt: TestRuntime;
let ai: FakeOpenAi;
let news: FakeNews;
let sec: FakeSec;

beforeAll(async () => {
  [ai, news, sec] = await Promise.all([startFakeOpenAi({ handler: researchModel() }), startFakeNews(), startFakeSec()]);
  rt = await startTestRuntime({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-research-model',
    AI_TIMEOUT_SECONDS: '5',
    GOOGLE_NEWS_BASE_URL: news.url,
    GDELT_BASE_URL: news.url,
    SEC_BASE_URL: sec.url,
    SEC_DATA_BASE_URL: sec.url,
    SEC_USER_AGENT: 'Enterprise OS tests ops@example.com',
  });
});
afterAll(async () => {
  await rt?.close();
  await Promise.all([ai?.stop(), news?.stop(), sec?.stop()]);
});

async function newUser() {
  const user = await registerUser(rt);
  return { ...user, client: await signedInClient(rt, user.email) };
}

const entry = (overrides: Partial<LibraryEntry> = {}): LibraryEntry => ({
  kind: 'news_alert',
  title: 'Acme Robotics: new plant',
  companies: ['Acme Robotics'],
  blocks: [{ type: 'paragraph', text: 'Acme Robotics opened a plant in Ohio.' }],
  ...overrides,
});

/** Keeps `e` for the user as the engine or a feature would, at `createdAt` when given. */
async function keep(userId: string, e: LibraryEntry = entry(), createdAt?: string) {
  const kept = await keepItem(rt.db, userId, e);
  if (!kept) throw new Error('not kept');
  if (createdAt) await rt.pool.query('UPDATE library_items SET created_at = $2 WHERE id = $1', [kept.id, createdAt]);
  return kept.id;
}

/** A publisher's article in the shared store, as a search that read it left it. */
async function storeArticle(url: string, title: string, text: string, fetchedAt = 'now()') {
  await rt.pool.query(
    `INSERT INTO articles (url_key, url, title, publisher, text, status, fetched_at)
     VALUES ($1, $2, $3, 'Example News', $4, 'ok', ${fetchedAt})`,
    [pageKey(url), url, title, text],
  );
}

const list = async (client: IpClient, query = '') => {
  const res = await client.get(`/api/library${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as LibraryPage<LibraryItemSummary>;
};
const search = async (client: IpClient, query: string) => {
  const res = await client.get(`/api/library/search?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as LibraryPage<LibrarySearchHit>;
};
const del = (client: IpClient, id: string) => client.request('DELETE', `/api/library/${id}`);
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const marked = (word: string) => `${HIGHLIGHT.start}${word}${HIGHLIGHT.stop}`;

describe('access', () => {
  it('needs a session for every endpoint', async () => {
    const anonymous = new TestClient(rt.app);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await anonymous.get('/api/library'),
      await anonymous.get('/api/library/search?q=acme'),
      await anonymous.get('/api/library/companies?prefix='),
      await anonymous.get(`/api/library/${id}`),
      await anonymous.request('DELETE', `/api/library/${id}`),
      await anonymous.post('/api/library/drafts', { text: 'A draft' }),
    ]) {
      expect(res.status).toBe(401);
    }
  });
});

describe('the list', () => {
  it('pages newest first with an opaque cursor, to the microsecond, ties broken by id', async () => {
    const { id: userId, client } = await newUser();
    expect(await list(client)).toEqual({ items: [], nextCursor: null });
    // 23 items a minute apart; the 20th and 21st newest a microsecond apart, the 22nd and 23rd at the same instant.
    const ids: string[] = [];
    const at = (i: number) =>
      i < 19
        ? `2025-06-01T12:${59 - i}:00Z`
        : i === 19
          ? '2025-06-01T11:40:00.123457Z'
          : i === 20
            ? '2025-06-01T11:40:00.123456Z'
            : '2025-06-01T11:00:00Z';
    for (let i = 0; i < 23; i++) ids.push(await keep(userId, entry({ title: `Item ${i}` }), at(i)));
    const { rows } = await rt.pool.query<{ id: string }>(
      'SELECT id FROM library_items WHERE user_id = $1 ORDER BY created_at DESC, id DESC',
      [userId],
    );
    const first = await list(client);
    expect(first.items).toHaveLength(LIBRARY_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(client, `?${q({ cursor: first.nextCursor! })}`);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(rows.map((row) => row.id));
    expect(first.items.at(-1)!.id).toBe(ids[19]);
    expect(second.items[0]!.id).toBe(ids[20]);
    expect(first.items[0]).toEqual({
      id: ids[0],
      kind: 'news_alert',
      title: 'Item 0',
      companies: ['Acme Robotics'],
      createdAt: '2025-06-01T12:59:00.000Z',
      sourceCount: 0,
    });
  });

  it('filters by kind, by company (whatever its case and spacing) and by New York calendar days, the filters kept while paging', async () => {
    const { id: userId, client } = await newUser();
    const alert = await keep(userId, entry(), '2025-03-09T15:00:00Z');
    // 03:00 UTC on the 10th is still the 9th in New York.
    const lateAlert = await keep(userId, entry({ title: 'Late alert' }), '2025-03-10T03:00:00Z');
    const newsletter = await keep(
      userId,
      entry({ kind: 'newsletter', title: 'Weekly', companies: ['Globex', 'Acme Robotics'] }),
      '2025-03-11T15:00:00Z',
    );
    const draft = await keep(userId, entry({ kind: 'content_draft', title: 'Draft', companies: [] }), '2025-03-12T15:00:00Z');
    const ids = async (query: string) => (await list(client, `?${query}`)).items.map((item) => item.id);

    expect(await ids(q({ kind: 'newsletter' }))).toEqual([newsletter]);
    expect(await ids(q({ company: '  acme   ROBOTICS ' }))).toEqual([newsletter, lateAlert, alert]);
    expect(await ids(q({ company: 'Globex' }))).toEqual([newsletter]);
    expect(await ids(q({ company: 'Initech' }))).toEqual([]);
    expect(await ids(q({ from: '2025-03-10' }))).toEqual([draft, newsletter]);
    expect(await ids(q({ to: '2025-03-09' }))).toEqual([lateAlert, alert]);
    expect(await ids(q({ from: '2025-03-11', to: '2025-03-11' }))).toEqual([newsletter]);
    expect(await ids(q({ from: '2025-03-12', to: '2025-03-10' }))).toEqual([]);
    expect(await ids(q({ from: '1000-01-01', to: '9999-12-31' }))).toEqual([draft, newsletter, lateAlert, alert]);
    expect(await ids(q({ kind: 'news_alert', company: 'acme robotics', to: '2025-03-09' }))).toEqual([lateAlert, alert]);

    for (let i = 0; i < LIBRARY_PAGE_SIZE; i++) await keep(userId, entry({ kind: 'air_report', title: `Report ${i}` }));
    const first = await list(client, `?${q({ kind: 'news_alert' })}`);
    expect(first).toMatchObject({ nextCursor: null });
    const all = await list(client);
    const rest = await list(client, `?${q({ kind: 'content_draft', cursor: all.nextCursor! })}`);
    expect(rest.items.map((item) => item.id)).toEqual([draft]);
  });

  it('ignores q (the search is its own endpoint)', async () => {
    const { id: userId, client } = await newUser();
    const id = await keep(userId);
    expect((await list(client, '?q=nothing-matches-this')).items.map((item) => item.id)).toEqual([id]);
  });
});

describe('one item', () => {
  it('reads the whole document', async () => {
    const { id: userId, client } = await newUser();
    const id = await keep(
      userId,
      entry({
        blocks: [
          { type: 'heading', text: 'What happened' },
          {
            type: 'articles',
            items: [
              {
                url: 'https://news.example.com/acme-plant',
                title: 'Acme opens plant',
                publisher: 'Example News',
                publishedAt: null,
                summary: 'A plant.',
              },
            ],
          },
        ],
      }),
    );
    const res = await client.get(`/api/library/${id}`);
    expect(res.status).toBe(200);
    const item = res.body as LibraryItem;
    expect(item).toMatchObject({ id, kind: 'news_alert', title: 'Acme Robotics: new plant', companies: ['Acme Robotics'], sourceCount: 1 });
    expect(item.document.blocks[0]).toEqual({ type: 'heading', text: 'What happened' });
    expect(item.document.sources).toEqual([
      { url: 'https://news.example.com/acme-plant', title: 'Acme opens plant', publisher: 'Example News', publishedAt: null },
    ]);
  });

  it('answers 404 for an unknown id and for a path that is not an id', async () => {
    const { client } = await newUser();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '1%27%20or%201%3D1']) {
      const res = await client.get(`/api/library/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'not_found', message: libraryMessages.notFound });
    }
  });

  it('deletes an item (204), after which it is gone', async () => {
    const { id: userId, client } = await newUser();
    const id = await keep(userId);
    const res = await del(client, id);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await client.get(`/api/library/${id}`)).status).toBe(404);
    const again = await del(client, id);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(libraryMessages.notFound);
    expect((await del(client, 'not-an-id')).status).toBe(404);
    expect((await list(client)).items).toEqual([]);
  });
});

describe('the search', () => {
  it('understands quotes, OR and -, and marks the matches in the snippet', async () => {
    const { id: userId, client } = await newUser();
    const phrase = await keep(
      userId,
      entry({ title: 'Supply chain news', blocks: [{ type: 'paragraph', text: 'Acme fixed its supply chain.' }] }),
    );
    const apart = await keep(
      userId,
      entry({ title: 'Other news', blocks: [{ type: 'paragraph', text: 'Acme chain of stores adds supply rooms.' }] }),
    );
    const tariffs = await keep(
      userId,
      entry({ title: 'Trade', blocks: [{ type: 'paragraph', text: 'Acme warns about tariffs on steel.' }] }),
    );
    const layoffs = await keep(userId, entry({ title: 'Jobs', blocks: [{ type: 'paragraph', text: 'Acme announces layoffs in Ohio.' }] }));
    const ids = async (query: string) => (await search(client, q({ q: query }))).items.map((hit) => hit.id).sort();

    expect(await ids('"supply chain"')).toEqual([phrase]);
    expect(await ids('supply chain')).toEqual([phrase, apart].sort());
    expect(await ids('tariffs OR layoffs')).toEqual([tariffs, layoffs].sort());
    expect(await ids('acme -layoffs')).toEqual([phrase, apart, tariffs].sort());

    const [hit] = (await search(client, q({ q: 'tariffs' }))).items;
    expect(hit).toMatchObject({ id: tariffs, kind: 'news_alert', title: 'Trade', companies: ['Acme Robotics'], snippetSource: null });
    expect(hit!.snippet).toContain(`about ${marked('tariffs')} on steel`);
    expect(hit!.snippet).not.toMatch(/<|>/);
  });

  it("finds an item by its article's text only, naming the article the snippet is from, after the items that match themselves", async () => {
    const { id: userId, client } = await newUser();
    const url = `https://news.example.com/zeppelin-${userId}`;
    await storeArticle(url, 'Airships return', 'The company will build a zeppelin hangar near the harbour, people familiar said.');
    const viaArticle = await keep(
      userId,
      entry({
        title: 'Acme expands',
        blocks: [{ type: 'articles', items: [{ url, title: 'Airships return', publisher: 'Example News', publishedAt: null }] }],
      }),
    );
    const direct = await keep(userId, entry({ title: 'Zeppelin rumours', blocks: [] }), '2020-01-01T00:00:00Z');
    const { items } = await search(client, q({ q: 'zeppelin hangar' }));
    expect(items.map((hit) => hit.id)).toEqual([viaArticle]);
    expect(items[0]!.snippetSource).toEqual({ title: 'Airships return', url });
    expect(items[0]!.snippet).toContain(`${marked('zeppelin')} ${marked('hangar')}`);
    // The item's own words rank first, however old it is.
    expect((await search(client, q({ q: 'zeppelin' }))).items.map((hit) => hit.id)).toEqual([direct, viaArticle]);
  });

  it("checks a phrase on every candidate article's stored words, not only on the newest few", async () => {
    const { id: userId, client } = await newUser();
    const cite = (url: string, title: string): LibraryEntry['blocks'] => [
      { type: 'articles', items: [{ url, title, publisher: 'Example News', publishedAt: null }] },
    ];
    // More newer items than a page whose articles have both words, but not side by side.
    for (let i = 0; i < LIBRARY_PAGE_SIZE + 5; i++) {
      const url = `https://news.example.com/near-${userId}-${i}`;
      await storeArticle(url, `Vote ${i}`, 'A restructuring plan was approved by the board on Monday.');
      await keep(userId, entry({ title: `Acme update ${i}`, blocks: cite(url, `Vote ${i}`) }));
    }
    const url = `https://news.example.com/phrase-${userId}`;
    await storeArticle(url, 'Plan passes', 'Shareholders cheered after the board approved the restructuring plan.');
    const older = await keep(userId, entry({ title: 'Acme plan', blocks: cite(url, 'Plan passes') }), '2020-01-01T00:00:00Z');
    const { items } = await search(client, q({ q: '"board approved"' }));
    expect(items.map((hit) => hit.id)).toEqual([older]);
    expect(items[0]!.snippet).toContain(`${marked('board')} ${marked('approved')}`);
    const stored = await rt.pool.query<{ same: boolean }>(
      `SELECT search_vector = to_tsvector('english', coalesce(title, '') || ' ' || text) AS same FROM articles WHERE url = $1`,
      [url],
    );
    expect(stored.rows).toEqual([{ same: true }]);
  });

  it('applies the filters and pages with its cursor', async () => {
    const { id: userId, client } = await newUser();
    const report = await keep(
      userId,
      entry({ kind: 'air_report', title: 'Widgets report', companies: ['Initech'] }),
      '2025-05-01T12:00:00Z',
    );
    await keep(userId, entry({ title: 'Widgets alert', companies: ['Acme Robotics'] }), '2025-05-03T12:00:00Z');
    const ids = async (params: Record<string, string>) => (await search(client, q({ q: 'widgets', ...params }))).items.map((hit) => hit.id);
    expect(await ids({ kind: 'air_report' })).toEqual([report]);
    expect(await ids({ company: 'initech' })).toEqual([report]);
    expect(await ids({ to: '2025-05-02' })).toEqual([report]);
    expect(await ids({ from: '2025-05-04' })).toEqual([]);

    for (let i = 0; i < LIBRARY_PAGE_SIZE; i++) await keep(userId, entry({ title: `Gadgets ${i}` }));
    const first = await search(client, q({ q: 'gadgets' }));
    expect(first.items).toHaveLength(LIBRARY_PAGE_SIZE);
    expect(first.nextCursor).toBeNull();
    await keep(userId, entry({ title: 'Gadgets 20' }));
    const full = await search(client, q({ q: 'gadgets' }));
    expect(full.nextCursor).toEqual(expect.any(String));
    const second = await search(client, q({ q: 'gadgets', cursor: full.nextCursor! }));
    expect(second.nextCursor).toBeNull();
    const all = [...full.items, ...second.items].map((hit) => hit.id);
    expect(new Set(all).size).toBe(LIBRARY_PAGE_SIZE + 1);
  });

  it('finds nothing, without an error, for a query of stop words or stray syntax', async () => {
    const { id: userId, client } = await newUser();
    await keep(userId);
    for (const query of ['the', '-', '"', 'OR', '" OR -', "'; drop table library_items; --", '\\']) {
      expect((await search(client, q({ q: query }))).items, query).toEqual([]);
    }
  });

  it('refuses a blank or missing q', async () => {
    const { client } = await newUser();
    for (const query of ['?q=%20%20', '', '?kind=newsletter']) {
      const res = await client.get(`/api/library/search${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation', message: libraryErrors.queryRequired });
    }
  });
});

describe("another user's library", () => {
  it('is not there: 404 by id and on delete, no search hits (not even through an article both cite), no company names', async () => {
    const owner = await newUser();
    const other = await newUser();
    const url = `https://news.example.com/shared-${owner.id}`;
    await storeArticle(url, 'Quokka merger', 'Initech agreed to buy Quokka Systems for its platypus platform.');
    const cited = (title: string) =>
      entry({
        title,
        companies: ['Hooli'],
        blocks: [{ type: 'articles', items: [{ url, title: 'Quokka merger', publisher: null, publishedAt: null }] }],
      });
    const id = await keep(owner.id, cited('Secret owner item'));

    const read = await other.client.get(`/api/library/${id}`);
    expect(read.status).toBe(404);
    expect(read.body.error.message).toBe(libraryMessages.notFound);
    expect((await del(other.client, id)).status).toBe(404);
    expect((await owner.client.get(`/api/library/${id}`)).status).toBe(200);
    expect((await list(other.client)).items).toEqual([]);
    expect((await search(other.client, q({ q: 'secret owner' }))).items).toEqual([]);
    expect((await search(other.client, q({ q: 'platypus' }))).items).toEqual([]);
    expect((await other.client.get('/api/library/companies?prefix=hoo')).body).toEqual({ companies: [] });
    expect((await other.client.get('/api/library/companies?prefix=')).body).toEqual({ companies: [] });

    // Both cite the article: each finds only their own item through it.
    const mine = await keep(other.id, cited('Other item'));
    expect((await search(other.client, q({ q: 'platypus' }))).items.map((hit) => hit.id)).toEqual([mine]);
    expect((await search(owner.client, q({ q: 'platypus' }))).items.map((hit) => hit.id)).toEqual([id]);
  });
});

describe('company names', () => {
  it('offers the companies the user watches and those in their library, once each, matching the start of a word', async () => {
    const { id: userId, client } = await newUser();
    await insertNewsAlert(rt.db, userId, { companyName: 'Acme Robotics' });
    await insertNewsAlert(rt.db, userId, { companyName: '' });
    await insertNewsletter(rt.db, userId, {
      portfolio: [
        { company_name: 'Globex Corporation', keywords: [] },
        { company_name: 'ACME  robotics', keywords: [] },
      ],
    });
    await insertEarningsTracking(rt.db, userId, { companyName: 'Apple Inc.', active: false });
    await rt.pool.query(
      `INSERT INTO air_reports (user_id, website, solution, credit_month, steps, company_name) VALUES ($1, 'https://initech.example', 'x', '2025-01', '[]', 'Initech')`,
      [userId],
    );
    await keep(userId, entry({ companies: ['acme robotics', 'Robotic Arms Ltd', '100% Widgets'] }));
    const companies = async (prefix?: string) => {
      const res = await client.get(`/api/library/companies${prefix === undefined ? '' : `?${q({ prefix })}`}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.companies as string[];
    };

    expect(await companies('')).toEqual([
      '100% Widgets',
      'Acme Robotics',
      'Apple Inc.',
      'Globex Corporation',
      'Initech',
      'Robotic Arms Ltd',
    ]);
    expect(await companies()).toEqual(await companies(''));
    // Names starting with it first, then names with a word starting with it.
    expect(await companies('ROB')).toEqual(['Robotic Arms Ltd', 'Acme Robotics']);
    expect(await companies('  a ')).toEqual(['Acme Robotics', 'Apple Inc.', 'Robotic Arms Ltd']);
    expect(await companies('cme')).toEqual([]);
    expect(await companies('corp')).toEqual(['Globex Corporation']);
    // LIKE's own characters are taken literally.
    expect(await companies('%')).toEqual([]);
    expect(await companies('100%')).toEqual(['100% Widgets']);
    expect(await companies('_')).toEqual([]);
  });

  it(`suggests at most ${LIBRARY_SUGGESTIONS} names for a prefix, and lists at most 100 for the filter`, async () => {
    const { id: userId, client } = await newUser();
    const names = Array.from({ length: 105 }, (_, i) => `Company ${String(i).padStart(3, '0')}`);
    for (let i = 0; i < names.length; i += 25) await keep(userId, entry({ companies: names.slice(i, i + 25) }));
    const suggested = (await client.get('/api/library/companies?prefix=comp')).body.companies;
    expect(suggested).toEqual(names.slice(0, LIBRARY_SUGGESTIONS));
    const all = (await client.get('/api/library/companies?prefix=')).body.companies;
    expect(all).toEqual(names.slice(0, 100));
  });
});

describe('validation', () => {
  it('refuses bad input with each message the schemas and the API can give', async () => {
    const { client } = await newUser();
    const long = (n: number) => 'x'.repeat(n);
    const cases: [string, string][] = [
      [`/api/library?${q({ kind: 'memo' })}`, 'Choose a kind from the list.'],
      [`/api/library?${q({ company: long(201) })}`, 'Company names are at most 200 characters.'],
      [`/api/library?${q({ from: '2025-1-1' })}`, 'Dates are written YYYY-MM-DD.'],
      [`/api/library?${q({ to: 'yesterday' })}`, 'Dates are written YYYY-MM-DD.'],
      [`/api/library?${q({ cursor: long(201) })}`, 'Invalid cursor.'],
      [`/api/library/search?${q({ q: long(201) })}`, 'Search for at most 200 characters.'],
      [`/api/library/companies?${q({ prefix: long(101) })}`, 'Type at most 100 characters.'],
      // Beyond the schemas: a date not on the calendar, a cursor we did not give, a blank search.
      [`/api/library?${q({ from: '2025-02-30' })}`, libraryErrors.invalidDate],
      [`/api/library?${q({ cursor: 'bm90LWEtY3Vyc29y' })}`, libraryErrors.invalidCursor],
      [`/api/library?${q({ cursor: 'not base64!' })}`, libraryErrors.invalidCursor],
      [`/api/library/search?${q({ q: 'acme', cursor: 'bzow' })}`, libraryErrors.invalidCursor],
      [`/api/library/search?${q({ q: ' ' })}`, libraryErrors.queryRequired],
      [`/api/library?${q({ company: 'Acme\u0000' })}`, messages.errors.nulCharacter],
    ];
    for (const [path, message] of cases) {
      const res = await client.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toMatchObject({ code: 'validation', message });
    }
    // A list cursor is not a search cursor.
    const listCursor = Buffer.from('2025-06-01T11:40:00.123456Z|00000000-0000-4000-8000-000000000000').toString('base64url');
    const mixed = await client.get(`/api/library/search?${q({ q: 'acme', cursor: listCursor })}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.message).toBe(libraryErrors.invalidCursor);
    const unknown = await client.get(`/api/library?${q({ page: '2' })}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('validation');
  });

  it('refuses a bad draft with its message', async () => {
    const { client } = await newUser();
    const cases: [unknown, string][] = [
      [{}, 'Write the draft to keep.'],
      [{ text: ' \n ' }, 'Write the draft to keep.'],
      [{ text: 'x'.repeat(10_001) }, 'Drafts are at most 10,000 characters.'],
      [{ text: 'A draft', title: 7 }, 'The title must be text.'],
      [{ text: 'A draft', title: 't'.repeat(201) }, 'Titles are at most 200 characters.'],
      [{ text: 'A draft\u0000' }, messages.errors.nulCharacter],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/library/drafts', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toMatchObject({ code: 'validation', message });
    }
    expect((await client.post('/api/library/drafts', { text: 'A draft', userId: 'someone-else' })).status).toBe(400);
    expect((await list(client)).items).toEqual([]);
  });
});

describe('drafts', () => {
  it('keeps a LinkedIn draft as paragraphs, titled as given or by its first line', async () => {
    const { client } = await newUser();
    const text = 'Three lessons from our Q3 pipeline review.\r\n\r\nFirst: speed wins.\nSecond: focus.  \n\n\n  Third: follow up. ';
    const res = await client.post('/api/library/drafts', { text });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String) });
    const item = (await client.get(`/api/library/${res.body.id}`)).body as LibraryItem;
    expect(item).toMatchObject({
      kind: 'content_draft',
      title: 'Three lessons from our Q3 pipeline review.',
      companies: [],
      sourceCount: 0,
    });
    expect(item.document.blocks).toEqual([
      { type: 'paragraph', text: 'Three lessons from our Q3 pipeline review.' },
      { type: 'paragraph', text: 'First: speed wins.\nSecond: focus.' },
      { type: 'paragraph', text: 'Third: follow up.' },
    ]);

    const titled = await client.post('/api/library/drafts', { title: '  Pipeline post ', text: 'Body' });
    expect((await client.get(`/api/library/${titled.body.id}`)).body.title).toBe('Pipeline post');
    const long = await client.post('/api/library/drafts', { text: `${'word '.repeat(30)}end` });
    const title = (await client.get(`/api/library/${long.body.id}`)).body.title as string;
    expect(title.length).toBeLessThanOrEqual(81);
    expect(title).toMatch(/^word( word)*…$/);
    expect((await search(client, q({ q: '"speed wins"' }))).items.map((hit) => hit.id)).toEqual([res.body.id]);
  });
});

describe('research kept in the library', () => {
  const companyNews = { companyName: 'Acme Robotics', timeframe: '1w', sentiment: 'none', keyword: '' };

  it('keeps a company news analysis with its summary, findings and sources, and names the item in meta', async () => {
    const { client } = await newUser();
    const res = await client.post(researchPaths.companyNews, companyNews);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data, meta } = res.body;
    expect(meta.libraryItemId).toEqual(expect.any(String));
    const item = (await client.get(`/api/library/${meta.libraryItemId}`)).body as LibraryItem;
    expect(item).toMatchObject({
      kind: 'company_news',
      title: 'Acme Robotics: company news, last week',
      companies: ['Acme Robotics'],
      sourceCount: data.sources.length,
    });
    expect(item.document.blocks).toContainEqual({ type: 'paragraph', text: data.keySummary });
    expect(item.document.blocks).toContainEqual({ type: 'list', items: data.keyFindings });
    const articles = item.document.blocks.find((block) => block.type === 'articles');
    expect(articles).toBeDefined();
    expect(articles!.type === 'articles' && articles!.items.map((source) => source.url)).toEqual(
      data.sources.map((s: { url: string }) => s.url),
    );
    expect(item.document.sources.map((source) => source.url)).toEqual(data.sources.map((s: { url: string }) => s.url));
    const facts = item.document.blocks[0]!;
    expect(facts.type === 'facts' && facts.rows).toEqual([
      { label: 'Company', value: 'Acme Robotics' },
      { label: 'Timeframe', value: 'Last week' },
      { label: 'Based on', value: `${meta.documents} documents · fake-research-model` },
    ]);
    // Its sources' articles were read into the store: the item is linked to them for the search.
    const { rows } = await rt.pool.query(
      'SELECT s.url_key FROM library_item_sources s JOIN articles a USING (url_key) WHERE s.item_id = $1',
      [meta.libraryItemId],
    );
    expect(rows.length).toBeGreaterThan(0);
  });

  it('keeps a trends analysis streamed as NDJSON, with its sections and market data', async () => {
    const { client } = await newUser();
    const res = await client.raw(
      'POST',
      researchPaths.trends,
      { industry: 'Cybersecurity', trendType: 'investment', timeframe: '90d', region: '' },
      { accept: 'application/x-ndjson' },
    );
    const events = (await res.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    const result = events.at(-1);
    expect(result.type).toBe('result');
    expect(result.meta.libraryItemId).toEqual(expect.any(String));
    const item = (await client.get(`/api/library/${result.meta.libraryItemId}`)).body as LibraryItem;
    expect(item).toMatchObject({ kind: 'industry_trends', title: 'Cybersecurity: investment trends, USA, last 90 days', companies: [] });
    const texts = item.document.blocks.flatMap((block) => ('text' in block ? [block.text] : []));
    expect(texts).toEqual(
      expect.arrayContaining(['Trend analysis', 'Market data', ...result.data.trendAnalysis.map((t: { trend: string }) => t.trend)]),
    );
    for (const figure of result.data.marketData as { source: string }[]) {
      expect(item.document.sources.map((source) => source.url)).toContain(figure.source);
    }
  });

  it('keeps an earnings analysis with its quotes', async () => {
    const { client } = await newUser();
    const res = await client.post(researchPaths.earnings, { companyName: 'Apple Inc.', year: '2024', quarter: 'Q3', focusArea: '' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data, meta } = res.body;
    const item = (await client.get(`/api/library/${meta.libraryItemId}`)).body as LibraryItem;
    expect(item).toMatchObject({ kind: 'earnings_analysis', title: 'Apple Inc.: earnings analysis, Q3 2024', companies: ['Apple Inc.'] });
    const quotes = item.document.blocks.filter((block) => block.type === 'quote');
    expect(quotes.map((quote) => quote.type === 'quote' && quote.text)).toEqual(data.quotes.map((quote: { text: string }) => quote.text));
    expect(data.quotes.length).toBeGreaterThan(0);
  });

  it('still answers the analysis when it cannot be kept, with libraryItemId null', async () => {
    const { id: userId, client } = await newUser();
    // The database refuses this one item: keeping it fails as any failing write would.
    await rt.pool.query(`ALTER TABLE library_items ADD CONSTRAINT test_refuse_item CHECK (NOT ('Refused Corp' = ANY (companies)))`);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const res = await client.post(researchPaths.companyNews, { ...companyNews, companyName: 'Refused Corp' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.keySummary).toContain('Refused Corp');
      expect(res.body.meta.libraryItemId).toBeNull();
      const streamed = await client.raw(
        'POST',
        researchPaths.companyNews,
        { ...companyNews, companyName: 'Refused Corp' },
        { accept: 'application/x-ndjson' },
      );
      const last = JSON.parse((await streamed.text()).trim().split('\n').at(-1)!);
      expect(last).toMatchObject({ type: 'result', meta: { libraryItemId: null } });
      const logged = stderr.mock.calls.map(([chunk]) => String(chunk)).filter((line) => line.includes('research not kept in the library'));
      expect(logged).toHaveLength(2);
    } finally {
      stderr.mockRestore();
      await rt.pool.query('ALTER TABLE library_items DROP CONSTRAINT test_refuse_item');
    }
    expect((await rt.pool.query('SELECT id FROM library_items WHERE user_id = $1', [userId])).rows).toEqual([]);
  });
});

describe("the dashboard's activity", () => {
  it("links a sent alert's row to its library item while the item is the user's", async () => {
    const { id: userId, client } = await newUser();
    const other = await registerUser(rt);
    const kept = await keep(userId);
    const deleted = await keep(userId);
    await rt.pool.query('DELETE FROM library_items WHERE id = $1', [deleted]);
    const othersItem = await keep(other.id);
    const rows: [string, unknown][] = [
      ['Kept', { hasNews: true, analysis: { headline: 'Kept headline' }, libraryItemId: kept }],
      ['Deleted', { hasNews: true, libraryItemId: deleted }],
      ['Others', { hasNews: true, libraryItemId: othersItem }],
      ['Garbage', { hasNews: true, libraryItemId: 'not-a-uuid' }],
      ['Absent', { hasNews: false }],
      ['Text', '{not json'],
    ];
    for (const [company, response] of rows) {
      await rt.pool.query(
        `INSERT INTO sonar_results (user_id, company_name, has_news, sent, perplexity_response) VALUES ($1, $2, true, true, $3::jsonb)`,
        [userId, company, JSON.stringify(response)],
      );
    }
    const res = await client.get('/api/dashboard');
    expect(res.status).toBe(200);
    const recent = (res.body as DashboardSummary).recent;
    expect(Object.fromEntries(recent.map((row) => [row.companyName, row.libraryItemId]))).toEqual({
      Kept: kept,
      Deleted: null,
      Others: null,
      Garbage: null,
      Absent: null,
      Text: null,
    });
    expect(recent.find((row) => row.companyName === 'Kept')!.headline).toBe('Kept headline');
  });
});

describe('retention', () => {
  it(`reads LIBRARY_RETENTION_DAYS (default ${DEFAULT_LIBRARY_RETENTION_DAYS}) and refuses a value that is not a whole number of days`, () => {
    expect(loadConfig({}).LIBRARY_RETENTION_DAYS).toBe(DEFAULT_LIBRARY_RETENTION_DAYS);
    expect(loadConfig({ LIBRARY_RETENTION_DAYS: '30' }).LIBRARY_RETENTION_DAYS).toBe(30);
    for (const value of ['0', '1.5', 'forever']) {
      expect(() => loadConfig({ LIBRARY_RETENTION_DAYS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ LIBRARY_RETENTION_DAYS: value })).toThrow(/LIBRARY_RETENTION_DAYS/);
    }
  });

  it('deletes items older than the retention, and keeps old articles only while an item still cites them', async () => {
    const { id: userId } = await newUser();
    const old = (name: string) => `https://news.example.com/${name}-${userId}`;
    await storeArticle(old('kept'), 'Kept article', 'Text', `now() - interval '120 days'`);
    await storeArticle(old('expiring'), 'Expiring article', 'Text', `now() - interval '120 days'`);
    await storeArticle(old('unused'), 'Unused article', 'Text', `now() - interval '120 days'`);
    await storeArticle(old('fresh'), 'Fresh article', 'Text');
    const citing = (url: string) =>
      entry({ blocks: [{ type: 'articles', items: [{ url, title: null, publisher: null, publishedAt: null }] }] });
    const recent = await keep(userId, citing(old('kept')), new Date(Date.now() - 29 * 86_400_000).toISOString());
    const expired = await keep(userId, citing(old('expiring')), new Date(Date.now() - 31 * 86_400_000).toISOString());

    await housekeep(rt.db, { libraryRetentionDays: 30 });

    const items = await rt.pool.query<{ id: string }>('SELECT id FROM library_items WHERE id = ANY($1)', [[recent, expired]]);
    expect(items.rows.map((row) => row.id)).toEqual([recent]);
    const sources = await rt.pool.query('SELECT item_id FROM library_item_sources WHERE item_id = $1', [expired]);
    expect(sources.rows).toEqual([]);
    const articles = await rt.pool.query<{ title: string }>('SELECT title FROM articles WHERE url = ANY($1) ORDER BY title', [
      ['kept', 'expiring', 'unused', 'fresh'].map(old),
    ]);
    expect(articles.rows.map((row) => row.title)).toEqual(['Fresh article', 'Kept article']);
  });
});
