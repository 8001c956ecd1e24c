// The Research Stats panel's state without React (spec 02 §4 "Stats"): open or closed, the latest
// generation on screen, every stat returned so far (sent back as previousStats), and the chosen one.
// Named as the tab's snapshot names them (session-store.ts), which keeps it as it is.
import type { Stat } from '../../../shared/content.ts';
import { accumulateStats } from './content-form.ts';

export type StatsState = {
  statsOpen: boolean;
  /** The latest generation, on screen. */
  stats: Stat[];
  /** Every stat returned so far. */
  previousStats: Stat[];
  selectedStat: number | null;
};

type StatsAction =
  | { type: 'toggle' }
  | { type: 'select'; index: number }
  | { type: 'generated'; stats: Stat[] }
  | { type: 'restore'; state: StatsState }
  | { type: 'reset' };

export const NO_STATS: StatsState = { statsOpen: false, stats: [], previousStats: [], selectedStat: null };

export function statsReducer(state: StatsState, action: StatsAction): StatsState {
  switch (action.type) {
    case 'toggle':
      // Closing the panel forgets the chosen stat (spec 02 §4).
      return state.statsOpen ? { ...state, statsOpen: false, selectedStat: null } : { ...state, statsOpen: true };
    case 'select':
      return { ...state, selectedStat: action.index };
    case 'generated':
      // The new list replaces the one on screen, so a choice in the old one means nothing any more.
      return { ...state, stats: action.stats, previousStats: accumulateStats(state.previousStats, action.stats), selectedStat: null };
    case 'restore': {
      // Only the panel's own fields, whatever else the restored snapshot carries.
      const { statsOpen, stats, previousStats, selectedStat } = action.state;
      return { statsOpen, stats, previousStats, selectedStat };
    }
    case 'reset':
      return NO_STATS;
  }
}
