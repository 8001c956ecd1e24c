import { describe, expect, it } from 'vitest';
import { DEFAULT_TRIGGER_KINDS } from '../../../shared/triggers.ts';
import { moveSummary } from './earnings-poll.ts';

describe('moveSummary', () => {
  const move = { companyName: 'Apple Inc.', ticker: 'AAPL', previousLabel: 'Thursday, Oct 30, 2025', sourceName: 'Nasdaq' };

  it('says old → new, the shift and the calendar, and claims no reason', () => {
    expect(moveSummary({ ...move, dateLabel: 'Tuesday, Nov 4, 2025', change: 'Delayed by 5 days' })).toBe(
      'The earnings date of Apple Inc. (AAPL) moved: Thursday, Oct 30, 2025 → Tuesday, Nov 4, 2025, delayed by 5 days, as Nasdaq lists it now.',
    );
    expect(moveSummary({ ...move, dateLabel: 'Monday, Oct 27, 2025', change: 'Advanced by 3 days', sourceName: 'Finnhub' })).toBe(
      'The earnings date of Apple Inc. (AAPL) moved: Thursday, Oct 30, 2025 → Monday, Oct 27, 2025, advanced by 3 days, as Finnhub lists it now.',
    );
  });

  it('is a kind new subscriptions want (unlike results, which earnings alerts cover)', () => {
    expect(DEFAULT_TRIGGER_KINDS).toContain('earnings_moved');
    expect(DEFAULT_TRIGGER_KINDS).not.toContain('results');
  });
});
