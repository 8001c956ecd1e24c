// /wolfebot: the assistant (spec 02 §2 "Assistant placeholder", made to work by issue 27 §3). The
// coming-soon page's header, two panes and feature blurbs stay; the conversations are the user's
// own (kept on the server, opened by ?conversation=<id>), the eight example chats are conversation
// starters, and answers stream in with their sources. An answer goes on on the server when the
// page is left; coming back shows it as far as it got and follows it to its end.
import { CalendarCheck, type LucideIcon, PenLine, Radar, Search, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type Message, WOLFEBOT_STARTERS, wolfebotMessages } from '../../../shared/wolfebot.ts';
import { Card } from '../../components/ui/card.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { useConversation, useConversations, useCreateConversation, useWolfebotStatus } from './api.ts';
import { Composer } from './composer.tsx';
import { ConversationList, conversationHref, StarterButton } from './conversation-list.tsx';
import { mergeMessages } from './local-answer.ts';
import { AssistantBubble, AssistantMessage, UserMessage } from './message-view.tsx';
import { forgetOpenConversation, recallOpenConversation, rememberOpenConversation } from './open-conversation.ts';
import { useAnswers } from './use-answers.ts';

const FEATURES: { icon: LucideIcon; title: string; blurb: string }[] = [
  {
    icon: Search,
    title: 'Account research on demand',
    blurb:
      'Ask about any company and get a short briefing from your library and its latest news before you reach out, every fact with its source.',
  },
  {
    icon: CalendarCheck,
    title: 'Call preparation',
    blurb: 'Discovery questions, likely objections and talking points for your next meeting, ready in a minute.',
  },
  {
    icon: PenLine,
    title: 'A writing partner',
    blurb:
      'Turn an answer into a LinkedIn post draft, kept in your library for you to edit, and watch a company or request a report in one click.',
  },
  {
    icon: Radar,
    title: 'Answers from your alerts',
    blurb: 'Questions about the companies you already track in Sonar OS, answered from the alerts in your inbox.',
  },
];

export const LIST_LOAD_ERROR = 'Could not load your conversations.';
export const CONVERSATION_LOAD_ERROR = 'Could not load this conversation. Please try again.';
export const WELCOME_TEXT =
  'Hi! I am Wolfebot. Ask me to research an account, prepare a call or draft a follow-up. I answer from your library and fresh news, and every fact I state carries its source.';

export function WolfebotPage() {
  const status = useWolfebotStatus();
  const aiOff = status.data?.ai.configured === false ? status.data.ai : null;

  return (
    <div>
      <header>
        <p className="text-sm font-semibold text-brand-700">LinkedIn OS</p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Wolfebot Assistant</h1>
        </div>
        <p className="mt-2 max-w-3xl text-slate-600">
          Wolfebot is your sales assistant: one chat for researching accounts, preparing calls and drafting follow-ups and posts.
        </p>
      </header>

      {aiOff && (
        <div role="alert" className="mt-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
          <p>
            <strong className="font-semibold">Wolfebot cannot answer right now.</strong> {wolfebotMessages.aiOff} {aiOff.message}
          </p>
        </div>
      )}

      <Chat aiOff={aiOff !== null} />
      <Features />
    </div>
  );
}

