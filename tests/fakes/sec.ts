// A stand-in for SEC EDGAR: the ticker list (www.sec.gov/files), submissions and XBRL company facts
// (data.sec.gov), the company page (cgi-bin/browse-edgar) and the Archives (filing index pages,
// filing documents, EX-99.1 press releases), all on one local port and driven by fixtures/sec. Like
// EDGAR it refuses clients without a declared User-Agent (403). The latest filings feed
// (cgi-bin/browse-edgar?action=getcurrent&output=atom) lists what a test publishes (publishFiling),
// and the Archives serve those filings' index pages, main documents and Form D's primary_doc.xml.
import { existsSync, readFileSync } from 'node:fs';
import type http from 'node:http';
import { startFakeHttp } from './http.ts';

const fixture = (name: string) => new URL(`./fixtures/sec/${name}`, import.meta.url);
const executives = JSON.parse(readFileSync(fixture('executives.json'), 'utf8')) as Record<
  string,
  { company: string; ceo: string; cfo: string }
>;
const pressRelease = readFileSync(fixture('press-release.html'), 'utf8');

type Recent = {
  accessionNumber: string[];
  filingDate: string[];
  reportDate: string[];
  form: string[];
  items: string[];
  primaryDocument: string[];
};
const EXHIBIT = 'ex99-1.htm';

export type FakeSecMode = {
  /** Submissions answer 500. */
  failSubmissions: boolean;
  /** Earnings filings list an EX-99.1 (turn off for a filer that attached none). */
  exhibits: boolean;
  /** XBRL company facts answer 500. */
  failCompanyFacts: boolean;
  /** The latest filings feed answers EDGAR's 503 page on every page, the first too. */
  failLatestFilings: boolean;
};
const INITIAL_MODE: FakeSecMode = { failSubmissions: false, exhibits: true, failCompanyFacts: false, failLatestFilings: false };
export type FakeRequest = { path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; userAgent: string; at: number };

function submissions(cik: string): { recent: Recent; name: string } | null {
  const file = fixture(`CIK${cik.padStart(10, '0')}.json`);
  if (!/^\d{1,10}$/.test(cik) || !existsSync(file)) return null;
  const body = JSON.parse(readFileSync(file, 'utf8'));
  return { recent: body.filings.recent, name: body.name };
}

function findFiling(cik: string, folder: string) {
  const subs = submissions(cik);
  if (!subs) return null;
  const i = subs.recent.accessionNumber.findIndex((acc) => acc.replace(/-/g, '') === folder);
  if (i < 0) return null;
  const pick = (key: keyof Recent) => subs.recent[key][i]!;
  return {
    accessionNumber: pick('accessionNumber'),
    filingDate: pick('filingDate'),
    reportDate: pick('reportDate'),
    form: pick('form'),
    items: pick('items').split(','),
    primaryDocument: pick('primaryDocument'),
  };
}
type Filing = NonNullable<ReturnType<typeof findFiling>>;

function indexPage(cik: string, filing: Filing, withExhibit: boolean) {
  const folder = `/Archives/edgar/data/${cik}/${filing.accessionNumber.replace(/-/g, '')}`;
  const row = (seq: number, description: string, href: string, name: string, type: string, size: number) =>
    `<tr${seq % 2 ? '' : ' class="evenRow"'}><td scope="row">${seq}</td><td scope="row">${description}</td><td scope="row"><a href="${href}">${name}</a></td><td scope="row">${type}</td><td scope="row">${size}</td></tr>`;
  const rows = [row(1, filing.form, `/ix?doc=${folder}/${filing.primaryDocument}`, filing.primaryDocument, filing.form, 41234)];
  if (withExhibit && filing.items.includes('2.02')) rows.push(row(2, 'EX-99.1', `${folder}/${EXHIBIT}`, EXHIBIT, 'EX-99.1', 98765));
  rows.push(
    row(
      rows.length + 1,
      'Complete submission text file',
      `${folder}/${filing.accessionNumber}.txt`,
      `${filing.accessionNumber}.txt`,
      '&nbsp;',
      200000,
    ),
  );
  return `<!DOCTYPE html><html><head><title>EDGAR Filing Documents for ${filing.accessionNumber}</title></head><body>
<div id="formDiv"><div class="formGrouping"><div class="infoHead">Filing Date</div><div class="info">${filing.filingDate}</div></div></div>
<div id="formDiv"><table class="tableFile" summary="Document Format Files">
<tr><th scope="col">Seq</th><th scope="col">Description</th><th scope="col">Document</th><th scope="col">Type</th><th scope="col">Size</th></tr>
${rows.join('\n')}
</table></div></body></html>`;
}

