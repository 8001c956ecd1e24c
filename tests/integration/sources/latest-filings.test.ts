// EDGAR's latest filings (issue 31) read through createLatestFilingsSource from the fake EDGAR over
// real HTTP: its ISO-8859-1 Atom pages with EDGAR's prefix match and paging, the 503 page past the
// end, a Form D's primary_doc.xml and a filing's main document from its index page.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLatestFilingsSource, isFeedForm, type LatestFiling } from '../../../src/server/sources/sec/latest-filings.ts';
import { createSourceHttp, type SourceHttpOptions } from '../../../src/server/sources/web/http.ts';
import { type FakeSec, startFakeSec } from '../../fakes/sec.ts';

const USER_AGENT = 'Enterprise OS tests ops@example.com';
let sec: FakeSec;

beforeAll(async () => {
  sec = await startFakeSec();
});
afterAll(async () => {
  await sec?.stop();
});
beforeEach(() => {
  sec.reset();
});

const source = (extra: Partial<SourceHttpOptions> = {}) =>
  createLatestFilingsSource({
    secBaseUrl: sec.url,
    http: createSourceHttp({ userAgent: USER_AGENT, allowPrivateAddresses: true, ...extra }),
  });
const at = (iso: string) => new Date(iso);
const feedRequests = () => sec.requests.filter((r) => r.path === '/cgi-bin/browse-edgar');

