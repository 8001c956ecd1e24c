// EDGAR's "latest filings" (cgi-bin/browse-edgar?action=getcurrent&output=atom): every company's
// filings of a form type within minutes of their acceptance, newest first, 100 a page. The trigger
// events (issue 31) read it instead of asking after each watched company: one request a minute per
// form finds an 8-K item 5.02, a Form D, an S-1 or a Schedule 13D of any of them. Also here: a Form
// D's offering amounts (its primary_doc.xml) and a filing's main document as text.
import type { SourceHttp } from '../web/http.ts';
import { capText, documentHeadline, htmlTitle, htmlToText, httpUrl, isPlaceholderTitle } from '../web/text.ts';
import { type SourceDocument, SourceError } from '../web/types.ts';
import { walkXml } from '../web/xml.ts';
import { ACCESSION, EDGAR_DATE, hasReadableText, padCik, parseFilingIndex, SEC_PUBLISHER } from './sec.ts';

export type LatestFiling = {
  /** '0001628280-26-049857'. */
  accession: string;
  /** The entry's form type as EDGAR writes it: '8-K', '8-K/A', 'D', 'S-1', 'SC 13D', 'SCHEDULE 13D'… */
  form: string;
  /** Entities decoded. */
  company: string;
  /** 10 digits, padded. */
  cik: string;
  /** The company's part in the filing: 'Filer', 'Subject', 'Filed by', 'Reporting'… ('' when the entry says none). */
  role: string;
  /** An 8-K's items, e.g. ['5.02', '9.01']; [] for other forms. */
  items: string[];
  /** ISO UTC: when EDGAR accepted the filing (the entry's <updated>). */
  acceptedAt: string;
  /** YYYY-MM-DD: the filing date EDGAR gives ("Filed:"), which for a filing accepted after 17:30 New York time is the next business day. */
  filedDate: string;
  /** The filing's -index.htm page, as the feed links it. */
  indexUrl: string;
};

/**
 * The feeds the poller reads (EDGAR's `type` parameter). EDGAR matches `type` as a prefix of the form
 * (type=D also lists DEF 14A, DEFA14A…; type=8-K lists 8-K12B), so a page holds other forms too:
 * `isFeedForm` says which entries belong. Schedule 13D needs two feeds: its form was 'SC 13D' until
 * EDGAR's structured Schedule 13D (December 2024) renamed it 'SCHEDULE 13D', and no shorter prefix
 * covers both without every 'SC 13G' and 'SC TO' too; the old name may still appear (a filer's
 * amendment of an old schedule), and an empty feed costs one request.
 */
export const LATEST_FILING_FEEDS = ['8-K', 'D', 'S-1', 'SC 13D', 'SCHEDULE 13D'] as const;
export type LatestFilingFeed = (typeof LATEST_FILING_FEEDS)[number];

/** Whether an entry's form is the feed's own form or its amendment ('8-K', '8-K/A'), not a longer form the prefix also matched ('DEF 14A' for 'D'). */
export function isFeedForm(feed: string, form: string): boolean {
  const base = form.trim().toUpperCase().replace(/\/A$/, '');
  return base === feed.toUpperCase();
}

/** The feed an entry's form belongs to, or null. */
export function feedOfForm(form: string): LatestFilingFeed | null {
  return LATEST_FILING_FEEDS.find((feed) => isFeedForm(feed, form)) ?? null;
}

export type FormDOffering = {
  /** US dollars; null when indefinite or unreadable. */
  totalOfferingAmount: number | null;
  totalAmountSold: number | null;
  /** The filer wrote "Indefinite" for the total offering amount (a fund's continuous offering). */
  indefinite: boolean;
  /** e.g. 'Pooled Investment Fund', 'Other Technology'. */
  industryGroup: string | null;
  isAmendment: boolean;
};

export type LatestFilingsSource = {
  /**
   * One page (100 entries) of EDGAR's latest filings for `feed` (EDGAR's `type`), newest first; []
   * past the end. Every entry of the page is returned, the forms the prefix match brought too, so a
   * caller can tell a full page from the last: filter with `isFeedForm`.
   */
  page(feed: string, start: number, signal?: AbortSignal): Promise<LatestFiling[]>;
  /** A Form D's offering amounts (primary_doc.xml); null when it has none readable. */
  offering(filing: LatestFiling, signal?: AbortSignal): Promise<FormDOffering | null>;
  /**
   * The filing's main document (from its index page: the row whose type is the form, else the first
   * .htm) as a SourceDocument, its text capped; null when there is none readable.
   */
  mainDocument(filing: LatestFiling, signal?: AbortSignal): Promise<SourceDocument | null>;
};

