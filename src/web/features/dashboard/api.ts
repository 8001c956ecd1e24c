// The dashboard's data: one query for the whole page, refreshed live by any change to a table it
// reads, and the feature-interest toggle, whose answer goes into that query (lib/save-into-cache.ts).
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type DashboardSummary,
  type FeatureOfInterest,
  featureInterestMessages,
  type InterestsResponse,
} from '../../../shared/dashboard.ts';
import { api } from '../../lib/api-client.ts';
import { useSaveIntoCache } from '../../lib/save-into-cache.ts';
import { toast } from '../../lib/toast.tsx';
import { dashboardKey, dashboardQuery } from './dashboard-query.ts';

export function useDashboard() {
  return useQuery(dashboardQuery);
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
