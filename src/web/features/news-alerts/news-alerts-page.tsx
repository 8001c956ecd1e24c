import { Plus } from 'lucide-react';
import { useEffect, useReducer } from 'react';
import { toast } from 'sonner';
import { NEWS_ALERT_LIMIT, newsAlertMessages } from '../../../shared/news-alerts.ts';
import { LoadError } from '../../components/load-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { DraftSlot } from '../../lib/use-server-draft.ts';
import { type AlertDraft, cardsReducer, deletedElsewhereText, initialCards } from './alert-cards.ts';
import { useNewsAlerts } from './api.ts';
import { NewsAlertCard } from './news-alert-card.tsx';

/** /sonar-os/news: up to six alert cards, each saved on its own (spec 02 §2, §4). */
export function NewsAlertsPage() {
  const list = useNewsAlerts();
  const [state, dispatch] = useReducer(cardsReducer, initialCards);

  useEffect(() => {
    if (list.data) dispatch({ type: 'sync', list: list.data });
  }, [list.data]);

  const { keptAfterDelete } = state;
  useEffect(() => {
    if (keptAfterDelete > 0) toast.info(deletedElsewhereText);
  }, [keptAfterDelete]);

  const { isError, errorUpdatedAt } = list;
  // Once per failed load: a Try again that fails again says so again.
  useEffect(() => {
    if (isError && errorUpdatedAt > 0) toast.error(newsAlertMessages.loadError, { description: 'Please try again later.' });
  }, [isError, errorUpdatedAt]);

  const draftSlot = (key: string): DraftSlot<AlertDraft> => [state.drafts[key], (update) => dispatch({ type: 'draft', key, update })];
  const full = state.cards.length >= NEWS_ALERT_LIMIT;
  const savedCount = state.cards.filter((card) => card.alert).length;

  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">News Alerts</h1>
      <p className="mt-1 text-slate-600">
        Pick companies to watch; we scan the news and e-mail you what matters on the days and at the hour you choose.
      </p>
      {state.loaded && (
        // Kept on the left: the toasts appear at the top right.
        <div className="mt-4 flex items-center gap-3">
          <Button onClick={() => dispatch({ type: 'add' })} disabled={full} title={full ? newsAlertMessages.limitReached : undefined}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add Alert
          </Button>
          <span className="text-sm text-slate-600">
            {savedCount}/{NEWS_ALERT_LIMIT} saved
          </span>
        </div>
      )}
      {!state.loaded && list.isError ? (
        <LoadError className="mt-6" message={newsAlertMessages.loadError} retrying={list.isFetching} onRetry={() => list.refetch()} />
      ) : !state.loaded ? (
        <Spinner label="Loading alerts" />
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
          {state.cards.map((card, index) => (
            <NewsAlertCard
              key={card.key}
              card={card}
              position={index + 1}
              defaultEmail={state.defaultEmail}
              draftSlot={draftSlot(card.key)}
              dispatch={dispatch}
            />
          ))}
        </div>
      )}
    </div>
  );
}