/** EDGAR's largest page (its `count`). */
export const LATEST_FILINGS_PAGE_SIZE = 100;
/** A page of 100 entries is about 100 KB: far more is not EDGAR's feed, and is not read further. */
const FEED_MAX_BYTES = 1024 * 1024;
/** Form D's primary_doc.xml is a few KB. */
const FORM_D_MAX_BYTES = 512 * 1024;
/** A filing's main document: an iXBRL 8-K runs to a few MB; what is past this is not read (its text is capped anyway). */
const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
const DOCUMENT_MAX_CHARS = 40_000;
/** Longest text kept of one entry field (a summary lists a few items: about 1 KB). */
const FIELD_MAX_CHARS = 8_000;
/** EDGAR's form types: letters, digits, spaces, dashes and slashes ('SC 13D/A', '10-K405'). */
const FORM_TYPE = /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,31}$/;

type RawEntry = { title: string; summary: string; updated: string; id: string; link: string | null; term: string | null };
type EntryField = 'title' | 'summary' | 'updated' | 'id';
const ENTRY_FIELDS = new Set<string>(['title', 'summary', 'updated', 'id']);

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The entries of one latest-filings page, in the feed's order (newest first). Entries without an
 * accession number, a form, a company and its CIK, an acceptance time or a link are skipped; at most
 * one page's worth (100) is read. `base` resolves a relative link (EDGAR writes absolute ones).
 * Throws a SourceError when the text is not an Atom feed at all.
 */
export function parseLatestFilings(xml: string, base?: string): LatestFiling[] {
  const filings: LatestFiling[] = [];
  let root: string | null = null;
  let entry: RawEntry | null = null;
  let field: EntryField | null = null;
  let parts: string[] = [];
  let length = 0;
  walkXml(xml, {
    open(name, attrs, depth) {
      if (depth === 0) root ??= name;
      if (root !== 'feed') return;
      if (depth === 1 && name === 'entry') {
        entry = { title: '', summary: '', updated: '', id: '', link: null, term: null };
        return;
      }
      if (!entry || depth !== 2) return;
      if (name === 'link' && (attrs.rel ?? 'alternate') === 'alternate') entry.link ??= attrs.href ?? null;
      else if (name === 'category') entry.term ??= attrs.term ?? null;
      else if (ENTRY_FIELDS.has(name)) {
        field = name as EntryField;
        parts = [];
        length = 0;
      }
    },
    text(text) {
      if (!field || length >= FIELD_MAX_CHARS) return;
      parts.push(text);
      length += text.length;
    },
    close(name, depth) {
      if (!entry) return;
      if (depth === 2 && field === name) {
        entry[field] = parts.join('').slice(0, FIELD_MAX_CHARS);
        field = null;
      } else if (depth === 1 && name === 'entry') {
        const filing = filingOf(entry, base);
        if (filing && filings.length < LATEST_FILINGS_PAGE_SIZE) filings.push(filing);
        entry = null;
        field = null;
      }
    },
  });
  if (root !== 'feed') throw new SourceError(SEC_PUBLISHER, 'latest filings are not an Atom feed');
  return filings;
}

