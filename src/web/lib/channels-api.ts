// The delivery channels API (/api/channels, issue 29) as TanStack Query hooks shared by the channels
// page (features/channels) and the alert cards' "Deliver to" box (components/alert-delivery.tsx).
// Each query follows live changes to its tables, so a delivery the sender makes shows without a reload.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertDeliveryState, AlertType, Channel, DeliveryLogEntry } from '../../shared/channels.ts';
import { api } from './api-client.ts';
import { liveTables } from './live-updates.ts';

export const channelsKey = ['channels'] as const;
const alertDeliveryKey = (type: AlertType, id: string) => ['channels', 'alert', type, id] as const;
/** Every delivery log (an alert's or a channel's) is under this key. */
export const deliveryLogsKey = ['channels', 'log'] as const;

export function useChannels() {
  return useQuery({
    queryKey: channelsKey,
    queryFn: () => api<{ channels: Channel[] }>('/api/channels'),
    select: (answer) => answer.channels,
    meta: liveTables('channels'),
  });
}

export function useAlertDelivery(type: AlertType, id: string) {
  return useQuery({
    queryKey: alertDeliveryKey(type, id),
    queryFn: () => api<{ delivery: AlertDeliveryState }>(`/api/channels/alerts/${type}/${encodeURIComponent(id)}`),
    select: (answer) => answer.delivery,
    meta: liveTables('alert_channels', 'channels'),
  });
}

export function useSaveAlertDelivery(type: AlertType, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (delivery: AlertDeliveryState) =>
      api<{ delivery: AlertDeliveryState }>(`/api/channels/alerts/${type}/${encodeURIComponent(id)}`, { method: 'PUT', body: delivery }),
    onSuccess: (answer) => client.setQueryData(alertDeliveryKey(type, id), answer),
  });
}

/** The last deliveries of an alert or of one channel, newest first; fetched only while `enabled` (the log is open). */
export function useDeliveryLog(of: { alert: { type: AlertType; id: string } } | { channelId: string }, enabled = true) {
  const path =
    'alert' in of
      ? `/api/channels/alerts/${of.alert.type}/${encodeURIComponent(of.alert.id)}/log`
      : `/api/channels/${encodeURIComponent(of.channelId)}/log`;
  return useQuery({
    queryKey: [...deliveryLogsKey, path],
    queryFn: () => api<{ deliveries: DeliveryLogEntry[] }>(path),
    select: (answer) => answer.deliveries,
    enabled,
    meta: liveTables('channel_deliveries', 'channels'),
  });
}

export function useRetryDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api<{ queued: true }>(`/api/channels/deliveries/${encodeURIComponent(deliveryId)}/retry`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: deliveryLogsKey }),
  });
}
