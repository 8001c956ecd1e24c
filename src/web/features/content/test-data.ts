// Sample data the content tests share; the app never imports this file.
import type { CtaOptions } from '../../../shared/content.ts';
import type { ContentSnapshot } from './session-store.ts';

export const sampleCtaOptions: CtaOptions = {
  engagement: 'What would you cut first?',
  directResponse: 'Reply "audit" for a free review.',
  resourceAccess: 'Grab the checklist in the comments.',
  meetingBooking: 'Book 15 minutes with me.',
  networkBuilding: 'Follow me for more.',
};

/** The screen with nothing typed, generated or opened. */
export const emptySnapshot: ContentSnapshot = {
  form: { values: { hookCategory: '', audience: '', solution: '', valueProposition: '' }, typed: [], generationCount: 0 },
  statsOpen: false,
  stats: [],
  previousStats: [],
  selectedStat: null,
  hooks: [],
  selectedHook: null,
  draft: null,
  ctaOptions: null,
  selectedCta: null,
};
