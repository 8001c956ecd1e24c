// What Wolfebot suggests doing (issue 27 §3): each suggestion is a button, and nothing happens until
// the user presses it. Each goes through the same API, limits, credits and validation as the
// feature's own page, and answers with that page's words: a news alert (POST /api/news-alerts), an
// Account Intelligence Report (POST /api/air/reports, with the solution text the AIR form prefills
// from the profile, shown and editable before it uses a credit), a LinkedIn draft kept in the
// library (POST /api/library/drafts: the Content OS screen has no way to be handed a draft's text).
import { useMutation, useQuery } from '@tanstack/react-query';
import { BellPlus, BookmarkPlus, Copy, FileSearch, Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AIR_SOLUTION_MIN_CHARS, type AirOverview, type AirReportDetail, airRequestSchema, normaliseWebsite } from '../../../shared/air.ts';
import { libraryMessages } from '../../../shared/library.ts';
import { DEFAULT_DELIVERY_HOUR, type NewsAlert, newsAlertFormSchema, newsAlertMessages } from '../../../shared/news-alerts.ts';
import { hourLabel, type Weekday } from '../../../shared/sonar.ts';
import type { WolfebotAction } from '../../../shared/wolfebot.ts';
import { Button } from '../../components/ui/button.tsx';
import { ApiRequestError, api, isApiError } from '../../lib/api-client.ts';
import { validate } from '../../lib/form.ts';
import { liveTables } from '../../lib/live-updates.ts';
import { withoutMarkers } from './answer-text.ts';

/** A refusal as the feature's page shows it: its title, and the server's words. */
type Problem = { title: string; message: string };

const problemOf = (err: unknown, fallbackTitle: string): Problem => ({
  title: err instanceof ApiRequestError && err.title ? err.title : fallbackTitle,
  message: err instanceof Error ? err.message : String(err),
});

export function ActionList({ actions, conversationTitle }: { actions: readonly WolfebotAction[]; conversationTitle: string }) {
  return (
    <ul aria-label="Suggested actions" className="mt-3 space-y-3">
      {actions.map((action, index) => (
        // The actions of one message never change: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a stored message's actions are fixed.
        <li key={index} className="rounded-xl border border-brand-100 bg-brand-50/60 p-3 text-sm text-slate-800">
          {action.type === 'watch_company' ? (
            <WatchCompany company={action.company} />
          ) : action.type === 'air_report' ? (
            <AirReport website={action.website} />
          ) : (
            <LinkedinDraft text={action.text} conversationTitle={conversationTitle} />
          )}
        </li>
      ))}
    </ul>
  );
}

function ProblemNote({ problem }: { problem: Problem }) {
  return (
    <p role="alert" className="mt-2 text-red-800">
      <strong className="font-semibold">{problem.title}</strong> {problem.message}
    </p>
  );
}

function Done({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="mt-2 text-emerald-800">
      {children}
    </p>
  );
}

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

// ── Watch a company: a news alert ──────────────────────────────────────────────────────────────

const WEEKDAYS_ONLY: Weekday[] = ['MON', 'TUE', 'WED', 'THU', 'FRI'];

/** The alert "watch X for me" creates: on, weekdays at the page's default hour, to the default address. */
export const watchAlertDraft = (company: string) => ({
  active: true,
  companyName: company,
  keywords: '',
  deliveryDays: WEEKDAYS_ONLY,
  deliveryHour: DEFAULT_DELIVERY_HOUR,
  notificationEmail: '',
});

function WatchCompany({ company }: { company: string }) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const create = useMutation({
    mutationFn: (draft: ReturnType<typeof watchAlertDraft>) =>
      api<{ alert: NewsAlert }>('/api/news-alerts', { method: 'POST', body: draft }),
  });
  const created = create.data?.alert;

  function run() {
    setProblem(null);
    const draft = watchAlertDraft(company);
    const checked = validate(newsAlertFormSchema, draft);
    if (checked.errors) {
      setProblem({ title: newsAlertMessages.cannotSave, message: Object.values(checked.errors)[0] ?? '' });
      return;
    }
    create.mutate(draft, { onError: (err) => setProblem(problemOf(err, newsAlertMessages.createFailed)) });
  }

  return (
    <div>
      <p className="text-slate-700">
        A news alert for <strong className="font-semibold">{company}</strong>, on weekdays at {hourLabel(DEFAULT_DELIVERY_HOUR)} (New York
        time), to your default address. You can change it on News Alerts.
      </p>
      {created ? (
        <Done>
          {newsAlertMessages.created}{' '}
          <Link to="/sonar-os/news" className={linkClass}>
            Open News Alerts
          </Link>
        </Done>
      ) : (
        <Button className="mt-2" variant="secondary" busy={create.isPending} onClick={run}>
          <BellPlus aria-hidden="true" className="size-4" />
          Create news alert for {company}
        </Button>
      )}
      {problem && <ProblemNote problem={problem} />}
    </div>
  );
}

// ── An Account Intelligence Report ───────────────────────────────────────────────────────────

function AirReport({ website }: { website: string }) {
  const [open, setOpen] = useState(false);
  const address = normaliseWebsite(website) ?? website;
  return (
    <div>
      <p className="text-slate-700">
        An Account Intelligence Report on <strong className="font-semibold">{address}</strong>, e-mailed to you when it is ready.
      </p>
      {open ? (
        <AirReportForm website={website} />
      ) : (
        <Button className="mt-2" variant="secondary" onClick={() => setOpen(true)}>
          <FileSearch aria-hidden="true" className="size-4" />
          Set up the report
        </Button>
      )}
    </div>
  );
}

