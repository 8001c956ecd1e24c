// SEC EDGAR (no key, declared User-Agent): company name or ticker → CIK, the 8-K filings that carry
// item 2.02 (results of operations: the earnings release), and the release itself, the EX-99.1
// exhibit, as plain text.
import { EARNINGS_QUARTERS, type EarningsQuarter, type EarningsYear, MOST_RECENT } from '../../../shared/research.ts';
import { createCache } from '../web/cache.ts';
import { normaliseCompanyName } from '../web/company-name.ts';
import type { SourceHttp } from '../web/http.ts';
import { capText, documentHeadline, htmlTableRows, htmlTitle, htmlToText, httpUrl, isPlaceholderTitle } from '../web/text.ts';
import { type SourceDocument, SourceError } from '../web/types.ts';

export type SecCompany = { cik: string; ticker: string; name: string };
export type EarningsFiling = {
  accessionNumber: string;
  /** YYYY-MM-DD. */
  filingDate: string;
  reportDate: string | null;
  /** The filing's -index.htm page on EDGAR. */
  filingUrl: string;
  /** The EX-99.1 press release, when already known; `fetchRelease` finds it from the index otherwise. */
  exhibitUrl: string | null;
};
type CalendarQuarter = 1 | 2 | 3 | 4;
type PickedFiling = { filing: EarningsFiling; year: number; quarter: CalendarQuarter };
export type SecSource = {
  resolveCompany(nameOrTicker: string, signal?: AbortSignal): Promise<SecCompany | null>;
  /**
   * The company's earnings releases (8-K item 2.02), newest first. `since` (YYYY-MM-DD): also read
   * the older pages EDGAR keeps beside its recent window (which large filers fill within a year),
   * back to that date.
   */
  earningsReleases(cik: string, signal?: AbortSignal, since?: string): Promise<EarningsFiling[]>;
  fetchRelease(filing: EarningsFiling, signal?: AbortSignal): Promise<SourceDocument[]>;
  /** EDGAR's ticker list (company_tickers.json), downloaded once a day and shared by every caller. */
  companies(signal?: AbortSignal): Promise<TickerRow[]>;
};

export const SEC_PUBLISHER = 'SEC EDGAR';
const RELEASE_MAX_CHARS = 40_000;
const TICKERS_TTL_MS = 24 * 60 * 60 * 1000;
export const DAY_MS = 86_400_000;
/** EDGAR's accession number, e.g. 0000320193-25-000079. */
export const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;
/** EDGAR's dates: 2025-09-27. */
export const EDGAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Tickers as EDGAR spells them: upper case, class shares with a dash (BRK.B → BRK-B). */
export function normaliseTicker(ticker: string): string {
  return ticker.trim().toUpperCase().replace(/[./]/g, '-');
}

export const padCik = (cik: string | number) => String(cik).padStart(10, '0');

export type TickerRow = { cik_str: number | string; ticker: string; title: string };

export function findCompany(rows: TickerRow[], nameOrTicker: string): SecCompany | null {
  const input = nameOrTicker.trim();
  if (!input) return null;
  const toCompany = (row: TickerRow): SecCompany => ({ cik: padCik(row.cik_str), ticker: row.ticker, name: row.title });
  const ticker = normaliseTicker(input);
  const byTicker = rows.find((row) => normaliseTicker(row.ticker) === ticker);
  if (byTicker) return toCompany(byTicker);
  const name = normaliseCompanyName(input);
  if (!name) return null;
  // EDGAR lists the largest companies first, so the first match of a shared name is the likely one.
  const byName = rows.find((row) => normaliseCompanyName(row.title) === name);
  return byName ? toCompany(byName) : null;
}

const quarterEnd = (year: number, quarter: CalendarQuarter) => Date.UTC(year, quarter * 3, 0);

/**
 * The calendar quarter an earnings release reports on: the latest quarter that ended at least 10 and
 * at most 100 days before it was filed. No company publishes results within 10 days of a quarter's
 * end, while late fourth-quarter releases can come early in April: without that margin those would
 * count as the first quarter.
 */
export function reportedQuarter(filingDate: string): { year: number; quarter: CalendarQuarter } | null {
  const filed = Date.parse(`${filingDate.slice(0, 10)}T00:00:00Z`);
  if (!Number.isFinite(filed)) return null;
  const date = new Date(filed);
  let year = date.getUTCFullYear();
  let quarter = (Math.floor(date.getUTCMonth() / 3) + 1) as CalendarQuarter;
  // Walk back from the quarter the filing falls in to quarters that have ended.
  for (let step = 0; step < 3; step++) {
    quarter = (quarter === 1 ? 4 : quarter - 1) as CalendarQuarter;
    if (quarter === 4) year -= 1;
    const days = (filed - quarterEnd(year, quarter)) / DAY_MS;
    if (days > 100) return null;
    if (days >= 10) return { year, quarter };
  }
  return null;
}

