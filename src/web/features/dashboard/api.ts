// The dashboard's data: one query for the whole page, refreshed live by any change to a table it
// reads, and the feature-interest toggle, whose answer goes into that query (lib/save-into-cache.ts).
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  type DashboardSummary,
  type FeatureOfInterest,
  featureInterestMessages,
  type InterestsResponse,
} from '../../../shared/dashboard.ts';
import { api } from '../../lib/api-client.ts';
import { liveTables } from '../../lib/live-updates.ts';
import { useSaveIntoCache } from '../../lib/save-into-cache.ts';

const dashboardKey = ['dashboard'] as const;

export function useDashboard() {
  return useQuery({
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
}

type InterestChange = { feature: FeatureOfInterest; registered: boolean };

export function useInterestToggle() {
  const cache = useSaveIntoCache(dashboardKey, (summary: DashboardSummary, { interests }: InterestsResponse) => ({
    ...summary,
    interests,
  }));
  return useMutation({
    mutationFn: ({ feature, registered }: InterestChange) =>
      api<InterestsResponse>(`/api/dashboard/interests/${feature}`, { method: 'PUT', body: { registered } }),
    onMutate: cache.onMutate,
    onSuccess: (answer, change, sentAfter) => {
      cache.onSuccess(answer, change, sentAfter);
      toast.success(change.registered ? featureInterestMessages.registered : featureInterestMessages.cancelled);
    },
    onError: () => toast.error(featureInterestMessages.failedTitle, { description: featureInterestMessages.failed }),
  });
}
