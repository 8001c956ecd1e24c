// /sonar-os/channels (issue 29): the user's delivery channels. Add one (the address checked as the
// server checks it), rename it or give it a new address (which resumes a paused channel), remove
// it, send it a test message, and for a webhook see its signing secret once and rotate it. Below the
// channels, "As it happens": the user's rules for trigger events (issue 31, trigger-settings.tsx).
// Not in the spec's sidebar: each alert card's "Deliver to" links here.
import { Copy, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  CHANNEL_KINDS,
  CHANNEL_LIMIT,
  CHANNEL_NAME_MAX_LENGTH,
  CHANNEL_URL_MAX_LENGTH,
  type Channel,
  type ChannelKind,
  channelCreateSchema,
  channelKindLabels,
  channelMessages,
  channelUpdateSchema,
  channelUrlProblem,
} from '../../../shared/channels.ts';
import { LoadedDeliveryLog } from '../../components/delivery-log.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useChannels } from '../../lib/channels-api.ts';
import { type FieldErrors, validate } from '../../lib/form.ts';
import { useCreateChannel, useDeleteChannel, useResumeChannel, useRotateSecret, useTestChannel, useUpdateChannel } from './api.ts';
import { TriggerSettingsSection } from './trigger-settings.tsx';

const text = channelMessages;
const kindOptions = CHANNEL_KINDS.map((kind) => ({ value: kind, label: channelKindLabels[kind] }));
const urlPlaceholder: Record<ChannelKind, string> = {
  slack: 'https://hooks.slack.com/services/…',
  teams: 'https://….logic.azure.com/workflows/…',
  webhook: 'https://your-system.example.com/…',
};

/** The server's refusal as the form's field errors (its message under the field it names, else under the address). */
function refusalErrors(err: Error): FieldErrors {
  if (!(err instanceof ApiRequestError)) return { _: text.loadError };
  return err.fields && Object.keys(err.fields).length ? err.fields : { _: err.message };
}

/**
 * The address's problem as the server would find it. Loopback is let through here (the server
 * refuses it unless it runs against local fakes): the server's answer is the last word.
 */
const urlProblem = (kind: ChannelKind, url: string) => (url.trim() ? channelUrlProblem(kind, url, { loopbackFakes: true }) : null);

export function ChannelsPage() {
  const channels = useChannels();
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Delivery Channels</h1>
        <p className="mt-1 text-slate-600">{text.intro}</p>
      </div>
      {channels.isError && !channels.data ? (
        <Card>
          <p role="alert" className="text-slate-800">
            {text.loadError}
          </p>
          <Button className="mt-4" variant="secondary" busy={channels.isFetching} onClick={() => channels.refetch()}>
            Try again
          </Button>
        </Card>
      ) : !channels.data ? (
        <Spinner label="Loading channels" />
      ) : (
        <>
          <AddChannel count={channels.data.length} onSecret={setSecret} />
          {channels.data.length === 0 ? (
            <p className="text-slate-600">{text.empty}</p>
          ) : (
            <div className="space-y-4">
              {channels.data.map((channel) => (
                <ChannelCard key={channel.id} channel={channel} onSecret={setSecret} />
              ))}
            </div>
          )}
        </>
      )}
      <TriggerSettingsSection />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}

type OnSecret = (secret: { name: string; value: string }) => void;

