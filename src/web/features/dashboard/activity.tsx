import { useId } from 'react';
import { Link } from 'react-router';
import { type DashboardSummary, dashboardMessages, type RecentScan } from '../../../shared/dashboard.ts';
import { Card } from '../../components/ui/card.tsx';
import { formatDuration, formatScanTime, monthTitle } from './format.ts';
import { StatList } from './stat-list.tsx';

/**
 * Found → delivered of the user's last 30 days (issue 31 §3), one line; none without a delivered
 * message, or from a server from before the figure (read defensively, as libraryItemOf).
 */
export function FreshnessLine({ freshness }: { freshness: DashboardSummary['freshness'] | undefined }) {
  if (!freshness) return null;
  return (
    <p className="mt-4 text-sm text-slate-600" data-testid="dashboard-freshness">
      {dashboardMessages.freshness(formatDuration(freshness.p50Seconds), formatDuration(freshness.p95Seconds), freshness.count)}
    </p>
  );
}

export function AllTimeActivity({
  allTime,
  freshness,
}: {
  allTime: DashboardSummary['allTime'];
  freshness?: DashboardSummary['freshness'] | undefined;
}) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-slate-900">
        All-Time Activity
      </h2>
      <StatList
        stats={[
          { label: 'News alerts sent', value: allTime.newsAlertsSent },
          { label: 'Newsletters sent', value: allTime.newslettersSent },
          { label: 'Earnings alerts sent', value: allTime.earningsAlertsSent },
        ]}
      />
      <FreshnessLine freshness={freshness} />
    </Card>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * The library item the scan's e-mail was kept as (issue 27), while it is in the library. Read
 * defensively: a server from before the library sends no such field.
 */
export const libraryItemOf = (scan: RecentScan): string | null => {
  const id = (scan as { libraryItemId?: unknown }).libraryItemId;
  return typeof id === 'string' && id !== '' ? id : null;
};

/** The scan's headline, opening what the e-mail said in the library when it is kept there. */
function Headline({ scan }: { scan: RecentScan }) {
  const id = libraryItemOf(scan);
  if (!id) return <>{scan.headline ?? '-'}</>;
  return (
    <Link to={`/library/${encodeURIComponent(id)}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
      {scan.headline ?? 'Open in library'}
    </Link>
  );
}

/** The last 30 days' scans, newest first, in a box of at most 400 px that scrolls under its header. */
export function RecentActivity({ recent }: { recent: DashboardSummary['recent'] }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-slate-900">
        Recent Activity
      </h2>
      {recent.length === 0 ? (
        <p className="text-slate-600">{dashboardMessages.noActivity}</p>
      ) : (
        // Focusable so that keyboard users can scroll it (a scrolling region must be reachable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container is made focusable on purpose
        <div tabIndex={0} className="max-h-[400px] overflow-y-auto rounded-lg border border-slate-200" data-testid="recent-activity-scroll">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Companies scanned in the last 30 days</caption>
            <thead className="sticky top-0 bg-slate-50 text-slate-700">
              <tr>
                {['Date', 'Company Scanned', 'Has News', 'Sent', 'Headline'].map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {recent.map((scan) => (
                <tr key={scan.id}>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-600">
                    <time dateTime={scan.processedAt}>{formatScanTime(scan.processedAt)}</time>
                  </td>
                  <td className="px-3 py-2 font-medium text-slate-900">{scan.companyName}</td>
                  <td className="px-3 py-2">{yesNo(scan.hasNews)}</td>
                  <td className="px-3 py-2">{yesNo(scan.sent)}</td>
                  <td className="px-3 py-2 text-slate-700">
                    <Headline scan={scan} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

export function PlatformActivity({ platform }: { platform: DashboardSummary['platform'] }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <p className="text-sm font-medium text-slate-500">Platform-wide this month</p>
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-slate-900">
        {monthTitle(platform.monthStart)}
      </h2>
      <StatList
        stats={[
          { label: 'Total Companies Monitored', value: platform.companiesMonitored },
          { label: 'Total Alerts Sent', value: platform.alertsSent },
        ]}
      />
    </Card>
  );
}
