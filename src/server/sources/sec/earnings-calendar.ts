// The next earnings date of a ticker (issue 5, earnings alerts). Keyed providers first when
// configured (Finnhub, then FMP), then the Nasdaq calendar, which needs no key. Nasdaq publishes one
// calendar per day for every company, so each day's rows are cached and shared: N trackings cost at
// most one request per weekday scanned. A date is stored as midnight UTC of its day (ADR 009): no
// provider gives the call's exact time, only the session. Pages are kept 10 minutes for the next 14
// days and 2 hours beyond (NEAR_CACHE_MS), so that the 15-minute poll sees a near move.
//
// Confidence (the card shows 'Confirmed' at 0.8 or more):
//   a provider listing with a session (pre-market, after-hours, during market hours) → 0.9
//   a provider listing without one                                                    → 0.7
//   an estimate from SEC EDGAR: the last 8-K item 2.02 + 91 days, on a weekday         → 0.3
import { ALERT_TIME_ZONE } from '../../../shared/sonar.ts';
import { createCache } from '../web/cache.ts';
import type { SourceHttp } from '../web/http.ts';
import { SourceError } from '../web/types.ts';
import { type EarningsFiling, normaliseTicker } from './sec.ts';

/** Earnings dates (Nasdaq calendar, keyed providers); built here. */
export type EarningsDate = {
  ticker: string;
  /** ISO; a day-only date is midnight UTC of that day (ADR 009). */
  date: string;
  /** 0..1: the card shows 'Confirmed' at 0.8 or more, 'Tentative' below. */
  confidence: number;
  sourceUrl: string;
  provider: string;
};
export type EarningsCalendarSource = {
  /** The next earnings date on or after `from` for a ticker, or null when no provider lists one. */
  nextEarnings(ticker: string, from: Date, signal?: AbortSignal): Promise<EarningsDate | null>;
};

export const CONFIDENCE_WITH_SESSION = 0.9;
export const CONFIDENCE_LISTED = 0.7;
export const CONFIDENCE_SEC_ESTIMATE = 0.3;
/** How far ahead the calendars are read. */
const LOOKAHEAD_DAYS = 90;
/** A quarter, as the SEC estimate counts it. */
const QUARTER_DAYS = 91;
/**
 * How long a calendar page is kept (docs/decisions/029-earnings-calendar.md). earnings_check polls each
 * tracking every 15 minutes (jobs/runs/schedule.ts) so that a moved date reaches the user within 30
 * minutes: a page of the next NEAR_DAYS is read again after 10 minutes (less than the poll), so the
 * next poll after a change reads it fresh. Pages further ahead, where a move matters less and which
 * are most of a scan, are kept 2 hours. FMP's one range request is kept as long as a near page.
 */
export const NEAR_DAYS = 14;
export const NEAR_CACHE_MS = 10 * 60 * 1000;
export const FAR_CACHE_MS = 2 * 60 * 60 * 1000;
/** Calendar pages kept: a scan reads the 65 weekdays of LOOKAHEAD_DAYS; twice that keeps a scan across midnight whole. */
const CALENDAR_PAGES_KEPT = 130;
const DAY_MS = 86_400_000;

const NASDAQ = 'Nasdaq';
const FINNHUB = 'Finnhub';
export const FMP = 'Financial Modeling Prep';
export const SEC_ESTIMATE = 'SEC EDGAR estimate';

/** The page a person opens to check a Nasdaq date (the API itself is not for browsers). */
/**
 * Nasdaq's calendar API answers the requests its own pages make: with their Origin and Referer (the
 * recorded responses in shared/fixtures/real-formats/nasdaq were made that way); without them it
 * may refuse.
 */
const NASDAQ_HEADERS = { origin: 'https://www.nasdaq.com', referer: 'https://www.nasdaq.com/' };

const nasdaqEarningsPage = (ticker: string) =>
  `https://www.nasdaq.com/market-activity/stocks/${encodeURIComponent(ticker.toLowerCase())}/earnings`;

/** 'YYYY-MM-DD' of a moment in New York, where the exchanges date their calendars. */
export function newYorkDay(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ALERT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return parts.format(at);
}

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => dayOf(dayStart(day) + days * DAY_MS);
const isWeekend = (day: string) => [0, 6].includes(new Date(dayStart(day)).getUTCDay());

/** The day itself when it is a weekday, else the Monday after. */
export function onWeekday(day: string): string {
  let d = day;
  while (isWeekend(d)) d = addDays(d, 1);
  return d;
}

