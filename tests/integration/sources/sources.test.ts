// The research source clients against local fakes of Google News, GDELT, SEC EDGAR and FMP over
// real HTTP: fallbacks, hostile or broken answers, size caps, the declared User-Agent and spacing.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNewsSource } from '../../../src/server/sources/news/news.ts';
import { createSecSource, pickFiling } from '../../../src/server/sources/sec/sec.ts';
import { createTranscriptSource } from '../../../src/server/sources/sec/transcripts.ts';
import { createSourceHttp, type SourceHttpOptions } from '../../../src/server/sources/web/http.ts';
import { SourceError } from '../../../src/server/sources/web/types.ts';
import { fmpCallKey, startFakeFmp } from '../../fakes/fmp.ts';
import { type FakeHttp, startFakeHttp } from '../../fakes/http.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { type FakeSec, startFakeSec } from '../../fakes/sec.ts';

const USER_AGENT = 'Enterprise OS tests ops@example.com';
let news: FakeNews;
let sec: FakeSec;

beforeAll(async () => {
  [news, sec] = await Promise.all([startFakeNews(), startFakeSec()]);
});
afterAll(async () => {
  await Promise.all([news?.stop(), sec?.stop()]);
});
beforeEach(() => {
  news.reset();
  sec.reset();
});

const httpClient = (extra: Partial<SourceHttpOptions> = {}) =>
  createSourceHttp({ userAgent: USER_AGENT, allowPrivateAddresses: true, ...extra });
const newsSource = (extra: Partial<SourceHttpOptions> = {}) =>
  createNewsSource({ googleNewsBaseUrl: news.url, gdeltBaseUrl: news.url, http: httpClient(extra) });
const secSource = (extra: Partial<SourceHttpOptions> = {}) =>
  createSecSource({ secBaseUrl: sec.url, secDataBaseUrl: `${sec.url}/`, http: httpClient(extra) });
const hostOf = (url: string) => new URL(url).host;

/**
 * Spacing is measured where requests arrive. Opening a connection costs the first request more than
 * a later one, so the pool is warmed first; what is left is clock rounding and scheduling on a
 * loaded machine (the spacing itself is 150–300 ms).
 */
const ARRIVAL_JITTER_MS = 20;
async function warmConnections(url: string, count: number) {
  await Promise.all(Array.from({ length: count }, () => fetch(url, { headers: { 'user-agent': USER_AGENT } }).then((r) => r.text())));
}

