import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSec, startFakeSec } from '../../../../tests/fakes/sec.ts';
import { createSourceHttp } from '../web/http.ts';
import { SourceError } from '../web/types.ts';
import type { SecFigure } from './company-facts.ts';
import { createSecSource } from './sec.ts';
import { createSecCompanySource, filingTitle, headquartersOf, pickProfileFilings, type SecFilingRef } from './sec-company.ts';

const USER_AGENT = 'Enterprise OS test@example.com';
/** The fake's filings are dated as seen from this day. */
const NOW = Date.parse('2026-11-26T12:00:00Z');
const INITECH = '1990001';

describe('SEC company source against the fake EDGAR over HTTP', () => {
  let fake: FakeSec;
  const http = () => createSourceHttp({ userAgent: USER_AGENT, allowPrivateAddresses: true });
  const source = (extra: { sec?: ReturnType<typeof createSecSource> } = {}) =>
    createSecCompanySource({ secBaseUrl: fake.url, secDataBaseUrl: `${fake.url}/`, http: http(), now: () => NOW, ...extra });
  const archive = (accession: string, document: string) =>
    `${fake.url}/Archives/edgar/data/1990001/${accession.replace(/-/g, '')}/${document}`;
  const index = (accession: string) => archive(accession, `${accession}-index.htm`);

  beforeAll(async () => {
    fake = await startFakeSec();
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  it('resolves a company by ticker, by name and by the website EDGAR records for it', async () => {
    const companies = source();
    const initech = { cik: '0001990001', ticker: 'INTK', name: 'Initech Systems, Inc.' };
    expect(await companies.resolve('intk', null)).toEqual({ ...initech, matchedOn: 'ticker' });
    expect(await companies.resolve('Initech Systems Inc', null)).toEqual({ ...initech, matchedOn: 'name' });
    // The site's own name ("Initech") is not EDGAR's, but EDGAR's website for the company is the host.
    expect(await companies.resolve('Initech', 'www.initech.example')).toEqual({ ...initech, matchedOn: 'website' });
    expect(await companies.resolve(null, 'initech.example')).toEqual({ ...initech, matchedOn: 'website' });
    // EDGAR records no website for Apple: a company whose whole name is the site's stands.
    expect(await companies.resolve(null, 'www.apple.com')).toEqual({
      cik: '0000320193',
      ticker: 'AAPL',
      name: 'Apple Inc.',
      matchedOn: 'name',
    });
    // A name match whose EDGAR website is another site is another company.
    expect(await companies.resolve('Initech Systems', 'initech-consulting.example')).toBeNull();
    expect(await companies.resolve('Nonexistent Widgets', 'widgets.example')).toBeNull();
    expect(await companies.resolve(null, null)).toBeNull();
  });

  it("reads a company's submissions once for resolve() and profile(), and again after ten minutes", async () => {
    let now = NOW;
    const companies = createSecCompanySource({ secBaseUrl: fake.url, secDataBaseUrl: `${fake.url}/`, http: http(), now: () => now });
    const submissionsRead = () => fake.requests.filter((r) => r.path === '/submissions/CIK0001990001.json').length;
    await Promise.all([companies.resolve('Initech', 'www.initech.example'), companies.profile(INITECH)]);
    await companies.profile(INITECH);
    expect(submissionsRead()).toBe(1);
    now += 10 * 60 * 1000;
    await companies.profile(INITECH);
    expect(submissionsRead()).toBe(2);
  });

  it('shares the SEC client’s ticker list: one download for both', async () => {
    const sec = createSecSource({ secBaseUrl: fake.url, secDataBaseUrl: fake.url, http: http() });
    const companies = source({ sec });
    expect((await sec.resolveCompany('AAPL'))?.cik).toBe('0000320193');
    expect((await companies.resolve('INTK', null))?.cik).toBe('0001990001');
    expect(fake.requests.filter((r) => r.path === '/files/company_tickers.json')).toHaveLength(1);
  });

  it('reads EDGAR’s website field as a person writes an address: a bare host is https, an e-mail address is no website', async () => {
    try {
      fake.websites.set(INITECH, 'initech.example');
      expect((await source().profile(INITECH)).website).toBe('https://initech.example');
      fake.websites.set(INITECH, 'mailto:ir@initech.example');
      expect((await source().profile(INITECH)).website).toBeNull();
    } finally {
      fake.websites.delete(INITECH);
    }
  });

  it('reads the profile from the submissions: identity, headquarters, the EDGAR page and the filings a report shows', async () => {
    const profile = await source().profile(INITECH);
    const { filings, ...identity } = profile;
    expect(identity).toEqual({
      cik: '0001990001',
      name: 'Initech Systems, Inc.',
      tickers: ['INTK'],
      exchanges: ['Nasdaq'],
      sic: '7372',
      sicDescription: 'Services-Prepackaged Software',
      stateOfIncorporation: 'DE',
      fiscalYearEnd: '1231',
      headquarters: 'Austin, TX',
      website: 'https://www.initech.example',
      profileUrl: `${fake.url}/cgi-bin/browse-edgar?action=getcompany&CIK=0001990001`,
    });
    // The latest 10-K and 10-Q and the 8-Ks of the last 12 months; no Forms 3/4, proxy, older 10-K/10-Q or 8-K of 2025-10.
    expect(filings.map((f) => `${f.form} ${f.filingDate} ${f.items.join(',')}`)).toEqual([
      '10-Q 2026-11-04 ',
      '8-K 2026-11-03 2.02,9.01',
      '8-K 2026-09-14 5.02,9.01',
      '8-K 2026-08-04 2.02,9.01',
      '8-K 2026-06-12 5.07',
      '10-K 2026-02-20 ',
      '8-K 2026-02-12 2.02,9.01',
    ]);
    expect(filings[2]).toEqual({
      form: '8-K',
      filingDate: '2026-09-14',
      reportDate: '2026-09-10',
      accessionNumber: '0001990001-26-000019',
      items: ['5.02', '9.01'],
      description: '8-K',
      indexUrl: index('0001990001-26-000019'),
      documentUrl: archive('0001990001-26-000019', 'intk-20260910.htm'),
    });
    // The addresses a user can open answer.
    const pages = await Promise.all([profile.profileUrl, filings[2]!.indexUrl].map((url) => http().getText(url)));
    expect(pages[0]).toContain('Initech Systems, Inc.');
    expect(pages[1]).toContain('intk-20260910.htm');
    expect(fake.requests.every((r) => r.userAgent === USER_AGENT)).toBe(true);
  });

  it('reports the latest fiscal year and quarter from the company facts, the latest filing winning, year-to-date never as a quarter', async () => {
    const figures = await source().figures(INITECH);
    const K25 = index('0001990001-26-000004');
    const Q3 = index('0001990001-26-000028');
    const brief = (f: SecFigure) => [f.label, f.value, f.unit, f.periodStart, f.periodEnd, f.form, f.sourceUrl];
    expect(figures.map(brief)).toEqual([
      // 2024 and before were tagged us-gaap:Revenues, 2025 on RevenueFromContractWithCustomerExcludingAssessedTax.
      ['Revenue (fiscal year 2025)', 1_326_900_000, 'USD', '2025-01-01', '2025-12-31', '10-K', K25],
      ['Net income (fiscal year 2025)', 131_500_000, 'USD', '2025-01-01', '2025-12-31', '10-K', K25],
      // The year-end balance sheet was recast in the latest 10-Q: that value, from that filing.
      ['Total assets (as of 2025-12-31)', 2_415_300_000, 'USD', null, '2025-12-31', '10-Q', Q3],
      ['Operating cash flow (fiscal year 2025)', 236_700_000, 'USD', '2025-01-01', '2025-12-31', '10-K', K25],
      // The three months, not the nine-month total the same 10-Q reports under the same fiscal period.
      ['Revenue (quarter ended 2026-09-30)', 371_800_000, 'USD', '2026-07-01', '2026-09-30', '10-Q', Q3],
      ['Net income (quarter ended 2026-09-30)', 41_200_000, 'USD', '2026-07-01', '2026-09-30', '10-Q', Q3],
      ['Total assets (as of 2026-09-30)', 2_561_000_000, 'USD', null, '2026-09-30', '10-Q', Q3],
      // Cash flow statements are year-to-date only: said so.
      ['Operating cash flow (nine months ended 2026-09-30)', 190_400_000, 'USD', '2026-01-01', '2026-09-30', '10-Q', Q3],
      ['Shares outstanding (as of 2026-10-28)', 154_236_870, 'shares', null, '2026-10-28', '10-Q', Q3],
    ]);
    expect(figures[0]!.concept).toBe('us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax');
    expect(fake.requests.map((r) => r.path)).toContain('/api/xbrl/companyfacts/CIK0001990001.json');
  });

  it('names the 10-K’s executive officers and the 8-K item 5.02 changes, each with the filing that says so', async () => {
    const companies = source();
    const profile = await companies.profile(INITECH);
    const { people, documents } = await companies.officers(profile.cik, profile.filings);
    const tenK = archive('0001990001-26-000004', 'intk-20251231.htm');
    const eightK = archive('0001990001-26-000019', 'intk-20260910.htm');
    expect(people.map((p) => [p.name, p.title, p.change, p.sourceUrl, p.filedOn])).toEqual([
      ['Lena Kowalczyk', 'Chief Revenue Officer', 'appointed', eightK, '2026-09-14'],
      // Her retirement, filed after the 10-K, is the newest word on her.
      ['Dana Whitfield', 'Executive Vice President and Chief Operating Officer', 'departing', eightK, '2026-09-14'],
      ['Priya Raman', 'President, Chief Executive Officer and Director', null, tenK, '2026-02-20'],
      ['Marcus Ellery', 'Executive Vice President and Chief Financial Officer', null, tenK, '2026-02-20'],
      ['Helen Marsh', 'Executive Vice President, General Counsel and Secretary', null, tenK, '2026-02-20'],
      ['Tomás Ibarra', 'Co-Founder and Chief Technology Officer', null, tenK, '2026-02-20'],
    ]);
    expect(people[0]!.context).toBe(
      'On September 10, 2026, the Board of Directors (the “Board”) of Initech Systems, Inc. (the “Company”) appointed Lena Kowalczyk as Chief Revenue Officer of the Company, effective October 1, 2026.',
    );
    expect(people[2]!.context).toBe('Priya Raman | 51 | President, Chief Executive Officer and Director');
    expect(documents.map((d) => [d.url, d.title, d.publisher, d.publishedAt, d.kind])).toEqual([
      [
        eightK,
        'Form 8-K (filed 2026-09-14): Item 5.02 Departure of Directors or Certain Officers; Election of Directors; Appointment…',
        'SEC EDGAR',
        '2026-09-14',
        'filing',
      ],
      [tenK, 'Form 10-K (filed 2026-02-20): Information about our Executive Officers', 'SEC EDGAR', '2026-02-20', 'filing'],
    ]);
    // Every name is in the text of the document it cites; the directors who only sign the 10-K are not officers.
    for (const person of people) expect(documents.find((d) => d.url === person.sourceUrl)!.text).toContain(person.name);
    expect(people.map((p) => p.name)).not.toContain('Harold Quint');
    expect(documents[1]!.text).not.toContain('Risk Factors');
  });

  it('gives a filing’s primary document as text, and refuses one off EDGAR', async () => {
    const companies = source();
    const [, earnings] = (await companies.profile(INITECH)).filings;
    expect(await companies.filingDocument(earnings!)).toEqual({
      url: archive('0001990001-26-000026', 'intk-20261103.htm'),
      title: 'Form 8-K (filed 2026-11-03): Item 2.02 Results of Operations and Financial Condition',
      publisher: 'SEC EDGAR',
      publishedAt: '2026-11-03',
      text: 'FORM 8-K. Item 2.02 Results of Operations and Financial Condition. On 2026-11-03, Initech Systems, Inc. issued a press release regarding its financial results.',
      kind: 'filing',
    });
    await expect(companies.filingDocument({ ...earnings!, documentUrl: 'https://evil.example/8k.htm' })).rejects.toBeInstanceOf(
      SourceError,
    );
  });

  it('reports EDGAR’s failures as SourceErrors and a company without XBRL facts as no figures', async () => {
    const companies = source();
    await expect(companies.profile('9999999')).rejects.toMatchObject({ name: 'SourceError', status: 404 });
    await expect(companies.profile('../../etc')).rejects.toBeInstanceOf(SourceError);
    expect(await companies.figures('320193')).toEqual([]);
    fake.mode.failCompanyFacts = true;
    await expect(companies.figures(INITECH)).rejects.toMatchObject({ name: 'SourceError', status: 500 });
    fake.mode.failSubmissions = true;
    await expect(companies.profile(INITECH)).rejects.toMatchObject({ name: 'SourceError', status: 500 });
  });

  it('is refused without a declared User-Agent, as EDGAR refuses it', async () => {
    const anonymous = createSecCompanySource({
      secBaseUrl: fake.url,
      secDataBaseUrl: fake.url,
      http: createSourceHttp({ userAgent: 'node', allowPrivateAddresses: true }),
    });
    await expect(anonymous.profile(INITECH)).rejects.toMatchObject({ status: 403 });
  });
});

describe('headquarters and filing titles', () => {
  it('writes headquarters as a reader would, at home and abroad', () => {
    expect(headquartersOf({ city: 'SANTA CLARA', stateOrCountry: 'CA', stateOrCountryDescription: 'CA' })).toBe('Santa Clara, CA');
    expect(headquartersOf({ city: 'BANDUNG', stateOrCountry: 'K8', stateOrCountryDescription: 'Indonesia', country: 'Indonesia' })).toBe(
      'Bandung, Indonesia',
    );
    expect(headquartersOf({ city: 'VELDHOVEN', stateOrCountry: 'P7', stateOrCountryDescription: 'NETHERLANDS' })).toBe(
      'Veldhoven, Netherlands',
    );
    expect(headquartersOf({ city: null, stateOrCountry: 'NE' })).toBeNull();
  });

  it('titles a filing by its form, date and items', () => {
    const filing = { form: '10-K', filingDate: '2026-02-20', reportDate: '2025-12-31', items: [], description: '10-K' };
    expect(filingTitle(filing)).toBe('Form 10-K (filed 2026-02-20): Annual report for the period ended 2025-12-31');
    expect(filingTitle({ ...filing, form: '8-K', items: ['2.02', '9.01'] })).toBe(
      'Form 8-K (filed 2026-02-20): Item 2.02 Results of Operations and Financial Condition',
    );
    expect(filingTitle({ ...filing, form: '8-K', items: ['9.01'] })).toBe(
      'Form 8-K (filed 2026-02-20): Item 9.01 Financial Statements and Exhibits',
    );
  });
});

describe('pickProfileFilings', () => {
  const ref = (form: string, filingDate: string, items: string[] = []): SecFilingRef => ({
    form,
    filingDate,
    reportDate: null,
    accessionNumber: `0000000001-${filingDate.slice(2, 4)}-${filingDate.slice(5, 7)}${filingDate.slice(8, 10)}00`,
    items,
    description: null,
    indexUrl: `https://www.sec.gov/${filingDate}-index.htm`,
    documentUrl: `https://www.sec.gov/${filingDate}.htm`,
  });

  it('keeps the latest 10-K and 10-Q and the year’s 8-Ks, item 5.02 first when they do not all fit, newest first', () => {
    const busyYear = Array.from({ length: 11 }, (_, i) => ref('8-K', `2026-${String(i + 1).padStart(2, '0')}-15`, ['8.01']));
    const picked = pickProfileFilings(
      [
        ...busyYear,
        ref('8-K', '2025-12-01', ['5.02']),
        ref('8-K', '2025-11-01', ['5.02']), // more than 12 months before
        ref('10-K', '2026-02-20'),
        ref('10-K', '2025-02-21'),
        ref('10-Q', '2026-11-04'),
        ref('10-Q', '2026-08-05'),
        ref('4', '2026-11-20'),
      ],
      NOW,
    );
    expect(picked).toHaveLength(10);
    expect(picked.map((f) => `${f.form} ${f.filingDate}`)).toEqual([
      '8-K 2026-11-15',
      '10-Q 2026-11-04',
      '8-K 2026-10-15',
      '8-K 2026-09-15',
      '8-K 2026-08-15',
      '8-K 2026-07-15',
      '8-K 2026-06-15',
      '8-K 2026-05-15',
      '10-K 2026-02-20',
      '8-K 2025-12-01',
    ]);
  });
});
