// The hooks and the draft written from one of them, without React (spec 02 §4 "Hooks", "Hook
// selection", "CTA", "Paragraph edit"): the hooks on screen, the draft with its CTA options and the
// chosen CTA. The selected hook is the one the draft on screen was written for: it moves only when
// a new draft arrives, so a failure leaves everything as it was. Named as the tab's snapshot names
// them (session-store.ts), apart from `generation`, which is not kept.
import {
  type CtaKind,
  type CtaOptions,
  contentMessages,
  draftParagraphs,
  joinParagraphs,
  stripHookNumbering,
} from '../../../shared/content.ts';

export type DraftSession = {
  hooks: string[];
  /** Counts the hook lists received, so a draft arriving after a newer list does not select into it. */
  generation: number;
  selectedHook: number | null;
  draft: string | null;
  ctaOptions: CtaOptions | null;
  selectedCta: CtaKind | null;
};
/** What of the session is kept for the tab. */
export type KeptDraftSession = Omit<DraftSession, 'generation'>;

export type DraftSessionAction =
  | { type: 'hooksArrived'; hooks: string[] }
  /** `generation`: the session's when the draft was asked for, with the hook at `index` of its list. */
  | { type: 'draftArrived'; index: number; generation: number; content: string; ctaOptions: CtaOptions }
  /** An edited paragraph or a modification: the same draft, reworded. */
  | { type: 'draftChanged'; content: string }
  | { type: 'ctaSelected'; kind: CtaKind }
  | { type: 'restore'; kept: KeptDraftSession }
  | { type: 'reset' };

export const NO_DRAFT_SESSION: DraftSession = {
  hooks: [],
  generation: 0,
  selectedHook: null,
  draft: null,
  ctaOptions: null,
  selectedCta: null,
};

export function draftSessionReducer(state: DraftSession, action: DraftSessionAction): DraftSession {
  switch (action.type) {
    case 'hooksArrived':
      // The old selection pointed into the previous list; the draft stays until a new hook is chosen.
      return { ...state, hooks: action.hooks, generation: state.generation + 1, selectedHook: null };
    case 'draftArrived':
      return {
        ...state,
        draft: action.content,
        ctaOptions: action.ctaOptions,
        // Spec 02 §4: choosing a hook clears the chosen CTA; it belonged to the draft just replaced.
        selectedCta: null,
        // New hooks may have arrived meanwhile: the index would then name a different hook.
        selectedHook: action.generation === state.generation ? action.index : null,
      };
    case 'draftChanged':
      return { ...state, draft: action.content };
    case 'ctaSelected':
      return { ...state, selectedCta: action.kind };
    case 'restore': {
      // Only the session's own fields, whatever else the restored snapshot carries.
      const { hooks, selectedHook, draft, ctaOptions, selectedCta } = action.kept;
      return { hooks, generation: state.generation, selectedHook, draft, ctaOptions, selectedCta };
    }
    case 'reset':
      // A later generation: nothing asked for before the reset selects into what comes after it.
      return { ...NO_DRAFT_SESSION, generation: state.generation + 1 };
  }
}

/** The hooks of an answer as shown: numbering stripped (spec 02 §3) and blanks dropped; none left is a failure. */
export function shownHooks(hooks: readonly string[]): string[] {
  const shown = hooks.map(stripHookNumbering).filter(Boolean);
  if (shown.length === 0) throw new Error(contentMessages.hooks.failed);
  return shown;
}

/** The draft with paragraph `index` replaced (trimmed), or null when there is nothing to save (spec 02 §4). */
export function withParagraph(draft: string | null, index: number, paragraph: string): string | null {
  if (draft === null || !paragraph.trim()) return null;
  const paragraphs = draftParagraphs(draft);
  paragraphs[index] = paragraph.trim();
  return joinParagraphs(paragraphs);
}

/** The text of the chosen CTA, shown after the draft and copied with it. */
export const chosenCtaText = ({ selectedCta, ctaOptions }: Pick<DraftSession, 'selectedCta' | 'ctaOptions'>) =>
  selectedCta && ctaOptions ? ctaOptions[selectedCta] : null;