/** A filing's own document when fixtures/sec/documents/<cik>/ has it (the 10-K, 5.02 8-K… of Initech). */
function ownDocument(cik: string, document: string): string | null {
  const file = fixture(`documents/${cik}/${document}`);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** EDGAR's classic company page (cgi-bin/browse-edgar?action=getcompany): the company and its latest filings. */
function companyPage(cik: string): string | null {
  const file = fixture(`CIK${cik.padStart(10, '0')}.json`);
  if (!/^\d{1,10}$/.test(cik) || !existsSync(file)) return null;
  const body = JSON.parse(readFileSync(file, 'utf8'));
  const recent = body.filings.recent as Recent;
  const rows = recent.form
    .slice(0, 20)
    .map((form, i) => `<tr><td nowrap="nowrap">${form}</td><td>${recent.accessionNumber[i]}</td><td>${recent.filingDate[i]}</td></tr>`);
  const state = body.addresses?.business?.stateOrCountry ?? '';
  return `<!DOCTYPE html><html><head><title>EDGAR Search Results</title></head><body>
<div class="companyInfo"><span class="companyName">${body.name} <acronym title="Central Index Key">CIK</acronym>#: ${cik.padStart(10, '0')}</span>
<p class="identInfo"><acronym title="Standard Industrial Code">SIC</acronym>: ${body.sic ?? ''} - ${body.sicDescription ?? ''}<br />State location: ${state} | State of Inc.: <strong>${body.stateOfIncorporation ?? ''}</strong> | Fiscal Year End: ${body.fiscalYearEnd ?? ''}</p></div>
<table class="tableFile2" summary="Results"><tr><th>Filings</th><th>Accession number</th><th>Filing date</th></tr>
${rows.join('\n')}
</table></body></html>`;
}

function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
}

