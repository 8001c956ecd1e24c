import { describe, expect, it } from 'vitest';
import { formatDuration, formatScanTime, monthTitle } from './format.ts';

describe('dashboard formats', () => {
  it('names the month of its first instant in New York', () => {
    // 04:00 UTC on 1 Nov is midnight in New York, and still 31 Oct in Los Angeles.
    expect(monthTitle('2026-11-01T04:00:00.000Z', 'en-US')).toBe('November 2026');
    expect(monthTitle('2027-01-01T05:00:00.000Z', 'en-US')).toBe('January 2027');
    expect(monthTitle('2027-01-01T05:00:00.000Z', 'de-DE')).toBe('Januar 2027');
  });

  it("shows scan times in the reader's locale", () => {
    const iso = '2026-11-03T15:04:00.000Z';
    expect(formatScanTime(iso, 'en-US')).toMatch(/^Nov 3, 2026/);
    expect(formatScanTime(iso, 'de-DE')).toMatch(/^03\.11\.2026/);
  });

  it('tells a delivery time in two units at most, in whole seconds', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(0.3)).toBe('under 1 s');
    expect(formatDuration(0.5)).toBe('1 s');
    expect(formatDuration(45.4)).toBe('45 s');
    expect(formatDuration(59.6)).toBe('1 min');
    expect(formatDuration(72)).toBe('1 min 12 s');
    expect(formatDuration(184)).toBe('3 min 4 s');
    expect(formatDuration(180)).toBe('3 min');
    expect(formatDuration(3_600)).toBe('1 h');
    expect(formatDuration(7_530)).toBe('2 h 5 min');
    expect(formatDuration(7_559)).toBe('2 h 5 min');
    expect(formatDuration(100_800)).toBe('1 d 4 h');
    expect(formatDuration(-3)).toBe('0 s');
    expect(formatDuration(Number.NaN)).toBe('0 s');
  });
});
