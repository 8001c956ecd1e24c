// The Research Stats panel's state (spec 02 §4 "Stats"): toggling, choosing, a new generation, and
// what is restored or reset.
import { describe, expect, it } from 'vitest';
import { PREVIOUS_STATS_MAX } from '../../../shared/content.ts';
import { NO_STATS, type StatsState, statsReducer } from './stats-state.ts';

const stat = (n: number) => ({ statistic: `Stat ${n}%`, source: `https://news.example.com/${n}`, publisher: null });
const shown: StatsState = { statsOpen: true, stats: [stat(1), stat(2)], previousStats: [stat(1), stat(2)], selectedStat: 1 };

describe('statsReducer', () => {
  it('opens the panel, and closing it forgets the chosen stat', () => {
    const opened = statsReducer(NO_STATS, { type: 'toggle' });
    expect(opened).toEqual({ ...NO_STATS, statsOpen: true });
    expect(statsReducer(shown, { type: 'toggle' })).toEqual({ ...shown, statsOpen: false, selectedStat: null });
    expect(statsReducer(statsReducer(shown, { type: 'toggle' }), { type: 'toggle' }).selectedStat).toBeNull();
  });

  it('chooses a stat', () => {
    expect(statsReducer(shown, { type: 'select', index: 0 })).toEqual({ ...shown, selectedStat: 0 });
  });

  it('shows a new generation, remembers it after the earlier ones, and drops the choice', () => {
    const next = statsReducer(shown, { type: 'generated', stats: [stat(3)] });
    expect(next).toEqual({ statsOpen: true, stats: [stat(3)], previousStats: [stat(1), stat(2), stat(3)], selectedStat: null });
  });

  it('remembers at most PREVIOUS_STATS_MAX stats, the newest', () => {
    const many = Array.from({ length: PREVIOUS_STATS_MAX }, (_, i) => stat(i));
    const next = statsReducer({ ...NO_STATS, previousStats: many }, { type: 'generated', stats: [stat(999)] });
    expect(next.previousStats).toHaveLength(PREVIOUS_STATS_MAX);
    expect(next.previousStats.at(-1)).toEqual(stat(999));
    expect(next.previousStats[0]).toEqual(stat(1));
  });

  it('restores only its own fields of a snapshot, and resets to nothing', () => {
    const snapshot = { ...shown, hooks: ['A hook'], draft: 'A draft' };
    expect(statsReducer(NO_STATS, { type: 'restore', state: snapshot })).toEqual(shown);
    expect(statsReducer(shown, { type: 'reset' })).toEqual(NO_STATS);
  });
});
