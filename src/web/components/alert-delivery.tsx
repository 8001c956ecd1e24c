// Where one saved alert goes (issue 29): e-mail and any of the user's channels, saved with its own
// button, and the alert's delivery log. Closed until asked for, so an alert card reads as the spec
// draws it and loads nothing more until the user looks; the log follows live updates once open.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { type AlertDeliveryState, type AlertType, channelKindLabels, channelMessages } from '../../shared/channels.ts';
import { ApiRequestError } from '../lib/api-client.ts';
import { useAlertDelivery, useChannels, useSaveAlertDelivery } from '../lib/channels-api.ts';
import { LoadedDeliveryLog } from './delivery-log.tsx';
import { Button } from './ui/button.tsx';
import { Disclosure } from './ui/disclosure.tsx';

type Props = { type: AlertType; alertId: string };

/** Small, inside a card (the screens' Spinner fills the page). */
const Loading = () => <output className="block text-sm text-slate-600">Loading…</output>;

const sameDelivery = (a: AlertDeliveryState, b: AlertDeliveryState) =>
  a.email === b.email && a.channelIds.length === b.channelIds.length && a.channelIds.every((id) => b.channelIds.includes(id));

export function AlertDelivery({ type, alertId }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="border-t border-slate-100 pt-3">
      <Disclosure label="Deliver to" open={open} onToggle={() => setOpen(!open)} controls={id} />
      {open && (
        <div id={id} className="mt-2">
          <DeliverySettings type={type} alertId={alertId} />
        </div>
      )}
    </div>
  );
}

function DeliverySettings({ type, alertId }: Props) {
  const channels = useChannels();
  const saved = useAlertDelivery(type, alertId);
  const save = useSaveAlertDelivery(type, alertId);
  const [draft, setDraft] = useState<AlertDeliveryState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const logId = useId();

  if (channels.isError || saved.isError) return <p className="text-sm text-red-700">{channelMessages.loadError}</p>;
  if (!channels.data || !saved.data) return <Loading />;

  const shown = draft ?? saved.data;
  const dirty = draft !== null && !sameDelivery(draft, saved.data);
  const change = (next: AlertDeliveryState) => {
    setDraft(next);
    setError(null);
  };
  const toggleChannel = (channelId: string, on: boolean) =>
    change({ ...shown, channelIds: on ? [...shown.channelIds, channelId] : shown.channelIds.filter((c) => c !== channelId) });

  function submit() {
    if (!shown.email && shown.channelIds.length === 0) {
      setError(channelMessages.nothingChosen);
      return;
    }
    const sent = shown;
    save.mutate(sent, {
      onSuccess: () => {
        setDraft((current) => (current === sent ? null : current));
        toast.success(channelMessages.deliverySaved);
      },
      onError: (err) => setError(err instanceof ApiRequestError ? err.message : channelMessages.loadError),
    });
  }

  return (
    <div className="space-y-3">
      <fieldset className="space-y-1.5">
        <legend className="sr-only">Deliver to</legend>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={shown.email}
            onChange={(event) => change({ ...shown, email: event.target.checked })}
          />
          {channelMessages.emailLabel}
        </label>
        {channels.data.map((channel) => (
          <label key={channel.id} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={shown.channelIds.includes(channel.id)}
              onChange={(event) => toggleChannel(channel.id, event.target.checked)}
            />
            {channel.name}
            <span className="text-xs text-slate-500">
              {channelKindLabels[channel.kind]}
              {channel.status === 'paused' ? ` · ${channelMessages.paused}` : ''}
            </span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/sonar-os/channels" className="text-sm font-medium text-brand-700 hover:underline">
          Manage channels
        </Link>
        {dirty && (
          <Button className="px-3 py-1 text-xs" busy={save.isPending} onClick={submit}>
            {save.isPending ? 'Saving...' : 'Save delivery'}
          </Button>
        )}
      </div>
      <div>
        <Disclosure label={channelMessages.logTitle} open={logOpen} onToggle={() => setLogOpen(!logOpen)} controls={logId} />
        {logOpen && (
          <div id={logId} className="mt-2">
            <LoadedDeliveryLog of={{ alert: { type, id: alertId } }} />
          </div>
        )}
      </div>
    </div>
  );
}