describe('news', () => {
  it('asks Google News and GDELT together and merges them: newest first, one per story, saying who found it', async () => {
    const { failed, documents } = await newsSource().search({ terms: { words: ['Apple Inc.'] }, days: 7, region: 'uk' });
    expect(failed).toEqual([]);
    expect(documents.map((d) => d.title)).toEqual([
      'Apple Inc. reports record quarterly revenue, beating estimates',
      'Apple Inc. shares rise after earnings',
      'Apple Inc. announces new supplier partnership in Europe',
      'Apple Inc. spending to reach $48 billion by 2030, growing 12% a year',
      'Regulators open review of Apple Inc. app store rules',
    ]);
    // Google's item comes first (the newer date) and carries Google's redirect until the reader resolves it:
    // GDELT found the same story with the publisher's address, which the merged item takes.
    expect(documents[0]).toMatchObject({
      url: `${news.url}/reuters/apple-inc-record-quarterly-revenue`,
      googleLink: false,
      publisher: 'Reuters',
      kind: 'news',
      evidence: 'headline',
      providers: ['google-news', 'gdelt'],
    });
    expect(Date.now() - Date.parse(documents[0]!.publishedAt!)).toBeLessThan(4 * 3_600_000);
    const google = news.requests.find((r) => r.path === '/rss/search')!;
    expect(google.query.get('q')).toBe('Apple Inc. when:7d');
    expect(google.query.get('ceid')).toBe('GB:en');
    expect(google.headers['user-agent']).toBe(USER_AGENT);
    expect(news.requests.some((r) => r.path === '/api/v2/doc/doc')).toBe(true);
  });

  it('keeps Google links as Google links, never as the publisher, when nothing resolves them', async () => {
    news.mode.gdelt = 'fail';
    const { failed, documents } = await newsSource().search({ terms: { words: ['Apple'] }, days: 7 });
    expect(failed).toEqual(['gdelt']);
    expect(documents.length).toBeGreaterThan(0);
    for (const doc of documents) {
      expect(doc.url).toMatch(/^https:\/\/news\.google\.com\/rss\/articles\/CBMi[\w-]+\?oc=5$/);
      expect(doc).toMatchObject({ googleLink: true, evidence: 'headline', providers: ['google-news'] });
    }
    // Google's real description: the headline linked to Google, then the publisher.
    expect(documents[0]!.text).toBe('Apple reports record quarterly revenue, beating estimates Reuters');
  });

  it('honours the timeframe and the limit', async () => {
    const day = await newsSource().search({ terms: { words: ['Microsoft'] }, days: 1 });
    expect(day.documents).toHaveLength(2);
    const limited = await newsSource().search({ terms: { words: ['Microsoft'] }, days: 30, limit: 3 });
    expect(limited.documents).toHaveLength(3);
  });

  it('goes on with GDELT when Google fails, clamping its timespan to three months', async () => {
    news.mode.google = 'fail';
    const { failed, documents } = await newsSource().search({ terms: { words: ['Apple'] }, days: 180 });
    expect(failed).toEqual(['google-news']);
    expect(documents[0]).toMatchObject({
      title: 'Apple reports record quarterly revenue, beating estimates',
      publisher: 'www.reuters.com',
      providers: ['gdelt'],
    });
    expect(documents.map((d) => d.title)).not.toContain('Apple founded decades ago: a look back');
    const gdeltCall = news.requests.find((r) => r.path === '/api/v2/doc/doc')!;
    expect(gdeltCall.query.get('timespan')).toBe('90d');
    expect(gdeltCall.query.get('mode')).toBe('ArtList');
    expect(gdeltCall.headers['user-agent']).toBe(USER_AGENT);
  });

  it('goes on with GDELT when the Google feed is malformed or empty', async () => {
    news.mode.google = 'malformed';
    const malformed = await newsSource().search({ terms: { words: ['Apple'] }, days: 7 });
    expect(malformed.failed).toEqual(['google-news']);
    expect(malformed.documents.every((d) => d.providers?.join() === 'gdelt')).toBe(true);
    news.mode.google = 'empty';
    const empty = await newsSource().search({ terms: { words: ['Apple'] }, days: 7 });
    expect(empty.failed).toEqual([]);
    expect(empty.documents.length).toBeGreaterThan(0);
  });

  it('reports an empty Google answer as empty when GDELT fails', async () => {
    news.mode.google = 'empty';
    news.mode.gdelt = 'fail';
    expect(await newsSource().search({ terms: { words: ['Apple'] }, days: 7 })).toEqual({ failed: ['gdelt'], documents: [] });
  });

  it('throws a SourceError when both providers fail, also on text where JSON was promised', async () => {
    news.mode.google = 'fail';
    news.mode.gdelt = 'malformed';
    const error = await newsSource()
      .search({ terms: { words: ['Apple'] }, days: 7 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).message).toContain('500');
    news.mode.google = 'malformed';
    news.mode.gdelt = 'fail';
    await expect(newsSource().search({ terms: { words: ['Apple'] }, days: 7 })).rejects.toBeInstanceOf(SourceError);
  });

  it('strips scripts and HTML from titles', async () => {
    news.mode.google = 'html-titles';
    news.mode.gdelt = 'empty';
    const { documents } = await newsSource().search({ terms: { words: ['Apple'] }, days: 7 });
    expect(documents.length).toBeGreaterThan(0);
    for (const doc of documents) {
      expect(doc.title).not.toMatch(/[<>]/);
      expect(doc.title).not.toContain('pwned');
      expect(doc.text).not.toMatch(/<[a-z/]/i);
    }
    expect(documents[0]!.title).toBe('Apple reports record quarterly revenue, beating estimates');
  });

  it('stops reading a huge feed at the size cap and goes on without it', async () => {
    news.mode.google = 'huge';
    const { failed } = await newsSource({ maxBytes: 256 * 1024 }).search({ terms: { words: ['Apple'] }, days: 7 });
    expect(failed).toEqual(['google-news']);
    news.mode.gdelt = 'fail';
    const error = await newsSource({ maxBytes: 256 * 1024 })
      .search({ terms: { words: ['Apple'] }, days: 7 })
      .catch((e: unknown) => e);
    expect((error as SourceError).message).toMatch(/more than 262144 bytes/);
  });

  it('lets the caller cancel', async () => {
    const controller = new AbortController();
    controller.abort(new Error('user left'));
    await expect(newsSource().search({ terms: { words: ['Apple'] }, days: 7 }, controller.signal)).rejects.toThrow('user left');
    expect(news.requests).toHaveLength(0);
  });

  it('spaces two requests to one host by the configured interval, measured at the server', async () => {
    const interval = 300;
    news.mode.gdelt = 'fail';
    const source = newsSource({ minIntervalMs: { [hostOf(news.url)]: interval } });
    await warmConnections(`${news.url}/rss/search?q=warm`, 2);
    news.reset();
    news.mode.gdelt = 'fail';
    await Promise.all([
      source.search({ terms: { words: ['Apple'] }, days: 7 }),
      source.search({ terms: { words: ['Microsoft'] }, days: 7 }),
    ]);
    const arrivals = news.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(news.requests.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < arrivals.length; i++) expect(arrivals[i]! - arrivals[i - 1]!).toBeGreaterThanOrEqual(interval - ARRIVAL_JITTER_MS);
  });
});