export async function startFakeSec(port = 0) {
  const requests: FakeRequest[] = [];
  // CIK → the website EDGAR records for it, where a test serves that company's site (a fake site's
  // local address stands in for www.initech.example). Kept across reset().
  const websites = new Map<string, string>();
  const mode: FakeSecMode = { ...INITIAL_MODE };
  // What publishFiling put on EDGAR, in publishing order; the feed sorts it newest first.
  const published: Published[] = [];
  // Companies addTickers put on the ticker list, after the fixture's (a benchmark's watched companies).
  const extraTickers: TickerListRow[] = [];
  let sequence = 0;
  const fake = await startFakeHttp((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const userAgent = req.headers['user-agent'] ?? '';
    const send = (status: number, type: string, body: string) => res.writeHead(status, { 'content-type': type }).end(body);
    // The test's own door (journeys run in another process than this fake): publish a filing, or
    // count the feed requests so far. Not EDGAR's, so neither recorded nor refused.
    if (path === '/__test/filings' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const filing = JSON.parse(body) as PublishFiling & { acceptedAt?: string };
        const entry = publish({ ...filing, acceptedAt: filing.acceptedAt ? new Date(filing.acceptedAt) : undefined }, ++sequence);
        published.push(entry);
        send(201, 'application/json', JSON.stringify({ accession: entry.accession }));
      });
      return;
    }
    if (path === '/__test/feed-requests') {
      return send(
        200,
        'application/json',
        JSON.stringify({ count: requests.filter((r) => r.query.get('action') === 'getcurrent').length }),
      );
    }
    requests.push({ path, query: url.searchParams, headers: req.headers, userAgent, at: Date.now() });
    // EDGAR's fair-access rule: a User-Agent naming the company and a contact e-mail.
    if (!/\S+@\S+\.\S+/.test(userAgent))
      return send(403, 'text/html', '<h1>Your Request Originates from an Undeclared Automated Tool</h1>');

    if (path === '/files/company_tickers.json') return send(200, 'application/json', tickerList(extraTickers));

    const subs = path.match(/^\/submissions\/CIK(\d{10})\.json$/);
    if (subs) {
      if (mode.failSubmissions) return send(500, 'text/html', 'Internal Server Error');
      const file = fixture(`CIK${subs[1]}.json`);
      if (!existsSync(file)) return send(404, 'text/html', 'Not Found');
      const website = websites.get(String(Number(subs[1])));
      const body = readFileSync(file, 'utf8');
      return send(200, 'application/json', website ? JSON.stringify({ ...JSON.parse(body), website }) : body);
    }

    // EDGAR answers 404 for a company that has filed no XBRL financial data.
    const facts = path.match(/^\/api\/xbrl\/companyfacts\/CIK(\d{10})\.json$/);
    if (facts) {
      if (mode.failCompanyFacts) return send(500, 'text/html', 'Internal Server Error');
      const file = fixture(`companyfacts/CIK${facts[1]}.json`);
      return existsSync(file) ? send(200, 'application/json', readFileSync(file, 'utf8')) : send(404, 'text/html', 'Not Found');
    }

    if (path === '/cgi-bin/browse-edgar' && url.searchParams.get('action') === 'getcurrent') {
      if (url.searchParams.get('output') !== 'atom') return send(404, 'text/html', 'Not Found');
      const page = latestFilingsPage(published, fake.url, url.searchParams, mode.failLatestFilings);
      return res.writeHead(page.status, { 'content-type': page.type }).end(page.body);
    }

    const inFolder = path.match(/^\/Archives\/edgar\/data\/(\d+)\/(\d{18})\/(.+)$/);
    const publishedFiling = inFolder ? published.find((f) => f.folder === inFolder[2] && f.ciks.includes(Number(inFolder[1]))) : undefined;
    if (inFolder && publishedFiling) {
      const file = archiveFile(publishedFiling, Number(inFolder[1]), inFolder[3]!);
      return file ? send(200, file.type, file.body) : send(404, 'text/html', 'Not Found');
    }

    if (path === '/cgi-bin/browse-edgar' && url.searchParams.get('action') === 'getcompany') {
      const page = companyPage(String(Number.parseInt(url.searchParams.get('CIK') ?? '', 10)));
      return page ? send(200, 'text/html', page) : send(404, 'text/html', 'Not Found');
    }

    const archive = path.match(/^\/Archives\/edgar\/data\/(\d+)\/(\d{18})\/([^/]+)$/);
    const filing = archive ? findFiling(archive[1]!, archive[2]!) : null;
    if (archive && filing) {
      const [, cik, , document] = archive as unknown as [string, string, string, string];
      if (document === `${filing.accessionNumber}-index.htm`) return send(200, 'text/html', indexPage(cik, filing, mode.exhibits));
      const people = executives[cik];
      if (document === EXHIBIT && mode.exhibits && filing.items.includes('2.02') && people)
        return send(200, 'text/html', fill(pressRelease, { ...people, filingDate: filing.filingDate, reportDate: filing.reportDate }));
      const own = document === filing.primaryDocument ? ownDocument(cik, document) : null;
      if (own) return send(200, 'text/html', own);
      if (document === filing.primaryDocument)
        return send(
          200,
          'text/html',
          `<html><head><title>${filing.form}</title></head><body><p>FORM ${filing.form}. Item 2.02 Results of Operations and Financial Condition. On ${filing.filingDate}, ${people?.company ?? 'the registrant'} issued a press release regarding its financial results.</p></body></html>`,
        );
    }
    send(404, 'text/html', 'Not Found');
  }, port);
  return {
    url: fake.url,
    port: fake.port,
    requests,
    mode,
    websites,
    /**
     * Puts a filing on the fake EDGAR: in the latest filings feed (accepted `acceptedAt`, now by
     * default) and in the Archives (its index page, its main document, a Form D's primary_doc.xml).
     * A Schedule 13D with `subject` appears twice under one accession, as EDGAR lists it: the subject
     * company "(Subject)" and the filer ("company") "(Filed by)".
     */
    publishFiling(filing: PublishFiling) {
      const entry = publish(filing, ++sequence);
      published.push(entry);
      return {
        accession: entry.accession,
        /** The index page under the filer's CIK (a 13D's subject has its own, in `entries`). */
        indexUrl: indexUrlOf(fake.url, entry, entry.filer.cik),
        acceptedAt: entry.acceptedAt.toISOString(),
        entries: entry.entries.map((e) => ({ cik: e.cik.padStart(10, '0'), role: e.role, indexUrl: indexUrlOf(fake.url, entry, e.cik) })),
      };
    },
    /** Adds companies to the ticker list (www.sec.gov/files/company_tickers.json), after the fixture's; kept across reset(). */
    addTickers(rows: TickerListRow[]) {
      extraTickers.push(...rows);
    },
    clearFilings() {
      published.length = 0;
    },
    /** Forgets requests and modes, and the filings published. */
    reset() {
      requests.length = 0;
      published.length = 0;
      Object.assign(mode, INITIAL_MODE);
    },
    stop: fake.stop,
  };
}
export type FakeSec = Awaited<ReturnType<typeof startFakeSec>>;