/** Weekdays from `from` to `from + days`, both included. */
export function weekdaysAhead(from: string, days: number): string[] {
  const out: string[] = [];
  for (let i = 0; i <= days; i++) {
    const day = addDays(from, i);
    if (!isWeekend(day)) out.push(day);
  }
  return out;
}

/** A day-only date as stored (ADR 009): midnight UTC. */
const dayToIso = (day: string) => `${day}T00:00:00.000Z`;

/**
 * The SEC estimate: the last earnings release (8-K item 2.02) + 91 days, on a weekday, stepped on by
 * quarters while it lies before `from` (a release the calendars do not list yet). A company whose
 * last release is more than three quarters old gets no estimate: it may have stopped reporting.
 */
export function secEstimate(filings: EarningsFiling[], from: Date, ticker: string): EarningsDate | null {
  const last = [...filings].sort((a, b) => b.filingDate.localeCompare(a.filingDate))[0];
  if (!last) return null;
  const today = newYorkDay(from);
  let day = addDays(last.filingDate, QUARTER_DAYS);
  for (let quarters = 1; onWeekday(day) < today; quarters++) {
    if (quarters >= 4) return null;
    day = addDays(day, QUARTER_DAYS);
  }
  // The source is the release the estimate counts from: what a person can open and check.
  return { ticker, date: dayToIso(onWeekday(day)), confidence: CONFIDENCE_SEC_ESTIMATE, sourceUrl: last.filingUrl, provider: SEC_ESTIMATE };
}

type NasdaqRow = { symbol?: unknown; time?: unknown };
type NasdaqDay = { data?: { rows?: NasdaqRow[] | null } | null };
type FinnhubRow = { date?: unknown; hour?: unknown; symbol?: unknown };
type FmpRow = { symbol?: unknown; date?: unknown; time?: unknown };

const SESSIONS = new Set(['time-pre-market', 'time-after-hours', 'bmo', 'amc', 'dmh']);
const confidenceOf = (session: unknown) =>
  typeof session === 'string' && SESSIONS.has(session.toLowerCase()) ? CONFIDENCE_WITH_SESSION : CONFIDENCE_LISTED;
const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.slice(0, 10));
const sameTicker = (a: unknown, ticker: string) => typeof a === 'string' && normaliseTicker(a) === ticker;

type EarningsCalendarOptions = {
  http: SourceHttp;
  nasdaqBaseUrl: string;
  finnhub?: { baseUrl: string; apiKey: string } | null;
  fmp?: { baseUrl: string; apiKey: string } | null;
  /** For the caches' clock (tests). */
  now?: () => number;
};