describe('SEC EDGAR', () => {
  it('resolves a company by ticker and by name, sending the declared User-Agent', async () => {
    const source = secSource();
    expect(await source.resolveCompany('aapl')).toEqual({ cik: '0000320193', ticker: 'AAPL', name: 'Apple Inc.' });
    expect(await source.resolveCompany('Microsoft Corporation')).toEqual({ cik: '0000789019', ticker: 'MSFT', name: 'MICROSOFT CORP' });
    expect((await source.resolveCompany('Apple'))?.ticker).toBe('AAPL');
    expect((await source.resolveCompany('Amazon.com, Inc.'))?.ticker).toBe('AMZN');
    expect(await source.resolveCompany('Nonexistent Widgets Ltd')).toBeNull();
    // The ticker list is downloaded once and kept.
    expect(sec.requests.filter((r) => r.path === '/files/company_tickers.json')).toHaveLength(1);
    expect(sec.requests.every((r) => r.userAgent === USER_AGENT)).toBe(true);
  });

  it('is refused without a declared User-Agent, as EDGAR refuses it', async () => {
    const error = await createSecSource({
      secBaseUrl: sec.url,
      secDataBaseUrl: sec.url,
      http: createSourceHttp({ userAgent: 'node', allowPrivateAddresses: true }),
    })
      .resolveCompany('AAPL')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).status).toBe(403);
  });

  it('lists only 8-K and 8-K/A filings with item 2.02, newest first', async () => {
    const apple = await secSource().earningsReleases('0000320193');
    expect(apple.map((f) => f.filingDate)).toEqual(['2025-07-31', '2025-05-01', '2025-01-30', '2024-10-31', '2024-08-01', '2024-05-02']);
    expect(apple[0]).toEqual({
      accessionNumber: '0000320193-25-000071',
      filingDate: '2025-07-31',
      reportDate: '2025-07-31',
      filingUrl: `${sec.url}/Archives/edgar/data/320193/000032019325000071/0000320193-25-000071-index.htm`,
      exhibitUrl: null,
    });
    const microsoft = await secSource().earningsReleases('789019');
    expect(microsoft.map((f) => f.filingDate)).toEqual(['2025-07-30', '2025-04-30', '2025-01-29', '2024-10-30']);
    expect(sec.requests.map((r) => r.path)).toContain('/submissions/CIK0000789019.json');
  });

  it('refuses a CIK that is not digits and reports a failing EDGAR as a SourceError', async () => {
    await expect(secSource().earningsReleases('../../../etc')).rejects.toBeInstanceOf(SourceError);
    sec.mode.failSubmissions = true;
    await expect(secSource().earningsReleases('320193')).rejects.toMatchObject({ status: 500 });
  });

  it('finds the EX-99.1 press release of the chosen quarter and returns it as plain text', async () => {
    const source = secSource();
    const picked = pickFiling(await source.earningsReleases('0000320193'), { year: '2024', quarter: 'Q4' });
    expect(picked).toMatchObject({ year: 2024, quarter: 4, filing: { filingDate: '2025-01-30' } });
    const [release, ...more] = await source.fetchRelease(picked!.filing);
    expect(more).toEqual([]);
    expect(release).toMatchObject({
      url: `${sec.url}/Archives/edgar/data/320193/000032019325000007/ex99-1.htm`,
      title: 'Apple Inc. reports results for the quarter ended 2025-01-30',
      publisher: 'SEC EDGAR',
      publishedAt: '2025-01-30',
      kind: 'filing',
    });
    expect(release!.text).toContain(
      '“We delivered record revenue this quarter, driven by strong demand across every geographic segment,” said Tim Cook, CEO of Apple Inc.',
    );
    expect(release!.text).toContain('said Kevan Parekh, CFO of Apple Inc.');
    expect(release!.text).not.toMatch(/<|tracking|padding/);
    expect(sec.requests.map((r) => r.path)).toContain('/Archives/edgar/data/320193/000032019325000007/0000320193-25-000007-index.htm');
  });

  it('does not follow an exhibit URL off EDGAR', async () => {
    const [filing] = await secSource().earningsReleases('320193');
    await expect(secSource().fetchRelease({ ...filing!, exhibitUrl: 'https://evil.example/ex99-1.htm' })).rejects.toBeInstanceOf(
      SourceError,
    );
  });

  it('falls back to the 8-K itself when the filing has no EX-99.1', async () => {
    sec.mode.exhibits = false;
    const source = secSource();
    const [filing] = await source.earningsReleases('789019');
    const [doc] = await source.fetchRelease(filing!);
    expect(doc!.url).toBe(`${sec.url}/Archives/edgar/data/789019/000095017025100235/msft-8k_20250730.htm`);
    expect(doc!.text).toContain('Item 2.02 Results of Operations and Financial Condition');
  });

  it('spaces requests to EDGAR by the configured interval, measured at the server', async () => {
    const interval = 150;
    const source = secSource({ minIntervalMs: { [hostOf(sec.url)]: interval } });
    await warmConnections(`${sec.url}/files/company_tickers.json`, 3);
    sec.reset();
    await Promise.all([source.earningsReleases('320193'), source.earningsReleases('789019'), source.resolveCompany('AAPL')]);
    const starts = sec.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(starts).toHaveLength(3);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(interval - ARRIVAL_JITTER_MS);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(interval - ARRIVAL_JITTER_MS);
  });
});

