// Which call an FMP transcript answer is, read from the answer itself (issue 25: a Q1 2020 request
// was answered with the Q4 call and labelled Q1 2020).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callOf } from './transcripts.ts';

const recorded = JSON.parse(
  readFileSync(new URL('../../../../tests/fakes/fixtures/real-formats/fmp/aapl-2020-batch-transcript-head.json', import.meta.url), 'utf8'),
) as Record<string, unknown>[];

describe('callOf', () => {
  it('reads the call of a recorded FMP answer', () => {
    expect(callOf(recorded[0]!)).toEqual({ year: 2020, quarter: 4 });
  });

  it('reads the quarter as FMP spells it on its endpoints: 4, "4", "Q4" or period "Q4"', () => {
    for (const row of [{ quarter: 4 }, { quarter: '4' }, { quarter: 'Q4' }, { period: 'Q4' }]) {
      expect(callOf({ year: 2019, ...row })).toEqual({ year: 2019, quarter: 4 });
    }
  });

  it('knows no call when the answer does not say which', () => {
    expect(callOf({ year: 2020 })).toBeNull();
    expect(callOf({ quarter: 1 })).toBeNull();
    expect(callOf({ year: 2020, quarter: 'Q5' })).toBeNull();
    expect(callOf({ year: 'soon', quarter: 1 })).toBeNull();
  });
});