/** The filing that reports the asked calendar quarter of the asked year; 'most_recent' takes the newest that fits the other choice. */
export function pickFiling(filings: EarningsFiling[], want: { year: EarningsYear; quarter: EarningsQuarter }): PickedFiling | null {
  const wantYear = want.year === MOST_RECENT ? null : Number.parseInt(want.year, 10);
  const wantQuarter = want.quarter === MOST_RECENT ? null : (EARNINGS_QUARTERS.indexOf(want.quarter) as CalendarQuarter);
  const newestFirst = [...filings].sort((a, b) => b.filingDate.localeCompare(a.filingDate));
  for (const filing of newestFirst) {
    const reported = reportedQuarter(filing.filingDate);
    if (!reported) continue;
    if (wantYear !== null && reported.year !== wantYear) continue;
    if (wantQuarter !== null && reported.quarter !== wantQuarter) continue;
    return { filing, ...reported };
  }
  return null;
}

/** EDGAR's filing columns, as in `filings.recent` and in each older page of `filings.files`. */
export type FilingColumns = {
  accessionNumber?: string[];
  filingDate?: string[];
  reportDate?: string[];
  form?: string[];
  items?: string[];
  primaryDocument?: string[];
};
export type OlderFilingPages = Array<{ name?: unknown; filingFrom?: unknown; filingTo?: unknown }>;
type Submissions = {
  name?: string;
  filings?: {
    recent?: FilingColumns;
    files?: OlderFilingPages;
  };
};

/** The filing's -index.htm page on EDGAR. */
export function filingIndexUrl(secBase: string, cik: string, accessionNumber: string) {
  return `${secBase}/Archives/edgar/data/${Number.parseInt(cik, 10)}/${accessionNumber.replace(/-/g, '')}/${accessionNumber}-index.htm`;
}

/**
 * The older pages EDGAR keeps beside a company's recent filings (`filings.files`) that reach back to
 * `since` (YYYY-MM-DD), read one after the other.
 */
export async function olderFilingColumns(
  opts: { http: SourceHttp; dataBase: string },
  pages: OlderFilingPages | undefined,
  since: string,
  signal?: AbortSignal,
): Promise<FilingColumns[]> {
  const columns: FilingColumns[] = [];
  for (const page of pages ?? []) {
    const name = typeof page?.name === 'string' ? page.name : '';
    const to = typeof page?.filingTo === 'string' ? page.filingTo : '';
    // Only EDGAR's own page names, and only pages that reach back into the period asked for.
    if (!/^CIK\d{10}-submissions-\d{3}\.json$/.test(name) || (to && to < since)) continue;
    const older = await opts.http.getJson<FilingColumns>(`${opts.dataBase}/submissions/${name}`, { signal });
    if (older && Array.isArray(older.form)) columns.push(older);
  }
  return columns;
}

/** The 8-K filings with item 2.02 among EDGAR's filing columns. */
function earningsFilings(columns: FilingColumns, filingUrl: (accessionNumber: string) => string): EarningsFiling[] {
  const filings: EarningsFiling[] = [];
  (columns.form ?? []).forEach((form, i) => {
    const accessionNumber = columns.accessionNumber?.[i];
    const filingDate = columns.filingDate?.[i];
    const items = String(columns.items?.[i] ?? '').split(/[,\s]+/);
    if (form !== '8-K' && form !== '8-K/A') return;
    if (!items.includes('2.02') || !accessionNumber || !/^\d{10}-\d{2}-\d{6}$/.test(accessionNumber)) return;
    if (!filingDate || !/^\d{4}-\d{2}-\d{2}$/.test(filingDate)) return;
    filings.push({
      accessionNumber,
      filingDate,
      reportDate: columns.reportDate?.[i] || null,
      filingUrl: filingUrl(accessionNumber),
      exhibitUrl: null,
    });
  });
  return filings;
}

/** Whether a document has text to read: an exhibit of page images has a caption at most ("Exhibit 99.1"). */
export const hasReadableText = (text: string) => (text.match(/[A-Za-z]/g)?.length ?? 0) >= 50;

/** Filing index rows: the document link and its Type column. */
export function parseFilingIndex(html: string, indexUrl: string): Array<{ type: string; url: string; description: string }> {
  const documents: Array<{ type: string; url: string; description: string }> = [];
  for (const { cells, href } of htmlTableRows(html)) {
    if (cells.length < 4 || !href) continue;
    // Columns: Seq, Description, Document, Type, Size.
    let target = href;
    // Inline XBRL documents are linked through the viewer: /ix?doc=/Archives/...
    const viewer = target.match(/^\/ix\?doc=(.+)$/);
    if (viewer) target = viewer[1]!;
    const url = httpUrl(target, indexUrl);
    if (!url || new URL(url).origin !== new URL(indexUrl).origin) continue;
    documents.push({ type: cells[3]!, url, description: cells[1]! });
  }
  return documents;
}

