import { describe, expect, it } from 'vitest';
import { formatScanTime, monthTitle } from './format.ts';

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
});
