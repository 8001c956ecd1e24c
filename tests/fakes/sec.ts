// A stand-in for SEC EDGAR: the ticker list (www.sec.gov/files), submissions and XBRL company facts
// (data.sec.gov), the company page (cgi-bin/browse-edgar) and the Archives (filing index pages,
// filing documents, EX-99.1 press releases), all on one local port and driven by fixtures/sec. Like
// EDGAR it refuses clients without a declared User-Agent (403).
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
};
const INITIAL_MODE: FakeSecMode = { failSubmissions: false, exhibits: true, failCompanyFacts: false };
export type FakeRequest = { path: string; headers: http.IncomingHttpHeaders; userAgent: string; at: number };

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
  const fake = await startFakeHttp((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const userAgent = req.headers['user-agent'] ?? '';
    requests.push({ path, headers: req.headers, userAgent, at: Date.now() });
    const send = (status: number, type: string, body: string) => res.writeHead(status, { 'content-type': type }).end(body);
    // EDGAR's fair-access rule: a User-Agent naming the company and a contact e-mail.
    if (!/\S+@\S+\.\S+/.test(userAgent))
      return send(403, 'text/html', '<h1>Your Request Originates from an Undeclared Automated Tool</h1>');

    if (path === '/files/company_tickers.json') return send(200, 'application/json', readFileSync(fixture('company_tickers.json'), 'utf8'));

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
    reset() {
      requests.length = 0;
      Object.assign(mode, INITIAL_MODE);
    },
    stop: fake.stop,
  };
}
export type FakeSec = Awaited<ReturnType<typeof startFakeSec>>;
