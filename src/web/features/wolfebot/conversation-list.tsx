// The left pane: the user's conversations, newest first, each opened by its link, renamed in place
// (checked with the server's own schema) or deleted after a confirmation; with none yet, the eight
// conversation starters of the former coming-soon page, each starting a conversation with its text.
import { Check, MessageSquare, Pencil, Plus, Trash2, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type Conversation, WOLFEBOT_STARTERS, wolfebotMessages, wolfebotRenameSchema } from '../../../shared/wolfebot.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { cn } from '../../lib/cn.ts';
import { validate } from '../../lib/form.ts';
import { useDeleteConversation, useRenameConversation } from './api.ts';

export const conversationHref = (id: string) => `/wolfebot?conversation=${encodeURIComponent(id)}`;

type Props = {
  conversations: Conversation[] | undefined;
  loading: boolean;
  loadError: string | null;
  onRetryLoad: () => void;
  openId: string | null;
  /** Starts a conversation with a starter's text; absent when Wolfebot cannot answer. */
  onStarter?: (text: string) => void;
  onNew: () => void;
  onDeleted: (id: string) => void;
};

export function ConversationList({ conversations, loading, loadError, onRetryLoad, openId, onStarter, onNew, onDeleted }: Props) {
  const titleId = useId();
  const empty = conversations !== undefined && conversations.length === 0;
  return (
    <div className="border-b border-slate-200 bg-slate-50 p-4 md:border-r md:border-b-0">
      <h2 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-slate-700">
        <MessageSquare aria-hidden="true" className="size-4 text-brand-700" />
        Conversations
      </h2>
      <Button variant="secondary" className="mt-3 w-full px-3 py-1.5" onClick={onNew}>
        <Plus aria-hidden="true" className="size-4" />
        New conversation
      </Button>
      {loading && !conversations && <p className="mt-3 text-sm text-slate-500">Loading conversations…</p>}
      {loadError && !conversations && (
        <div className="mt-3 text-sm">
          <p role="alert" className="text-red-800">
            {loadError}
          </p>
          <Button variant="secondary" className="mt-2 px-3 py-1" onClick={onRetryLoad}>
            Try again
          </Button>
        </div>
      )}
      {empty && <p className="mt-3 text-xs text-slate-600">No conversations yet. Start with one of these:</p>}
      {conversations && (
        <ul aria-labelledby={titleId} className="mt-3 space-y-1 md:max-h-[32rem] md:overflow-y-auto">
          {empty
            ? WOLFEBOT_STARTERS.map((starter) => (
                <li key={starter}>
                  <StarterButton text={starter} onStart={onStarter} />
                </li>
              ))
            : conversations.map((conversation) => (
                <ConversationItem
                  key={conversation.id}
                  conversation={conversation}
                  open={conversation.id === openId}
                  onDeleted={() => onDeleted(conversation.id)}
                />
              ))}
        </ul>
      )}
    </div>
  );
}

export function StarterButton({ text, onStart, className }: { text: string; onStart?: (text: string) => void; className?: string }) {
  return (
    <button
      type="button"
      disabled={!onStart}
      onClick={() => onStart?.(text)}
      className={cn(
        'w-full rounded-lg px-3 py-2 text-left text-sm leading-snug text-slate-700 transition enabled:hover:bg-white enabled:hover:text-brand-800',
        'focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70',
        className,
      )}
    >
      {text}
    </button>
  );
}

function ConversationItem({ conversation, open, onDeleted }: { conversation: Conversation; open: boolean; onDeleted: () => void }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteConversation();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);

  if (editing) {
    return (
      <li>
        <RenameForm
          conversation={conversation}
          onDone={() => {
            setEditing(false);
            // Back to where the rename started, not to the top of the page.
            requestAnimationFrame(() => renameButton.current?.focus());
          }}
        />
      </li>
    );
  }

  return (
    <li
      className={cn(
        'group flex items-center gap-1 rounded-lg pr-1 transition',
        open ? 'bg-white shadow-sm ring-1 ring-brand-100' : 'hover:bg-white',
      )}
    >
      <Link
        to={conversationHref(conversation.id)}
        aria-current={open ? 'page' : undefined}
        className={cn(
          'min-w-0 flex-1 truncate rounded-lg px-3 py-2 text-sm leading-snug focus-visible:outline-2 focus-visible:outline-brand-600',
          open ? 'font-semibold text-brand-800' : 'text-slate-700',
        )}
        title={conversation.title}
      >
        {conversation.title}
      </Link>
      <IconButton ref={renameButton} aria-label={`Rename ${conversation.title}`} onClick={() => setEditing(true)}>
        <Pencil aria-hidden="true" className="size-3.5" />
      </IconButton>
      <Dialog
        open={confirming}
        onOpenChange={(next) => {
          setConfirming(next);
          if (next) setDeleteError(null);
        }}
        variant="form"
        title="Delete this conversation?"
        description={`“${conversation.title}” and all its messages will be deleted. This cannot be undone.`}
        trigger={
          <IconButton variant="danger" aria-label={`Delete ${conversation.title}`}>
            <Trash2 aria-hidden="true" className="size-3.5" />
          </IconButton>
        }
      >
        {deleteError && (
          <p role="alert" className="mt-3 text-sm text-red-800">
            {deleteError}
          </p>
        )}
        <div className="mt-5 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() =>
              remove.mutate(conversation.id, {
                onSuccess: () => {
                  setConfirming(false);
                  onDeleted();
                },
                onError: (err) => setDeleteError(err.message),
              })
            }
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

function RenameForm({ conversation, onDone }: { conversation: Conversation; onDone: () => void }) {
  const [title, setTitle] = useState(conversation.title);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameConversation();
  const input = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), error: useId() };

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  function save(event: FormEvent) {
    event.preventDefault();
    const checked = validate(wolfebotRenameSchema, { title });
    if (checked.errors) {
      setError(checked.errors.title ?? wolfebotMessages.titleRequired);
      return;
    }
    if (checked.data.title === conversation.title) {
      onDone();
      return;
    }
    rename.mutate({ id: conversation.id, title: checked.data.title }, { onSuccess: onDone, onError: (err) => setError(err.message) });
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };

  return (
    <form noValidate onSubmit={save} className="rounded-lg bg-white p-2 shadow-sm ring-1 ring-brand-100">
      <label htmlFor={ids.input} className="sr-only">
        Conversation name
      </label>
      <div className="flex items-center gap-1">
        <input
          ref={input}
          id={ids.input}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-[invalid=true]:border-red-500"
        />
        <IconButton type="submit" aria-label="Save name" disabled={rename.isPending}>
          <Check aria-hidden="true" className="size-4" />
        </IconButton>
        <IconButton aria-label="Cancel renaming" onClick={onDone}>
          <X aria-hidden="true" className="size-4" />
        </IconButton>
      </div>
      {error && (
        <p id={ids.error} role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