function filingOf(entry: RawEntry, base: string | undefined): LatestFiling | null {
  const form = oneLine(entry.term ?? '');
  if (!FORM_TYPE.test(form)) return null;
  // "8-K - Huron Consulting Group Inc. (0001289848) (Filer)": the company's name may hold dashes
  // and parentheses of its own, so the form is taken off the front and the CIK and role off the end.
  const title = oneLine(entry.title);
  const prefix = `${form} - `;
  const rest = title.toUpperCase().startsWith(prefix.toUpperCase()) ? title.slice(prefix.length) : title.replace(/^.*? - /, '');
  const named = rest.match(/^(.+?) \((\d{1,10})\)(?: \(([^()]{1,40})\))?$/);
  if (!named) return null;
  const [, company, cik, role = ''] = named as unknown as [string, string, string, string | undefined];

  // The summary is HTML written as text: "<b>Filed:</b> 2026-07-27 <b>AccNo:</b> … <br>Item 5.02: …".
  const summary = htmlToText(entry.summary);
  const accession = entry.id.match(/accession-number=(\d{10}-\d{2}-\d{6})\b/)?.[1] ?? summary.match(/AccNo:\s*(\d{10}-\d{2}-\d{6})\b/)?.[1];
  if (!accession || !ACCESSION.test(accession)) return null;

  const updated = oneLine(entry.updated);
  const accepted = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(updated) ? Date.parse(updated) : Number.NaN;
  if (!Number.isFinite(accepted)) return null;
  // Without "Filed:" (never seen), the acceptance day in New York, as <updated> writes it, is the closest.
  const filed = summary.match(/Filed:\s*(\d{4}-\d{2}-\d{2})\b/)?.[1] ?? updated.slice(0, 10);
  if (!EDGAR_DATE.test(filed)) return null;

  const indexUrl = httpUrl(entry.link, base);
  if (!indexUrl) return null;

  const items = /^8-K/i.test(form) ? [...new Set(Array.from(summary.matchAll(/^\s*Item\s+(\d{1,2}\.\d{2})\b/gim), (m) => m[1]!))] : [];
  return {
    accession,
    form,
    company: company.trim(),
    cik: padCik(cik),
    role: role.trim(),
    items,
    acceptedAt: new Date(accepted).toISOString(),
    filedDate: filed,
    indexUrl,
  };
}

/**
 * A Form D's offering (primary_doc.xml's `edgarSubmission`): the total amount offered ("Indefinite"
 * for a fund's continuous offering), the amount sold, the industry group and whether it amends an
 * earlier notice. Null when the document is not a Form D or names no amount.
 */
export function parseFormD(xml: string): FormDOffering | null {
  const path: string[] = [];
  const values = new Map<string, string>();
  let root: string | null = null;
  let submissionType = '';
  walkXml(xml, {
    open(name, _attrs, depth) {
      if (depth === 0) root ??= name;
      path.length = depth;
      path.push(name);
    },
    text(text, depth) {
      if (root !== 'edgarSubmission' || depth !== path.length || depth === 0) return;
      const key = path.slice(1, depth).join('/');
      if (key === 'submissionType') submissionType += text;
      else if (FORM_D_FIELDS.has(key) && !values.has(key)) values.set(key, text.trim().slice(0, 200));
    },
    close(_name, depth) {
      path.length = depth;
    },
  });
  if (root !== 'edgarSubmission' || !/^D(\/A)?$/.test(submissionType.trim())) return null;
  const total = values.get(FORM_D.total) ?? '';
  const indefinite = /^indefinite$/i.test(total);
  const totalOfferingAmount = indefinite ? null : amount(total);
  const totalAmountSold = amount(values.get(FORM_D.sold) ?? '');
  if (totalOfferingAmount === null && totalAmountSold === null && !indefinite) return null;
  return {
    totalOfferingAmount,
    totalAmountSold,
    indefinite,
    industryGroup: oneLine(values.get(FORM_D.industry) ?? '') || null,
    isAmendment: /^(true|1)$/i.test(values.get(FORM_D.amendment) ?? ''),
  };
}

const FORM_D = {
  total: 'offeringData/offeringSalesAmounts/totalOfferingAmount',
  sold: 'offeringData/offeringSalesAmounts/totalAmountSold',
  industry: 'offeringData/industryGroup/industryGroupType',
  amendment: 'offeringData/typeOfFiling/newOrAmendment/isAmendment',
};
const FORM_D_FIELDS = new Set(Object.values(FORM_D));

/** Dollars as Form D writes them ("5000000", sometimes "5,000,000" or with cents); null otherwise. */
function amount(text: string): number | null {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,15}(\.\d+)?$/.test(plain)) return null;
  return Number(plain);
}

/** The filing's folder on EDGAR: /Archives/edgar/data/<cik, unpadded>/<accession, no dashes>. */
function filingFolder(secBase: string, filing: LatestFiling) {
  return `${secBase}/Archives/edgar/data/${Number.parseInt(filing.cik, 10)}/${filing.accession.replace(/-/g, '')}`;
}

/** A filing's index page in EDGAR's Archives. */
const EDGAR_INDEX_PATH = /^\/Archives\/edgar\/data\/\d{1,10}\/\d{18}\/\d{10}-\d{2}-\d{6}-index\.html?$/;

