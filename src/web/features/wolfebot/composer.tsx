// The message box: Enter sends, Shift+Enter starts a new line; the text is checked with the server's
// schema (required, at most WOLFEBOT_MESSAGE_MAX_CHARS) before it goes. A question the server
// refuses (limits, AI gone) comes back into the box with the server's words.
import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { WOLFEBOT_MESSAGE_MAX_CHARS, wolfebotMessageRequestSchema, wolfebotMessages } from '../../../shared/wolfebot.ts';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { validate } from '../../lib/form.ts';

/** From this many characters on, the count shows under the box. */
const COUNT_FROM = WOLFEBOT_MESSAGE_MAX_CHARS - 500;

type Props = {
  /** Sends the text; resolves with the refusal's words, or null once it was taken. */
  onSend: (text: string) => Promise<string | null>;
  /** Nothing can be sent (no AI provider): the box is disabled and says why. */
  disabled: boolean;
  disabledText?: string;
  /** An answer is being written: the box stays editable, Send waits for it. */
  busy: boolean;
};

export function Composer({ onSend, disabled, disabledText, busy }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ids = { input: useId(), error: useId(), count: useId() };
  const tooLong = text.length > WOLFEBOT_MESSAGE_MAX_CHARS;
  const shownError = error ?? (tooLong ? wolfebotMessages.messageTooLong : null);
  const canSend = !disabled && !busy && !sending;

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    const checked = validate(wolfebotMessageRequestSchema, { text });
    if (checked.errors) {
      setError(checked.errors.text ?? wolfebotMessages.messageRequired);
      return;
    }
    const sent = text;
    setText('');
    setError(null);
    setSending(true);
    try {
      const refusal = await onSend(checked.data.text);
      if (refusal) {
        // Not taken: the question comes back, unless something new was typed meanwhile.
        setText((now) => (now === '' ? sent : now));
        setError(refusal);
      }
    } finally {
      setSending(false);
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const describedBy = [shownError ? ids.error : '', text.length >= COUNT_FROM ? ids.count : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form noValidate onSubmit={(event) => void send(event)} className="mt-6">
      <div className="flex items-end gap-2">
        <label htmlFor={ids.input} className="sr-only">
          Message Wolfebot
        </label>
        <textarea
          id={ids.input}
          rows={2}
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={disabled ? disabledText : 'Ask about an account, a call or a post. Enter sends, Shift+Enter adds a line.'}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'max-h-60 min-h-11 min-w-0 flex-1 resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500',
            'focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-[invalid=true]:border-red-500',
            'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
          )}
        />
        <Button type="submit" disabled={!canSend} busy={sending}>
          <Send aria-hidden="true" className="size-4" />
          Send
        </Button>
      </div>
      <div className="mt-1 flex flex-wrap justify-between gap-2 text-xs">
        {shownError ? (
          <p id={ids.error} role="alert" className="text-red-700">
            {shownError}
          </p>
        ) : (
          <span />
        )}
        {text.length >= COUNT_FROM && (
          <p id={ids.count} className={cn('tabular-nums', tooLong ? 'text-red-700' : 'text-slate-600')}>
            {text.length}/{WOLFEBOT_MESSAGE_MAX_CHARS}
          </p>
        )}
      </div>
    </form>
  );
}
