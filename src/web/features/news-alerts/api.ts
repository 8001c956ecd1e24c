// The news alerts API (/api/news-alerts) as TanStack Query hooks. The list follows live changes to
// sonar_alerts (and to users, where the default notification address comes from); a save or a
// delete puts its answer into the list (lib/save-into-cache.ts).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { NewsAlert, NewsAlertList } from '../../../shared/news-alerts.ts';
import { api } from '../../lib/api-client.ts';
import { liveTables } from '../../lib/live-updates.ts';
import { useSaveIntoCache, withRow } from '../../lib/save-into-cache.ts';
import type { AlertDraft } from './alert-cards.ts';

const newsAlertsKey = ['news-alerts'] as const;

export function useNewsAlerts() {
  return useQuery({
    queryKey: newsAlertsKey,
    queryFn: () => api<NewsAlertList>('/api/news-alerts'),
    meta: liveTables('sonar_alerts', 'users'),
  });
}

/** Creates the alert when `id` is null, else updates it. */
export function useSaveAlert() {
  return useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: AlertDraft }) =>
      id
        ? api<{ alert: NewsAlert }>(`/api/news-alerts/${encodeURIComponent(id)}`, { method: 'PUT', body: draft })
        : api<{ alert: NewsAlert }>('/api/news-alerts', { method: 'POST', body: draft }),
    ...useSaveIntoCache(newsAlertsKey, (list: NewsAlertList, { alert }: { alert: NewsAlert }) => ({
      ...list,
      alerts: withRow(list.alerts, alert),
    })),
  });
}

export function useDeleteAlert() {
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/news-alerts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    ...useSaveIntoCache(newsAlertsKey, (list: NewsAlertList, _answer: null, id: string) => ({
      ...list,
      alerts: list.alerts.filter((alert) => alert.id !== id),
    })),
  });
}
