// The hooks and the draft written from one (spec 02 §4): which hook is selected when a draft
// arrives, what a new hook list or a reset changes, and the pure helpers for hooks, edits and the CTA.
import { describe, expect, it } from 'vitest';
import { contentMessages } from '../../../shared/content.ts';
import { chosenCtaText, type DraftSession, draftSessionReducer, NO_DRAFT_SESSION, shownHooks, withParagraph } from './draft-session.ts';
import { sampleCtaOptions } from './test-data.ts';

const ctaOptions = sampleCtaOptions;
const withDraft: DraftSession = {
  hooks: ['First', 'Second', 'Third'],
  generation: 1,
  selectedHook: 0,
  draft: 'First\n\nBody',
  ctaOptions,
  selectedCta: 'engagement',
};
const arrived = (index: number, generation: number) =>
  ({ type: 'draftArrived', index, generation, content: 'Second\n\nNew body', ctaOptions }) as const;

describe('draftSessionReducer', () => {
  it('takes a new hook list as a new generation: no hook selected, the draft and its CTA stay', () => {
    const next = draftSessionReducer(withDraft, { type: 'hooksArrived', hooks: ['New one', 'New two'] });
    expect(next).toEqual({ ...withDraft, hooks: ['New one', 'New two'], generation: 2, selectedHook: null });
  });

  it('shows an arriving draft, selects its hook and clears the chosen CTA', () => {
    expect(draftSessionReducer(withDraft, arrived(1, 1))).toEqual({
      ...withDraft,
      selectedHook: 1,
      draft: 'Second\n\nNew body',
      selectedCta: null,
    });
  });

  it('selects nothing in a newer list when the draft was asked for from an older one', () => {
    const newer = draftSessionReducer(withDraft, { type: 'hooksArrived', hooks: ['New one', 'New two'] });
    const next = draftSessionReducer(newer, arrived(1, withDraft.generation));
    expect(next.draft).toBe('Second\n\nNew body');
    expect(next.selectedHook).toBeNull();
  });

  it('rewords the draft and chooses a CTA without touching the rest', () => {
    expect(draftSessionReducer(withDraft, { type: 'draftChanged', content: 'Edited' })).toEqual({ ...withDraft, draft: 'Edited' });
    expect(draftSessionReducer(withDraft, { type: 'ctaSelected', kind: 'meetingBooking' })).toEqual({
      ...withDraft,
      selectedCta: 'meetingBooking',
    });
  });

  it('restores only its kept fields, in the generation it is in', () => {
    const { generation: _, ...kept } = withDraft;
    const snapshot = { ...kept, statsOpen: true, stats: [] };
    expect(draftSessionReducer({ ...NO_DRAFT_SESSION, generation: 5 }, { type: 'restore', kept: snapshot })).toEqual({
      ...withDraft,
      generation: 5,
    });
  });

  it('resets to nothing in a later generation, so no earlier request selects into what follows', () => {
    const reset = draftSessionReducer(withDraft, { type: 'reset' });
    expect(reset).toEqual({ ...NO_DRAFT_SESSION, generation: 2 });
    const lateDraft = draftSessionReducer(draftSessionReducer(reset, { type: 'hooksArrived', hooks: ['a', 'b'] }), arrived(1, 1));
    expect(lateDraft.selectedHook).toBeNull();
  });
});

describe('shownHooks', () => {
  it('strips numbering and drops blanks', () => {
    expect(shownHooks(['1. First hook', '2) Second', '   ', '- Third', '(4) Fourth'])).toEqual(['First hook', 'Second', 'Third', 'Fourth']);
  });

  it("fails with 'Failed to generate hooks' when none is left", () => {
    for (const hooks of [[], ['', '  '], ['\n\t']]) expect(() => shownHooks(hooks)).toThrow(contentMessages.hooks.failed);
  });
});

describe('withParagraph', () => {
  it('replaces one paragraph, trimmed', () => {
    expect(withParagraph('One\n\nTwo\n\nThree', 1, '  New two  ')).toBe('One\n\nNew two\n\nThree');
  });

  it('saves nothing without a draft or for blank text', () => {
    expect(withParagraph(null, 0, 'Text')).toBeNull();
    expect(withParagraph('One\n\nTwo', 0, ' \n ')).toBeNull();
  });
});

describe('chosenCtaText', () => {
  it('is the chosen option, else none', () => {
    expect(chosenCtaText(withDraft)).toBe('What would you cut first?');
    expect(chosenCtaText({ ...withDraft, selectedCta: null })).toBeNull();
    expect(chosenCtaText({ selectedCta: 'engagement', ctaOptions: null })).toBeNull();
  });
});
