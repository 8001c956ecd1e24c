// The earnings calendar source against local fakes of Nasdaq, Finnhub and FMP: the day cache, the
// scan for the first listing, holidays, keyed providers first, and API keys that never reach an error.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONFIDENCE_LISTED,
  CONFIDENCE_WITH_SESSION,
  createEarningsCalendarSource,
  FAR_CACHE_MS,
  NEAR_CACHE_MS,
} from '../../../src/server/sources/sec/earnings-calendar.ts';
import { createSourceHttp } from '../../../src/server/sources/web/http.ts';
import { type FakeEarningsCalendars, startFakeEarningsCalendars } from '../../fakes/nasdaq.ts';

const FINNHUB_KEY = 'finnhub-secret-key-123';
const FMP_KEY = 'fmp-secret-key-456';
let fake: FakeEarningsCalendars;
const http = createSourceHttp({ userAgent: 'Enterprise OS tests ops@example.com', allowPrivateAddresses: true });
// Friday, Aug 1 2025, 10:00 in New York.
const FROM = new Date('2025-08-01T14:00:00Z');

beforeAll(async () => {
  fake = await startFakeEarningsCalendars({ finnhub: FINNHUB_KEY, fmp: FMP_KEY });
});
afterAll(() => fake?.stop());
beforeEach(() => fake.reset());

const nasdaqOnly = () => createEarningsCalendarSource({ http, nasdaqBaseUrl: fake.url });
const nasdaqDays = () => fake.requests.filter((r) => r.provider === 'nasdaq').map((r) => r.query.get('date'));

describe('Nasdaq calendar (no key)', () => {
  it('scans weekdays from the day of `from` and stops at the first day listing the ticker', async () => {
    fake.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-08-06', session: 'after-hours' });
    fake.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-10-30', session: 'after-hours' });
    const found = await nasdaqOnly().nextEarnings('aapl', FROM);
    expect(found).toEqual({
      ticker: 'AAPL',
      date: '2025-08-06T00:00:00.000Z',
      confidence: CONFIDENCE_WITH_SESSION,
      sourceUrl: 'https://www.nasdaq.com/market-activity/stocks/aapl/earnings',
      provider: 'Nasdaq',
    });
    expect(nasdaqDays()).toEqual(['2025-08-01', '2025-08-04', '2025-08-05', '2025-08-06']);
  });

  it('gives 0.7 to a listing without a session', async () => {
    fake.list({ provider: 'nasdaq', symbol: 'MSFT', date: '2025-08-04', session: 'none' });
    expect((await nasdaqOnly().nextEarnings('MSFT', FROM))?.confidence).toBe(CONFIDENCE_LISTED);
  });

  it('caches each day: a second lookup, even of another ticker, costs no request for the days already read', async () => {
    fake.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-08-05', session: 'pre-market' });
    fake.list({ provider: 'nasdaq', symbol: 'MSFT', date: '2025-08-07', session: 'pre-market' });
    const calendar = nasdaqOnly();
    await calendar.nextEarnings('AAPL', FROM);
    const afterFirst = fake.requests.length;
    expect((await calendar.nextEarnings('AAPL', FROM))?.date).toBe('2025-08-05T00:00:00.000Z');
    expect(fake.requests.length).toBe(afterFirst);
    expect((await calendar.nextEarnings('MSFT', FROM))?.date).toBe('2025-08-07T00:00:00.000Z');
    expect(nasdaqDays()).toEqual(['2025-08-01', '2025-08-04', '2025-08-05', '2025-08-06', '2025-08-07']);
  });

  it('reads a page of the next 14 days again after 10 minutes (a move is seen by the next 15-minute poll), a later page after 2 hours', async () => {
    let clock = Date.parse('2025-08-01T14:00:00Z');
    const calendar = createEarningsCalendarSource({ http, nasdaqBaseUrl: fake.url, now: () => clock });
    fake.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-08-05', session: 'after-hours' });
    fake.list({ provider: 'nasdaq', symbol: 'MSFT', date: '2025-09-30', session: 'after-hours' });
    await calendar.nextEarnings('AAPL', FROM);
    await calendar.nextEarnings('MSFT', FROM);
    const read = (day: string) => nasdaqDays().filter((d) => d === day).length;
    expect([read('2025-08-05'), read('2025-09-30')]).toEqual([1, 1]);

    // The company moves: a day later on Nasdaq.
    fake.unlist('nasdaq', 'AAPL');
    fake.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-08-06', session: 'after-hours' });
    clock += NEAR_CACHE_MS - 1000;
    expect((await calendar.nextEarnings('AAPL', FROM))?.date).toBe('2025-08-05T00:00:00.000Z');
    clock += 2000;
    expect((await calendar.nextEarnings('AAPL', FROM))?.date).toBe('2025-08-06T00:00:00.000Z');
    await calendar.nextEarnings('MSFT', FROM);
    expect(read('2025-09-30')).toBe(1);
    clock = Date.parse('2025-08-01T14:00:00Z') + FAR_CACHE_MS + 1000;
    await calendar.nextEarnings('MSFT', FROM);
    expect(read('2025-09-30')).toBe(2);
  });

  it('shares one request per day between concurrent lookups', async () => {
    fake.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-08-04', session: 'pre-market' });
    fake.list({ provider: 'nasdaq', symbol: 'MSFT', date: '2025-08-04', session: 'after-hours' });
    const calendar = nasdaqOnly();
    await Promise.all([calendar.nextEarnings('AAPL', FROM), calendar.nextEarnings('MSFT', FROM)]);
    expect(nasdaqDays()).toEqual(['2025-08-01', '2025-08-04']);
  });

  it('answers null for a ticker no day lists within 90 days, after reading each weekday once', async () => {
    fake.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-11-30', session: 'pre-market' });
    expect(await nasdaqOnly().nextEarnings('ZZZZ', FROM)).toBeNull();
    expect(nasdaqDays()).toHaveLength(65);
    expect(new Set(nasdaqDays()).size).toBe(65);
  });

  it('reads a holiday (rows: null) as a day without listings', async () => {
    fake.holiday('2025-09-01');
    fake.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-09-02', session: 'none' });
    expect((await nasdaqOnly().nextEarnings('AAPL', new Date('2025-09-01T14:00:00Z')))?.date).toBe('2025-09-02T00:00:00.000Z');
  });

  it('fails with a clear SourceError when Nasdaq is down, and does not cache the failure', async () => {
    fake.fail('nasdaq');
    const calendar = nasdaqOnly();
    await expect(calendar.nextEarnings('AAPL', FROM)).rejects.toThrow(/answered 503/);
    fake.fail('nasdaq', false);
    fake.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-08-01', session: 'pre-market' });
    expect((await calendar.nextEarnings('AAPL', FROM))?.date).toBe('2025-08-01T00:00:00.000Z');
  });
});

