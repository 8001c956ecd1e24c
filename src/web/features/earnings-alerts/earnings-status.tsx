import { ExternalLink } from 'lucide-react';
import {
  type EarningsAlertResult,
  type EarningsBadgeTone,
  earningsBadge,
  earningsDateSourceLine,
  earningsDateStatus,
  earningsDateStatusLabels,
  earningsMovedFrom,
  earningsSourceName,
  formatEarningsDate,
  verifiableUrl,
} from '../../../shared/earnings-alerts.ts';
import { cn } from '../../lib/cn.ts';

const toneClass: Record<EarningsBadgeTone, string> = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  yellow: 'bg-amber-100 text-amber-800 ring-amber-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  gray: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  blue: 'bg-sky-100 text-sky-800 ring-sky-600/20',
};

/** What the earnings checker found for an active, saved alert: date, how sure, and where from. */
export function EarningsStatus({ result }: { result: EarningsAlertResult | null }) {
  const badge = earningsBadge(result);
  const source = verifiableUrl(result?.sourceUrl);
  // Confirmed by the company or estimated, and who says so (issue 29 §2); none without a date.
  const dateStatus = result?.earningsDate ? earningsDateStatus(result.status) : null;
  const sourceName = earningsSourceName(result?.provider);
  const sourceLine = earningsDateSourceLine(result?.status, result?.provider);
  const movedFrom = result?.previousEarningsDate ? formatEarningsDate(result.previousEarningsDate) : null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-slate-50 px-4 py-3 text-sm">
      <p className="flex items-baseline gap-2">
        <span className="text-xs font-semibold uppercase tracking-wide text-slate-600">Next Earnings</span>
        <span className="font-semibold text-slate-900">{formatEarningsDate(result?.earningsDate)}</span>
      </p>
      <span
        data-tone={badge.tone}
        className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', toneClass[badge.tone])}
      >
        {badge.label}
      </span>
      {source && (
        <a
          href={source}
          target="_blank"
          rel="noopener noreferrer"
          className="ml-auto inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Verify
          <span className="sr-only"> (opens in a new tab)</span>
          <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
        </a>
      )}
      {dateStatus && (
        <p className="w-full text-xs text-slate-600" data-testid="earnings-date-status">
          <span className="font-semibold text-slate-800">{earningsDateStatusLabels[dateStatus]}</span>
          {sourceName && (
            <>
              {' · Source: '}
              {source ? (
                <a
                  href={source}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {sourceName}
                </a>
              ) : (
                sourceName
              )}
            </>
          )}
          {sourceLine && <span className="block text-slate-500">{sourceLine}</span>}
          {movedFrom && <span className="block text-slate-500">{earningsMovedFrom(movedFrom)}</span>}
        </p>
      )}
    </div>
  );
}
