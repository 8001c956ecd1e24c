// Data of the earnings alerts screen: the list (live: it reloads when the user's alerts or their
// results change anywhere, or the user's profile, where the default notification address comes
// from) and the save of one card, whose answer goes into the list (lib/save-into-cache.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EarningsAlert, EarningsAlertsResponse, EarningsCalendarFeed } from '../../../shared/earnings-alerts.ts';
import { api } from '../../lib/api-client.ts';
import { liveTables } from '../../lib/live-updates.ts';
import { useSaveIntoCache, withRow } from '../../lib/save-into-cache.ts';
import type { CardValues } from './card-slots.ts';

const earningsAlertsKey = ['earnings-alerts'] as const;
const PATH = '/api/earnings-alerts';

export function useEarningsAlerts() {
  return useQuery({
    queryKey: earningsAlertsKey,
    queryFn: ({ signal }) => api<EarningsAlertsResponse>(PATH, { signal }),
    meta: liveTables('earnings_tracking', 'earnings_tracking_results', 'users'),
  });
}

/** The values as typed (checked with the shared schema first); the server parses them with it again. */
type SaveRequest = { id: string | null; values: CardValues };

/**
 * Creates (no id) or updates one alert. The callbacks are the mutation's own, so they run even when
 * the card is gone by the time the answer comes (an alert from elsewhere took its place).
 */
export function useSaveEarningsAlert(callbacks: {
  onSuccess: (alert: EarningsAlert, request: SaveRequest) => void;
  onError: (err: Error) => void;
}) {
  const cache = useSaveIntoCache(earningsAlertsKey, (list: EarningsAlertsResponse, { alert }: { alert: EarningsAlert }) => ({
    ...list,
    alerts: withRow(list.alerts, alert),
  }));
  return useMutation({
    mutationFn: ({ id, values }: SaveRequest) =>
      api<{ alert: EarningsAlert }>(id === null ? PATH : `${PATH}/${id}`, { method: id === null ? 'POST' : 'PUT', body: values }),
    onMutate: cache.onMutate,
    onSuccess: (answer, request, sentAfter) => {
      cache.onSuccess(answer, request, sentAfter);
      callbacks.onSuccess(answer.alert, request);
    },
    onError: (err) => {
      cache.onError(err);
      callbacks.onError(err);
    },
  });
}

const calendarKey = ['earnings-alerts', 'calendar'] as const;
const CALENDAR_PATH = `${PATH}/calendar`;

/** The user's private calendar link (none until created). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarKey,
    queryFn: ({ signal }) => api<EarningsCalendarFeed>(CALENDAR_PATH, { signal }),
  });
}

/** Creates or regenerates ('create': a new token replaces the old) or revokes the link; the answer goes into the cache. */
export function useChangeCalendarFeed(callbacks: { onSuccess: (change: 'create' | 'revoke') => void; onError: (err: Error) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: 'create' | 'revoke'): Promise<EarningsCalendarFeed> => {
      if (change === 'create') return api<EarningsCalendarFeed>(CALENDAR_PATH, { method: 'POST' });
      await api<null>(CALENDAR_PATH, { method: 'DELETE' });
      return { webcalUrl: null, httpUrl: null, createdAt: null };
    },
    onSuccess: (feed, change) => {
      client.setQueryData(calendarKey, feed);
      callbacks.onSuccess(change);
    },
    onError: callbacks.onError,
  });
}
