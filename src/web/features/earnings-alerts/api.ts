// Data of the earnings alerts screen: the list (live: it reloads when the user's alerts or their
// results change anywhere, or the user's profile, where the default notification address comes
// from) and the save of one card.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EarningsAlert, EarningsAlertInput, EarningsAlertsResponse } from '../../../shared/earnings-alerts.ts';
import { api } from '../../lib/api-client.ts';
import { liveTables } from '../../lib/live-updates.ts';

export const earningsAlertsKey = ['earnings-alerts'] as const;
const PATH = '/api/earnings-alerts';

export function useEarningsAlerts() {
  return useQuery({
    queryKey: earningsAlertsKey,
    queryFn: ({ signal }) => api<EarningsAlertsResponse>(PATH, { signal }),
    meta: liveTables('earnings_tracking', 'earnings_tracking_results', 'users'),
  });
}

/** The values as typed (checked with the shared schema first); the server parses them with it again. */
export type SaveRequest = { id: string | null; values: EarningsAlertInput };

/** Creates (no id) or updates one alert; the saved alert goes into the list at once, then the list reloads. */
export function useSaveEarningsAlert(callbacks: {
  onSuccess: (alert: EarningsAlert, request: SaveRequest) => void;
  onError: (err: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: SaveRequest) =>
      api<{ alert: EarningsAlert }>(id === null ? PATH : `${PATH}/${id}`, { method: id === null ? 'POST' : 'PUT', body: values }),
    onSuccess: ({ alert }, request) => {
      queryClient.setQueryData<EarningsAlertsResponse>(
        earningsAlertsKey,
        (list) => list && { ...list, alerts: withAlert(list.alerts, alert) },
      );
      callbacks.onSuccess(alert, request);
      return queryClient.invalidateQueries({ queryKey: earningsAlertsKey });
    },
    onError: callbacks.onError,
  });
}

function withAlert(alerts: EarningsAlert[], saved: EarningsAlert) {
  return alerts.some((a) => a.id === saved.id) ? alerts.map((a) => (a.id === saved.id ? saved : a)) : [...alerts, saved];
}
