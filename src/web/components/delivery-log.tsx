// A delivery log (issue 29): what went to channels, each delivery's state, and every attempt with
// the receiver's answer. The answer is the receiver's text and is shown as text, never as HTML.

import { toast } from 'sonner';
import {
  channelKindLabels,
  channelMessages,
  type DeliveryLogEntry,
  type DeliveryStatus,
  deliveryStatusLabels,
} from '../../shared/channels.ts';
import { ApiRequestError } from '../lib/api-client.ts';
import { useDeliveryLog, useRetryDelivery } from '../lib/channels-api.ts';
import { cn } from '../lib/cn.ts';
import { Button } from './ui/button.tsx';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const time = (iso: string) => when.format(new Date(iso));

const badge: Record<DeliveryStatus, string> = {
  pending: 'bg-slate-100 text-slate-700',
  retrying: 'bg-amber-100 text-amber-800',
  held: 'bg-amber-100 text-amber-800',
  sent: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
};

/** The log of one alert's or one channel's deliveries, loaded, with Retry on failed ones. */
export function LoadedDeliveryLog({ of }: { of: Parameters<typeof useDeliveryLog>[0] }) {
  const log = useDeliveryLog(of);
  const retry = useRetryDelivery();
  if (log.isError) return <p className="text-sm text-red-700">{channelMessages.loadError}</p>;
  if (!log.data) return <output className="block text-sm text-slate-600">Loading…</output>;
  return (
    <DeliveryLog
      deliveries={log.data}
      retrying={retry.isPending ? (retry.variables ?? null) : null}
      onRetry={(deliveryId) =>
        retry.mutate(deliveryId, {
          onSuccess: () => toast.success(channelMessages.retryQueued),
          onError: (err) => toast.error(err instanceof ApiRequestError ? err.message : channelMessages.loadError),
        })
      }
    />
  );
}

type Props = {
  deliveries: DeliveryLogEntry[];
  /** Sends a failed delivery again; the Retry button shows on failed ones when given. */
  onRetry?: (deliveryId: string) => void;
  retrying?: string | null;
};

export function DeliveryLog({ deliveries, onRetry, retrying }: Props) {
  if (!deliveries.length) return <p className="text-sm text-slate-600">{channelMessages.logEmpty}</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="space-y-1 p-3 text-sm" aria-label={`${delivery.title} to ${delivery.channel.name}`}>
          <div className="flex flex-wrap items-center gap-2">
            <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', badge[delivery.status])}>
              {deliveryStatusLabels[delivery.status]}
            </span>
            <span className="font-medium text-slate-900">{delivery.title}</span>
          </div>
          <p className="text-xs text-slate-600">
            {delivery.channel.name} ({channelKindLabels[delivery.channel.kind]}) · {time(delivery.sentAt ?? delivery.createdAt)}
          </p>
          {delivery.attempts.length > 0 && (
            <ol className="space-y-0.5 text-xs text-slate-700">
              {/* A retried delivery counts its attempts afresh: the number alone is not a key. */}
              {delivery.attempts.map((attempt, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the attempts only grow, oldest first
                <li key={index}>
                  Attempt {attempt.attempt}: {attempt.httpStatus === null ? 'no answer' : `HTTP ${attempt.httpStatus}`}
                  {attempt.answer ? <span className="break-all text-slate-600"> · {attempt.answer}</span> : null}
                  <span className="text-slate-500"> · {time(attempt.at)}</span>
                </li>
              ))}
            </ol>
          )}
          {delivery.status === 'failed' && onRetry && (
            <Button variant="secondary" className="px-3 py-1 text-xs" busy={retrying === delivery.id} onClick={() => onRetry(delivery.id)}>
              Retry
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
