// 'Keep in library' on the draft (issue 27 §1): the draft as Copy would copy it (with its chosen CTA)
// is kept in the user's library; the button then gives way to a link to the kept item, until the
// draft changes (an edit, another CTA, a modification), when it can be kept again.
import { useMutation } from '@tanstack/react-query';
import { BookmarkPlus, LibraryBig } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { libraryMessages } from '../../../shared/library.ts';
import { Button } from '../../components/ui/button.tsx';
import { api } from '../../lib/api-client.ts';
import { say } from './toasts.ts';

export const KEEP_LABEL = 'Keep in library';
export const KEEP_FAILED = 'Could not keep the draft';

export function KeepDraft({ text, disabled }: { text: string; disabled: boolean }) {
  const [kept, setKept] = useState<{ text: string; id: string } | null>(null);
  const keep = useMutation({
    // No title: the server names a kept draft after its first line.
    mutationFn: (text: string) => api<{ id: string }>('/api/library/drafts', { method: 'POST', body: { text } }),
  });

  if (kept && kept.text === text) {
    return (
      <Link
        to={`/library/${encodeURIComponent(kept.id)}`}
        className="inline-flex items-center gap-1.5 px-1 py-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        <LibraryBig aria-hidden="true" className="size-4" />
        {libraryMessages.kept}
      </Link>
    );
  }
  return (
    <Button
      variant="secondary"
      busy={keep.isPending}
      disabled={disabled || !text.trim()}
      onClick={() =>
        keep.mutate(text, {
          onSuccess: ({ id }) => setKept({ text, id }),
          onError: (err) => say.error(KEEP_FAILED, err.message),
        })
      }
    >
      <BookmarkPlus aria-hidden="true" className="size-4" />
      {KEEP_LABEL}
    </Button>
  );
}