/** A row of EDGAR's company_tickers.json. */
export type TickerListRow = { cik_str: number; ticker: string; title: string };

/** The fixture's ticker list, with `extra` rows numbered on after its own ("0", "1"… as EDGAR keys them). */
function tickerList(extra: TickerListRow[]): string {
  const text = readFileSync(fixture('company_tickers.json'), 'utf8');
  if (extra.length === 0) return text;
  const rows = JSON.parse(text) as Record<string, TickerListRow>;
  const first = Object.keys(rows).length;
  extra.forEach((row, i) => {
    rows[String(first + i)] = row;
  });
  return JSON.stringify(rows);
}

// --- The latest filings feed and the filings behind it ------------------------------------------

export type PublishFiling = {
  /** As EDGAR writes it: '8-K', '8-K/A', 'D', 'S-1', 'SCHEDULE 13D', 'SC 13D/A', 'DEF 14A'… */
  form: string;
  /** The filer; for a 13D with `subject`, the one who files it ("(Filed by)"). */
  company: string;
  cik: string | number;
  /** An 8-K's items ('5.02'…), listed in the feed's summary and on the index page. */
  items?: string[];
  /** Default: now. */
  acceptedAt?: Date;
  /** The filer's role in the feed. Default 'Filer' ('Filed by' with a subject). */
  role?: string;
  /** Default: the filer's CIK, the year and a running number. */
  accession?: string;
  /** The main document's HTML; default a page in the form's usual words. */
  document?: string;
  /** Form D's amounts (primary_doc.xml); without them the document names none. */
  offering?: { totalOfferingAmount: number | 'Indefinite'; totalAmountSold: number; industryGroup?: string; isAmendment?: boolean };
  /** A Schedule 13D's subject company: the feed lists it "(Subject)" beside the filer. */
  subject?: { company: string; cik: string | number };
};

