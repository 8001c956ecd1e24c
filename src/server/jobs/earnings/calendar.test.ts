import { describe, expect, it } from 'vitest';
import { parseCalendar } from '../../../../tests/support/ical.ts';
import { buildEarningsCalendar, type EarningsCalendarEvent, earningsEventUid } from './calendar.ts';

const APP = 'https://eos.example.com';
const event = (over: Partial<EarningsCalendarEvent> = {}): EarningsCalendarEvent => ({
  trackingId: '11111111-1111-4111-8111-111111111111',
  companyName: 'Apple',
  ticker: 'AAPL',
  earningsDate: new Date('2025-10-30T00:00:00Z'),
  status: 'confirmed',
  provider: 'Nasdaq',
  sourceUrl: 'https://www.nasdaq.com/market-activity/stocks/aapl/earnings',
  sequence: 0,
  updatedAt: new Date('2025-10-20T14:00:00Z'),
  ...over,
});

describe('buildEarningsCalendar, read back with ical.js', () => {
  it('writes a day-only date as an all-day event with a stable UID, the SEQUENCE, the status, the source and its URL', () => {
    const text = buildEarningsCalendar([event({ sequence: 3 })], { appUrl: APP, name: 'Earnings' });
    const parsed = parseCalendar(text);
    expect(parsed.method).toBe('PUBLISH');
    expect(parsed.name).toBe('Earnings');
    // Subscribers are asked to look again hourly.
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    expect(parsed.events).toHaveLength(1);
    const [e] = parsed.events;
    expect(e).toMatchObject({
      uid: 'earnings-11111111-1111-4111-8111-111111111111@eos.example.com',
      sequence: 3,
      summary: 'Apple (AAPL) earnings call (confirmed)',
      url: 'https://www.nasdaq.com/market-activity/stocks/aapl/earnings',
      allDay: true,
      day: '2025-10-30',
      tzid: null,
    });
    expect(e!.description).toContain('Status: Confirmed by the company');
    expect(e!.description).toContain('Source: Nasdaq https://www.nasdaq.com/market-activity/stocks/aapl/earnings');
    expect(e!.uid).toBe(earningsEventUid(event().trackingId, APP));
  });

  it('writes a known time as a timed event in America/New_York (TZID with its VTIMEZONE), the same instant across daylight saving', () => {
    const summer = event({ earningsDate: new Date('2025-10-30T20:30:00Z') });
    const winter = event({ trackingId: '22222222-2222-4222-8222-222222222222', earningsDate: new Date('2026-01-29T21:30:00Z') });
    const text = buildEarningsCalendar([summer, winter], { appUrl: APP });
    expect(text).toContain('DTSTART;TZID=America/New_York:20251030T163000');
    expect(text).toContain('DTSTART;TZID=America/New_York:20260129T163000');
    const [a, b] = parseCalendar(text).events;
    expect(a).toMatchObject({ allDay: false, tzid: 'America/New_York', start: new Date('2025-10-30T20:30:00Z') });
    expect(b).toMatchObject({ allDay: false, tzid: 'America/New_York', start: new Date('2026-01-29T21:30:00Z') });
  });

  it('calls a date without a session, an SEC estimate and an unverified kept date estimated, naming the source', () => {
    const text = buildEarningsCalendar(
      [
        event({ status: 'scheduled' }),
        event({
          trackingId: '33333333-3333-4333-8333-333333333333',
          status: 'estimated',
          provider: 'SEC EDGAR estimate',
          sourceUrl: 'https://www.sec.gov/Archives/edgar/data/320193/000032019325000077/0000320193-25-000077-index.htm',
        }),
        event({ trackingId: '44444444-4444-4444-8444-444444444444', status: 'error' }),
      ],
      { appUrl: APP },
    );
    const [listed, estimate, unverified] = parseCalendar(text).events;
    expect(listed!.summary).toBe('Apple (AAPL) earnings call (estimated)');
    expect(listed!.description).toContain('Status: Estimated');
    expect(listed!.description).toContain('Listed by Nasdaq without a time');
    expect(estimate!.summary).toBe('Apple (AAPL) earnings call (estimated)');
    expect(estimate!.description).toContain('Source: SEC EDGAR https://www.sec.gov/Archives/');
    expect(estimate!.url).toMatch(/^https:\/\/www\.sec\.gov\//);
    expect(unverified!.summary).toContain('(estimated)');
  });

  it('leaves out a source that is not a web address, and escapes text (a company name with ; and ,)', () => {
    const text = buildEarningsCalendar([event({ companyName: 'Acme, Inc; Holdings', sourceUrl: 'javascript:alert(1)' })], { appUrl: APP });
    const [e] = parseCalendar(text).events;
    expect(e!.summary).toBe('Acme, Inc; Holdings (AAPL) earnings call (confirmed)');
    expect(e!.url).toBeNull();
    expect(e!.description).not.toContain('javascript:');
  });
});
