import { describe, expect, it } from 'vitest';
import { AIR_SOLUTION_MIN_CHARS, solutionLength } from '../../../shared/air.ts';
import { canRequestReport, needsMoreDetail, solutionCounter } from './air-request.ts';
import { formatDay, formatRefreshDate, websiteHost } from './format.ts';

const text = (length: number) => 'x'.repeat(length);

describe('AIR request rules', () => {
  it('counts the solution text without surrounding whitespace', () => {
    expect(solutionLength(`  \n${text(12)}\t `)).toBe(12);
    expect(solutionLength('a  b')).toBe(4);
  });

  it('enables the request at exactly 30 trimmed characters, not at 29', () => {
    expect(AIR_SOLUTION_MIN_CHARS).toBe(30);
    expect(canRequestReport({ website: 'acme.com', solution: text(29) })).toBe(false);
    expect(canRequestReport({ website: 'acme.com', solution: text(30) })).toBe(true);
    expect(canRequestReport({ website: 'acme.com', solution: `   ${text(29)}    ` })).toBe(false);
    expect(canRequestReport({ website: 'acme.com', solution: `   ${text(30)}    ` })).toBe(true);
  });

  it('needs a website that is not blank', () => {
    expect(canRequestReport({ website: '', solution: text(40) })).toBe(false);
    expect(canRequestReport({ website: '   ', solution: text(40) })).toBe(false);
  });

  it('asks for more detail only after the field was left with too little text', () => {
    expect(needsMoreDetail('short', false)).toBe(false);
    expect(needsMoreDetail('short', true)).toBe(true);
    expect(needsMoreDetail(` ${text(29)} `, true)).toBe(true);
    expect(needsMoreDetail(text(30), true)).toBe(false);
  });

  it('shows progress towards the minimum, then the plain count', () => {
    expect(solutionCounter('')).toBe('0/30 characters (30 more needed)');
    expect(solutionCounter(`  ${text(29)}  `)).toBe('29/30 characters (1 more needed)');
    expect(solutionCounter(text(30))).toBe('30 characters');
    expect(solutionCounter(text(250))).toBe('250 characters');
  });
});

describe('AIR formats', () => {
  it('shows a calendar day as that day in every time zone', () => {
    expect(formatRefreshDate('2026-07-01', 'en-US')).toBe('July 1, 2026');
    expect(formatDay('2026-01-31', 'en-US')).toBe('Jan 31, 2026');
    expect(formatDay('not a date', 'en-US')).toBe('not a date');
  });

  it('names a website by its host', () => {
    expect(websiteHost('https://www.acme.com/')).toBe('www.acme.com');
    expect(websiteHost('acme')).toBe('acme');
  });
});
