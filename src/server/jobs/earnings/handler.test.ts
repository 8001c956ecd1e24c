import { describe, expect, it } from 'vitest';
import { earningsDateLabel } from '../../../shared/earnings-alerts.ts';
import { eventChange, statusFor } from './handler.ts';

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

describe('eventChange (issue 29 §2)', () => {
  const now = new Date('2025-10-20T14:00:00Z');
  const stored = (date: string | null, status = 'confirmed') => ({
    earningsDate: date ? new Date(date) : null,
    status,
    provider: 'Nasdaq',
    sourceUrl: 'https://www.nasdaq.com/x',
  });
  const found = (date: string, provider = 'Nasdaq') => ({ ticker: 'AAPL', date, confidence: 0.9, sourceUrl: 'https://x', provider });

  it('a first look is neither a move nor a new sequence', () => {
    expect(eventChange(null, found('2025-10-30T00:00:00.000Z'), 'confirmed', now)).toEqual({ bump: false, moved: null });
    expect(eventChange(stored(null, 'not_found'), found('2025-10-30T00:00:00.000Z'), 'confirmed', now)).toEqual({
      bump: false,
      moved: null,
    });
  });

  it('another day for a date still ahead is a move, and a new sequence', () => {
    const change = eventChange(stored('2025-10-30T00:00:00Z'), found('2025-11-04T00:00:00.000Z'), 'confirmed', now);
    expect(change.bump).toBe(true);
    expect(change.moved?.date).toEqual(new Date('2025-10-30T00:00:00Z'));
  });

  it('a passed date giving way to the next is a new sequence, not a move', () => {
    expect(eventChange(stored('2025-07-31T00:00:00Z'), found('2025-10-30T00:00:00.000Z'), 'confirmed', now)).toEqual({
      bump: true,
      moved: null,
    });
  });

  it('a time learnt for the same day, or only the status changing, raises the sequence without a move', () => {
    expect(eventChange(stored('2025-10-30T00:00:00Z'), found('2025-10-30T20:30:00.000Z'), 'confirmed', now)).toEqual({
      bump: true,
      moved: null,
    });
    expect(eventChange(stored('2025-10-30T00:00:00Z', 'scheduled'), found('2025-10-30T00:00:00.000Z'), 'confirmed', now)).toEqual({
      bump: true,
      moved: null,
    });
    // scheduled and estimated read the same in the calendar ('estimated'): nothing to update.
    expect(eventChange(stored('2025-10-30T00:00:00Z', 'scheduled'), found('2025-10-30T00:00:00.000Z'), 'estimated', now)).toEqual({
      bump: false,
      moved: null,
    });
  });

  it('a timed call moved to another hour of the same day is a move', () => {
    const change = eventChange(stored('2025-10-30T20:30:00Z'), found('2025-10-30T12:30:00.000Z'), 'confirmed', now);
    expect(change.moved).not.toBeNull();
  });
});
