// An alert's "As it happens" setting (/api/triggers, issue 31) as TanStack Query hooks for the alert
// cards' box (components/alert-triggers.tsx). The query follows live changes to its table, so a
// change saved in another tab shows without a reload.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TriggerAlertType, TriggerSubscription } from '../../shared/triggers.ts';
import { api } from './api-client.ts';
import { liveTables } from './live-updates.ts';

const path = (type: TriggerAlertType, id: string) => `/api/triggers/alerts/${type}/${encodeURIComponent(id)}`;
const subscriptionKey = (type: TriggerAlertType, id: string) => ['triggers', 'alert', type, id] as const;

export function useTriggerSubscription(type: TriggerAlertType, id: string) {
  return useQuery({
    queryKey: subscriptionKey(type, id),
    queryFn: () => api<{ subscription: TriggerSubscription }>(path(type, id)),
    select: (answer) => answer.subscription,
    meta: liveTables('trigger_subscriptions'),
  });
}

export function useSaveTriggerSubscription(type: TriggerAlertType, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscription: TriggerSubscription) =>
      api<{ subscription: TriggerSubscription }>(path(type, id), { method: 'PUT', body: subscription }),
    onSuccess: (answer) => client.setQueryData(subscriptionKey(type, id), answer),
  });
}