describe('latest filings pages', () => {
  it('lists the filings of a form newest first, with their items, padded CIKs and links to the fake', async () => {
    const huron = sec.publishFiling({
      form: '8-K',
      company: 'Huron Consulting Group Inc.',
      cik: 1289848,
      items: ['5.02', '9.01'],
      acceptedAt: at('2026-07-27T21:29:58Z'),
      accession: '0001628280-26-049857',
    });
    sec.publishFiling({
      form: '8-K/A',
      company: 'RTB Digital, Inc.',
      cik: '1419275',
      items: ['2.01'],
      acceptedAt: at('2026-07-27T21:20:11Z'),
    });
    sec.publishFiling({ form: '10-Q', company: 'Quarterly Co', cik: 42, acceptedAt: at('2026-07-27T21:25:00Z') });
    sec.publishFiling({ form: '8-K', company: 'Earlier Inc.', cik: 43, items: ['1.01'], acceptedAt: at('2026-07-27T13:00:00Z') });

    const filings = await source().page('8-K', 0);
    expect(filings.map((f) => [f.form, f.company, f.items])).toEqual([
      ['8-K', 'Huron Consulting Group Inc.', ['5.02', '9.01']],
      ['8-K/A', 'RTB Digital, Inc.', ['2.01']],
      ['8-K', 'Earlier Inc.', ['1.01']],
    ]);
    expect(filings[0]).toEqual<LatestFiling>({
      accession: '0001628280-26-049857',
      form: '8-K',
      company: 'Huron Consulting Group Inc.',
      cik: '0001289848',
      role: 'Filer',
      items: ['5.02', '9.01'],
      acceptedAt: '2026-07-27T21:29:58.000Z',
      filedDate: '2026-07-27',
      indexUrl: huron.indexUrl,
    });
    expect(huron.indexUrl).toBe(`${sec.url}/Archives/edgar/data/1289848/000162828026049857/0001628280-26-049857-index.htm`);
    const asked = feedRequests()[0]!;
    expect(Object.fromEntries(asked.query)).toMatchObject({ action: 'getcurrent', type: '8-K', start: '0', count: '100', output: 'atom' });
    expect(asked.userAgent).toBe(USER_AGENT);
  });

  it("matches EDGAR's type as a prefix, which the caller filters by form", async () => {
    sec.publishFiling({ form: 'D', company: 'Klondike Holdings LLC', cik: 2144150, acceptedAt: at('2026-08-18T21:28:48Z') });
    sec.publishFiling({ form: 'DEF 14A', company: 'Proxy Corp', cik: 44, acceptedAt: at('2026-08-18T21:00:00Z') });
    sec.publishFiling({ form: 'D/A', company: 'Fund II LP', cik: 45, acceptedAt: at('2026-08-18T20:00:00Z') });
    const page = await source().page('D', 0);
    expect(page.map((f) => f.form)).toEqual(['D', 'DEF 14A', 'D/A']);
    expect(page.filter((f) => isFeedForm('D', f.form)).map((f) => f.company)).toEqual(['Klondike Holdings LLC', 'Fund II LP']);
  });

  it("lists a Schedule 13D twice under one accession, the subject's entry and the filer's", async () => {
    const published = sec.publishFiling({
      form: 'SCHEDULE 13D',
      company: 'Activist Capital Partners LP',
      cik: 1777777,
      subject: { company: 'Initech Corp', cik: 1990001 },
    });
    const page = await source().page('SCHEDULE 13D', 0);
    expect(page.map((f) => [f.accession, f.company, f.cik, f.role])).toEqual([
      [published.accession, 'Initech Corp', '0001990001', 'Subject'],
      [published.accession, 'Activist Capital Partners LP', '0001777777', 'Filed by'],
    ]);
    expect(page.map((f) => f.indexUrl)).toEqual(published.entries.map((e) => e.indexUrl));
    expect(await source().page('SC 13D', 0)).toEqual([]);
  });

  it('reads the ISO-8859-1 bytes EDGAR sends and the entities in names', async () => {
    sec.publishFiling({ form: '8-K', company: 'Soci\u00e9t\u00e9 G\u00e9n\u00e9rale & Cie \u201cSG\u201d', cik: 46, items: ['2.05'] });
    const raw = await fetch(`${sec.url}/cgi-bin/browse-edgar?action=getcurrent&type=8-K&start=0&count=100&output=atom`, {
      headers: { 'user-agent': USER_AGENT },
    });
    expect(raw.headers.get('content-type')).toBe('application/atom+xml');
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect(bytes.includes(Buffer.from('Soci\u00e9t\u00e9', 'latin1'))).toBe(true);
    expect(bytes.includes(Buffer.from('&amp; Cie &#8220;SG&#8221;'))).toBe(true);
    const [filing] = await source().page('8-K', 0);
    expect(filing!.company).toBe('Soci\u00e9t\u00e9 G\u00e9n\u00e9rale & Cie \u201cSG\u201d');
  });

  it("pages by 100 and takes EDGAR's 503 page past the end as the end", async () => {
    const first = Date.parse('2026-07-27T13:00:00Z');
    for (let i = 0; i < 150; i++)
      sec.publishFiling({ form: '8-K', company: `Company ${i}`, cik: 1000 + i, items: ['8.01'], acceptedAt: new Date(first + i * 60_000) });
    const reader = source();
    const one = await reader.page('8-K', 0);
    const two = await reader.page('8-K', 100);
    expect(one).toHaveLength(100);
    expect(two).toHaveLength(50);
    expect(one[0]!.company).toBe('Company 149');
    expect(two.at(-1)!.company).toBe('Company 0');
    expect(new Set([...one, ...two].map((f) => f.accession)).size).toBe(150);
    expect(await reader.page('8-K', 200)).toEqual([]);
    const answered = sec.requests.filter((r) => r.path === '/cgi-bin/browse-edgar').map((r) => r.query.get('start'));
    expect(answered).toEqual(['0', '100', '200']);
  });

  it('is an empty first page when nothing was filed, and fails with the 503 when EDGAR answers it on the first page', async () => {
    expect(await source().page('S-1', 0)).toEqual([]);
    sec.mode.failLatestFilings = true;
    await expect(source().page('S-1', 0)).rejects.toMatchObject({ name: 'SourceError', status: 503 });
  });

  it('is refused without a declared User-Agent, as EDGAR refuses it', async () => {
    const anonymous = createLatestFilingsSource({
      secBaseUrl: sec.url,
      http: createSourceHttp({ userAgent: 'node', allowPrivateAddresses: true }),
    });
    await expect(anonymous.page('8-K', 0)).rejects.toMatchObject({ status: 403 });
  });

  it("keeps to the client's pace at EDGAR, as counted where the requests arrive", async () => {
    const interval = 150;
    const reader = source({ minIntervalMs: { [new URL(sec.url).host]: interval } });
    const feeds = ['8-K', 'D', 'S-1', 'SC 13D', 'SCHEDULE 13D'];
    await Promise.all(feeds.map((feed) => reader.page(feed, 0)));
    const starts = feedRequests()
      .map((r) => r.at)
      .sort((a, b) => a - b);
    expect(starts).toHaveLength(feeds.length);
    // Unpaced, the five would arrive within a few milliseconds. Paced, they span four intervals; one
    // interval is left for a request delayed on its way (a new connection, a loaded machine), which
    // narrows one gap and the span by as much, never more.
    expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual((feeds.length - 2) * interval);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    expect(gaps.filter((gap) => gap < interval - 20).length).toBeLessThanOrEqual(1);
  });
});