/** '2026-07-01' as 'July 1, 2026' (a calendar day, the same wherever the reader is), as the AIR page shows it. */
function refreshDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Why 'Email me the report' is disabled (or what it costs), in the AIR page's words. */
function requirement(overview: AirOverview | undefined, solutionOk: boolean): string {
  if (!overview) return 'Loading your credits...';
  if (!overview.ai.configured) return `Reports cannot start until AI is configured. ${overview.ai.message}`;
  if (overview.credits.remaining <= 0) {
    return `No credits left this month. Your credits return on ${refreshDate(overview.credits.refreshesOn)}.`;
  }
  if (!solutionOk) return `Describe your solution and buying centers in at least ${AIR_SOLUTION_MIN_CHARS} characters to continue.`;
  const { remaining } = overview.credits;
  return `This uses 1 of your ${remaining} remaining credit${remaining === 1 ? '' : 's'}.`;
}

function AirReportForm({ website }: { website: string }) {
  const ids = { solution: useId(), requirement: useId() };
  // The same overview the AIR page reads: credits, whether AI is configured, the profile's solution text.
  const overview = useQuery({
    queryKey: ['wolfebot', 'air-overview'],
    queryFn: ({ signal }) => api<AirOverview>('/api/air', { signal }),
    meta: liveTables('air_reports', 'users'),
  });
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const start = useMutation({
    mutationFn: (request: { website: string; solution: string }) =>
      api<{ report: AirReportDetail }>('/api/air/reports', { method: 'POST', body: request }),
  });
  const solution = typed ?? overview.data?.solutionDraft ?? '';
  const solutionOk = solution.trim().length >= AIR_SOLUTION_MIN_CHARS;
  const data = overview.data;
  const canStart = !!data && data.ai.configured && data.credits.remaining > 0 && solutionOk;
  const report = start.data?.report;

  if (report) {
    return (
      <Done>
        Report started. It is e-mailed to you when it is ready.{' '}
        <Link to={`/air/reports/${encodeURIComponent(report.id)}`} className={linkClass}>
          Follow the report
        </Link>
      </Done>
    );
  }

  function run() {
    setProblem(null);
    const checked = validate(airRequestSchema, { website, solution });
    if (checked.errors) {
      setProblem({ title: 'Could not start the report', message: Object.values(checked.errors)[0] ?? '' });
      return;
    }
    start.mutate(checked.data, {
      onError: (err) => {
        const title = isApiError(err, 'no_credits') ? 'No credits left' : 'Could not start the report';
        setProblem(problemOf(err, title));
        void overview.refetch();
      },
    });
  }

  return (
    <div className="mt-2 space-y-2">
      {overview.isError && !data && (
        <p role="alert" className="text-red-800">
          Could not load your credits. {overview.error.message}
        </p>
      )}
      <label htmlFor={ids.solution} className="block font-medium text-slate-800">
        Solution & Buying Centers
      </label>
      <textarea
        id={ids.solution}
        value={solution}
        onChange={(event) => setTyped(event.target.value)}
        aria-describedby={ids.requirement}
        className="block min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
      <p id={ids.requirement} className="text-xs text-slate-600">
        {requirement(data, solutionOk)}
      </p>
      <Button variant="secondary" disabled={!canStart} busy={start.isPending} onClick={run}>
        <Mail aria-hidden="true" className="size-4" />
        Email me the report
      </Button>
      {problem && <ProblemNote problem={problem} />}
    </div>
  );
}

// ── A LinkedIn post draft ────────────────────────────────────────────────────────────────────

export const DRAFT_UNAVAILABLE = 'Keeping drafts is not available on this server yet. Copy the text instead.';
export const KEEP_DRAFT_FAILED = 'Could not keep the draft';

/** The draft's title: the conversation's name, within the library's title limit. */
export const draftTitleFor = (conversationTitle: string) => `LinkedIn post: ${conversationTitle}`.slice(0, 200);

function LinkedinDraft({ text, conversationTitle }: { text: string; conversationTitle: string }) {
  const draft = withoutMarkers(text);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [copied, setCopied] = useState(false);
  const keep = useMutation({
    mutationFn: () =>
      api<{ id: string }>('/api/library/drafts', { method: 'POST', body: { title: draftTitleFor(conversationTitle), text: draft } }),
  });

  function run() {
    setProblem(null);
    keep.mutate(undefined, {
      // A server without the library's drafts answers 404 at this path: say so, and keep Copy.
      onError: (err) =>
        setProblem(
          err instanceof ApiRequestError && err.status === 404
            ? { title: KEEP_DRAFT_FAILED, message: DRAFT_UNAVAILABLE }
            : problemOf(err, KEEP_DRAFT_FAILED),
        ),
    });
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(draft);
      setCopied(true);
    } catch {
      setProblem({ title: 'Could not copy', message: 'Your browser did not allow copying. Select the text of the answer instead.' });
    }
  }

  return (
    <div>
      <p className="text-slate-700">The post starts from the answer above, without its source numbers; edit it before you post.</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {keep.data ? (
          <Done>
            <Link to={`/library/${encodeURIComponent(keep.data.id)}`} className={linkClass}>
              {libraryMessages.kept}
            </Link>
          </Done>
        ) : (
          <Button variant="secondary" busy={keep.isPending} onClick={run}>
            <BookmarkPlus aria-hidden="true" className="size-4" />
            Keep as a LinkedIn draft
          </Button>
        )}
        <Button variant="ghost" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {copied ? 'Copied' : 'Copy text'}
        </Button>
      </div>
      {problem && <ProblemNote problem={problem} />}
    </div>
  );
}