describe('SEC EDGAR, on files EDGAR really served', () => {
  // Adobe's 8-K item 2.02 of 2023-03-15, its index page and its Workiva EX-99.1, served at their EDGAR paths.
  const files: Record<string, string> = {
    '/Archives/edgar/data/796343/000079634323000044/0000796343-23-000044-index.htm': '796343_0000796343-23-000044-index.htm',
    '/Archives/edgar/data/796343/000079634323000044/adbeex991q123.htm': '796343_000079634323000044_adbeex991q123.htm',
  };
  const FORM_8K = '/Archives/edgar/data/796343/000079634323000044/adbe-20230315.htm';
  /** Set by a test: the exhibit as page images (a scanned release), and the 8-K's own text. */
  let scanned: { exhibit: string; form: string } | null = null;
  let edgar: FakeHttp;
  let base: string;
  beforeAll(async () => {
    edgar = await startFakeHttp((req, res) => {
      const path = new URL(req.url ?? '/', 'http://edgar').pathname;
      const html = (body: string | Buffer) => res.writeHead(200, { 'content-type': 'text/html' }).end(body);
      if (scanned && path.endsWith('adbeex991q123.htm')) return html(scanned.exhibit);
      if (scanned && path === FORM_8K) return html(scanned.form);
      const file = files[path];
      if (!file) return res.writeHead(404).end();
      html(readFileSync(new URL(`../../fakes/fixtures/real-formats/sec/${file}`, import.meta.url)));
    });
    base = edgar.url;
  });
  afterAll(() => edgar.stop());
  beforeEach(() => {
    scanned = null;
  });
  const adobeFiling = () => ({
    accessionNumber: '0000796343-23-000044',
    filingDate: '2023-03-15',
    reportDate: '2023-03-15',
    filingUrl: `${base}/Archives/edgar/data/796343/000079634323000044/0000796343-23-000044-index.htm`,
    exhibitUrl: null,
  });

  it('titles a Workiva release by its headline, not its <title> "Document"', async () => {
    const source = createSecSource({ secBaseUrl: base, secDataBaseUrl: base, http: httpClient() });
    const [release] = await source.fetchRelease(adobeFiling());
    expect(release).toMatchObject({
      url: `${base}/Archives/edgar/data/796343/000079634323000044/adbeex991q123.htm`,
      title: 'Adobe Reports Record Revenue in Q1 Fiscal 2023',
      publishedAt: '2023-03-15',
      kind: 'filing',
    });
    expect(release!.text).toContain('Adobe (Nasdaq:ADBE) today reported financial results for its first quarter fiscal year 2023');
  });

  it('an exhibit made of page images falls back to the 8-K (linked through the XBRL viewer); with no text anywhere, no release', async () => {
    const pages =
      '<html><head><title>Document</title></head><body><img src="ex991p1.jpg"><img src="ex991p2.jpg"><p>Exhibit 99.1</p></body></html>';
    const form = `<html><head><title>adbe-20230315</title></head><body><p>Item 2.02 Results of Operations and Financial Condition.</p><p>${'On March 15, 2023, Adobe Inc. announced its financial results for the quarter ended March 3, 2023. '.repeat(4)}</p></body></html>`;
    const source = createSecSource({ secBaseUrl: base, secDataBaseUrl: base, http: httpClient() });
    scanned = { exhibit: pages, form };
    const [release] = await source.fetchRelease(adobeFiling());
    expect(release).toMatchObject({ url: `${base}${FORM_8K}`, title: 'adbe-20230315', kind: 'filing' });
    expect(release!.text).toContain('Adobe Inc. announced its financial results');

    scanned = { exhibit: pages, form: pages };
    expect(await source.fetchRelease(adobeFiling())).toEqual([]);
  });
});

