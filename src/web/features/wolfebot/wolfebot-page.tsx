// /wolfebot: the assistant placeholder (spec 02 §2 "Assistant placeholder"). A coming-soon page that
// shows what the assistant will look like (a chat list of 8 disabled items, a disabled composer) and
// what it will do, without pretending any of it works yet.
import { Bot, CalendarCheck, Info, type LucideIcon, MessageSquare, PenLine, Radar, Search, Send } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

/** Example conversations: what a seller would ask, not anyone's real history. */
const SAMPLE_CHATS = [
  'Prep for Acme discovery call',
  'Follow-up after the Northwind demo',
  'Pricing objection from Globex',
  'Research: Initech’s new CFO',
  'LinkedIn post ideas for this week',
  'Renewal talking points for Contoso',
  'Q3 pipeline review notes',
  'Cold outreach to Fabrikam ops leaders',
] as const;

const FEATURES: { icon: LucideIcon; title: string; blurb: string }[] = [
  {
    icon: Search,
    title: 'Account research on demand',
    blurb: 'Ask about any company and get a short briefing on its news, priorities and people before you reach out.',
  },
  {
    icon: CalendarCheck,
    title: 'Call preparation',
    blurb: 'Discovery questions, likely objections and talking points for your next meeting, ready in a minute.',
  },
  {
    icon: PenLine,
    title: 'A writing partner',
    blurb: 'Follow-up emails and LinkedIn posts drafted in your voice, building on what you create in Content OS.',
  },
  {
    icon: Radar,
    title: 'Answers from your alerts',
    blurb: 'Questions about the companies you already track in Sonar OS, answered from the alerts in your inbox.',
  },
];

export function WolfebotPage() {
  return (
    <div>
      <header>
        <p className="text-sm font-semibold text-brand-700">LinkedIn OS</p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Wolfebot Assistant</h1>
          <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">Coming Soon</span>
        </div>
        <p className="mt-2 max-w-3xl text-slate-600">
          Wolfebot will be your sales assistant: one chat for researching accounts, preparing calls and drafting follow-ups and posts.
        </p>
      </header>

      <div role="note" className="mt-6 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
        <p>
          <strong className="font-semibold">Wolfebot is not available yet.</strong> The conversations below are examples of what you will be
          able to ask. To hear when it launches, turn on "Notify me when available" on{' '}
          <Link to="/homepage" className="font-semibold underline underline-offset-2 hover:text-amber-800">
            Home
          </Link>
          .
        </p>
      </div>

      <ChatPreview />
      <Features />
    </div>
  );
}

function ChatPreview() {
  const listTitleId = useId();
  const inputId = useId();
  return (
    // Card's look without its padding: the chat list runs to the panel's edges.
    <div className="mt-6 grid grid-cols-1 overflow-hidden rounded-2xl border border-slate-200 bg-white/90 shadow-sm md:grid-cols-[18rem_minmax(0,1fr)]">
      <div className="border-b border-slate-200 bg-slate-50 p-4 md:border-r md:border-b-0">
        <h2 id={listTitleId} className="flex items-center gap-2 text-sm font-semibold text-slate-700">
          <MessageSquare aria-hidden="true" className="size-4 text-brand-700" />
          Conversations
        </h2>
        <ul aria-labelledby={listTitleId} className="mt-3 space-y-1">
          {SAMPLE_CHATS.map((title) => (
            <li key={title}>
              <button
                type="button"
                disabled
                className="w-full cursor-not-allowed rounded-lg px-3 py-2 text-left text-sm leading-snug text-slate-600 disabled:opacity-70"
              >
                {title}
              </button>
            </li>
          ))}
        </ul>
      </div>

      <section aria-label="Chat preview" className="flex min-h-80 flex-col p-4 sm:p-6">
        <div className="flex flex-1 items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <Bot aria-hidden="true" className="size-5" />
          </span>
          <p className="max-w-prose rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3 text-sm text-slate-700">
            Hi! I am Wolfebot. Soon you will be able to ask me to research an account, prepare a call or draft a follow-up. I am still in
            training, so chatting opens at launch.
          </p>
        </div>
        <div className="mt-6 flex items-center gap-2">
          <label htmlFor={inputId} className="sr-only">
            Message Wolfebot
          </label>
          <input
            id={inputId}
            type="text"
            disabled
            placeholder="Chat is coming soon"
            className="min-w-0 flex-1 cursor-not-allowed rounded-lg border border-slate-300 bg-slate-100 px-3 py-2 text-sm text-slate-500 placeholder:text-slate-500"
          />
          <Button disabled>
            <Send aria-hidden="true" className="size-4" />
            Send
          </Button>
        </div>
      </section>
    </div>
  );
}

function Features() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-8">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        What Wolfebot will do
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
