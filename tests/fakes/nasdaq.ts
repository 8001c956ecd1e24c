// A stand-in for the three earnings calendars on one local port: Nasdaq's per-day calendar
// (/api/calendar/earnings?date=, no key), Finnhub's (/api/v1/calendar/earnings?from&to&symbol&token)
// and FMP's (/stable/earnings-calendar?from&to&apikey). A test lists a company on a day for one
// provider; Nasdaq days also carry the fixture's other companies, and holidays answer rows: null
// like the real service. The keyed ones refuse any other key than the one they were started with.
import { readFileSync } from 'node:fs';
import { startFakeHttp } from './http.ts';

const nasdaqDay = JSON.parse(readFileSync(new URL('./fixtures/earnings-nasdaq-day.json', import.meta.url), 'utf8')) as {
  data: { asOf: string; headers: unknown; rows: Array<Record<string, string>> };
  message: null;
  status: unknown;
};

export type CalendarProvider = 'nasdaq' | 'finnhub' | 'fmp';
/** Nasdaq's 'time-…' values; Finnhub's bmo/amc/dmh/''; FMP's optional time. */
export type Session = 'pre-market' | 'after-hours' | 'none';
export type CalendarListing = { provider: CalendarProvider; symbol: string; date: string; session: Session };

export type FakeCalendarRequest = { provider: CalendarProvider; path: string; query: URLSearchParams; at: number };

const nasdaqTime = { 'pre-market': 'time-pre-market', 'after-hours': 'time-after-hours', none: 'time-not-supplied' } as const;
const finnhubHour = { 'pre-market': 'bmo', 'after-hours': 'amc', none: '' } as const;

export async function startFakeEarningsCalendars(keys: { finnhub?: string; fmp?: string } = {}, port = 0) {
  const requests: FakeCalendarRequest[] = [];
  const listings: CalendarListing[] = [];
  const holidays = new Set<string>();
  const failing = new Set<CalendarProvider>();

  const fake = await startFakeHttp((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = url.searchParams;
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const listed = (provider: CalendarProvider, from: string, to: string) =>
      listings.filter((l) => l.provider === provider && l.date >= from && l.date <= to);

    if (url.pathname === '/api/calendar/earnings') {
      requests.push({ provider: 'nasdaq', path: url.pathname, query: q, at: Date.now() });
      if (failing.has('nasdaq')) return json(503, { message: 'Service Unavailable' });
      // Like the real API, it answers what its own pages ask (the fixtures were recorded that way).
      if (req.headers.origin !== 'https://www.nasdaq.com' || !req.headers.referer?.startsWith('https://www.nasdaq.com/')) {
        return res.writeHead(403, { 'content-type': 'text/html' }).end('<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD></HTML>');
      }
      const date = q.get('date') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
        return json(200, {
          data: null,
          message: null,
          status: { rCode: 400, bCodeMessage: [{ code: 1001, errorMessage: 'Invalid date' }] },
        });
      const rows = holidays.has(date)
        ? null
        : [
            ...nasdaqDay.data.rows,
            ...listed('nasdaq', date, date).map((l) => ({
              ...nasdaqDay.data.rows[0],
              symbol: l.symbol,
              name: `${l.symbol} (listed by the test)`,
              time: nasdaqTime[l.session],
            })),
          ];
      return json(200, { ...nasdaqDay, data: { ...nasdaqDay.data, asOf: date, rows } });
    }

    if (url.pathname === '/api/v1/calendar/earnings') {
      requests.push({ provider: 'finnhub', path: url.pathname, query: q, at: Date.now() });
      if (failing.has('finnhub')) return json(500, { error: 'Internal error' });
      if (!keys.finnhub || q.get('token') !== keys.finnhub) return json(401, { error: 'Invalid API key' });
      const symbol = q.get('symbol') ?? '';
      const rows = listed('finnhub', q.get('from') ?? '', q.get('to') ?? '9999')
        .filter((l) => !symbol || l.symbol === symbol)
        .map((l) => ({
          date: l.date,
          epsActual: null,
          epsEstimate: 1.2,
          hour: finnhubHour[l.session],
          quarter: 3,
          symbol: l.symbol,
          year: 2025,
        }));
      return json(200, { earningsCalendar: rows });
    }

    if (url.pathname === '/stable/earnings-calendar') {
      requests.push({ provider: 'fmp', path: url.pathname, query: q, at: Date.now() });
      if (failing.has('fmp')) return json(500, { 'Error Message': 'Internal error' });
      // FMP answers a refused key with status 200 and an object, not a list.
      if (!keys.fmp || q.get('apikey') !== keys.fmp)
        return json(200, { 'Error Message': 'Invalid API KEY. Feel free to create a Free API Key.' });
      const rows = listed('fmp', q.get('from') ?? '', q.get('to') ?? '9999').map((l) => ({
        symbol: l.symbol,
        date: l.date,
        epsActual: null,
        epsEstimated: 1.2,
        revenueActual: null,
        revenueEstimated: 1_000_000_000,
        lastUpdated: l.date,
      }));
      return json(200, [{ symbol: 'XMPL', date: rows[0]?.date ?? q.get('from'), epsEstimated: 0.47 }, ...rows]);
    }

    json(404, { message: 'Not Found' });
  }, port);
  return {
    url: fake.url,
    port: fake.port,
    requests,
    /** Lists a company on a day (YYYY-MM-DD) with one provider. */
    list(listing: CalendarListing) {
      listings.push(listing);
    },
    /** Takes a company's listings off a provider (a date moved: unlist, then list the new day). */
    unlist(provider: CalendarProvider, symbol: string) {
      for (let i = listings.length - 1; i >= 0; i--)
        if (listings[i]!.provider === provider && listings[i]!.symbol === symbol) listings.splice(i, 1);
    },
    /** A market holiday: Nasdaq answers rows: null for the day. */
    holiday(day: string) {
      holidays.add(day);
    },
    fail(provider: CalendarProvider, on = true) {
      if (on) failing.add(provider);
      else failing.delete(provider);
    },
    reset() {
      requests.length = 0;
      listings.length = 0;
      holidays.clear();
      failing.clear();
    },
    stop: fake.stop,
  };
}
export type FakeEarningsCalendars = Awaited<ReturnType<typeof startFakeEarningsCalendars>>;
