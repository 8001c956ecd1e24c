import { describe, expect, it } from 'vitest';
import { wallTimeToIso } from './time-zone.ts';

const NY = 'America/New_York';

describe('wallTimeToIso', () => {
  it('reads a New York wall time in daylight and in standard time', () => {
    // FMP's date for Apple's Q4 2020 call (shared/fixtures/real-formats/fmp), Eastern daylight time.
    expect(wallTimeToIso('2020-10-29 23:40:53', NY)).toBe('2020-10-30T03:40:53.000Z');
    expect(wallTimeToIso('2021-01-27 17:00:00', NY)).toBe('2021-01-27T22:00:00.000Z');
    expect(wallTimeToIso('2021-01-27T17:00', NY)).toBe('2021-01-27T22:00:00.000Z');
  });

  it('handles the days the clocks change', () => {
    expect(wallTimeToIso('2024-03-10 01:30:00', NY)).toBe('2024-03-10T06:30:00.000Z');
    expect(wallTimeToIso('2024-03-10 03:30:00', NY)).toBe('2024-03-10T07:30:00.000Z');
    expect(wallTimeToIso('2024-11-03 00:30:00', NY)).toBe('2024-11-03T04:30:00.000Z');
    expect(wallTimeToIso('2024-11-03 03:00:00', NY)).toBe('2024-11-03T08:00:00.000Z');
  });

  it('is null for anything else', () => {
    expect(wallTimeToIso('2020-10-29', NY)).toBeNull();
    expect(wallTimeToIso('yesterday', NY)).toBeNull();
  });
});