type Party = { company: string; cik: string; role: string };
type Published = {
  accession: string;
  /** The accession without dashes: the filing's folder. */
  folder: string;
  form: string;
  filer: Party;
  /** The feed's entries for it, in EDGAR's order: the subject before the filer. */
  entries: Party[];
  /** Every CIK whose folder holds the filing. */
  ciks: number[];
  items: string[];
  acceptedAt: Date;
  /** Its main document's name in the folder (for XML forms, EDGAR's rendering of primary_doc.xml). */
  mainDocument: string;
  document: string | null;
  offering: PublishFiling['offering'] | null;
};

/** Form 8-K's items as EDGAR's feed and index pages title them. */
const ITEM_TITLES: Record<string, string> = {
  '1.01': 'Entry into a Material Definitive Agreement',
  '1.02': 'Termination of a Material Definitive Agreement',
  '1.03': 'Bankruptcy or Receivership',
  '2.01': 'Completion of Acquisition or Disposition of Assets',
  '2.02': 'Results of Operations and Financial Condition',
  '2.05': 'Costs Associated with Exit or Disposal Activities',
  '5.02':
    'Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers: Compensatory Arrangements of Certain Officers',
  '7.01': 'Regulation FD Disclosure',
  '8.01': 'Other Events',
  '9.01': 'Financial Statements and Exhibits',
};
const itemLine = (item: string) => `Item ${item}: ${ITEM_TITLES[item] ?? 'Other Events'}`;

/** EDGAR's time: New York's wall clock with its offset (2026-07-27T17:29:58-04:00), and that day. */
function newYork(date: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
      weekday: 'short',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}:${parts.second}`;
  const offset = parts.timeZoneName!.replace('GMT', '') || '+00:00';
  const zone = offset === '-04:00' ? 'EDT' : 'EST';
  const month = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'short' }).format(date);
  return { iso: `${day}T${time}${offset}`, day, header: `${parts.weekday}, ${parts.day} ${month} ${parts.year} ${time} ${zone}` };
}

/** Text for EDGAR's ISO-8859-1 XML: markup escaped, and what Latin-1 cannot hold as a character reference. */
const xmlText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/[^\u0000-\u00ff]/gu, (c) => `&#${c.codePointAt(0)};`);
const htmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const isForm = (form: string, base: string) => form.toUpperCase().replace(/\/A$/, '') === base;

function publish(filing: PublishFiling, sequence: number): Published {
  const acceptedAt = filing.acceptedAt ?? new Date();
  const cik = String(Number(filing.cik));
  const accession =
    filing.accession ?? `${cik.padStart(10, '0')}-${String(acceptedAt.getUTCFullYear()).slice(2)}-${String(sequence).padStart(6, '0')}`;
  const filer: Party = { company: filing.company, cik, role: filing.role ?? (filing.subject ? 'Filed by' : 'Filer') };
  const subject = filing.subject ? { company: filing.subject.company, cik: String(Number(filing.subject.cik)), role: 'Subject' } : null;
  const day = newYork(acceptedAt).day.replace(/-/g, '');
  const slug =
    filing.company
      .toLowerCase()
      .replace(/[^a-z]/g, '')
      .slice(0, 4) || 'form';
  const mainDocument = isForm(filing.form, 'D')
    ? 'xslFormDX01/primary_doc.xml'
    : isForm(filing.form, 'SCHEDULE 13D')
      ? 'xslSCHEDULE_13D_X01/primary_doc.xml'
      : `${slug}-${day}.htm`;
  return {
    accession,
    folder: accession.replace(/-/g, ''),
    form: filing.form,
    filer,
    entries: subject ? [subject, filer] : [filer],
    ciks: [Number(cik), ...(subject ? [Number(subject.cik)] : [])],
    items: filing.items ?? [],
    acceptedAt,
    mainDocument,
    document: filing.document ?? null,
    offering: filing.offering ?? null,
  };
}

const indexUrlOf = (base: string, filing: Published, cik: string) =>
  `${base}/Archives/edgar/data/${Number(cik)}/${filing.folder}/${filing.accession}-index.htm`;

