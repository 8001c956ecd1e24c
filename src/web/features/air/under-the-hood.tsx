import { Building, FileText, type LucideIcon, MessagesSquare, Newspaper, Radio, Send, UserSearch, UsersRound } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';

type StepState = 'Active' | 'In Development';
type Step = { name: string; state: StepState; icon: LucideIcon; description: string };

/** The report's pipeline in the order it runs (spec 02 §2): six steps built, the last two not yet. */
const STEPS: Step[] = [
  {
    name: 'Company Enrichment',
    state: 'Active',
    icon: Building,
    description: 'Profiles the target account: size, industry, locations and technology in use.',
  },
  {
    name: 'News Intelligence',
    state: 'Active',
    icon: Newspaper,
    description: 'Finds recent funding, leadership changes, expansions and partnerships worth a conversation.',
  },
  {
    name: 'Social Listening',
    state: 'Active',
    icon: Radio,
    description: 'Reads what the company and its people post publicly on professional networks.',
  },
  {
    name: 'Persona Builder',
    state: 'Active',
    icon: UsersRound,
    description: 'Maps your buying centers to the roles that decide on, influence and use your solution.',
  },
  {
    name: 'Prospect Discovery',
    state: 'Active',
    icon: UserSearch,
    description: 'Finds people in those roles and keeps only prospects with a quality score of 0.80 or higher.',
  },
  {
    name: 'Outreach Strategy',
    state: 'Active',
    icon: MessagesSquare,
    description: "Suggests an opening angle for each prospect, based on the account's news and posts.",
  },
  {
    name: 'Report Builder',
    state: 'In Development',
    icon: FileText,
    description: 'Will assemble the findings and the prospect list into one readable report.',
  },
  {
    name: 'Instant Delivery',
    state: 'In Development',
    icon: Send,
    description: 'Will e-mail the finished report to you as soon as it is ready.',
  },
];

export function UnderTheHood() {
  return (
    <section aria-labelledby="air-pipeline-title" className="mt-10">
      <h2 id="air-pipeline-title" className="text-xl font-bold tracking-tight text-slate-900">
        Under the Hood
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Eight steps turn your input into a report. Steps marked Active are built; the report goes live once Report Builder and Instant
        Delivery are finished.
      </p>
      <ol aria-labelledby="air-pipeline-title" className="mt-5 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {STEPS.map((step, index) => (
          <li key={step.name}>
            <Card className="flex h-full flex-col p-5">
              <div className="flex items-start justify-between gap-3">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <step.icon aria-hidden="true" className="size-5" />
                </span>
                <StateBadge state={step.state} />
              </div>
              <h3 className="mt-4 font-semibold text-slate-900">
                <span className="mr-1.5 text-slate-500">{index + 1}.</span>
                {step.name}
              </h3>
              <p className="mt-1 text-sm text-slate-600">{step.description}</p>
            </Card>
          </li>
        ))}
      </ol>
    </section>
  );
}

function StateBadge({ state }: { state: StepState }) {
  const active = state === 'Active';
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold',
        active ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-100 text-amber-900',
      )}
    >
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', active ? 'bg-emerald-600' : 'bg-amber-600')} />
      {state}
    </span>
  );
}
