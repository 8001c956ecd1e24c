import { describe, expect, it } from 'vitest';
import { addDays, CONFIDENCE_SEC_ESTIMATE, newYorkDay, onWeekday, SEC_ESTIMATE, secEstimate, weekdaysAhead } from './earnings-calendar.ts';
import type { EarningsFiling } from './sec.ts';

const filing = (filingDate: string): EarningsFiling => ({
  accessionNumber: '0000320193-25-000071',
  filingDate,
  reportDate: null,
  filingUrl: `https://www.sec.gov/Archives/edgar/data/320193/000032019325000071/${filingDate}-index.htm`,
  exhibitUrl: null,
});

describe('calendar days', () => {
  it('takes the day in New York, not in UTC', () => {
    // 02:00 UTC on Aug 1 is still the evening of Jul 31 in New York.
    expect(newYorkDay(new Date('2025-08-01T02:00:00Z'))).toBe('2025-07-31');
    expect(newYorkDay(new Date('2025-08-01T05:00:00Z'))).toBe('2025-08-01');
  });

  it('counts weekdays only, both ends included, across months', () => {
    expect(weekdaysAhead('2025-08-01', 4)).toEqual(['2025-08-01', '2025-08-04', '2025-08-05']);
    expect(weekdaysAhead('2025-08-01', 90)).toHaveLength(65);
    expect(addDays('2025-12-30', 3)).toBe('2026-01-02');
  });

  it('moves a weekend day to the Monday after', () => {
    expect(onWeekday('2025-11-01')).toBe('2025-11-03'); // Saturday
    expect(onWeekday('2025-11-02')).toBe('2025-11-03'); // Sunday
    expect(onWeekday('2025-10-30')).toBe('2025-10-30'); // Thursday
  });
});

describe('secEstimate', () => {
  it('is the last release plus 91 days, on a weekday, at midnight UTC, with low confidence', () => {
    const estimate = secEstimate([filing('2025-05-01'), filing('2025-07-31')], new Date('2025-08-15T12:00:00Z'), 'AAPL');
    expect(estimate).toEqual({
      ticker: 'AAPL',
      date: '2025-10-30T00:00:00.000Z',
      confidence: CONFIDENCE_SEC_ESTIMATE,
      sourceUrl: filing('2025-07-31').filingUrl,
      provider: SEC_ESTIMATE,
    });
    // 2025-08-02 + 91 days is Saturday 2025-11-01: the estimate is the Monday after.
    expect(secEstimate([filing('2025-08-02')], new Date('2025-08-15T12:00:00Z'), 'X')?.date).toBe('2025-11-03T00:00:00.000Z');
  });

  it('steps on by quarters while the estimate is past, and gives up on a filer silent for three quarters', () => {
    expect(secEstimate([filing('2025-01-30')], new Date('2025-06-10T12:00:00Z'), 'AAPL')?.date).toBe('2025-07-31T00:00:00.000Z');
    expect(secEstimate([filing('2024-01-30')], new Date('2025-06-10T12:00:00Z'), 'AAPL')).toBeNull();
    expect(secEstimate([], new Date('2025-06-10T12:00:00Z'), 'AAPL')).toBeNull();
  });
});