function Chat({ aiOff }: { aiOff: boolean }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openId = params.get('conversation');
  const userId = useSession().data?.id;
  const list = useConversations();
  const { answers, ask } = useAnswers();
  const local = openId ? answers[openId] : undefined;
  const conversation = useConversation(openId, local !== undefined);
  const create = useCreateConversation();
  // A refusal belongs to the conversation it was asked in: another one opened does not show it.
  const [refusal, setRefusal] = useState<{ openId: string | null; message: string } | null>(null);
  const askError = refusal && refusal.openId === openId ? refusal.message : null;

  const notFound = openId !== null && isApiError(conversation.error, 'not_found');
  const shown = openId !== null && conversation.data?.conversation.id === openId ? conversation.data : undefined;

  // The conversation open last in this tab opens again when the page is opened without one.
  useEffect(() => {
    if (userId && shown) rememberOpenConversation(userId, shown.conversation.id);
  }, [userId, shown]);
  useEffect(() => {
    if (openId || !userId || !list.data) return;
    const last = recallOpenConversation(userId);
    if (last && list.data.conversations.some((c) => c.id === last)) navigate(conversationHref(last), { replace: true });
  }, [openId, userId, list.data, navigate]);
  useEffect(() => {
    if (notFound && userId) forgetOpenConversation(userId);
  }, [notFound, userId]);

  const messages = mergeMessages(shown?.messages ?? [], local);
  const answering = local !== undefined || messages.some((m) => m.status === 'streaming');

  /**
   * Asks `text` in the open conversation, or in a new one it opens; resolves with where it was asked
   * and the refusal's words (null when the question was taken).
   */
  const askIn = useCallback(
    async (text: string): Promise<{ openId: string | null; message: string | null }> => {
      setRefusal(null);
      let id = openId && !notFound ? openId : null;
      if (!id) {
        try {
          id = (await create.mutateAsync()).conversation.id;
        } catch (err) {
          return { openId: null, message: err instanceof Error ? err.message : String(err) };
        }
        navigate(conversationHref(id));
      }
      const refused = await ask(id, text);
      return { openId: id, message: refused?.message ?? null };
    },
    [openId, notFound, create, navigate, ask],
  );
  // The composer shows its own refusals; a starter's or a retry's show above it.
  const send = async (text: string) => (await askIn(text)).message;
  const sendShowingError = (text: string) =>
    void askIn(text).then((outcome) => {
      if (outcome.message) setRefusal({ openId: outcome.openId, message: outcome.message });
    });

  const startNew = () => {
    if (userId) forgetOpenConversation(userId);
    navigate('/wolfebot');
  };
  const onDeleted = (id: string) => {
    if (id === openId) startNew();
  };

  const canAsk = !aiOff && !answering;
  const listHasStarters = list.data?.conversations.length === 0;
  const title = notFound
    ? 'Conversation not found'
    : (shown?.conversation.title ?? (openId ? 'Conversation' : wolfebotMessages.newConversation));

  return (
    // Card's look without its padding: the chat list runs to the panel's edges.
    <div className="mt-6 grid grid-cols-1 overflow-hidden rounded-2xl border border-slate-200 bg-white/90 shadow-sm md:grid-cols-[18rem_minmax(0,1fr)]">
      <ConversationList
        conversations={list.data?.conversations}
        loading={list.isPending}
        loadError={list.isError ? LIST_LOAD_ERROR : null}
        onRetryLoad={() => void list.refetch()}
        openId={openId}
        onStarter={aiOff ? undefined : sendShowingError}
        onNew={startNew}
        onDeleted={onDeleted}
      />

      <section aria-label="Chat" className="flex min-h-80 min-w-0 flex-col p-4 sm:p-6">
        <h2 className="truncate text-base font-semibold text-slate-900">{title}</h2>
        {notFound ? (
          <div className="mt-4 flex-1">
            <p role="alert" className="text-sm text-slate-700">
              {conversation.error?.message}
            </p>
            <button
              type="button"
              onClick={startNew}
              className="mt-3 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              Start a new conversation
            </button>
          </div>
        ) : openId && conversation.isError && !shown ? (
          <div className="mt-4 flex-1">
            <p role="alert" className="text-sm text-red-800">
              {CONVERSATION_LOAD_ERROR}
            </p>
            <button
              type="button"
              onClick={() => void conversation.refetch()}
              className="mt-3 text-sm font-semibold text-brand-700 underline underline-offset-2"
            >
              Try again
            </button>
          </div>
        ) : openId && !shown && !local ? (
          <p className="mt-4 flex-1 text-sm text-slate-500">Loading the conversation…</p>
        ) : (
          <Messages
            messages={messages}
            conversationTitle={shown?.conversation.title ?? ''}
            starters={!listHasStarters && list.data !== undefined}
            onStarter={aiOff || answering ? undefined : sendShowingError}
            onRetry={canAsk ? sendShowingError : undefined}
          />
        )}
        {askError && (
          <p role="alert" className="mt-4 text-sm text-red-800">
            {askError}
          </p>
        )}
        {!notFound && (
          <Composer
            onSend={send}
            disabled={aiOff}
            disabledText="Wolfebot needs an AI provider to answer."
            busy={answering || create.isPending}
          />
        )}
      </section>
    </div>
  );
}

type MessagesProps = {
  messages: Message[];
  conversationTitle: string;
  /** The starters are offered here too (the list shows conversations, not starters). */
  starters: boolean;
  onStarter?: (text: string) => void;
  /** Asks a question again (a failed answer's 'Try again'); absent while that cannot be done. */
  onRetry?: (text: string) => void;
};

/** How close to the bottom (px) the reader counts as following the conversation as it grows. */
const FOLLOW_SLACK_PX = 80;

function Messages({ messages, conversationTitle, starters, onStarter, onRetry }: MessagesProps) {
  const startersId = useId();
  const box = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  const last = messages.at(-1);
  const growth = `${messages.length}:${last?.text.length ?? 0}:${last?.status ?? ''}`;

  // A reader at the bottom stays there as the answer grows; one who scrolled up is left alone.
  useLayoutEffect(() => {
    const el = box.current;
    if (el && following.current && growth) el.scrollTop = el.scrollHeight;
  }, [growth]);

  return (
    <div className="mt-4 flex flex-1 flex-col">
      <ol
        ref={box}
        aria-label="Messages"
        onScroll={(event) => {
          const el = event.currentTarget;
          following.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_SLACK_PX;
        }}
        className="max-h-[60vh] space-y-4 overflow-y-auto pr-1"
      >
        {messages.length === 0 && (
          <AssistantBubble>
            <p>{WELCOME_TEXT}</p>
          </AssistantBubble>
        )}
        {messages.map((message, index) => {
          if (message.role === 'user') return <UserMessage key={message.id} message={message} />;
          const question = messages[index - 1]?.role === 'user' ? messages[index - 1]!.text : null;
          return (
            <AssistantMessage
              key={message.id}
              message={message}
              conversationTitle={conversationTitle}
              onRetry={onRetry && question && message.status === 'failed' ? () => onRetry(question) : undefined}
            />
          );
        })}
      </ol>
      {messages.length === 0 && starters && (
        <div className="mt-4">
          <h3 id={startersId} className="text-xs font-semibold text-slate-600">
            Start with one of these
          </h3>
          <ul aria-labelledby={startersId} className="mt-2 grid gap-1 sm:grid-cols-2">
            {WOLFEBOT_STARTERS.map((starter) => (
              <li key={starter}>
                <StarterButton text={starter} onStart={onStarter} className="border border-slate-200 bg-white" />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function Features() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-8">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        What Wolfebot does
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {FEATURES.map(({ icon: Icon, title, blurb }) => (
          <li key={title}>
            <Card className="h-full">
              <Icon aria-hidden="true" className="size-6 text-brand-700" />
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{blurb}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