/** The page EDGAR answers past the last entry (and when it is overloaded): a 503 in HTML. */
const UNAVAILABLE_PAGE = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>SEC.gov | Request Rate Threshold Exceeded</title></head>
<body><h1>Your Request Rate Threshold Exceeded</h1><p>To allow for equitable access to all users, SEC reserves the right to limit requests originating from undeclared automated tools.</p></body></html>`;

/**
 * One page of EDGAR's latest filings: `type` matched as a prefix of the form, newest first, `count`
 * entries (EDGAR's default 40, at most 100) from `start`; past the end a 503 HTML page.
 */
function latestFilingsPage(published: Published[], base: string, query: URLSearchParams, failing: boolean) {
  const unavailable = { status: 503, type: 'text/html', body: UNAVAILABLE_PAGE };
  if (failing) return unavailable;
  const type = (query.get('type') ?? '').trim().toUpperCase();
  const count = Math.min(100, Math.max(1, Number.parseInt(query.get('count') ?? '40', 10) || 40));
  const start = Math.max(0, Number.parseInt(query.get('start') ?? '0', 10) || 0);
  const newestFirst = published
    .map((filing, order) => ({ filing, order }))
    .sort((a, b) => b.filing.acceptedAt.getTime() - a.filing.acceptedAt.getTime() || b.order - a.order)
    .map(({ filing }) => filing)
    .filter((filing) => filing.form.toUpperCase().startsWith(type));
  const entries = newestFirst.flatMap((filing) => filing.entries.map((party) => ({ filing, party })));
  if (start > 0 && start >= entries.length) return unavailable;
  const now = newYork(new Date());
  const body = `<?xml version="1.0" encoding="ISO-8859-1" ?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>Latest Filings - ${now.header}</title>
<link rel="alternate" href="/cgi-bin/browse-edgar?action=getcurrent"/>
<link rel="self" href="/cgi-bin/browse-edgar?action=getcurrent"/>
<id>https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent</id>
<author><name>Webmaster</name><email>webmaster@sec.gov</email></author>
<updated>${now.iso}</updated>
${entries
  .slice(start, start + count)
  .map(({ filing, party }) => feedEntry(base, filing, party))
  .join('\n')}
</feed>
`;
  return { status: 200, type: 'application/atom+xml', body: Buffer.from(body, 'latin1') };
}

function feedEntry(base: string, filing: Published, party: Party) {
  // EDGAR's filing date for what it accepts after 17:30 is the next business day; the fake keeps the acceptance day.
  const accepted = newYork(filing.acceptedAt);
  const size = `${Math.max(1, Math.round((filing.document?.length ?? 5_000) / 1024))} KB`;
  const summary = [
    ` <b>Filed:</b> ${accepted.day} <b>AccNo:</b> ${filing.accession} <b>Size:</b> ${size}`,
    ...(/^8-K/i.test(filing.form) ? filing.items.map((item) => `<br>${itemLine(item)}`) : []),
  ].join('\n');
  return `<entry>
