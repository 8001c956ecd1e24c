// /air/reports/:id: one Account Intelligence Report, followed live while its eight steps run (each
// step is announced as a change to air_reports), then shown in full. Its own lazy chunk.
import { ArrowLeft, CircleAlert, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { type AirReportDetail, airMessages, airStepNames } from '../../../shared/air.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ApiRequestError, isApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.tsx';
import { useAirReport } from './api/get-air-report.ts';
import { useRetryAirReport } from './api/retry-air-report.ts';
import { formatDay, websiteHost } from './format.ts';
import { ReportStatusBadge } from './report-status-badge.tsx';
import { ReportSteps } from './report-steps.tsx';
import { ReportView } from './report-view.tsx';

export const REPORT_LOAD_ERROR = 'Error loading the report';

export function AirReportPage() {
  const { id = '' } = useParams();
  const { data, error, refetch, isRefetching } = useAirReport(id);

  if (isApiError(error, 'not_found')) {
    return (
      <Frame>
        <Card>
          <h1 className="text-xl font-bold text-slate-900">{airMessages.notFound}</h1>
          <p className="mt-2 text-sm text-slate-600">
            It may have been removed, or the link is incomplete.{' '}
            <Link to="/air" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
              See your reports
            </Link>
            .
          </p>
        </Card>
      </Frame>
    );
  }
  if (!data) {
    if (error) {
      return (
        <Frame>
          <h1 className="sr-only">Account Intelligence Report</h1>
          <LoadError message={REPORT_LOAD_ERROR} retrying={isRefetching} onRetry={() => refetch()} />
        </Frame>
      );
    }
    return (
      <Frame>
        <ReportSkeleton />
      </Frame>
    );
  }
  return (
    <Frame>
      <ReportDetail detail={data.report} />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-6">
      <Link to="/air" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All reports
      </Link>
      {children}
    </div>
  );
}

function ReportSkeleton() {
  const block = 'animate-pulse rounded-2xl bg-slate-200/70';
  return (
    <output aria-label="Loading report" className="block space-y-6">
      <div className={`h-20 ${block}`} />
      <div className={`h-72 ${block}`} />
      <div className={`h-48 ${block}`} />
    </output>
  );
}

function ReportDetail({ detail }: { detail: AirReportDetail }) {
  const host = websiteHost(detail.website);
  return (
    <>
      <header>
        <p className="text-sm font-semibold text-brand-700">Account Intelligence Report</p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">{detail.companyName ?? host}</h1>
          <ReportStatusBadge status={detail.status} />
        </div>
        <p className="mt-2 text-sm text-slate-600">
          <ExternalLink url={detail.website}>{host}</ExternalLink>
          {' · '}Requested {formatDay(detail.createdAt)}
          {detail.finishedAt && ` · Finished ${formatDay(detail.finishedAt)}`}
        </p>
        {detail.emailedTo && <p className="mt-1 text-sm text-slate-600">E-mailed to {detail.emailedTo}</p>}
        <details className="mt-3 max-w-3xl text-sm">
          <summary className="cursor-pointer font-medium text-slate-700">Your solution & buying centers</summary>
          <p className="mt-2 break-words whitespace-pre-wrap text-slate-700">{detail.solution}</p>
        </details>
      </header>

      <section aria-labelledby="air-progress-title">
        <Card>
          <h2 id="air-progress-title" className="text-lg font-semibold text-slate-900">
            Progress
          </h2>
          {(detail.status === 'queued' || detail.status === 'running') && (
            <p className="mt-1 text-sm text-slate-600">
              You can leave this page: the report keeps building, is e-mailed to you when it is ready, and stays under Your reports.
            </p>
          )}
          <div className="mt-4">
            <ReportSteps steps={detail.steps} />
          </div>
          {detail.status === 'failed' && detail.failure && <Failure detail={detail} failure={detail.failure} />}
        </Card>
      </section>

      {detail.report ? (
        <ReportView report={detail.report} />
      ) : (
        detail.status !== 'failed' && <p className="text-sm text-slate-600">The report appears here once its steps are done.</p>
      )}
    </>
  );
}

const sentenceEnd = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

function Failure({ detail, failure }: { detail: AirReportDetail; failure: NonNullable<AirReportDetail['failure']> }) {
  const retry = useRetryAirReport(detail.id);
  return (
    <div className="mt-5 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-950">
      <p role="alert" className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
        <span>
          {/* "<Step name>: <plain reason>" (the server words the reason; never a socket error or an address). */}
          <strong className="font-semibold">Stopped at {airStepNames[failure.step]}:</strong> {sentenceEnd(failure.message)}
        </span>
      </p>
      <Button
        className="mt-3"
        variant="secondary"
        busy={retry.isPending}
        onClick={() =>
          retry.mutate(undefined, {
            onError: (err) => {
              const title = isApiError(err, 'no_credits')
                ? 'No credits left'
                : isApiError(err, 'air_daily_limit')
                  ? airMessages.dailyLimitTitle
                  : isApiError(err, 'cannot_retry')
                    ? 'Cannot retry'
                    : 'Could not retry the report';
              toast.error(err instanceof ApiRequestError && err.title ? err.title : title, { description: err.message });
            },
          })
        }
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        Retry
      </Button>
      <p className="mt-2 text-xs text-red-900">A retry resumes from {airStepNames[failure.step]}.</p>
    </div>
  );
}
