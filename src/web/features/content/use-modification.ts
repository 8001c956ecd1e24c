// Modifications (spec 02 §4): one at a time, a toggle, applied to the whole draft on 'Make Changes'.
// On failure the draft on screen is left as it was and the choice stays.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { contentMessages, type Modification } from '../../../shared/content.ts';
import { contentApi } from './api.ts';
import { say } from './toasts.ts';

const text = contentMessages.modify;

type Options = {
  draft: string | null;
  onModified: (content: string) => void;
  noteFailure: (err: unknown) => void;
};

export function useModification({ draft, onModified, noteFailure }: Options) {
  const [selected, setSelected] = useState<Modification | null>(null);
  const mutation = useMutation({ mutationFn: contentApi.modifyContent });

  const apply = async () => {
    if (!draft || !selected || mutation.isPending) return;
    try {
      onModified(await mutation.mutateAsync({ content: draft, modification: selected }));
      setSelected(null);
      say.success(text.savedTitle, text.saved);
    } catch (err) {
      noteFailure(err);
      say.error(text.failed, err instanceof Error ? err.message : undefined);
    }
  };

  return {
    selected,
    toggle: (next: Modification) => setSelected((current) => (current === next ? null : next)),
    apply,
    busy: mutation.isPending,
    reset: () => setSelected(null),
  };
}