<title>${xmlText(`${filing.form} - ${party.company} (${party.cik.padStart(10, '0')}) (${party.role})`)}</title>
<link rel="alternate" type="text/html" href="${xmlText(indexUrlOf(base, filing, party.cik))}"/>
<summary type="html">
${xmlText(summary)}
</summary>
<updated>${accepted.iso}</updated>
<category scheme="https://www.sec.gov/" label="form type" term="${xmlText(filing.form)}"/>
<id>urn:tag:sec.gov,2008:accession-number=${filing.accession}</id>
</entry>`;
}

/** A published filing's file in the folder of `cik` (the filer's or a 13D subject's), or null. */
function archiveFile(filing: Published, cik: number, name: string): { type: string; body: string } | null {
  if (name === `${filing.accession}-index.htm`) return { type: 'text/html', body: publishedIndexPage(filing, cik) };
  if (name === filing.mainDocument) return { type: 'text/html', body: filing.document ?? defaultDocument(filing) };
  if (name === 'primary_doc.xml' && isForm(filing.form, 'D')) return { type: 'text/xml', body: formDXml(filing) };
  return null;
}

/** The filing index page, in EDGAR's shape (fixtures/real-formats/sec/…-index.htm). */
function publishedIndexPage(filing: Published, cik: number) {
  const folder = `/Archives/edgar/data/${cik}/${filing.folder}`;
  const accepted = newYork(filing.acceptedAt);
  const row = (seq: string, description: string, href: string, name: string, type: string, size: number, even: boolean) =>
    `         <tr${even ? ' class="evenRow"' : ''}>
            <td scope="row">${seq}</td>
            <td scope="row">${htmlText(description)}</td>
            <td scope="row"><a href="${href}">${htmlText(name)}</a></td>
            <td scope="row">${type ? htmlText(type) : '&nbsp;'}</td>
            <td scope="row">${size}</td>
         </tr>`;
  const rows: string[] = [];
  if (filing.mainDocument.endsWith('/primary_doc.xml')) {
    // XML forms: EDGAR's rendering first, then the XML itself, both of the form's type.
    rows.push(row('1', `FORM ${filing.form}`, `${folder}/${filing.mainDocument}`, filing.mainDocument, filing.form, 5094, false));
    rows.push(row('1', `FORM ${filing.form}`, `${folder}/primary_doc.xml`, 'primary_doc.xml', filing.form, 5094, true));
  } else {
    // Inline XBRL documents are linked through EDGAR's viewer, as the real index pages do.
    const href = /^8-K/i.test(filing.form) ? `/ix?doc=${folder}/${filing.mainDocument}` : `${folder}/${filing.mainDocument}`;
    rows.push(row('1', filing.form, href, filing.mainDocument, filing.form, 41234, false));
  }
  rows.push(
    row(
      '&nbsp;',
      'Complete submission text file',
      `${folder}/${filing.accession}.txt`,
      `${filing.accession}.txt`,
      '',
      200000,
      rows.length % 2 === 1,
    ),
  );
  const items = filing.items.length
    ? `
      <div class="formGrouping">
         <div class="infoHead">Items</div>
         <div class="info">${filing.items.map((item) => `${htmlText(itemLine(item))}<br />`).join('')}</div>
      </div>`
    : '';
  return `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
<title>EDGAR Filing Documents for ${filing.accession}</title>
</head>
<body style="margin: 0; font-size: 16px; ">
<div id="contentDiv">
<div class="formDiv">
   <div id="formHeader">
      <div id="formName">
         <strong>Form ${htmlText(filing.form)}</strong>
      </div>
      <div id="secNum">
         <strong><acronym title="Securities and Exchange Commission">SEC</acronym> Accession <acronym title="Number">No.</acronym></strong> ${filing.accession}
      </div>
   </div>
   <div class="formContent">
      <div class="formGrouping">
         <div class="infoHead">Filing Date</div>
         <div class="info">${accepted.day}</div>
         <div class="infoHead">Accepted</div>
         <div class="info">${accepted.iso.slice(0, 19).replace('T', ' ')}</div>
      </div>${items}
   </div>
</div>
<div class="formDiv">
   <div style="padding: 0px 0px 4px 0px; font-size: 12px; margin: 0px 2px 0px 5px; width: 100%; overflow:hidden">
      <p>Document Format Files</p>
      <table class="tableFile" summary="Document Format Files">
         <tr>
            <th scope="col" style="width: 5%;"><acronym title="Sequence Number">Seq</acronym></th>
            <th scope="col" style="width: 40%;">Description</th>
            <th scope="col" style="width: 20%;">Document</th>
            <th scope="col" style="width: 10%;">Type</th>
            <th scope="col">Size</th>
         </tr>
${rows.join('\n')}
      </table>
   </div>
</div>
<div class="formDiv">
   <div class="companyInfo">
