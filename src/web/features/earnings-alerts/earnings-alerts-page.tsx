import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { EarningsAlert } from '../../../shared/earnings-alerts.ts';
import { messages } from '../../../shared/messages.ts';
import { LoadError } from '../../components/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useEarningsAlerts } from './api.ts';
import { type CardValues, cardSlots, cardValues, sameValues } from './card-slots.ts';
import { EarningsAlertCard } from './earnings-alert-card.tsx';

export function EarningsAlertsPage() {
  const { data, isError, refetch, isRefetching } = useEarningsAlerts();
  // Unsaved edits per card (alert id, or the empty card's key), kept here so they survive reloads.
  const [drafts, setDrafts] = useState<Record<string, CardValues>>({});
  const [savedAt, setSavedAt] = useState<Record<string, number>>({});

  useEffect(() => {
    if (isError) toast.error(messages.earningsAlerts.loadError, { description: messages.earningsAlerts.loadErrorDescription });
  }, [isError]);

  const setDraft = (key: string, draft: CardValues | undefined) =>
    setDrafts(({ [key]: _, ...others }) => (draft === undefined ? others : { ...others, [key]: draft }));

  function saved(key: string, alert: EarningsAlert) {
    setDraft(key, undefined);
    setSavedAt((times) => ({ ...times, [alert.id]: Date.now() }));
  }

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
          {cardSlots(data.alerts, (key) => isEdited(drafts[key])).map((slot, index) => (
            <EarningsAlertCard
              key={slot.key}
              position={index + 1}
              alert={slot.alert}
              defaultEmail={data.defaultNotificationEmail}
              draft={drafts[slot.key]}
              onDraftChange={(draft) => setDraft(slot.key, draft)}
              savedAt={savedAt[slot.key] ?? null}
              onSaved={(alert) => saved(slot.key, alert)}
            />
          ))}
        </div>
      ) : isError ? (
        <LoadError className="mt-6" message={messages.earningsAlerts.loadError} retrying={isRefetching} onRetry={() => refetch()} />
      ) : (
        <Spinner label="Loading earnings alerts" />
      )}
    </div>
  );
}

/** An empty card the user has typed into (and not back to empty). */
const isEdited = (draft: CardValues | undefined) => draft !== undefined && !sameValues(draft, cardValues(null));
