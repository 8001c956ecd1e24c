// One message of a conversation. The user's question as they wrote it; Wolfebot's answer with its
// [n] markers as links to the sources listed under it, the sentences no cited source supports
// greyed, the statement count, the actions it suggests, and, for an answer that failed, why and
// 'Try again'. Everything is rendered as text: the model's words never become HTML.
import { Bot, ExternalLink as ExternalLinkIcon, LibraryBig, RotateCcw, TriangleAlert } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { statementCountLabel } from '../../../shared/library.ts';
import type { Citation, CitationKind, Message } from '../../../shared/wolfebot.ts';
import { safeHttpUrl } from '../../components/external-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { ActionList } from './actions.tsx';
import { isUnsupported, segmentAnswer, type TextPart, UNSUPPORTED_NOTE } from './answer-text.ts';

export const ANSWERING_LABEL = 'Wolfebot is answering…';

const kindLabels: Record<CitationKind, string> = {
  library: 'Your library',
  article: 'Article',
  news: 'News',
  sec: 'SEC filing',
};

/** The id of source `n` of an answer, which its markers point to. */
export const sourceAnchor = (messageId: string, n: number) => `wolfebot-source-${messageId}-${n}`;

export function UserMessage({ message }: { message: Message }) {
  return (
    <li className="flex justify-end">
      <p className="max-w-prose rounded-2xl rounded-tr-sm bg-brand-600 px-4 py-3 text-sm whitespace-pre-wrap text-white">
        <span className="sr-only">You: </span>
        {message.text}
      </p>
    </li>
  );
}

export function AssistantBubble({ children, label }: { children: React.ReactNode; label?: string }) {
  return (
    <li className="flex items-start gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <Bot aria-hidden="true" className="size-5" />
      </span>
      <article
        aria-label={label}
        className="max-w-prose min-w-0 rounded-2xl rounded-tl-sm border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800"
      >
        {children}
      </article>
    </li>
  );
}

type AnswerProps = {
  message: Message;
  conversationTitle: string;
  /** Re-sends the question this answer failed to answer; absent when it cannot be asked again now. */
  onRetry?: () => void;
};

export function AssistantMessage({ message, conversationTitle, onRetry }: AnswerProps) {
  const streaming = message.status === 'streaming';
  const failed = message.status === 'failed';
  return (
    <AssistantBubble label="Wolfebot's answer">
      {message.text ? <AnswerText message={message} /> : streaming ? <p className="text-slate-500">{ANSWERING_LABEL}</p> : null}
      {streaming && message.text && (
        <p role="status" className="mt-2 text-xs text-slate-500">
          {ANSWERING_LABEL}
        </p>
      )}
      {streaming && !message.text && (
        <span role="status" className="sr-only">
          {ANSWERING_LABEL}
        </span>
      )}
      {failed && (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-red-800">
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
          <span>{message.error}</span>
          {onRetry && (
            <Button variant="secondary" className="px-3 py-1" onClick={onRetry}>
              <RotateCcw aria-hidden="true" className="size-3.5" />
              Try again
            </Button>
          )}
        </div>
      )}
      {message.citations.length > 0 && <Sources message={message} />}
      {message.statements && message.statements.total > 0 && (
        <p className="mt-2 text-xs font-medium text-slate-600">{statementCountLabel(message.statements)}</p>
      )}
      {message.status === 'complete' && message.actions.length > 0 && (
        <ActionList actions={message.actions} conversationTitle={conversationTitle} />
      )}
    </AssistantBubble>
  );
}

/** The answer's words, its markers as links to its sources, unsupported sentences greyed. */
export function AnswerText({ message }: { message: Message }) {
  const segments = segmentAnswer(message.text, message.status === 'complete' ? message.sentences : undefined);
  const cited = new Map(message.citations.map((c) => [c.n, c]));
  return (
    <p className="whitespace-pre-line">
      {segments.map((segment, index) => {
        const parts = segment.parts.map((part, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a text in order; they never move.
          <Part key={i} part={part} messageId={message.id} citation={'cite' in part ? cited.get(part.cite) : undefined} />
        ));
        // The segments of a text in order: their places are their identity.
        const key = `segment-${index}`;
        if (!isUnsupported(segment.verdict)) return <span key={key}>{parts}</span>;
        return (
          <span
            key={key}
            data-unsupported=""
            title={UNSUPPORTED_NOTE}
            className="text-slate-500 underline decoration-slate-300 decoration-dotted underline-offset-2"
          >
            {parts}
            <span className="sr-only"> ({UNSUPPORTED_NOTE})</span>
          </span>
        );
      })}
    </p>
  );
}

function Part({ part, messageId, citation }: { part: TextPart; messageId: string; citation: Citation | undefined }) {
  if ('text' in part) return part.text;
  // A marker whose source is not (yet) known: while the answer streams, its sources come at the end.
  if (!citation) return <sup className="text-slate-500">[{part.cite}]</sup>;
  const anchor = sourceAnchor(messageId, part.cite);
  // The list is on this page: scroll to it without a history entry (the address holds the conversation).
  const jump = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(anchor);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: 'nearest' });
    target.focus();
  };
  return (
    <sup>
      <a
        href={`#${anchor}`}
        onClick={jump}
        aria-label={`Source ${part.cite}: ${citation.title}`}
        className="font-semibold text-brand-700 no-underline hover:underline"
      >
        [{part.cite}]
      </a>
    </sup>
  );
}

function Sources({ message }: { message: Message }) {
  return (
    <ol aria-label="Sources" className="mt-3 space-y-1 border-t border-slate-200 pt-2 text-xs">
      {message.citations.map((citation) => (
        <li key={citation.n} id={sourceAnchor(message.id, citation.n)} tabIndex={-1} className="flex gap-1.5 focus:outline-none">
          <span className="font-semibold text-slate-600">[{citation.n}]</span>
          <span className="min-w-0">
            <SourceLink citation={citation} />
            <span className="text-slate-500"> · {kindLabels[citation.kind] ?? citation.kind}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

const sourceLinkClass = 'inline-flex items-baseline gap-1 font-medium text-brand-700 underline-offset-2 hover:underline';

/** A library item opens in the app; anything else at its address, in a new tab; a bad address stays text. */
function SourceLink({ citation }: { citation: Citation }) {
  if (citation.kind === 'library' && citation.libraryItemId) {
    return (
      <Link to={`/library/${encodeURIComponent(citation.libraryItemId)}`} className={sourceLinkClass}>
        <LibraryBig aria-hidden="true" className="size-3 shrink-0 self-center" />
        {citation.title}
      </Link>
    );
  }
  const href = safeHttpUrl(citation.url);
  if (!href) return <span>{citation.title}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={cn(sourceLinkClass)}>
      {citation.title}
      <ExternalLinkIcon aria-hidden="true" className="size-3 shrink-0 self-center" />
    </a>
  );
}
