import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeBody, type SourceHttp } from '../web/http.ts';
import { SourceError } from '../web/types.ts';
import {
  createLatestFilingsSource,
  feedOfForm,
  isFeedForm,
  LATEST_FILING_FEEDS,
  type LatestFiling,
  parseFormD,
  parseLatestFilings,
} from './latest-filings.ts';

// EDGAR's latest-filings Atom feed as captured (2026): ISO-8859-1, the summary HTML written as text,
// each 8-K item on its own `<br>` line, the acceptance time with New York's offset.
const HEAD = `<?xml version="1.0" encoding="ISO-8859-1" ?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>Latest Filings - Mon, 27 Jul 2026 17:35:02 EDT</title>
<link rel="alternate" href="/cgi-bin/browse-edgar?action=getcurrent"/>
<link rel="self" href="/cgi-bin/browse-edgar?action=getcurrent"/>
<id>https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent</id>
<author><name>Webmaster</name><email>webmaster@sec.gov</email></author>
<updated>2026-07-27T17:35:02-04:00</updated>
`;
const feed = (...entries: string[]) => `${HEAD}${entries.join('\n')}\n</feed>\n`;

const entry = (e: {
  form: string;
  company: string;
  cik: string;
  role?: string;
  accession: string;
  filed: string;
  updated: string;
  items?: string[];
  title?: string;
  link?: string;
}) => {
  const folder = `${Number(e.cik)}/${e.accession.replace(/-/g, '')}`;
  const items = (e.items ?? []).map((item) => `\n&lt;br&gt;${item}`).join('');
  return `<entry>
<title>${e.title ?? `${e.form} - ${e.company} (${e.cik}) (${e.role ?? 'Filer'})`}</title>
<link rel="alternate" type="text/html" href="${e.link ?? `https://www.sec.gov/Archives/edgar/data/${folder}/${e.accession}-index.htm`}"/>
<summary type="html">
 &lt;b&gt;Filed:&lt;/b&gt; ${e.filed} &lt;b&gt;AccNo:&lt;/b&gt; ${e.accession} &lt;b&gt;Size:&lt;/b&gt; 172 KB${items}
</summary>
<updated>${e.updated}</updated>
<category scheme="https://www.sec.gov/" label="form type" term="${e.form}"/>
<id>urn:tag:sec.gov,2008:accession-number=${e.accession}</id>
</entry>`;
};

const HURON = entry({
  form: '8-K',
  company: 'Huron Consulting Group Inc.',
  cik: '0001289848',
  accession: '0001628280-26-049857',
  filed: '2026-07-27',
  updated: '2026-07-27T17:29:58-04:00',
  items: [
    'Item 5.02: Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers: Compensatory Arrangements of Certain Officers',
    'Item 9.01: Financial Statements and Exhibits',
  ],
});
const RTB = entry({
  form: '8-K/A',
  company: 'RTB Digital, Inc.',
  cik: '0001419275',
  accession: '0001493152-26-031877',
  filed: '2026-07-27',
  updated: '2026-07-27T17:20:11-04:00',
  items: ['Item 2.01: Completion of Acquisition or Disposition of Assets'],
});
const KLONDIKE = entry({
  form: 'D',
  company: 'Klondike Holdings LLC',
  cik: '0002144150',
  accession: '0002144150-26-000002',
  filed: '2026-08-18',
  updated: '2026-08-18T17:28:48-04:00',
});

describe('parseLatestFilings', () => {
  it('reads each entry: form, company, padded CIK, role, items, acceptance in UTC, filing date and index link', () => {
    const filings = parseLatestFilings(feed(HURON, RTB, KLONDIKE));
    expect(filings).toEqual<LatestFiling[]>([
      {
        accession: '0001628280-26-049857',
        form: '8-K',
        company: 'Huron Consulting Group Inc.',
        cik: '0001289848',
        role: 'Filer',
        items: ['5.02', '9.01'],
        acceptedAt: '2026-07-27T21:29:58.000Z',
        filedDate: '2026-07-27',
        indexUrl: 'https://www.sec.gov/Archives/edgar/data/1289848/000162828026049857/0001628280-26-049857-index.htm',
      },
      {
        accession: '0001493152-26-031877',
        form: '8-K/A',
        company: 'RTB Digital, Inc.',
        cik: '0001419275',
        role: 'Filer',
        items: ['2.01'],
        acceptedAt: '2026-07-27T21:20:11.000Z',
        filedDate: '2026-07-27',
        indexUrl: 'https://www.sec.gov/Archives/edgar/data/1419275/000149315226031877/0001493152-26-031877-index.htm',
      },
      {
        accession: '0002144150-26-000002',
        form: 'D',
        company: 'Klondike Holdings LLC',
        cik: '0002144150',
        role: 'Filer',
        items: [],
        acceptedAt: '2026-08-18T21:28:48.000Z',
        filedDate: '2026-08-18',
        indexUrl: 'https://www.sec.gov/Archives/edgar/data/2144150/000214415026000002/0002144150-26-000002-index.htm',
      },
    ]);
  });

  it('decodes the ISO-8859-1 bytes and the entities of company names, and names with dashes and parentheses of their own', () => {
    const xml = feed(
      entry({
        form: '8-K',
        company: 'Soci\u00e9t\u00e9 G\u00e9n\u00e9rale &amp; Cie - Holdings (USA) &#8220;SG&#8221;',
        cik: '0000123456',
        accession: '0000123456-26-000001',
        filed: '2026-07-27',
        updated: '2026-07-27T09:01:00-04:00',
        items: ['Item 1.01: Entry into a Material Definitive Agreement'],
      }),
      entry({
        form: '8-K',
        company: 'AT&amp;T INC.',
        cik: '0000732717',
        accession: '0000732717-26-000012',
        filed: '2026-07-27',
        updated: '2026-07-27T09:00:00-04:00',
      }),
    );
    // What EDGAR sends: one byte per character (é is 0xE9), read by the XML declaration.
    const bytes = Buffer.from(xml, 'latin1');
    expect(bytes.includes(0xe9)).toBe(true);
    const text = decodeBody(bytes, 'application/atom+xml');
    const [societe, att] = parseLatestFilings(text);
    expect(societe).toMatchObject({
      company: 'Soci\u00e9t\u00e9 G\u00e9n\u00e9rale & Cie - Holdings (USA) \u201cSG\u201d',
      cik: '0000123456',
    });
    expect(att).toMatchObject({ company: 'AT&T INC.', cik: '0000732717', items: [] });
    // Read as UTF-8, the same bytes would have garbled the name.
    expect(parseLatestFilings(new TextDecoder('utf-8').decode(bytes))[0]!.company).not.toContain('\u00e9');
  });

  it("reads a Schedule 13D's two entries under one accession: the subject company's and the filer's", () => {
    const accession = '0001193125-26-201234';
    const both = { form: 'SCHEDULE 13D', accession, filed: '2026-07-27', updated: '2026-07-27T16:05:00-04:00' };
    const filings = parseLatestFilings(
      feed(
        entry({ ...both, company: 'Initech Corp', cik: '0001990001', role: 'Subject' }),
        entry({ ...both, company: 'Activist Capital Partners LP', cik: '0001777777', role: 'Filed by' }),
        entry({
          ...both,
          form: 'SC 13D/A',
          accession: '0001193125-26-201235',
          company: 'Old Schedule Co',
          cik: '0001000001',
          role: 'Subject',
        }),
      ),
    );
    expect(filings.map((f) => [f.form, f.accession, f.company, f.cik, f.role])).toEqual([
      ['SCHEDULE 13D', accession, 'Initech Corp', '0001990001', 'Subject'],
      ['SCHEDULE 13D', accession, 'Activist Capital Partners LP', '0001777777', 'Filed by'],
      ['SC 13D/A', '0001193125-26-201235', 'Old Schedule Co', '0001000001', 'Subject'],
    ]);
    expect(filings.map((f) => f.items)).toEqual([[], [], []]);
  });

  it('skips malformed entries and keeps the rest', () => {
    const base = { company: 'Good Co', cik: '0000000042', filed: '2026-07-27', updated: '2026-07-27T10:00:00-04:00' };
    const xml = feed(
      // No form type.
      entry({ ...base, form: '', accession: '0000000042-26-000001' }),
      // No CIK in the title.
      entry({ ...base, form: '8-K', accession: '0000000042-26-000002', title: '8-K - Good Co (Filer)' }),
      // No acceptance time.
      entry({ ...base, form: '8-K', accession: '0000000042-26-000003', updated: 'yesterday' }),
      // No accession number, neither in the id nor in the summary.
      entry({ ...base, form: '8-K', accession: 'n/a' }),
      // A link that is not http(s).
      entry({ ...base, form: '8-K', accession: '0000000042-26-000005', link: 'javascript:alert(1)' }),
      HURON,
      // An element left open inside the entry ends with it; the entry is read.
      RTB.replace('</entry>', '<media:thumbnail><br></entry>'),
    );
    expect(parseLatestFilings(xml).map((f) => f.accession)).toEqual(['0001628280-26-049857', '0001493152-26-031877']);
  });

  it('reads an empty page, refuses what is not an Atom feed, and ends an entry cut off mid-way unread', () => {
    expect(parseLatestFilings(feed())).toEqual([]);
    expect(() => parseLatestFilings('<!DOCTYPE html><html><body><h1>Service Unavailable</h1></body></html>')).toThrow(SourceError);
    const cut = feed(HURON, RTB);
    expect(parseLatestFilings(cut.slice(0, cut.indexOf('</entry>', cut.indexOf('RTB Digital')))).map((f) => f.form)).toEqual(['8-K']);
  });

  it('reads at most one page of entries', () => {
    const many = Array.from({ length: 150 }, (_, i) =>
      entry({
        form: '8-K',
        company: `Company ${i}`,
        cik: String(1000 + i),
        accession: `0000001000-26-${String(i).padStart(6, '0')}`,
        filed: '2026-07-27',
        updated: '2026-07-27T10:00:00-04:00',
      }),
    );
    expect(parseLatestFilings(feed(...many))).toHaveLength(100);
  });
});

describe('feeds and forms', () => {
  it("keeps a feed's own form and its amendment, not the longer forms EDGAR's prefix match brings", () => {
    expect(isFeedForm('D', 'D')).toBe(true);
    expect(isFeedForm('D', 'D/A')).toBe(true);
    expect(isFeedForm('D', 'DEF 14A')).toBe(false);
    expect(isFeedForm('D', 'DEFA14A')).toBe(false);
    expect(isFeedForm('8-K', '8-K/A')).toBe(true);
    expect(isFeedForm('8-K', '8-K12B')).toBe(false);
    expect(isFeedForm('S-1', 'S-1MEF')).toBe(false);
    expect(feedOfForm('SC 13D/A')).toBe('SC 13D');
    expect(feedOfForm('SCHEDULE 13D')).toBe('SCHEDULE 13D');
    expect(feedOfForm('SC 13G')).toBeNull();
    expect(feedOfForm('10-K')).toBeNull();
    expect(LATEST_FILING_FEEDS).toContain('S-1');
  });
});

const FORM_D = (amounts: string, extra = '') => `<?xml version="1.0"?>
<edgarSubmission>
  <schemaVersion>X0708</schemaVersion>
  <submissionType>D</submissionType>
  <testOrLive>LIVE</testOrLive>
  <primaryIssuer><cik>0002144150</cik><entityName>Klondike Holdings LLC</entityName><entityType>Limited Liability Company</entityType></primaryIssuer>
  <offeringData>
    <industryGroup><industryGroupType>Pooled Investment Fund</industryGroupType><investmentFundInfo><investmentFundType>Venture Capital Fund</investmentFundType></investmentFundInfo></industryGroup>
    <typeOfFiling><newOrAmendment><isAmendment>${extra || 'false'}</isAmendment></newOrAmendment><dateOfFirstSale><value>2026-08-01</value></dateOfFirstSale></typeOfFiling>
    <offeringSalesAmounts>
      ${amounts}
    </offeringSalesAmounts>
  </offeringData>
</edgarSubmission>`;

describe('parseFormD', () => {
  it('reads the amounts offered and sold, the industry group and whether it is an amendment', () => {
    const xml = FORM_D(
      '<totalOfferingAmount>5000000</totalOfferingAmount><totalAmountSold>2500000</totalAmountSold><totalRemaining>2500000</totalRemaining>',
    );
    expect(parseFormD(xml)).toEqual({
      totalOfferingAmount: 5_000_000,
      totalAmountSold: 2_500_000,
      indefinite: false,
      industryGroup: 'Pooled Investment Fund',
      isAmendment: false,
    });
  });

  it('reads an indefinite offering and an amendment', () => {
    const xml = FORM_D('<totalOfferingAmount>Indefinite</totalOfferingAmount><totalAmountSold>0</totalAmountSold>', 'true');
    expect(parseFormD(xml)).toMatchObject({ totalOfferingAmount: null, totalAmountSold: 0, indefinite: true, isAmendment: true });
  });

  it('is null without amounts or for another document', () => {
    expect(parseFormD(FORM_D('<totalRemaining>1</totalRemaining>'))).toBeNull();
    expect(parseFormD(FORM_D('<totalOfferingAmount>lots</totalOfferingAmount>'))).toBeNull();
    expect(
      parseFormD(FORM_D('<totalOfferingAmount>1</totalOfferingAmount>').replace('<submissionType>D<', '<submissionType>4<')),
    ).toBeNull();
    expect(parseFormD('<html><body>Not Found</body></html>')).toBeNull();
  });
});

/** A SourceHttp answering from a table of URL → body (or an error), recording what was asked. */
function stubHttp(answer: (url: string) => string | SourceError) {
  const asked: string[] = [];
  const getPage: SourceHttp['getPage'] = async (url) => {
    asked.push(url);
    const body = answer(url);
    if (body instanceof SourceError) throw body;
    return { url, contentType: 'text/html', body };
  };
  const http: SourceHttp = {
    getPage,
    getText: async (url, init) => (await getPage(url, init)).body,
    getJson: async () => {
      throw new Error('no JSON here');
    },
  };
  return { http, asked };
}

const SEC = 'https://www.sec.gov';
const unavailable = () => new SourceError('www.sec.gov', 'www.sec.gov/cgi-bin/browse-edgar answered 503', 503);

describe('createLatestFilingsSource', () => {
  it("asks EDGAR's getcurrent feed for 100 entries from `start` and reads them", async () => {
    const { http, asked } = stubHttp(() => feed(HURON));
    const filings = await createLatestFilingsSource({ secBaseUrl: `${SEC}/`, http }).page('SC 13D', 200);
    expect(filings.map((f) => f.accession)).toEqual(['0001628280-26-049857']);
    const url = new URL(asked[0]!);
    expect(`${url.origin}${url.pathname}`).toBe(`${SEC}/cgi-bin/browse-edgar`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'getcurrent',
      type: 'SC 13D',
      company: '',
      dateb: '',
      owner: 'include',
      start: '200',
      count: '100',
      output: 'atom',
    });
  });

  it("takes EDGAR's 503 past the first page as the end, and on the first page as EDGAR unavailable", async () => {
    const { http } = stubHttp(unavailable);
    const source = createLatestFilingsSource({ secBaseUrl: SEC, http });
    expect(await source.page('8-K', 100)).toEqual([]);
    await expect(source.page('8-K', 0)).rejects.toMatchObject({ name: 'SourceError', status: 503 });
  });

  it('refuses odd feeds and starts, and a page that is not a feed', async () => {
    const { http, asked } = stubHttp(() => '<html><body>Temporarily unavailable</body></html>');
    const source = createLatestFilingsSource({ secBaseUrl: SEC, http });
    await expect(source.page('8-K&type=', 0)).rejects.toThrow(SourceError);
    await expect(source.page('8-K', -100)).rejects.toThrow(SourceError);
    expect(asked).toEqual([]);
    await expect(source.page('8-K', 0)).rejects.toThrow(/not an Atom feed/);
  });

  const [klondike] = parseLatestFilings(feed(KLONDIKE));
  const [huron] = parseLatestFilings(feed(HURON));

  it("reads a Form D's primary_doc.xml from the filing's folder; null for other forms and a missing document", async () => {
    const primary = `${SEC}/Archives/edgar/data/2144150/000214415026000002/primary_doc.xml`;
    const { http, asked } = stubHttp((url) =>
      url === primary
        ? FORM_D('<totalOfferingAmount>5000000</totalOfferingAmount><totalAmountSold>2500000</totalAmountSold>')
        : new SourceError('www.sec.gov', 'answered 404', 404),
    );
    const source = createLatestFilingsSource({ secBaseUrl: SEC, http });
    expect(await source.offering(klondike!)).toMatchObject({ totalOfferingAmount: 5_000_000, totalAmountSold: 2_500_000 });
    expect(asked).toEqual([primary]);
    expect(await source.offering(huron!)).toBeNull();
    expect(asked).toHaveLength(1);
    expect(await source.offering({ ...klondike!, accession: '0002144150-26-000003' })).toBeNull();
  });

  const realIndex = readFileSync(
    new URL('../../../../tests/fakes/fixtures/real-formats/sec/796343_0000796343-23-000044-index.htm', import.meta.url),
    'utf8',
  );
  const adobe: LatestFiling = {
    accession: '0000796343-23-000044',
    form: '8-K',
    company: 'ADOBE INC.',
    cik: '0000796343',
    role: 'Filer',
    items: ['2.02', '9.01'],
    acceptedAt: '2023-03-15T20:06:36.000Z',
    filedDate: '2023-03-15',
    indexUrl: `${SEC}/Archives/edgar/data/796343/000079634323000044/0000796343-23-000044-index.htm`,
  };
  const eightK = `<html><head><title>adbe-20230315</title></head><body><p>UNITED STATES SECURITIES AND EXCHANGE COMMISSION</p><p>FORM 8-K</p><p>Item 2.02 Results of Operations and Financial Condition. On March 15, 2023, Adobe Inc. issued a press release announcing its financial results.</p></body></html>`;

  it("reads the main document: the index row whose type is the form (a real index page, the iXBRL viewer's link undone)", async () => {
    const form = `${SEC}/Archives/edgar/data/796343/000079634323000044/adbe-20230315.htm`;
    const { http, asked } = stubHttp((url) =>
      url === adobe.indexUrl ? realIndex : url === form ? eightK : new SourceError('x', '404', 404),
    );
    const doc = await createLatestFilingsSource({ secBaseUrl: SEC, http }).mainDocument(adobe);
    expect(asked).toEqual([adobe.indexUrl, form]);
    expect(doc).toMatchObject({ url: form, title: 'adbe-20230315', publisher: 'SEC EDGAR', publishedAt: adobe.acceptedAt, kind: 'filing' });
    expect(doc!.text).toContain('Item 2.02 Results of Operations');
  });

  it('takes the first .htm when no row has the form, and is null for a document with nothing to read', async () => {
    const exhibit = `${SEC}/Archives/edgar/data/796343/000079634323000044/adbeex991q123.htm`;
    const { http, asked } = stubHttp((url) => (url === adobe.indexUrl ? realIndex : '<html><body><img src="page1.jpg"></body></html>'));
    const source = createLatestFilingsSource({ secBaseUrl: SEC, http });
    expect(await source.mainDocument({ ...adobe, form: '8-K12B' })).toBeNull();
    // The first row's link is the iXBRL viewer's, undone to the 8-K itself.
    expect(asked[1]).toBe(`${SEC}/Archives/edgar/data/796343/000079634323000044/adbe-20230315.htm`);
    expect(asked).not.toContain(exhibit);
  });

  it("asks the configured EDGAR for www.sec.gov's index pages, and refuses a filing whose index is elsewhere", async () => {
    const proxy = 'http://edgar-proxy.internal:8080';
    const { http, asked } = stubHttp((url) => (url.endsWith('-index.htm') ? realIndex : eightK));
    const source = createLatestFilingsSource({ secBaseUrl: proxy, http });
    const doc = await source.mainDocument(adobe);
    expect(asked).toEqual([
      `${proxy}/Archives/edgar/data/796343/000079634323000044/0000796343-23-000044-index.htm`,
      `${proxy}/Archives/edgar/data/796343/000079634323000044/adbe-20230315.htm`,
    ]);
    expect(doc!.url).toBe(asked[1]);
    await expect(source.mainDocument({ ...adobe, indexUrl: 'https://evil.example/index.htm' })).rejects.toThrow(/not on EDGAR/);
    await expect(source.mainDocument({ ...adobe, indexUrl: `${SEC}/cgi-bin/browse-edgar?action=getcurrent` })).rejects.toThrow(
      /not on EDGAR/,
    );
    expect(asked).toHaveLength(2);
  });
});
