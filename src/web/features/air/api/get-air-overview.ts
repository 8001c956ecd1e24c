// GET /api/air: the credits, whether AI is configured, the user's reports and the solution text to
// prefill. Live: any change to the user's air_reports (a report started, a step done, a credit used)
// or profile (where the solution text comes from) refetches it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AirOverview, AirReportDetail, AirReportSummary } from '../../../../shared/air.ts';
import { api } from '../../../lib/api-client.ts';
import { liveTables } from '../../../lib/live-updates.ts';

export const airOverviewKey = ['air', 'overview'] as const;

export const airOverviewQuery = queryOptions({
  queryKey: airOverviewKey,
  queryFn: ({ signal }) => api<AirOverview>('/api/air', { signal }),
  meta: liveTables('air_reports', 'users'),
});

export const useAirOverview = () => useQuery(airOverviewQuery);

/** The list row of a report the server answered with. */
export const reportSummary = ({ id, website, companyName, status, createdAt, finishedAt }: AirReportDetail): AirReportSummary => ({
  id,
  website,
  companyName,
  status,
  createdAt,
  finishedAt,
});

/** `overview` with `report`'s row in place, or first (the list is newest first). */
export function withReport(overview: AirOverview, report: AirReportDetail): AirOverview {
  const row = reportSummary(report);
  const known = overview.reports.some((r) => r.id === row.id);
  return { ...overview, reports: known ? overview.reports.map((r) => (r.id === row.id ? row : r)) : [row, ...overview.reports] };
}
