// Choosing a hook (spec 02 §4 "Hook selection"): the draft and its CTA options are written for it,
// the card reads 'Loading...' meanwhile, and the page scrolls to the bottom once the draft is in.
// Any failure is toasted with spec 02 §8's text and leaves the draft on screen as it was.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { contentMessages, type Stat } from '../../../shared/content.ts';
import { contentApi } from './api.ts';
import { draftErrorToast, draftRequest, MissingFormValues } from './draft-errors.ts';
import type { DraftSession, DraftSessionAction } from './draft-session.ts';
import { say } from './toasts.ts';
import type { useContentForm } from './use-content-form.ts';
import { useScrollToEnd } from './use-page-scroll.ts';

const text = contentMessages.draft;

type Options = {
  form: ReturnType<typeof useContentForm>;
  /** The statistic the draft is written with, if any. */
  marketData: Stat | null;
  session: DraftSession;
  dispatch: (action: DraftSessionAction) => void;
  noteFailure: (err: unknown) => void;
};

export function useDraftWriter({ form, marketData, session, dispatch, noteFailure }: Options) {
  // The hook whose draft is being written, in the list it was chosen from.
  const [pending, setPending] = useState<{ index: number; generation: number } | null>(null);
  const scrollToEnd = useScrollToEnd();
  const mutation = useMutation({ mutationFn: contentApi.postBuilder });

  /** The draft for a hook, or null after toasting spec 02 §8's text for the failure. */
  const generateDraft = async (hook: string) => {
    try {
      const result = await mutation.mutateAsync(draftRequest(hook, form.values, marketData));
      say.success(text.generated);
      return result;
    } catch (err) {
      // Like Generate Hooks' check: show which fields were emptied since the hooks came.
      if (err instanceof MissingFormValues) form.checkFilled();
      noteFailure(err);
      const { title, description } = draftErrorToast(err);
      say.error(title, description);
      return null;
    }
  };

  const select = async (index: number) => {
    if (mutation.isPending) return;
    try {
      const hook = session.hooks[index];
      if (hook === undefined) throw new Error('No such hook');
      const { generation } = session;
      setPending({ index, generation });
      const result = await generateDraft(hook);
      if (!result) return;
      dispatch({ type: 'draftArrived', index, generation, content: result.content, ctaOptions: result.ctaOptions });
      scrollToEnd();
    } catch {
      say.error(text.selectFailedTitle, text.selectFailed);
    } finally {
      setPending(null);
    }
  };

  return {
    select,
    busy: mutation.isPending,
    /** Shown 'Loading...' until the draft arrives; newer hooks are another list, so none of theirs is. */
    pending: pending && pending.generation === session.generation ? pending.index : null,
  };
}