${filing.entries
  .map(
    (party) =>
      `      <span class="companyName">${htmlText(party.company)} (${party.role}) <acronym title="Central Index Key">CIK</acronym>: <a href="/cgi-bin/browse-edgar?action=getcompany&amp;CIK=${party.cik.padStart(10, '0')}">${party.cik.padStart(10, '0')}</a></span>`,
  )
  .join('\n')}
   </div>
</div>
</div>
</body>
</html>`;
}

/** The main document when the test gave none: the form's usual opening words. */
function defaultDocument(filing: Published) {
  const company = htmlText(filing.filer.company);
  const day = newYork(filing.acceptedAt).day;
  if (isForm(filing.form, 'D')) {
    const offering = filing.offering;
    return `<html><head><title>SEC FORM D</title></head><body><h1>FORM D</h1><h2>Notice of Exempt Offering of Securities</h2>
<p>1. Issuer's Identity: ${company}</p>
<p>Total Offering Amount: ${offering ? (offering.totalOfferingAmount === 'Indefinite' ? 'Indefinite' : `$${offering.totalOfferingAmount}`) : 'not given'}</p>
<p>Total Amount Sold: ${offering ? `$${offering.totalAmountSold}` : 'not given'}</p></body></html>`;
  }
  const subject = filing.entries.find((party) => party.role === 'Subject');
  if (subject)
    return `<html><head><title>SCHEDULE 13D</title></head><body><h1>SCHEDULE 13D</h1><p>Under the Securities Exchange Act of 1934</p>
<p>Name of Issuer: ${htmlText(subject.company)}</p><p>Filed by: ${company}, which reports beneficial ownership of more than five percent of the issuer's common stock.</p></body></html>`;
  const items = filing.items.map((item) => `<p><b>${htmlText(itemLine(item).replace(':', '.'))}</b></p>`).join('\n');
  return `<html><head><title>${htmlText(filing.form)}</title></head><body>
<p>UNITED STATES SECURITIES AND EXCHANGE COMMISSION</p><p>Washington, D.C. 20549</p>
<p>FORM ${htmlText(filing.form)}</p><p>${company}</p><p>Date of report: ${day}</p>
${items}
<p>On ${day}, ${company} filed this report with the Securities and Exchange Commission.</p></body></html>`;
}

/** Form D's primary_doc.xml, in EDGAR's shape (a namespace-less edgarSubmission). */
function formDXml(filing: Published) {
  const offering = filing.offering;
  const amounts = offering
    ? `
    <offeringSalesAmounts>
      <totalOfferingAmount>${offering.totalOfferingAmount}</totalOfferingAmount>
      <totalAmountSold>${offering.totalAmountSold}</totalAmountSold>
      <totalRemaining>${offering.totalOfferingAmount === 'Indefinite' ? 'Indefinite' : Math.max(0, offering.totalOfferingAmount - offering.totalAmountSold)}</totalRemaining>
      <clarificationOfResponse></clarificationOfResponse>
    </offeringSalesAmounts>`
    : '';
  return `<?xml version="1.0"?>
<edgarSubmission>
  <schemaVersion>X0708</schemaVersion>
  <submissionType>${xmlText(filing.form)}</submissionType>
  <testOrLive>LIVE</testOrLive>
  <primaryIssuer>
    <cik>${filing.filer.cik.padStart(10, '0')}</cik>
    <entityName>${xmlText(filing.filer.company)}</entityName>
    <entityType>Limited Liability Company</entityType>
  </primaryIssuer>
  <offeringData>
    <industryGroup>
      <industryGroupType>${xmlText(offering?.industryGroup ?? 'Pooled Investment Fund')}</industryGroupType>
    </industryGroup>
    <typeOfFiling>
      <newOrAmendment><isAmendment>${offering?.isAmendment ?? /\/A$/.test(filing.form)}</isAmendment></newOrAmendment>
      <dateOfFirstSale><value>${newYork(filing.acceptedAt).day}</value></dateOfFirstSale>
    </typeOfFiling>${amounts}
  </offeringData>
</edgarSubmission>
`;
}
