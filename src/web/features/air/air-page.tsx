import { Coins, Plug, RefreshCw, Target, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { AirCredits, AirOverview, AirReportSummary } from '../../../shared/air.ts';
import { LoadError } from '../../components/load-error.tsx';
import { Card } from '../../components/ui/card.tsx';
import { AirRequestForm } from './air-request-form.tsx';
import { useAirOverview } from './api/get-air-overview.ts';
import { formatDay, formatRefreshDate, websiteHost } from './format.ts';
import { ReportStatusBadge } from './report-status-badge.tsx';
import { UnderTheHood } from './under-the-hood.tsx';

export const AIR_LOAD_ERROR = 'Error loading your Account Intelligence Reports';
export const NO_REPORTS_TEXT =
  'No reports yet. Request one above: it shows here while it is built, and arrives in your inbox when it is ready.';

/** /air: the Account Intelligence Report (spec 02 §2, §5, §9): credits, the request, the user's reports. */
export function AirPage() {
  const { data: overview, isError, refetch, isRefetching } = useAirOverview();
  return (
    <div>
      <header>
        <p className="text-sm font-semibold text-brand-700">Prospect OS</p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Account Intelligence Report</h1>
          <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">Beta</span>
        </div>
        <p className="mt-2 max-w-3xl text-slate-600">
          Name an account and describe what you sell: AIR researches the company and finds the people most likely to buy from you.
        </p>
      </header>

      {overview && !overview.ai.configured && (
        <div role="alert" className="mt-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
          <p>
            <strong className="font-semibold">AIR cannot start reports right now.</strong> {overview.ai.message}
          </p>
        </div>
      )}
      {!overview && isError && <LoadError className="mt-6" message={AIR_LOAD_ERROR} retrying={isRefetching} onRetry={() => refetch()} />}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <AirRequestForm overview={overview} />
        </Card>
        <div className="grid content-start gap-6 sm:grid-cols-2 lg:grid-cols-1">
          <Credits credits={overview?.credits} />
          <ReportPromise />
        </div>
      </div>

      <YourReports overview={overview} />

      <UnderTheHood />
    </div>
  );
}

function Credits({ credits }: { credits: AirCredits | undefined }) {
  return (
    <section aria-labelledby="air-credits-title">
      <Card className="h-full">
        <h2 id="air-credits-title" className="flex items-center gap-2 text-sm font-semibold text-slate-700">
          <Coins aria-hidden="true" className="size-4 text-brand-700" />
          Your credits
        </h2>
        {credits ? (
          <>
            <p className="mt-2">
              <span className="text-4xl font-black text-slate-900">{credits.remaining}</span>{' '}
              <span className="text-sm text-slate-600">credit{credits.remaining === 1 ? '' : 's'} available</span>
            </p>
            <p className="text-sm text-slate-600">of {credits.limit} this month</p>
          </>
        ) : (
          <p className="mt-2 h-14 w-32 animate-pulse rounded-lg bg-slate-200/70">
            <span className="sr-only">Loading your credits</span>
          </p>
        )}
        <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-600">
          <RefreshCw aria-hidden="true" className="size-3.5" />
          Credit Refresh: 1st of the month
        </p>
        {credits && credits.remaining <= 0 && (
          <p className="mt-1 text-sm font-medium text-amber-800">Your credits return on {formatRefreshDate(credits.refreshesOn)}.</p>
        )}
      </Card>
    </section>
  );
}

function ReportPromise() {
  return (
    <section aria-labelledby="air-promise-title">
      <div className="h-full rounded-2xl bg-brand-900 p-6 text-white shadow-sm">
        <h2 id="air-promise-title" className="text-sm font-semibold text-brand-100">
          Every report is built to deliver
        </h2>
        <ul className="mt-4 space-y-4">
          <li className="flex gap-3">
            <Target aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-100" />
            <p>
              <span className="block font-bold">20 ICP-matched prospects</span>
              <span className="text-sm text-brand-100">People at the account who fit your ideal customer profile.</span>
              <span className="mt-1 block text-xs text-brand-100">Up to 20, and only people named in public sources: never invented.</span>
            </p>
          </li>
          <li className="flex gap-3">
            <Plug aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-100" />
            <p>
              <span className="block font-bold">15+ APIs</span>
              <span className="text-sm text-brand-100">Company, news and social data sources combined in one report.</span>
            </p>
          </li>
        </ul>
      </div>
    </section>
  );
}

function YourReports({ overview }: { overview: AirOverview | undefined }) {
  return (
    <section aria-labelledby="air-reports-title" className="mt-10">
      <h2 id="air-reports-title" className="text-xl font-bold tracking-tight text-slate-900">
        Your reports
      </h2>
      <Card className="mt-4 p-0">
        {!overview ? (
          <p className="p-6 text-sm text-slate-600">Loading your reports...</p>
        ) : overview.reports.length === 0 ? (
          <p className="p-6 text-sm text-slate-600">{NO_REPORTS_TEXT}</p>
        ) : (
          <ul aria-labelledby="air-reports-title" className="divide-y divide-slate-100">
            {overview.reports.map((report) => (
              <ReportRow key={report.id} report={report} />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}

function ReportRow({ report }: { report: AirReportSummary }) {
  const host = websiteHost(report.website);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 px-6 py-4">
      <div className="min-w-0">
        <Link
          to={`/air/reports/${encodeURIComponent(report.id)}`}
          className="font-semibold break-words text-brand-700 underline-offset-2 hover:underline"
        >
          {report.companyName ?? host}
        </Link>
        <p className="text-sm break-words text-slate-600">
          {report.companyName ? `${host} · ` : ''}
          {formatDay(report.createdAt)}
        </p>
      </div>
      <ReportStatusBadge status={report.status} />
    </li>
  );
}
