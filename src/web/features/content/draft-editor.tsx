// The draft (spec 02 §2, §4): the author line, the paragraphs (click one to edit it), the chosen CTA
// after them, and Copy and Keep in library (issue 27) above. Everything the AI wrote is rendered as text, never as HTML.
import { Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { copyText, draftParagraphs } from '../../../shared/content.ts';
import type { Profile } from '../../../shared/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { displayName } from '../../lib/session.ts';
import { KeepDraft } from './keep-draft.tsx';

/** The author shown at the top of the draft: the profile's name and job title, or the spec's fallbacks. */
function draftAuthor(profile: Pick<Profile, 'firstName' | 'lastName' | 'jobTitle'> | null | undefined) {
  const name = displayName(profile);
  const initials = name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return { name, jobTitle: profile?.jobTitle?.trim() || 'LinkedIn Author', initials };
}

function AuthorLine({ profile }: { profile: Profile | null | undefined }) {
  const author = draftAuthor(profile);
  return (
    <div className="flex items-center gap-3">
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-700"
      >
        {author.initials}
      </span>
      <div className="min-w-0">
        <p className="truncate font-semibold text-slate-900">{author.name}</p>
        <p className="truncate text-sm text-slate-600">{author.jobTitle}</p>
      </div>
    </div>
  );
}

type ParagraphProps = {
  index: number;
  text: string;
  /** False when the text was not saved (empty after trimming): the editor stays open. */
  onSave: (index: number, text: string) => boolean;
  /** A draft or a modification is being written: the paragraph cannot be opened or saved meanwhile. */
  disabled: boolean;
};

function EditableParagraph({ index, text, onSave, disabled }: ParagraphProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(text);
  const label = `Edit paragraph ${index + 1}`;
  const paragraphButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  // Closing the editor removes the focused textarea: give the focus back to the paragraph.
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    paragraphButton.current?.focus();
  }, [editing]);

  const cancel = () => {
    setValue(text);
    refocus.current = true;
    setEditing(false);
  };

  if (editing) {
    return (
      <div className="space-y-2">
        <label htmlFor={id} className="sr-only">
          Paragraph {index + 1}
        </label>
        <textarea
          id={id}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            cancel();
          }}
          rows={Math.min(12, Math.max(3, Math.ceil(value.length / 70)))}
          // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this paragraph
          autoFocus
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
        />
        <div className="flex gap-2">
          {/* Blank text would not be saved anyway (spec 02 §4); a running rewrite would replace it. */}
          <Button
            disabled={disabled || !value.trim()}
            onClick={() => {
              if (onSave(index, value)) setEditing(false);
            }}
          >
            Save
          </Button>
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  return (
    <button
      ref={paragraphButton}
      type="button"
      disabled={disabled}
      onClick={() => {
        setValue(text);
        setEditing(true);
      }}
      title="Click to edit"
      className="-mx-2 block w-[calc(100%+1rem)] cursor-text rounded-md px-2 py-1 text-left text-sm whitespace-pre-wrap break-words text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-default"
    >
      <span className="sr-only">{label}: </span>
      {text}
    </button>
  );
}

type Props = {
  draft: {
    content: string | null;
    busy: boolean;
    saveParagraph: (index: number, text: string) => boolean;
    copy: () => void;
    chosenCta: string | null;
  };
  profile: Profile | null | undefined;
  /** A modification is being applied: editing waits for it. */
  locked: boolean;
};

export function DraftEditor({ draft, profile, locked }: Props) {
  if (draft.content === null) {
    if (!draft.busy) return null;
    return (
      <Card>
        <div role="status" aria-label="Writing your draft" className="animate-pulse space-y-3">
          <div className="flex items-center gap-3">
            <div className="size-11 rounded-full bg-slate-200" />
            <div className="h-4 w-40 rounded bg-slate-200" />
          </div>
          <div className="h-3 w-full rounded bg-slate-200" />
          <div className="h-3 w-11/12 rounded bg-slate-200" />
          <div className="h-3 w-4/5 rounded bg-slate-200" />
        </div>
      </Card>
    );
  }

  const paragraphs = draftParagraphs(draft.content);
  return (
    <section aria-labelledby="draft-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="draft-title" className="text-xl font-bold text-slate-900">
          Your Draft
        </h2>
        <div className="flex flex-wrap items-center justify-end gap-2">
          <KeepDraft text={copyText(draft.content, draft.chosenCta)} disabled={draft.busy || locked} />
          <Button variant="secondary" onClick={draft.copy} disabled={!draft.content.trim()}>
            <Copy aria-hidden="true" className="size-4" />
            Copy
          </Button>
        </div>
      </div>
      <Card className="mt-4 space-y-3" aria-busy={draft.busy || locked || undefined}>
        <AuthorLine profile={profile} />
        {/* A new draft (regenerated, modified, edited) starts with every paragraph closed. */}
        <div key={draft.content} className="space-y-2">
          {paragraphs.map((paragraph, index) => (
            <EditableParagraph
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are re-keyed with the whole draft
              key={index}
              index={index}
              text={paragraph}
              onSave={draft.saveParagraph}
              disabled={draft.busy || locked}
            />
          ))}
        </div>
        {draft.chosenCta && (
          <p className="border-t border-slate-100 pt-3 text-sm whitespace-pre-wrap break-words text-slate-800">{draft.chosenCta}</p>
        )}
      </Card>
    </section>
  );
}
