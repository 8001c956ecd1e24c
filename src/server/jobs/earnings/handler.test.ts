import { describe, expect, it } from 'vitest';
import { earningsDateLabel, statusFor } from './handler.ts';

describe('earningsDateLabel', () => {
  it('shows a day-only date (midnight UTC, ADR 009) as that calendar day, without a time', () => {
    expect(earningsDateLabel(new Date('2025-10-30T00:00:00Z'))).toBe('Thursday, Oct 30, 2025');
  });
  it('shows a time as New York time, across daylight saving', () => {
    expect(earningsDateLabel(new Date('2025-10-30T20:30:00Z'))).toBe('Thursday, Oct 30, 2025, 4:30 PM ET');
    expect(earningsDateLabel(new Date('2026-01-29T21:30:00Z'))).toBe('Thursday, Jan 29, 2026, 4:30 PM ET');
  });
});

describe('statusFor', () => {
  const found = (confidence: number, provider = 'Nasdaq') => ({
    ticker: 'AAPL',
    date: '2025-10-30T00:00:00.000Z',
    confidence,
    sourceUrl: 'https://x',
    provider,
  });
  it("is 'confirmed' at 0.8 or more, 'scheduled' below, 'estimated' for the SEC estimate", () => {
    expect(statusFor(found(0.9))).toBe('confirmed');
    expect(statusFor(found(0.8))).toBe('confirmed');
    expect(statusFor(found(0.7))).toBe('scheduled');
    expect(statusFor(found(0.3, 'SEC EDGAR estimate'))).toBe('estimated');
  });
});
