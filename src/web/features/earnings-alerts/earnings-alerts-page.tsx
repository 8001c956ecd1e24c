import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { earningsAlertMessages } from '../../../shared/earnings-alerts.ts';
import { LoadError } from '../../components/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDrafts } from '../../lib/use-server-draft.ts';
import { useEarningsAlerts } from './api.ts';
import { CalendarFeedBlock } from './calendar-feed.tsx';
import { type CardValues, cardSlots } from './card-slots.ts';
import { EarningsAlertCard } from './earnings-alert-card.tsx';

export function EarningsAlertsPage() {
  const { data, isError, refetch, isRefetching } = useEarningsAlerts();
  // Unsaved edits per card (alert id, or the empty card's key), kept here so they survive reloads.
  const { drafts, slot } = useDrafts<CardValues>();
  // The card key of each alert created here from an empty card: that card stays its card.
  const [keyOf, setKeyOf] = useState<Record<string, string>>({});

  useEffect(() => {
    if (isError) toast.error(earningsAlertMessages.loadError, { description: earningsAlertMessages.loadErrorDescription });
  }, [isError]);

  return (
    <div className="mx-auto max-w-6xl">
      <header>
        <span className="inline-block rounded-full bg-brand-50 px-3 py-1 text-xs font-bold tracking-widest text-brand-700">
          QUARTERLY INSIGHTS
        </span>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900">Earnings Alerts</h1>
        <p className="mt-1 text-slate-600">Track up to 3 companies and get an e-mail before each one reports its quarterly earnings.</p>
      </header>
      {data ? (
        <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
          {cardSlots(data.alerts, (key) => drafts[key] !== undefined, keyOf).map(({ key, alert }, index) => (
            <EarningsAlertCard
              key={key}
              position={index + 1}
              alert={alert}
              defaultEmail={data.defaultNotificationEmail}
              draftSlot={slot(key)}
              onCreated={(created) => setKeyOf((keys) => ({ ...keys, [created.id]: key }))}
            />
          ))}
        </div>
      ) : isError ? (
        <LoadError className="mt-6" message={earningsAlertMessages.loadError} retrying={isRefetching} onRetry={() => refetch()} />
      ) : (
        <Spinner label="Loading earnings alerts" />
      )}
      <CalendarFeedBlock />
    </div>
  );
}
