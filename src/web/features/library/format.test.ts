import { describe, expect, it } from 'vitest';
import { formatItemDate, formatPublished, siteOf, sourceCountLabel } from './format.ts';

describe('the library formats', () => {
  it('shows a bare publication date as that calendar day, wherever the reader is', () => {
    expect(formatPublished('2026-03-01', 'en-US')).toBe('Mar 1, 2026');
    expect(formatItemDate('2026-03-02T14:00:00Z', 'en-US')).toMatch(/^Mar [23], 2026$/);
  });

  it('shows what it cannot read as it came', () => {
    expect(formatPublished('last Tuesday')).toBe('last Tuesday');
    expect(formatItemDate('soon')).toBe('soon');
    expect(siteOf('not a url')).toBe('not a url');
  });

  it('names sites without www and counts sources', () => {
    expect(siteOf('https://www.reuters.com/a/b')).toBe('reuters.com');
    expect(sourceCountLabel(1)).toBe('1 source');
    expect(sourceCountLabel(0)).toBe('0 sources');
  });
});