describe('SEC EDGAR older filing pages', () => {
  // EDGAR's shape for a large filer: filings.recent holds the newest 1000 filings (here from mid
  // 2024), older ones are in pages listed in filings.files, with the same columns at the top level.
  const column = (rows: string[][], i: number) => rows.map((row) => row[i]!);
  const columns = (rows: string[][]) => ({
    accessionNumber: column(rows, 0),
    filingDate: column(rows, 1),
    reportDate: column(rows, 1),
    form: column(rows, 2),
    items: column(rows, 3),
    primaryDocument: rows.map(() => 'doc.htm'),
  });
  const submissions = {
    cik: '19617',
    name: 'JPMORGAN CHASE & CO',
    filings: {
      recent: columns([
        ['0000019617-25-000100', '2025-04-11', '8-K', '2.02,9.01'],
        ['0000019617-24-000400', '2024-06-03', '424B2', ''],
      ]),
      files: [
        { name: 'CIK0000019617-submissions-001.json', filingCount: 2, filingFrom: '2021-01-15', filingTo: '2024-06-01' },
        { name: 'CIK0000019617-submissions-002.json', filingCount: 1, filingFrom: '2015-01-14', filingTo: '2020-12-31' },
      ],
    },
  };
  const pages: Record<string, unknown> = {
    'CIK0000019617-submissions-001.json': columns([
      ['0000019617-21-000010', '2021-04-14', '8-K', '2.02,9.01'],
      ['0000019617-21-000020', '2021-05-01', '8-K', '5.07'],
    ]),
    'CIK0000019617-submissions-002.json': columns([['0000019617-20-000010', '2020-10-13', '8-K', '2.02']]),
  };
  let edgar: FakeHttp;
  let base: string;
  const asked: string[] = [];
  beforeAll(async () => {
    edgar = await startFakeHttp((req, res) => {
      const path = new URL(req.url ?? '/', 'http://edgar').pathname;
      asked.push(path);
      const name = path.replace('/submissions/', '');
      const body = name === 'CIK0000019617.json' ? submissions : pages[name];
      if (!body) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    base = edgar.url;
  });
  afterAll(() => edgar.stop());

  it('reads the older pages back to the date asked for, and only then', async () => {
    const source = createSecSource({ secBaseUrl: base, secDataBaseUrl: base, http: httpClient() });
    asked.length = 0;
    expect((await source.earningsReleases('19617')).map((f) => f.filingDate)).toEqual(['2025-04-11']);
    expect(asked).toEqual(['/submissions/CIK0000019617.json']);

    asked.length = 0;
    const since2021 = await source.earningsReleases('19617', undefined, '2021-01-01');
    expect(since2021.map((f) => f.filingDate)).toEqual(['2025-04-11', '2021-04-14']);
    expect(since2021[1]!.filingUrl).toBe(`${base}/Archives/edgar/data/19617/000001961721000010/0000019617-21-000010-index.htm`);
    expect(asked).toEqual(['/submissions/CIK0000019617.json', '/submissions/CIK0000019617-submissions-001.json']);
  });
});

describe('FMP transcripts', () => {
  const apiKey = 'test-fmp-key-1234567890';
  let fmp: Awaited<ReturnType<typeof startFakeFmp>>;
  beforeAll(async () => {
    fmp = await startFakeFmp(apiKey);
  });
  afterAll(async () => {
    await fmp?.stop();
  });

  it('returns the transcript with a URL that does not carry the key', async () => {
    const source = createTranscriptSource({ baseUrl: fmp.url, apiKey, http: httpClient() });
    const doc = await source.transcript('aapl', 2025, 3);
    expect(doc).toMatchObject({
      url: `${fmp.url}/stable/earning-call-transcript?symbol=AAPL&year=2025&quarter=3`,
      title: 'AAPL Q3 2025 earnings call transcript',
      publisher: 'Financial Modeling Prep',
      kind: 'transcript',
    });
    expect(doc!.url).not.toContain(apiKey);
    // FMP's '2025-08-01 17:00:00' is US Eastern time (EDT), whatever this server's zone.
    expect(doc!.publishedAt).toBe('2025-08-01T21:00:00.000Z');
    expect(doc!.text).toContain('Tim Cook: Thank you. We delivered record revenue this quarter');
    expect(fmp.requests.at(-1)!.query.get('apikey')).toBe(apiKey);
    expect(await source.transcript('ZZZZ', 2025, 3)).toBeNull();
  });

  it('labels a transcript with the call it is: FMP answering Q4 2019 for Q1 2020 is no Q1 2020 transcript', async () => {
    const source = createTranscriptSource({ baseUrl: fmp.url, apiKey, http: httpClient() });
    fmp.answerWith.set(fmpCallKey('AAPL', { year: 2020, quarter: 1 }), { year: 2019, quarter: 4 });
    try {
      expect(await source.transcript('AAPL', 2020, 1)).toBeNull();
      // The request was the one for Q1 2020; what came back was the Q4 2019 call.
      expect(fmp.requests.at(-1)!.query.get('quarter')).toBe('1');
      const q4 = await source.transcript('AAPL', 2019, 4);
      expect(q4?.title).toBe('AAPL Q4 2019 earnings call transcript');
    } finally {
      fmp.answerWith.clear();
    }
  });

  it('reports a refused key as a SourceError that does not show the key', async () => {
    const source = createTranscriptSource({ baseUrl: fmp.url, apiKey: 'wrong-key-abcdef', http: httpClient() });
    const error = await source.transcript('AAPL', 2025, 3).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).status).toBe(401);
    expect((error as SourceError).message).not.toContain('wrong-key-abcdef');
  });
});