export function createSecSource(opts: { secBaseUrl: string; secDataBaseUrl: string; http: SourceHttp }): SecSource {
  const secBase = opts.secBaseUrl.replace(/\/+$/, '');
  const dataBase = opts.secDataBaseUrl.replace(/\/+$/, '');
  // One download shared by concurrent callers (no single caller's signal cancels it); a failure is not kept.
  const tickers = createCache<TickerRow[]>({ ttlMs: TICKERS_TTL_MS, maxEntries: 1 });
  const tickerRows = (signal?: AbortSignal) => tickers.get('company_tickers.json', loadTickerRows, signal);

  async function loadTickerRows(): Promise<TickerRow[]> {
    const body = await opts.http.getJson<Record<string, TickerRow>>(`${secBase}/files/company_tickers.json`);
    if (!body || typeof body !== 'object') throw new SourceError(SEC_PUBLISHER, 'company list in an unexpected shape');
    return Object.values(body).filter(
      (row): row is TickerRow =>
        !!row && typeof row.ticker === 'string' && typeof row.title === 'string' && /^\d{1,10}$/.test(String(row.cik_str)),
    );
  }

  return {
    companies: tickerRows,

    async resolveCompany(nameOrTicker, signal) {
      return findCompany(await tickerRows(signal), nameOrTicker);
    },

    async earningsReleases(cik, signal, since) {
      if (!/^\d{1,10}$/.test(cik)) throw new SourceError(SEC_PUBLISHER, 'a CIK is up to 10 digits');
      const body = await opts.http.getJson<Submissions>(`${dataBase}/submissions/CIK${padCik(cik)}.json`, { signal });
      const recent = body?.filings?.recent;
      if (!recent || !Array.isArray(recent.form) || !Array.isArray(recent.accessionNumber) || !Array.isArray(recent.filingDate))
        throw new SourceError(SEC_PUBLISHER, 'submissions in an unexpected shape');
      const urlOf = (accessionNumber: string) => filingIndexUrl(secBase, cik, accessionNumber);
      const filings = earningsFilings(recent, urlOf);
      const oldestRecent = recent.filingDate.filter((d) => typeof d === 'string').sort()[0];
      if (since && oldestRecent && oldestRecent > since) {
        for (const older of await olderFilingColumns({ http: opts.http, dataBase }, body.filings?.files, since, signal))
          filings.push(...earningsFilings(older, urlOf));
      }
      return filings.sort((a, b) => b.filingDate.localeCompare(a.filingDate));
    },

    async fetchRelease(filing, signal) {
      const index = httpUrl(filing.filingUrl);
      if (!index || new URL(index).origin !== new URL(secBase).origin) throw new SourceError(SEC_PUBLISHER, 'filing is not on EDGAR');
      const exhibitUrl = filing.exhibitUrl;
      if (exhibitUrl && httpUrl(exhibitUrl)?.startsWith(`${new URL(secBase).origin}/`) !== true)
        throw new SourceError(SEC_PUBLISHER, 'exhibit is not on EDGAR');
      let documents: ReturnType<typeof parseFilingIndex> | null = null;
      const indexDocuments = async () =>
        (documents ??= parseFilingIndex(await opts.http.getText(index, { signal, accept: 'text/html' }), index));
      let source: { url: string; description: string } | undefined = exhibitUrl
        ? { url: exhibitUrl, description: 'Press release' }
        : undefined;
      if (!source) {
        const all = await indexDocuments();
        // The release is EX-99.1; some filers number it EX-99 or put it in EX-99.2. Without one, the
        // 8-K itself is the best text there is.
        const release =
          all.find((doc) => /^EX-99\.1$/i.test(doc.type)) ??
          all.find((doc) => /^EX-99(\.\d+)?$/i.test(doc.type)) ??
          all.find((doc) => /^8-K(\/A)?$/i.test(doc.type));
        if (!release) return [];
        source = {
          url: release.url,
          description: release.description || (release.type.startsWith('EX-99') ? 'Press release' : 'Form 8-K'),
        };
      }
      let html = await opts.http.getText(source.url, { signal, accept: 'text/html' });
      let text = htmlToText(html);
      if (!hasReadableText(text)) {
        // An exhibit made of page images (a scanned release) has no text: the 8-K says what was reported.
        const form = (await indexDocuments()).find((doc) => /^8-K(\/A)?$/i.test(doc.type));
        if (!form || form.url === source.url) return [];
        source = { url: form.url, description: 'Form 8-K' };
        html = await opts.http.getText(source.url, { signal, accept: 'text/html' });
        text = htmlToText(html);
        // Neither has text to read: no release is better than an empty one.
        if (!hasReadableText(text)) return [];
      }
      // Workiva exhibits (most of EDGAR's) are all titled "Document": then the release's headline.
      const titled = htmlTitle(html);
      const pageTitle = titled && !isPlaceholderTitle(titled) ? titled : documentHeadline(html);
      return [
        {
          url: source.url,
          title: pageTitle || `${source.description} (Form 8-K, filed ${filing.filingDate})`,
          publisher: SEC_PUBLISHER,
          publishedAt: filing.filingDate,
          text: capText(text, RELEASE_MAX_CHARS),
          kind: 'filing',
        },
      ];
    },
  };
}
