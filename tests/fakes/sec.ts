// A stand-in for SEC EDGAR: the ticker list (www.sec.gov/files), submissions (data.sec.gov) and
// the Archives (filing index pages, 8-K documents, EX-99.1 press releases), all on one local port
// and driven by fixtures/sec. Like EDGAR it refuses clients without a declared User-Agent (403).
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
};
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

function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
}

export async function startFakeSec(port = 0) {
  const requests: FakeRequest[] = [];
  const mode: FakeSecMode = { failSubmissions: false, exhibits: true };
  const fake = await startFakeHttp((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
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
      return existsSync(file) ? send(200, 'application/json', readFileSync(file, 'utf8')) : send(404, 'text/html', 'Not Found');
    }

    const archive = path.match(/^\/Archives\/edgar\/data\/(\d+)\/(\d{18})\/([^/]+)$/);
    const filing = archive ? findFiling(archive[1]!, archive[2]!) : null;
    if (archive && filing) {
      const [, cik, , document] = archive as unknown as [string, string, string, string];
      if (document === `${filing.accessionNumber}-index.htm`) return send(200, 'text/html', indexPage(cik, filing, mode.exhibits));
      const people = executives[cik];
      if (document === EXHIBIT && mode.exhibits && filing.items.includes('2.02') && people)
        return send(200, 'text/html', fill(pressRelease, { ...people, filingDate: filing.filingDate, reportDate: filing.reportDate }));
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
    reset() {
      requests.length = 0;
      Object.assign(mode, { failSubmissions: false, exhibits: true } satisfies FakeSecMode);
    },
    stop: fake.stop,
  };
}
export type FakeSec = Awaited<ReturnType<typeof startFakeSec>>;