const notFound = (error: unknown) => error instanceof SourceError && (error.status === 404 || error.status === 410);

export function createLatestFilingsSource(opts: { secBaseUrl: string; http: SourceHttp }): LatestFilingsSource {
  const secBase = opts.secBaseUrl.replace(/\/+$/, '');
  const secOrigin = new URL(secBase).origin;

  /**
   * The index page at the configured EDGAR: the feed links www.sec.gov, which an operator's proxy (or
   * a fake) stands in for, so an EDGAR filing index path is asked there. Any other address is refused.
   */
  function onEdgar(link: string): string | null {
    const url = httpUrl(link);
    if (!url) return null;
    const parsed = new URL(url);
    if (parsed.origin === secOrigin) return url;
    if (parsed.hostname === 'www.sec.gov' && EDGAR_INDEX_PATH.test(parsed.pathname)) return `${secBase}${parsed.pathname}`;
    return null;
  }

  function checkFiling(filing: LatestFiling) {
    if (!ACCESSION.test(filing.accession) || !/^\d{1,10}$/.test(filing.cik)) throw new SourceError(SEC_PUBLISHER, 'not an EDGAR filing');
  }

  return {
    async page(feed, start, signal) {
      if (!FORM_TYPE.test(feed)) throw new SourceError(SEC_PUBLISHER, 'not an EDGAR form type');
      if (!Number.isSafeInteger(start) || start < 0) throw new SourceError(SEC_PUBLISHER, 'a page starts at a whole number ≥ 0');
      const query = new URLSearchParams({
        action: 'getcurrent',
        type: feed,
        company: '',
        dateb: '',
        owner: 'include',
        start: String(start),
        count: String(LATEST_FILINGS_PAGE_SIZE),
        output: 'atom',
      });
      const url = `${secBase}/cgi-bin/browse-edgar?${query}`;
      let xml: string;
      try {
        // The body is decoded by its XML declaration (ISO-8859-1), read up to FEED_MAX_BYTES: entries
        // cut off there never close, so they are not read half.
        xml = (await opts.http.getPage(url, { signal, accept: 'application/atom+xml', maxBytes: FEED_MAX_BYTES })).body;
      } catch (error) {
        // EDGAR answers a page past the end with a 503 HTML page. Only the first page's 503 is EDGAR
        // being unavailable (a SourceError with its status: worth retrying).
        if (start > 0 && error instanceof SourceError && error.status === 503) return [];
        throw error;
      }
      return parseLatestFilings(xml, url);
    },

    async offering(filing, signal) {
      checkFiling(filing);
      if (!isFeedForm('D', filing.form)) return null;
      let xml: string;
      try {
        xml = await opts.http.getText(`${filingFolder(secBase, filing)}/primary_doc.xml`, {
          signal,
          accept: 'application/xml',
          maxBytes: FORM_D_MAX_BYTES,
        });
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
      return parseFormD(xml);
    },

    async mainDocument(filing, signal) {
      checkFiling(filing);
      const index = onEdgar(filing.indexUrl);
      if (!index) throw new SourceError(SEC_PUBLISHER, 'filing is not on EDGAR');
      let documents: ReturnType<typeof parseFilingIndex>;
      try {
        documents = parseFilingIndex(await opts.http.getText(index, { signal, accept: 'text/html' }), index);
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
      const form = filing.form.toUpperCase();
      const main =
        documents.find((doc) => doc.type.toUpperCase() === form) ?? documents.find((doc) => /\.html?$/i.test(new URL(doc.url).pathname));
      if (!main) return null;
      let html: string;
      try {
        html = await opts.http.getText(main.url, { signal, accept: 'text/html', maxBytes: DOCUMENT_MAX_BYTES });
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
      const text = htmlToText(html);
      // A document of page images has a caption at most: nothing to read.
      if (!hasReadableText(text)) return null;
      const titled = htmlTitle(html);
      const title = titled && !isPlaceholderTitle(titled) ? titled : documentHeadline(html);
      return {
        url: main.url,
        title: title || `Form ${filing.form}: ${filing.company} (filed ${filing.filedDate})`,
        publisher: SEC_PUBLISHER,
        publishedAt: filing.acceptedAt,
        text: capText(text, DOCUMENT_MAX_CHARS),
        kind: 'filing',
      };
    },
  };
}
