// SEC EDGAR for the Account Intelligence Report (issue 17): who a public company is (submissions),
// what it reported (XBRL company facts, read in company-facts.ts), what it filed lately (10-K, 10-Q, 8-Ks) and the officers
// those filings name. Everything carries the EDGAR address it came from, and a person is only ever
// a name found verbatim in a filing the server read.

import { createCache } from '../web/cache.ts';
import { normaliseCompanyName } from '../web/company-name.ts';
import type { SourceHttp } from '../web/http.ts';
import { firstPerPerson } from '../web/person-name.ts';
import { siteOf, webAddress, withinOneSite } from '../web/site.ts';
import { capText, htmlToText, httpUrl } from '../web/text.ts';
import { type SourceDocument, SourceError } from '../web/types.ts';
import { type CompanyFacts, figuresFromFacts, type SecFigure } from './company-facts.ts';
import { EIGHT_K_ITEMS } from './eight-k-items.ts';
import { executiveOfficers, OFFICERS_SECTION_MAX_CHARS, officerChanges } from './officers.ts';
import {
  ACCESSION,
  createSecSource,
  EDGAR_DATE,
  type FilingColumns,
  filingIndexUrl,
  findCompany,
  hasReadableText,
  normaliseTicker,
  type OlderFilingPages,
  olderFilingColumns,
  padCik,
  SEC_PUBLISHER,
  type SecSource,
  type TickerRow,
} from './sec.ts';

export type SecFilingRef = {
  form: string;
  /** YYYY-MM-DD. */
  filingDate: string;
  reportDate: string | null;
  accessionNumber: string;
  /** 8-K item numbers, e.g. ['5.02', '9.01']. */
  items: string[];
  /** EDGAR's description of the primary document (often just the form). */
  description: string | null;
  /** The filing's -index.htm page. */
  indexUrl: string;
  /** The primary document in the Archives. */
  documentUrl: string;
};

export type SecCompanyProfile = {
  /** 10 digits. */
  cik: string;
  name: string;
  tickers: string[];
  exchanges: string[];
  sic: string | null;
  sicDescription: string | null;
  stateOfIncorporation: string | null;
  /** MMDD, as EDGAR gives it ("1231"). */
  fiscalYearEnd: string | null;
  /** "City, ST" from the business address (the country abroad). */
  headquarters: string | null;
  website: string | null;
  /** The EDGAR company page a user can open. */
  profileUrl: string;
  /** The latest 10-K, the latest 10-Q and the 8-Ks of the last 12 months, newest first. */
  filings: SecFilingRef[];
};

export type SecOfficer = {
  name: string;
  title: string;
  sourceUrl: string;
  filedOn: string;
  /** The table row or sentence that names them. */
  context: string;
  /** What the filing reports: null for the 10-K's list of executive officers, else an 8-K item 5.02 change. */
  change: 'appointed' | 'departing' | null;
};

export type SecCompanyMatch = { cik: string; ticker: string; name: string; matchedOn: 'ticker' | 'name' | 'website' };

export type SecCompanySource = {
  /**
   * The company's CIK from a name or ticker and/or its website's host. A name match whose EDGAR
   * record names another website is refused; a company whose EDGAR website is the host is taken
   * even when the name differs.
   */
  resolve(nameOrTicker: string | null, host: string | null, signal?: AbortSignal): Promise<SecCompanyMatch | null>;
  /** Throws SourceError (status 404) for a CIK EDGAR does not know. */
  profile(cik: string, signal?: AbortSignal): Promise<SecCompanyProfile>;
  /** The latest fiscal year's and latest quarter's figures; [] when the company has filed no XBRL facts. */
  figures(cik: string, signal?: AbortSignal): Promise<SecFigure[]>;
  /** The primary document as text; null when it has none (page images). */
  filingDocument(filing: SecFilingRef, signal?: AbortSignal): Promise<SourceDocument | null>;
  /**
   * People the filings name: the latest 10-K's executive officers and the 8-K item 5.02 changes of
   * the last 12 months (the newest filing wins for a person), with the documents read.
   */
  officers(cik: string, filings: SecFilingRef[], signal?: AbortSignal): Promise<{ people: SecOfficer[]; documents: SourceDocument[] }>;
};

const FILING_MAX_CHARS = 60_000;
const TITLE_MAX_CHARS = 120;
const PROFILE_MAX_FILINGS = 10;
/** 8-Ks with item 5.02 read for officer changes. */
const MAX_CHANGE_FILINGS = 4;
/** Companies whose EDGAR website is compared with the host asked about. */
const MAX_WEBSITE_CHECKS = 3;
const SUBMISSIONS_TTL_MS = 10 * 60 * 1000;
const SUBMISSIONS_CACHE_SIZE = 32;