describe('keyed providers', () => {
  it('prefers Finnhub when configured, with a source URL that holds no key', async () => {
    fake.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-08-04', session: 'none' });
    fake.list({ provider: 'finnhub', symbol: 'AAPL', date: '2025-08-07', session: 'after-hours' });
    const calendar = createEarningsCalendarSource({ http, nasdaqBaseUrl: fake.url, finnhub: { baseUrl: fake.url, apiKey: FINNHUB_KEY } });
    const found = await calendar.nextEarnings('AAPL', FROM);
    expect(found).toMatchObject({ date: '2025-08-07T00:00:00.000Z', confidence: CONFIDENCE_WITH_SESSION, provider: 'Finnhub' });
    expect(found?.sourceUrl).not.toContain(FINNHUB_KEY);
    expect(nasdaqDays()).toEqual([]);
    const [request] = fake.requests;
    expect(Object.fromEntries(request!.query)).toEqual({ from: '2025-08-01', to: '2025-10-30', symbol: 'AAPL', token: FINNHUB_KEY });
  });

  it('uses FMP (one calendar request for every ticker) when only its key is set', async () => {
    fake.list({ provider: 'fmp', symbol: 'AAPL', date: '2025-08-12', session: 'none' });
    fake.list({ provider: 'fmp', symbol: 'MSFT', date: '2025-08-14', session: 'none' });
    const calendar = createEarningsCalendarSource({ http, nasdaqBaseUrl: fake.url, fmp: { baseUrl: fake.url, apiKey: FMP_KEY } });
    expect(await calendar.nextEarnings('AAPL', FROM)).toMatchObject({
      date: '2025-08-12T00:00:00.000Z',
      confidence: CONFIDENCE_LISTED,
      provider: 'Financial Modeling Prep',
    });
    expect((await calendar.nextEarnings('MSFT', FROM))?.date).toBe('2025-08-14T00:00:00.000Z');
    expect(fake.requests.filter((r) => r.provider === 'fmp')).toHaveLength(1);
  });

  it('falls back to Nasdaq when the keyed provider lists nothing or fails, and never shows a key in an error', async () => {
    fake.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-08-04', session: 'pre-market' });
    const wrongKeys = createEarningsCalendarSource({
      http,
      nasdaqBaseUrl: fake.url,
      finnhub: { baseUrl: fake.url, apiKey: 'wrong-finnhub-key' },
      fmp: { baseUrl: fake.url, apiKey: 'wrong-fmp-key' },
    });
    expect(await wrongKeys.nextEarnings('AAPL', FROM)).toMatchObject({ provider: 'Nasdaq', date: '2025-08-04T00:00:00.000Z' });

    fake.fail('nasdaq');
    const error = await wrongKeys.nextEarnings('MSFT', new Date('2025-09-10T14:00:00Z')).catch((err: Error) => err);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/answered 401/);
    expect((error as Error).message).not.toContain('wrong-finnhub-key');
    expect((error as Error).message).not.toContain('token');
  });

  it('reports a refused FMP key (status 200 with an error object) without the key', async () => {
    fake.fail('nasdaq');
    const calendar = createEarningsCalendarSource({ http, nasdaqBaseUrl: fake.url, fmp: { baseUrl: fake.url, apiKey: 'wrong-fmp-key' } });
    const error = (await calendar.nextEarnings('AAPL', FROM).catch((err: Error) => err)) as Error;
    expect(error.message).toMatch(/Financial Modeling Prep: calendar in an unexpected shape/);
    expect(error.message).not.toContain('wrong-fmp-key');
  });
});
