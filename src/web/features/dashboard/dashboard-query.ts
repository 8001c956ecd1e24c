// The dashboard's one query, apart from the page so the app can start it with the page's code on a
// first visit to /homepage (app.tsx), not after it.
import { queryOptions } from '@tanstack/react-query';
import type { DashboardSummary } from '../../../shared/dashboard.ts';
import { api } from '../../lib/api-client.ts';
import { liveTables } from '../../lib/live-updates.ts';

export const dashboardKey = ['dashboard'] as const;

/** Refreshed live by any change to a table it reads. */
export const dashboardQuery = queryOptions({
  queryKey: dashboardKey,
  queryFn: ({ signal }) => api<DashboardSummary>('/api/dashboard', { signal }),
  meta: liveTables(
    'sonar_alerts',
    'sonar_results',
    'newsletter_alerts',
    'newsletter_results',
    'earnings_tracking',
    'earnings_tracking_results',
    'feature_interest',
  ),
});
