// One saved alert's "Also tell me as it happens" (issue 31): filings and news about the alert's
// companies sent within minutes, and which kinds, saved with its own button. Closed until asked
// for, as "Deliver to" beside it is, so an alert card loads nothing more until the user looks.
import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  DEFAULT_TRIGGER_KINDS,
  TRIGGER_KINDS,
  type TriggerAlertType,
  type TriggerKind,
  type TriggerSubscription,
  triggerKindLabels,
  triggerMessages,
} from '../../shared/triggers.ts';
import { ApiRequestError } from '../lib/api-client.ts';
import { useSaveTriggerSubscription, useTriggerSubscription } from '../lib/triggers-api.ts';
import { Button } from './ui/button.tsx';
import { Disclosure } from './ui/disclosure.tsx';

type Props = { type: TriggerAlertType; alertId: string };

const UNREACHABLE = 'The server could not be reached. Please try again.';

/** Off is off whatever kinds it shows: only an "on" compares its kinds. */
const sameSubscription = (a: TriggerSubscription, b: TriggerSubscription) =>
  a.enabled === b.enabled && (!a.enabled || (a.kinds.length === b.kinds.length && a.kinds.every((kind) => b.kinds.includes(kind))));

export function AlertTriggers({ type, alertId }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="border-t border-slate-100 pt-3">
      <Disclosure label={triggerMessages.disclosure} open={open} onToggle={() => setOpen(!open)} controls={id} />
      {open && (
        <div id={id} className="mt-2">
          <TriggerSettings type={type} alertId={alertId} />
        </div>
      )}
    </div>
  );
}

function TriggerSettings({ type, alertId }: Props) {
  const saved = useTriggerSubscription(type, alertId);
  const save = useSaveTriggerSubscription(type, alertId);
  const [draft, setDraft] = useState<TriggerSubscription | null>(null);
  const [error, setError] = useState<string | null>(null);
  const introId = useId();
  const ownMoveId = useId();

  if (saved.isError) return <p className="text-sm text-red-700">{triggerMessages.loadError}</p>;
  // Small, inside a card (the screens' Spinner fills the page).
  if (!saved.data) return <output className="block text-sm text-slate-600">Loading…</output>;

  const shown = draft ?? saved.data;
  const dirty = draft !== null && !sameSubscription(draft, saved.data);
  const change = (next: TriggerSubscription) => {
    setDraft(next);
    setError(null);
  };
  const toggleKind = (kind: TriggerKind, on: boolean) =>
    change({ ...shown, kinds: on ? [...shown.kinds, kind] : shown.kinds.filter((k) => k !== kind) });

  function submit() {
    if (shown.enabled && shown.kinds.length === 0) {
      setError(triggerMessages.kindsRequired);
      return;
    }
    const sent = shown;
    // Off forgets the kinds, but the server still checks them: hidden unticked ones go as the defaults.
    const body = sent.enabled || sent.kinds.length > 0 ? sent : { enabled: false, kinds: [...DEFAULT_TRIGGER_KINDS] };
    save.mutate(body, {
      onSuccess: () => {
        setDraft((current) => (current === sent ? null : current));
        toast.success(sent.enabled ? triggerMessages.saved : triggerMessages.turnedOff);
      },
      onError: (err) => setError(err instanceof ApiRequestError ? err.message : UNREACHABLE),
    });
  }

  return (
    <div className="space-y-3">
      <div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="h-4 w-4"
            aria-describedby={introId}
            checked={shown.enabled}
            onChange={(event) => change({ ...shown, enabled: event.target.checked })}
          />
          {triggerMessages.toggle}
        </label>
        <p id={introId} className="mt-1 text-xs text-slate-600">
          {triggerMessages.intro}
        </p>
      </div>
      {shown.enabled && (
        <fieldset className="space-y-1.5">
          <legend className="text-sm text-slate-800">{triggerMessages.kindsLegend}</legend>
          {TRIGGER_KINDS.map((kind) => {
            // An earnings alert's own "date moved" e-mail tells its owner of a move; said beside the kind.
            const ownMove = type === 'earnings' && kind === 'earnings_moved';
            return (
              <div key={kind}>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    aria-describedby={ownMove ? ownMoveId : undefined}
                    checked={shown.kinds.includes(kind)}
                    onChange={(event) => toggleKind(kind, event.target.checked)}
                  />
                  {triggerKindLabels[kind]}
                </label>
                {ownMove && (
                  <p id={ownMoveId} className="ml-6 text-xs text-slate-600">
                    {triggerMessages.earningsOwnMove}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      {error && (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
      {dirty && (
        <div className="flex justify-end">
          <Button className="px-3 py-1 text-xs" busy={save.isPending} onClick={submit}>
            {save.isPending ? 'Saving...' : 'Save events'}
          </Button>
        </div>
      )}
    </div>
  );
}