describe('what a filing holds', () => {
  const published = async (form: string, company: string) => (await source().page(form, 0)).find((f) => f.company === company)!;

  it("reads a Form D's offering from its primary_doc.xml", async () => {
    sec.publishFiling({
      form: 'D',
      company: 'Klondike Holdings LLC',
      cik: 2144150,
      offering: { totalOfferingAmount: 5_000_000, totalAmountSold: 2_500_000 },
    });
    sec.publishFiling({
      form: 'D',
      company: 'Evergreen Fund LP',
      cik: 47,
      offering: { totalOfferingAmount: 'Indefinite', totalAmountSold: 800_000 },
    });
    sec.publishFiling({ form: 'D', company: 'Silent LLC', cik: 48 });
    const reader = source();
    expect(await reader.offering(await published('D', 'Klondike Holdings LLC'))).toEqual({
      totalOfferingAmount: 5_000_000,
      totalAmountSold: 2_500_000,
      indefinite: false,
      industryGroup: 'Pooled Investment Fund',
      isAmendment: false,
    });
    expect(sec.requests.at(-1)!.path).toMatch(/^\/Archives\/edgar\/data\/2144150\/\d{18}\/primary_doc\.xml$/);
    expect(await reader.offering(await published('D', 'Evergreen Fund LP'))).toMatchObject({
      totalOfferingAmount: null,
      totalAmountSold: 800_000,
      indefinite: true,
    });
    expect(await reader.offering(await published('D', 'Silent LLC'))).toBeNull();
    // A filing with no primary_doc.xml there.
    const klondike = await published('D', 'Klondike Holdings LLC');
    expect(await reader.offering({ ...klondike, accession: '0002144150-26-999999' })).toBeNull();
  });

  it("reads an 8-K's main document from its index page", async () => {
    const document = `<html><head><title>hurn-20260727</title></head><body><p>FORM 8-K</p><p>Item 5.02 Departure of Directors or Certain Officers.</p><p>On July 27, 2026, Huron Consulting Group Inc. announced that its Chief Financial Officer will step down, effective August 31, 2026.</p></body></html>`;
    sec.publishFiling({ form: '8-K', company: 'Huron Consulting Group Inc.', cik: 1289848, items: ['5.02', '9.01'], document });
    const filing = await published('8-K', 'Huron Consulting Group Inc.');
    const doc = await source().mainDocument(filing);
    expect(doc).toMatchObject({
      url: expect.stringMatching(new RegExp(`^${sec.url}/Archives/edgar/data/1289848/\\d{18}/huro-\\d{8}\\.htm$`)),
      title: 'hurn-20260727',
      publisher: 'SEC EDGAR',
      publishedAt: filing.acceptedAt,
      kind: 'filing',
    });
    expect(doc!.text).toContain('its Chief Financial Officer will step down');
    expect(doc!.text).not.toMatch(/<\w+/);
    expect(sec.requests.slice(-2).map((r) => r.path)).toEqual([new URL(filing.indexUrl).pathname, new URL(doc!.url).pathname]);
  });

  it("reads a Schedule 13D's main document from the subject company's folder, and a Form D's rendering", async () => {
    sec.publishFiling({
      form: 'SCHEDULE 13D',
      company: 'Activist Capital Partners LP',
      cik: 1777777,
      subject: { company: 'Initech Corp', cik: 1990001 },
    });
    sec.publishFiling({
      form: 'D',
      company: 'Klondike Holdings LLC',
      cik: 2144150,
      offering: { totalOfferingAmount: 5_000_000, totalAmountSold: 0 },
    });
    const subject = await published('SCHEDULE 13D', 'Initech Corp');
    const schedule = await source().mainDocument(subject);
    expect(schedule!.url).toMatch(/\/Archives\/edgar\/data\/1990001\/\d{18}\/xslSCHEDULE_13D_X01\/primary_doc\.xml$/);
    expect(schedule!.text).toContain('Name of Issuer: Initech Corp');
    const formD = await source().mainDocument(await published('D', 'Klondike Holdings LLC'));
    expect(formD!.url).toMatch(/\/xslFormDX01\/primary_doc\.xml$/);
    expect(formD!.text).toContain('Total Offering Amount: $5000000');
  });

  it('is null for a filing EDGAR does not have, or whose document has nothing to read', async () => {
    sec.publishFiling({
      form: '8-K',
      company: 'Scanned Inc.',
      cik: 49,
      items: ['8.01'],
      document: '<html><body><img src="p1.jpg"></body></html>',
    });
    const scanned = await published('8-K', 'Scanned Inc.');
    expect(await source().mainDocument(scanned)).toBeNull();
    sec.clearFilings();
    expect(await source().mainDocument(scanned)).toBeNull();
    expect(await source().page('8-K', 0)).toEqual([]);
  });
});
