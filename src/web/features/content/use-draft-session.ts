// The hooks and the draft on screen (draft-session.ts) with what the user does to the draft itself:
// choose a CTA, edit a paragraph, copy (spec 02 §4). Writing hooks and drafts is done elsewhere
// (use-hook-generation.ts, use-draft-writer.ts); they report here.
import { useReducer } from 'react';
import { contentMessages, copyText } from '../../../shared/content.ts';
import { chosenCtaText, draftSessionReducer, NO_DRAFT_SESSION, withParagraph } from './draft-session.ts';
import { say } from './toasts.ts';

const text = contentMessages;

export function useDraftSession() {
  const [state, dispatch] = useReducer(draftSessionReducer, NO_DRAFT_SESSION);
  const chosenCta = chosenCtaText(state);

  /** False when there was nothing to save (blank once trimmed): the editor stays open. */
  const saveParagraph = (index: number, paragraph: string) => {
    const content = withParagraph(state.draft, index, paragraph);
    if (content === null) return false;
    dispatch({ type: 'draftChanged', content });
    say.success(text.edit.savedTitle, text.edit.saved);
    return true;
  };

  const copy = async () => {
    if (!state.draft) return;
    try {
      await navigator.clipboard.writeText(copyText(state.draft, chosenCta));
      say.success(text.copy.done);
    } catch {
      say.error(text.copy.failedTitle, text.copy.failed);
    }
  };

  return { state, dispatch, saveParagraph, copy, chosenCta };
}