export function createEarningsCalendarSource(opts: EarningsCalendarOptions): EarningsCalendarSource {
  const now = opts.now ?? Date.now;
  const nasdaqBase = opts.nasdaqBaseUrl.replace(/\/+$/, '');
  // Each calendar page is read once per 10 minutes (near) or 2 hours (far), shared by every tracking
  // and concurrent callers; a failure is not kept.
  const nasdaqNear = createCache<NasdaqRow[]>({ ttlMs: NEAR_CACHE_MS, maxEntries: CALENDAR_PAGES_KEPT, now });
  const nasdaqFar = createCache<NasdaqRow[]>({ ttlMs: FAR_CACHE_MS, maxEntries: CALENDAR_PAGES_KEPT, now });
  const fmpRanges = createCache<FmpRow[]>({ ttlMs: NEAR_CACHE_MS, maxEntries: CALENDAR_PAGES_KEPT, now });

  async function nasdaqRows(day: string, today: string, signal?: AbortSignal): Promise<NasdaqRow[]> {
    return (day <= addDays(today, NEAR_DAYS) ? nasdaqNear : nasdaqFar).get(
      day,
      async () => {
        const body = await opts.http.getJson<NasdaqDay>(`${nasdaqBase}/api/calendar/earnings?date=${day}`, {
          headers: NASDAQ_HEADERS,
          service: 'nasdaq',
        });
        if (!body || typeof body !== 'object' || !body.data || typeof body.data !== 'object')
          throw new SourceError(NASDAQ, `calendar for ${day} in an unexpected shape`);
        // Market holidays come with rows: null.
        const rows = body.data.rows ?? [];
        if (!Array.isArray(rows)) throw new SourceError(NASDAQ, `calendar for ${day} in an unexpected shape`);
        return rows;
      },
      signal,
    );
  }

  async function fromNasdaq(ticker: string, from: string, signal?: AbortSignal): Promise<EarningsDate | null> {
    for (const day of weekdaysAhead(from, LOOKAHEAD_DAYS)) {
      const row = (await nasdaqRows(day, from, signal)).find((r) => r && sameTicker(r.symbol, ticker));
      if (row)
        return { ticker, date: dayToIso(day), confidence: confidenceOf(row.time), sourceUrl: nasdaqEarningsPage(ticker), provider: NASDAQ };
    }
    return null;
  }

  async function fromFinnhub(key: { baseUrl: string; apiKey: string }, ticker: string, from: string, signal?: AbortSignal) {
    const base = key.baseUrl.replace(/\/+$/, '');
    const query = new URLSearchParams({ from, to: addDays(from, LOOKAHEAD_DAYS), symbol: ticker });
    // The address without the key: the one that may be shown (http.ts never shows query strings either).
    const publicUrl = `${base}/api/v1/calendar/earnings?${query}`;
    const body = await opts.http.getJson<{ earningsCalendar?: FinnhubRow[] }>(
      `${publicUrl}&${new URLSearchParams({ token: key.apiKey })}`,
      { signal, service: 'finnhub' },
    );
    if (!body || !Array.isArray(body.earningsCalendar))
      throw new SourceError(FINNHUB, 'calendar in an unexpected shape (is the key valid?)');
    const row = body.earningsCalendar
      .filter(
        (r): r is FinnhubRow & { date: string } => !!r && sameTicker(r.symbol, ticker) && isDay(r.date) && r.date.slice(0, 10) >= from,
      )
      .sort((a, b) => a.date.localeCompare(b.date))[0];
    return row
      ? { ticker, date: dayToIso(row.date.slice(0, 10)), confidence: confidenceOf(row.hour), sourceUrl: publicUrl, provider: FINNHUB }
      : null;
  }

  async function fromFmp(key: { baseUrl: string; apiKey: string }, ticker: string, from: string, signal?: AbortSignal) {
    const base = key.baseUrl.replace(/\/+$/, '');
    const query = new URLSearchParams({ from, to: addDays(from, LOOKAHEAD_DAYS) });
    const publicUrl = `${base}/stable/earnings-calendar?${query}`;
    // FMP's calendar lists every company for the range: one request serves every ticker that day.
    const rows = await fmpRanges.get(
      from,
      async () => {
        const body = await opts.http.getJson<unknown>(`${publicUrl}&${new URLSearchParams({ apikey: key.apiKey })}`, { service: 'fmp' });
        // FMP reports a refused key as an object with "Error Message", sometimes with status 200.
        if (!Array.isArray(body)) throw new SourceError(FMP, 'calendar in an unexpected shape (is the key valid?)');
        return body as FmpRow[];
      },
      signal,
    );
    const row = rows
      .filter((r): r is FmpRow & { date: string } => !!r && sameTicker(r.symbol, ticker) && isDay(r.date) && r.date.slice(0, 10) >= from)
      .sort((a, b) => a.date.localeCompare(b.date))[0];
    return row
      ? { ticker, date: dayToIso(row.date.slice(0, 10)), confidence: confidenceOf(row.time), sourceUrl: publicUrl, provider: FMP }
      : null;
  }

  return {
    async nextEarnings(rawTicker, from, signal) {
      const ticker = normaliseTicker(rawTicker);
      if (!/^[A-Z0-9-]{1,12}$/.test(ticker)) throw new SourceError('earnings calendar', 'not a ticker symbol');
      const day = newYorkDay(from);
      const providers: Array<() => Promise<EarningsDate | null>> = [];
      if (opts.finnhub) providers.push(() => fromFinnhub(opts.finnhub!, ticker, day, signal));
      if (opts.fmp) providers.push(() => fromFmp(opts.fmp!, ticker, day, signal));
      providers.push(() => fromNasdaq(ticker, day, signal));
      // A keyed provider that fails or lists nothing leaves the question to the next; only when every
      // provider failed is the lookup a failure (the caller retries), else "not listed" is the answer.
      let failure: unknown = null;
      let answered = false;
      for (const provider of providers) {
        try {
          const found = await provider();
          if (found) return found;
          answered = true;
        } catch (err) {
          if (signal?.aborted) throw err;
          failure ??= err;
        }
      }
      if (!answered) throw failure;
      return null;
    },
  };
}