function AddChannel({ count, onSecret }: { count: number; onSecret: OnSecret }) {
  const create = useCreateChannel();
  const [values, setValues] = useState<{ kind: ChannelKind; name: string; url: string }>({ kind: 'slack', name: '', url: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const full = count >= CHANNEL_LIMIT;

  const edit = (patch: Partial<typeof values>) => {
    setValues({ ...values, ...patch });
    setErrors({});
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const { data, errors: found } = validate(channelCreateSchema, values);
    const problem = data ? urlProblem(data.kind, data.url) : null;
    if (found || problem || !data) {
      setErrors(found ?? { url: problem! });
      return;
    }
    create.mutate(data, {
      onSuccess: ({ channel }) => {
        toast.success(text.created);
        setValues({ kind: values.kind, name: '', url: '' });
        if (channel.signingSecret) onSecret({ name: channel.name, value: channel.signingSecret });
      },
      onError: (err) => setErrors(refusalErrors(err)),
    });
  }

  return (
    <Card>
      <form aria-label="Add a channel" noValidate onSubmit={submit} className="space-y-4">
        <h2 className="text-base font-semibold text-slate-900">Add a channel</h2>
        <div className="grid gap-4 md:grid-cols-[12rem_1fr]">
          <SelectField
            label="Type"
            options={kindOptions}
            value={values.kind}
            onChange={(event) => edit({ kind: event.target.value as ChannelKind })}
            error={errors.kind}
          />
          <Field
            label="Name"
            value={values.name}
            onChange={(event) => edit({ name: event.target.value })}
            maxLength={CHANNEL_NAME_MAX_LENGTH}
            placeholder="e.g. #deals-desk"
            required
            error={errors.name}
          />
        </div>
        <Field
          label="Webhook address"
          type="url"
          value={values.url}
          onChange={(event) => edit({ url: event.target.value })}
          maxLength={CHANNEL_URL_MAX_LENGTH}
          placeholder={urlPlaceholder[values.kind]}
          required
          autoComplete="off"
          error={errors.url}
        />
        {errors._ && (
          <p role="alert" className="text-sm text-red-700">
            {errors._}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={create.isPending} disabled={full} title={full ? text.limitReached : undefined}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add channel
          </Button>
          <span className="text-sm text-slate-600">
            {count}/{CHANNEL_LIMIT} channels
          </span>
        </div>
      </form>
    </Card>
  );
}

function ChannelCard({ channel, onSecret }: { channel: Channel; onSecret: OnSecret }) {
  const test = useTestChannel();
  const rotate = useRotateSecret();
  const resume = useResumeChannel();
  const [editing, setEditing] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const failed = (err: Error) => toast.error(err instanceof ApiRequestError ? err.message : text.loadError);

  return (
    <Card className="space-y-3">
      <section aria-label={channel.name} className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 className="text-base font-semibold text-slate-900">{channel.name}</h2>
            <p className="text-sm text-slate-600">
              {channelKindLabels[channel.kind]} · <span className="break-all">{channel.urlHint}</span>
            </p>
          </div>
          {channel.status === 'paused' ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">{text.paused}</span>
          ) : (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">Active</span>
          )}
        </div>
        {channel.status === 'paused' && (
          <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {channel.pauseReason && <p>{channel.pauseReason}</p>}
            <Button
              variant="secondary"
              className="mt-2"
              busy={resume.isPending}
              onClick={() => resume.mutate(channel.id, { onSuccess: () => toast.success(text.resumed), onError: failed })}
            >
              Resume
            </Button>
          </div>
        )}
        {editing ? (
          <EditChannel channel={channel} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              busy={test.isPending}
              onClick={() => test.mutate(channel.id, { onSuccess: () => toast.success(text.testQueued), onError: failed })}
            >
              Send test message
            </Button>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            {channel.kind === 'webhook' && (
              <Button
                variant="secondary"
                busy={rotate.isPending}
                onClick={() =>
                  rotate.mutate(channel.id, {
                    onSuccess: ({ channel: rotated }) => {
                      toast.success(text.secretRotated);
                      if (rotated.signingSecret) onSecret({ name: rotated.name, value: rotated.signingSecret });
                    },
                    onError: failed,
                  })
                }
              >
                Rotate signing secret
              </Button>
            )}
            <RemoveChannel channel={channel} />
          </div>
        )}
        <div>
          <button
            type="button"
            aria-expanded={logOpen}
            onClick={() => setLogOpen(!logOpen)}
            className="text-sm font-medium text-slate-800 hover:text-brand-700"
          >
            {logOpen ? '▾' : '▸'} {text.logTitle}
          </button>
          {logOpen && (
            <div className="mt-2">
              <LoadedDeliveryLog of={{ channelId: channel.id }} />
            </div>
          )}
        </div>
      </section>
    </Card>
  );
}

function EditChannel({ channel, onDone }: { channel: Channel; onDone: () => void }) {
  const update = useUpdateChannel();
  const [values, setValues] = useState({ name: channel.name, url: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    // An empty address field keeps the address; a filled one replaces it.
    const input = { ...(values.name !== channel.name ? { name: values.name } : {}), ...(values.url.trim() ? { url: values.url } : {}) };
    const { data, errors: found } = validate(channelUpdateSchema, input);
    const problem = data?.url ? urlProblem(channel.kind, data.url) : null;
    if (found || problem || !data) {
      setErrors(found ?? { url: problem! });
      return;
    }
    if (!data.name && !data.url) return onDone();
    update.mutate(
      { id: channel.id, input: data },
      {
        onSuccess: () => {
          toast.success(text.updated);
          onDone();
        },
        onError: (err) => setErrors(refusalErrors(err)),
      },
    );
  }

  return (
    <form aria-label={`Edit ${channel.name}`} noValidate onSubmit={submit} className="space-y-3">
      <Field
        label="Name"
        value={values.name}
        onChange={(event) => {
          setValues({ ...values, name: event.target.value });
          setErrors({});
        }}
        maxLength={CHANNEL_NAME_MAX_LENGTH}
        required
        error={errors.name}
      />
      <Field
        label="New webhook address"
        type="url"
        value={values.url}
        onChange={(event) => {
          setValues({ ...values, url: event.target.value });
          setErrors({});
        }}
        maxLength={CHANNEL_URL_MAX_LENGTH}
        placeholder={urlPlaceholder[channel.kind]}
        hint={`Leave empty to keep ${channel.urlHint}.`}
        autoComplete="off"
        error={errors.url}
      />
      {errors._ && (
        <p role="alert" className="text-sm text-red-700">
          {errors._}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" busy={update.isPending}>
          Save channel
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RemoveChannel({ channel }: { channel: Channel }) {
  const remove = useDeleteChannel();
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      variant="form"
      trigger={<Button variant="ghost">Remove</Button>}
      title={`Remove ${channel.name}?`}
      description={text.deleteConfirm}
    >
      <div className="mt-6 flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button
          variant="danger"
          busy={remove.isPending}
          onClick={() =>
            remove.mutate(channel.id, {
              onSuccess: () => {
                setOpen(false);
                toast.success(text.deleted);
              },
              onError: (err) => toast.error(err instanceof ApiRequestError ? err.message : text.loadError),
            })
          }
        >
          Remove channel
        </Button>
      </div>
    </Dialog>
  );
}

function SecretDialog({ secret, onClose }: { secret: { name: string; value: string } | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    if (!secret) return;
    await navigator.clipboard.writeText(secret.value);
    setCopied(true);
  }
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
      variant="form"
      title={`Signing secret for ${secret?.name ?? ''}`}
      description={text.secretOnce}
    >
      <code className="mt-4 block rounded-lg bg-slate-100 p-3 font-mono text-sm break-all text-slate-900">{secret?.value}</code>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={copy}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}
