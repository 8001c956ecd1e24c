import { describe, expect, it } from 'vitest';
import { creditMonth, nextMonthStart } from './service.ts';

const at = (iso: string) => creditMonth(new Date(iso));

describe('creditMonth', () => {
  it('is the New York month (EST, UTC-5): 04:59Z on the 1st of December is still November', () => {
    expect(at('2026-12-01T04:59:59.999Z')).toBe('2026-11');
    expect(at('2026-12-01T05:00:00.000Z')).toBe('2026-12');
  });

  it('turns the year at New York midnight, not UTC midnight', () => {
    expect(at('2027-01-01T00:00:00.000Z')).toBe('2026-12');
    expect(at('2027-01-01T04:59:59.999Z')).toBe('2026-12');
    expect(at('2027-01-01T05:00:00.000Z')).toBe('2027-01');
  });

  it('follows daylight saving time (EDT, UTC-4)', () => {
    // April 1st is in summer time: the month turns at 04:00Z.
    expect(at('2026-04-01T03:59:59.999Z')).toBe('2026-03');
    expect(at('2026-04-01T04:00:00.000Z')).toBe('2026-04');
    // Summer time ends on Sunday 1 November 2026: midnight that day is still EDT.
    expect(at('2026-11-01T03:59:59.999Z')).toBe('2026-10');
    expect(at('2026-11-01T04:00:00.000Z')).toBe('2026-11');
    // Summer time starts on Sunday 8 March 2026 (02:00 EST = 07:00Z): the month does not move.
    expect(at('2026-03-08T06:59:59.999Z')).toBe('2026-03');
    expect(at('2026-03-08T07:00:00.000Z')).toBe('2026-03');
  });

  it('keeps the last day of a month in that month all day long', () => {
    expect(at('2026-02-28T05:00:00.000Z')).toBe('2026-02');
    expect(at('2026-03-01T04:59:59.999Z')).toBe('2026-02');
    expect(at('2028-02-29T12:00:00.000Z')).toBe('2028-02');
    expect(at('2026-07-15T12:00:00.000Z')).toBe('2026-07');
  });

  it('pads the month to two digits', () => {
    expect(at('2026-09-10T12:00:00.000Z')).toMatch(/^\d{4}-\d{2}$/);
    expect(at('2026-09-10T12:00:00.000Z')).toBe('2026-09');
  });
});

describe('nextMonthStart', () => {
  it('is the 1st of the following month', () => {
    expect(nextMonthStart('2026-01')).toBe('2026-02-01');
    expect(nextMonthStart('2026-09')).toBe('2026-10-01');
    expect(nextMonthStart('2026-10')).toBe('2026-11-01');
    expect(nextMonthStart('2026-11')).toBe('2026-12-01');
  });

  it('turns the year after December', () => {
    expect(nextMonthStart('2026-12')).toBe('2027-01-01');
    expect(nextMonthStart('1999-12')).toBe('2000-01-01');
  });

  it('gives the refresh date of the New York month at a boundary', () => {
    expect(nextMonthStart(at('2026-12-01T04:59:59.999Z'))).toBe('2026-12-01');
    expect(nextMonthStart(at('2026-12-01T05:00:00.000Z'))).toBe('2027-01-01');
    expect(nextMonthStart(at('2027-01-01T04:00:00.000Z'))).toBe('2027-01-01');
  });
});