const ANNUAL_FORMS = new Set(['10-K', '20-F', '40-F']);
const CURRENT_FORMS = new Set(['8-K', '8-K/A']);

// ---------------------------------------------------------------------------------------------
// Submissions: profile and filings

type Address = {
  city?: string | null;
  stateOrCountry?: string | null;
  stateOrCountryDescription?: string | null;
  country?: string | null;
};
type SubmissionColumns = FilingColumns & { primaryDocDescription?: string[] };
type Submissions = {
  name?: unknown;
  tickers?: unknown;
  exchanges?: unknown;
  sic?: unknown;
  sicDescription?: unknown;
  stateOfIncorporation?: unknown;
  fiscalYearEnd?: unknown;
  website?: unknown;
  investorWebsite?: unknown;
  addresses?: { business?: Address | null; mailing?: Address | null } | null;
  filings?: { recent?: SubmissionColumns; files?: OlderFilingPages };
};

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];
// YYYY-MM-DD dates sort as strings.
const earliestOf = (dates: string[]) => [...dates].sort()[0] ?? null;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const yearBefore = (time: number) => {
  const date = new Date(time);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  return isoDate(date.getTime());
};

/** EDGAR writes US cities in capitals ("SANTA CLARA"): as a reader would. */
function titleCase(words: string): string {
  if (/\p{Ll}/u.test(words)) return words;
  return words.toLowerCase().replace(/(^|[\s\-.'’])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** "Austin, TX"; abroad "Bandung, Indonesia" (EDGAR's own country codes, K8 or X0, mean nothing to a reader). */
export function headquartersOf(address: Address | null | undefined): string | null {
  const city = textOf(address?.city);
  if (!city) return null;
  const code = textOf(address?.stateOrCountry);
  const region = code && /^[A-Z]{2}$/.test(code) ? code : (textOf(address?.stateOrCountryDescription) ?? textOf(address?.country));
  return region ? `${titleCase(city)}, ${/^[A-Z]{2}$/.test(region) ? region : titleCase(region)}` : titleCase(city);
}

/**
 * EDGAR's website field, when it has one (most companies leave it empty), as an http(s) address:
 * a home page as EDGAR writes it ("https://www.initech.example", without the slash URL adds).
 */
function websiteOf(value: unknown): string | null {
  const url = webAddress(textOf(value));
  if (!url) return null;
  return url.pathname === '/' && !url.search && !url.hash ? url.origin : url.href;
}

const itemsOf = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(/[,\s]+/)
        .map((item) => item.trim())
        .filter(Boolean)
    : [];

/** A primary document's name: EDGAR's own ("intk-20251231.htm", "xslF345X05/wk-form4.xml"), never a path out of the folder. */
const isDocumentName = (name: unknown): name is string =>
  typeof name === 'string' && /^[\w.-]+(?:\/[\w.-]+)?$/.test(name) && !name.includes('..');

function filingRefs(columns: SubmissionColumns, secBase: string, cik: string): SecFilingRef[] {
  const folder = (accessionNumber: string) =>
    `${secBase}/Archives/edgar/data/${Number.parseInt(cik, 10)}/${accessionNumber.replace(/-/g, '')}`;
  return (columns.form ?? []).flatMap((form, i) => {
    const accessionNumber = columns.accessionNumber?.[i];
    const filingDate = columns.filingDate?.[i];
    const reportDate = columns.reportDate?.[i];
    const document = columns.primaryDocument?.[i];
    if (typeof form !== 'string' || !accessionNumber || !ACCESSION.test(accessionNumber)) return [];
    if (!filingDate || !EDGAR_DATE.test(filingDate) || !isDocumentName(document)) return [];
    return [
      {
        form,
        filingDate,
        reportDate: reportDate && EDGAR_DATE.test(reportDate) ? reportDate : null,
        accessionNumber,
        items: itemsOf(columns.items?.[i]),
        description: textOf(columns.primaryDocDescription?.[i]),
        indexUrl: filingIndexUrl(secBase, cik, accessionNumber),
        documentUrl: `${folder(accessionNumber)}/${document}`,
      },
    ];
  });
}

const newestFirst = (a: SecFilingRef, b: SecFilingRef) =>
  b.filingDate.localeCompare(a.filingDate) || b.accessionNumber.localeCompare(a.accessionNumber);
const reportsOfficerChange = (filing: SecFilingRef) => CURRENT_FORMS.has(filing.form) && filing.items.includes('5.02');

/**
 * The filings a report shows: the latest annual report, the latest 10-Q and the 8-Ks filed in the
 * 12 months before `now`, newest first, at most PROFILE_MAX_FILINGS.
 */
export function pickProfileFilings(filings: SecFilingRef[], now: number): SecFilingRef[] {
  const sorted = [...filings].sort(newestFirst);
  const since = yearBefore(now);
  const periodic = [sorted.find((f) => ANNUAL_FORMS.has(f.form)), sorted.find((f) => f.form === '10-Q')].filter(
    (f): f is SecFilingRef => !!f,
  );
  const current = sorted.filter((f) => CURRENT_FORMS.has(f.form) && f.filingDate >= since);
  // Officer changes matter most to prospecting: they stay when the year had more 8-Ks than fit.
  const kept = [...current.filter(reportsOfficerChange), ...current.filter((f) => !reportsOfficerChange(f))].slice(
    0,
    PROFILE_MAX_FILINGS - periodic.length,
  );
  return [...periodic, ...kept].sort(newestFirst);
}

// ---------------------------------------------------------------------------------------------
// Titles of filing documents

/** "Form 8-K (filed 2026-09-14): Item 5.02 Departure of Directors or Certain Officers…", "Form 10-K (filed …): Annual report for the period ended …". */
export function filingTitle(
  filing: Pick<SecFilingRef, 'form' | 'filingDate' | 'reportDate' | 'items' | 'description'>,
  subject?: string,
): string {
  const period = filing.reportDate ? ` for the period ended ${filing.reportDate}` : '';
  // Item 9.01 lists the exhibits: it says what was reported only when nothing else was.
  const items = filing.items.length > 1 ? filing.items.filter((item) => item !== '9.01') : filing.items;
  const what =
    subject ??
    (CURRENT_FORMS.has(filing.form)
      ? items.map((item) => `Item ${item}${EIGHT_K_ITEMS[item] ? ` ${EIGHT_K_ITEMS[item].title}` : ''}`).join('; ')
      : ANNUAL_FORMS.has(filing.form)
        ? `Annual report${period}`
        : filing.form === '10-Q'
          ? `Quarterly report${period}`
          : filing.description !== filing.form
            ? filing.description
            : null);
  return capText(`Form ${filing.form} (filed ${filing.filingDate})${what ? `: ${what}` : ''}`, TITLE_MAX_CHARS);
}

// ---------------------------------------------------------------------------------------------
// Resolving a company

/** The name part of a site: "initech" for initech.example and shop.initech.co.uk. */
function siteLabel(site: string): string | null {
  const labels = site.split('.');
  if (labels.length < 2) return null;
  const twoPartSuffix = labels.length >= 3 && /^(?:co|com|net|org|gov|ac|edu|ltd|plc)$/.test(labels.at(-2)!) && labels.at(-1)!.length === 2;
  return labels.at(twoPartSuffix ? -3 : -2)!.replace(/[^a-z0-9]/g, '') || null;
}

type Company = Omit<SecCompanyMatch, 'matchedOn'>;
const companyOf = (row: TickerRow): Company => ({ cik: padCik(row.cik_str), ticker: row.ticker, name: row.title });

/** Companies the site's name suggests: the whole name ("apple" → Apple Inc.), the ticker, then the first word of the name. */
function companiesNamedLike(rows: TickerRow[], label: string): { exact: Company | null; all: Company[] } {
  const names = rows.map((row) => normaliseCompanyName(row.title));
  const exact = rows.filter((_, i) => names[i]!.replace(/ /g, '') === label);
  const ticker = rows.filter((row) => normaliseTicker(row.ticker) === label.toUpperCase());
  const firstWord = rows.filter((_, i) => names[i]!.split(' ')[0] === label);
  const all = [...new Map([...exact, ...ticker, ...firstWord].map((row) => [padCik(row.cik_str), companyOf(row)])).values()];
  return { exact: exact[0] ? companyOf(exact[0]) : null, all };
}

/** Whether EDGAR's website for the company is the site: null when EDGAR has none (most companies). */
function websiteAgrees(body: Submissions, site: string): boolean | null {
  const sites = [body.website, body.investorWebsite].map((value) => siteOf(textOf(value))).filter((s): s is string => !!s);
  return sites.length ? sites.some((s) => withinOneSite(s, site)) : null;
}

// ---------------------------------------------------------------------------------------------

export function createSecCompanySource(opts: {
  secBaseUrl: string;
  secDataBaseUrl: string;
  http: SourceHttp;
  /** The SEC client whose ticker list to share (one download for both); one of our own otherwise. */
  sec?: SecSource;
  /** For tests: "the last 12 months" end here. */
  now?: () => number;
}): SecCompanySource {
  const secBase = opts.secBaseUrl.replace(/\/+$/, '');
  const dataBase = opts.secDataBaseUrl.replace(/\/+$/, '');
  const sec = opts.sec ?? createSecSource(opts);
  const now = opts.now ?? Date.now;
  // resolve() and profile() read the same submissions one after the other: read them once.
  const submissionsOf = createCache<Submissions>({ ttlMs: SUBMISSIONS_TTL_MS, maxEntries: SUBMISSIONS_CACHE_SIZE, now });

  function checkCik(cik: string): string {
    if (!/^\d{1,10}$/.test(cik)) throw new SourceError(SEC_PUBLISHER, 'a CIK is up to 10 digits');
    return cik;
  }

  async function submissions(cik: string, signal?: AbortSignal): Promise<Submissions> {
    const key = padCik(checkCik(cik));
    // Shared by whoever asks meanwhile, so no one caller's signal cancels the request.
    return submissionsOf.get(
      key,
      async () => {
        const body = await opts.http.getJson<Submissions>(`${dataBase}/submissions/CIK${key}.json`);
        const recent = body?.filings?.recent;
        if (!recent || !Array.isArray(recent.form) || !Array.isArray(recent.accessionNumber) || !textOf(body.name))
          throw new SourceError(SEC_PUBLISHER, 'submissions in an unexpected shape');
        return body;
      },
      signal,
    );
  }

  /** The recent filings and, when those do not reach back a year (busy filers), the older pages that do. */
  async function filingsOfYear(cik: string, body: Submissions, signal?: AbortSignal): Promise<SecFilingRef[]> {
    const recent = body.filings!.recent!;
    const refs = filingRefs(recent, secBase, cik);
    const since = yearBefore(now());
    const oldest = earliestOf(refs.map((f) => f.filingDate));
    if (oldest && oldest > since)
      for (const older of await olderFilingColumns({ http: opts.http, dataBase }, body.filings?.files, since, signal))
        refs.push(...filingRefs(older, secBase, cik));
    return refs;
  }

  async function readDocument(filing: SecFilingRef, signal?: AbortSignal): Promise<string> {
    const url = httpUrl(filing.documentUrl);
    if (!url || new URL(url).origin !== new URL(secBase).origin) throw new SourceError(SEC_PUBLISHER, 'filing document is not on EDGAR');
    return opts.http.getText(url, { signal, accept: 'text/html' });
  }

  const asDocument = (filing: SecFilingRef, title: string, text: string, maxChars: number): SourceDocument => ({
    url: filing.documentUrl,
    title,
    publisher: SEC_PUBLISHER,
    publishedAt: filing.filingDate,
    text: capText(text, maxChars),
    kind: 'filing',
  });

  type OfficersRead = { people: SecOfficer[]; documents: SourceDocument[] };

  async function annualOfficers(filing: SecFilingRef, signal?: AbortSignal): Promise<OfficersRead> {
    const section = executiveOfficers(await readDocument(filing, signal));
    if (!section || !hasReadableText(section.text)) return { people: [], documents: [] };
    return {
      people: section.people.map((p) => ({ ...p, sourceUrl: filing.documentUrl, filedOn: filing.filingDate, change: null })),
      documents: [
        asDocument(filing, filingTitle(filing, section.heading), `${section.heading}\n${section.text}`, OFFICERS_SECTION_MAX_CHARS),
      ],
    };
  }

  async function changedOfficers(filing: SecFilingRef, signal?: AbortSignal): Promise<OfficersRead> {
    const text = htmlToText(await readDocument(filing, signal));
    if (!hasReadableText(text)) return { people: [], documents: [] };
    return {
      people: officerChanges(text).map((p) => ({ ...p, sourceUrl: filing.documentUrl, filedOn: filing.filingDate })),
      documents: [asDocument(filing, filingTitle(filing), text, FILING_MAX_CHARS)],
    };
  }

  return {
    async resolve(nameOrTicker, host, signal) {
      const rows = await sec.companies(signal);
      const named = nameOrTicker ? findCompany(rows, nameOrTicker) : null;
      const namedMatch: SecCompanyMatch | null = named && {
        ...named,
        matchedOn: normaliseTicker(nameOrTicker!) === normaliseTicker(named.ticker) ? 'ticker' : 'name',
      };
      const site = siteOf(host);
      if (!site) return namedMatch;
      const label = siteLabel(site);
      const suggested = label ? companiesNamedLike(rows, label) : { exact: null, all: [] };
      const candidates = [...new Map([named, ...suggested.all].filter((c): c is Company => !!c).map((c) => [c.cik, c])).values()];
      const verdicts = new Map<string, boolean | null>();
      for (const candidate of candidates.slice(0, MAX_WEBSITE_CHECKS)) {
        const agrees = await submissions(candidate.cik, signal).then(
          (body) => websiteAgrees(body, site),
          // A record EDGAR cannot give says nothing either way about this candidate.
          (error: unknown) => {
            if (error instanceof SourceError) return null;
            throw error;
          },
        );
        if (agrees) return { ...candidate, matchedOn: 'website' };
        verdicts.set(candidate.cik, agrees);
      }
      // EDGAR rarely records websites: a name match stands unless EDGAR names another site, and so
      // does a company whose whole name is the site's ("apple.com", Apple Inc.).
      if (namedMatch && verdicts.get(namedMatch.cik) !== false) return namedMatch;
      const exact = suggested.exact;
      return exact && verdicts.get(exact.cik) === null ? { ...exact, matchedOn: 'name' } : null;
    },

    async profile(cik, signal) {
      const body = await submissions(cik, signal);
      const filings = pickProfileFilings(await filingsOfYear(cik, body, signal), now());
      return {
        cik: padCik(cik),
        name: textOf(body.name)!,
        tickers: stringsOf(body.tickers),
        exchanges: stringsOf(body.exchanges),
        sic: textOf(body.sic),
        sicDescription: textOf(body.sicDescription),
        stateOfIncorporation: textOf(body.stateOfIncorporation),
        fiscalYearEnd: textOf(body.fiscalYearEnd),
        headquarters: headquartersOf(body.addresses?.business ?? body.addresses?.mailing),
        website: websiteOf(body.website),
        profileUrl: `${secBase}/cgi-bin/browse-edgar?action=getcompany&CIK=${padCik(cik)}`,
        filings,
      };
    },

    async figures(cik, signal) {
      const url = `${dataBase}/api/xbrl/companyfacts/CIK${padCik(checkCik(cik))}.json`;
      let body: CompanyFacts;
      try {
        body = await opts.http.getJson<CompanyFacts>(url, { signal });
      } catch (error) {
        // EDGAR's 404 here means the company has filed no XBRL financial data.
        if (error instanceof SourceError && error.status === 404) return [];
        throw error;
      }
      if (!body || typeof body !== 'object' || !body.facts || typeof body.facts !== 'object')
        throw new SourceError(SEC_PUBLISHER, 'company facts in an unexpected shape');
      return figuresFromFacts(body, (accessionNumber) => filingIndexUrl(secBase, cik, accessionNumber));
    },

    async filingDocument(filing, signal) {
      const text = htmlToText(await readDocument(filing, signal));
      return hasReadableText(text) ? asDocument(filing, filingTitle(filing), text, FILING_MAX_CHARS) : null;
    },

    async officers(cik, filings, signal) {
      const folder = `/Archives/edgar/data/${Number.parseInt(checkCik(cik), 10)}/`;
      const own = filings.filter((f) => f.documentUrl.includes(folder)).sort(newestFirst);
      const since = yearBefore(now());
      const annual = own.find((f) => f.form === '10-K');
      const changes = own.filter((f) => reportsOfficerChange(f) && f.filingDate >= since).slice(0, MAX_CHANGE_FILINGS);
      const reads = [...changes.map((f) => changedOfficers(f, signal)), ...(annual ? [annualOfficers(annual, signal)] : [])];
      const results = await Promise.allSettled(reads);
      signal?.throwIfAborted();
      const read = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      // One unreadable filing leaves the others' people; none readable is the source failing.
      if (!read.length && results[0]?.status === 'rejected') throw results[0].reason;
      // Newest filing first (in each, the document's order), so a later change (a retirement) wins over the 10-K's list.
      const people = firstPerPerson(read.flatMap((r) => r.people).sort((a, b) => b.filedOn.localeCompare(a.filedOn)));
      return { people, documents: read.flatMap((r) => r.documents) };
    },
  };
}
