// The profile's Passkeys section (issue 30 §2): the user's passkeys (name, added, synced or on one
// device), adding one through the browser's prompt, renaming and removing. The list follows live
// updates: a passkey added or removed in another tab shows here too.
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { passkeyNameSchema } from '../../../shared/passkey-schemas.ts';
import {
  isAlreadyRegistered,
  isCeremonyCancelled,
  PASSKEY_ERRORS,
  PASSKEY_NAME_MAX_LENGTH,
  type PasskeyView,
  passkeyLabel,
  passkeyMessages,
  passkeyStorage,
} from '../../../shared/passkeys.ts';
import { LoadError } from '../../components/load-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiRequestError, api } from '../../lib/api-client.ts';
import { liveTables } from '../../lib/live-updates.ts';
import { useSignOut } from '../../lib/session.ts';
import { ConfirmActions, ConfirmDialog, ConfirmForm, useConfirmDialog } from './confirm-dialog.tsx';

export const passkeysQueryKey = ['passkeys'] as const;
const added = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function PasskeysSection() {
  const [supported] = useState(browserSupportsWebAuthn);
  const headingId = useId();
  const passkeys = useQuery({
    queryKey: passkeysQueryKey,
    queryFn: () => api<PasskeyView[]>('/api/auth/passkey/list-user-passkeys'),
    meta: liveTables('passkeys'),
  });

  return (
    <Card className="mt-4">
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1">
            <h3 id={headingId} className="text-lg font-semibold text-slate-900">
              {passkeyMessages.title}
            </h3>
            <p className="mt-1 text-sm text-slate-600">{passkeyMessages.intro}</p>
          </div>
          {supported && <AddPasskeyDialog />}
        </div>
        {!supported && (
          <p role="note" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {passkeyMessages.unsupported}
          </p>
        )}
        <div className="mt-4">
          {passkeys.isPending ? (
            <p role="status" className="text-sm text-slate-600">
              Loading your passkeys…
            </p>
          ) : passkeys.isError ? (
            <LoadError
              className="border-0 p-0 shadow-none"
              message={passkeyMessages.loadError}
              retrying={passkeys.isRefetching}
              onRetry={() => passkeys.refetch()}
            />
          ) : passkeys.data.length === 0 ? (
            <p className="text-sm text-slate-700">{passkeyMessages.empty}</p>
          ) : (
            <ul aria-label="Your passkeys" className="divide-y divide-slate-200">
              {passkeys.data.map((passkey) => (
                <PasskeyRow key={passkey.id} passkey={passkey} />
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeyView }) {
  const label = passkeyLabel(passkey);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <KeyRound className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="wrap-break-word font-medium text-slate-900">{label}</p>
        <p className="text-xs text-slate-600">
          {passkey.createdAt ? `Added ${added.format(new Date(passkey.createdAt))} · ` : ''}
          {passkeyStorage(passkey)}
        </p>
      </div>
      <div className="flex gap-2">
        <RenamePasskeyDialog passkey={passkey} label={label} />
        <RemovePasskeyDialog passkey={passkey} label={label} />
      </div>
    </li>
  );
}

/** The name field's own check, before the browser's prompt opens. */
function checkName(value: string, required: boolean) {
  const parsed = (required ? passkeyNameSchema.min(1, passkeyMessages.nameRequired) : passkeyNameSchema).safeParse(value);
  return parsed.success ? { name: parsed.data } : { error: parsed.error.issues[0]?.message ?? passkeyMessages.nameTooLong };
}

type Notice = { tone: 'calm' | 'stale'; text: string } | null;

function AddPasskeyDialog() {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<Notice>(null);
  const dialog = useConfirmDialog<{ name?: string }>({ onClose: () => setNotice(null) });
  const { open, busy } = dialog;
  const setError = (name: string | undefined) => dialog.setErrors({ name });

  // Closing the dialog (or leaving the page) while the browser's prompt is open ends the prompt too.
  useEffect(() => {
    if (open) return () => WebAuthnAbortService.cancelCeremony();
  }, [open]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkName(String(new FormData(event.currentTarget).get('name') ?? ''), false);
    setError(checked.error);
    setNotice(null);
    if (checked.error !== undefined) return;
    await dialog.busyWhile(async () => {
      try {
        const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>('/api/auth/passkey/generate-register-options');
        const response = await startRegistration({ optionsJSON });
        await api('/api/auth/passkey/verify-registration', { body: { response, name: checked.name || undefined } });
        await queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
        toast.success(passkeyMessages.added);
        dialog.setOpen(false);
      } catch (err) {
        if (isCeremonyCancelled(err)) setNotice({ tone: 'calm', text: passkeyMessages.registrationCancelled });
        else if (isAlreadyRegistered(err)) setNotice({ tone: 'calm', text: passkeyMessages.alreadyRegistered });
        else if (err instanceof ApiRequestError && err.code === PASSKEY_ERRORS.notFresh) setNotice({ tone: 'stale', text: err.message });
        else if (err instanceof ApiRequestError && err.code === 'validation') setError(err.message);
        else toast.error(passkeyMessages.addFailed, { description: err instanceof ApiRequestError ? err.message : undefined });
      }
    });
  }

  async function signInAgain() {
    await signOut();
    navigate(`/login?redirect_to=${encodeURIComponent('/profile')}`);
  }

  return (
    <ConfirmDialog
      state={dialog}
      trigger={<Button variant="secondary">Add a passkey</Button>}
      title="Add a passkey"
      description="Name it after the device or password manager that keeps it. Your browser then asks you to create it."
      closeButton={false}
    >
      <ConfirmForm onSubmit={onSubmit} busy={busy} action={busy ? 'Waiting for your browser…' : 'Continue'}>
        <Field
          label="Name (optional)"
          name="name"
          autoComplete="off"
          placeholder="Work laptop"
          hint={`Up to ${PASSKEY_NAME_MAX_LENGTH} characters.`}
          error={dialog.errors.name}
        />
        {notice && (
          <div
            role={notice.tone === 'stale' ? 'alert' : 'status'}
            className={notice.tone === 'stale' ? 'rounded-lg bg-amber-50 p-3 text-sm text-amber-900' : 'text-sm text-slate-700'}
          >
            <p>{notice.text}</p>
            {notice.tone === 'stale' && (
              <Button className="mt-2" variant="secondary" onClick={signInAgain}>
                Sign in again
              </Button>
            )}
          </div>
        )}
      </ConfirmForm>
    </ConfirmDialog>
  );
}

function RenamePasskeyDialog({ passkey, label }: { passkey: PasskeyView; label: string }) {
  const queryClient = useQueryClient();
  const dialog = useConfirmDialog<{ name?: string }>();
  const setError = (name: string | undefined) => dialog.setErrors({ name });

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkName(String(new FormData(event.currentTarget).get('name') ?? ''), true);
    setError(checked.error);
    if (checked.error !== undefined) return;
    await dialog.busyWhile(async () => {
      try {
        await api('/api/auth/passkey/update-passkey', { body: { id: passkey.id, name: checked.name } });
        await queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
        toast.success(passkeyMessages.renamed);
        dialog.setOpen(false);
      } catch (err) {
        if (err instanceof ApiRequestError && err.code === 'validation') setError(err.message);
        else {
          toast.error(passkeyMessages.renameFailed, { description: err instanceof ApiRequestError ? err.message : undefined });
          if (err instanceof ApiRequestError && err.code === PASSKEY_ERRORS.notFound) {
            dialog.setOpen(false);
            void queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
          }
        }
      }
    });
  }

  return (
    <ConfirmDialog
      state={dialog}
      trigger={
        <Button variant="ghost" aria-label={`Rename ${label}`}>
          Rename
        </Button>
      }
      title="Rename passkey"
      closeButton={false}
    >
      <ConfirmForm onSubmit={onSubmit} busy={dialog.busy} action="Save">
        <Field
          label="Name"
          name="name"
          autoComplete="off"
          defaultValue={passkey.name ?? label}
          required
          hint={`Up to ${PASSKEY_NAME_MAX_LENGTH} characters.`}
          error={dialog.errors.name}
        />
      </ConfirmForm>
    </ConfirmDialog>
  );
}

function RemovePasskeyDialog({ passkey, label }: { passkey: PasskeyView; label: string }) {
  const queryClient = useQueryClient();
  const dialog = useConfirmDialog();

  async function remove() {
    await dialog.busyWhile(async () => {
      try {
        await api('/api/auth/passkey/delete-passkey', { body: { id: passkey.id } });
        toast.success(passkeyMessages.removed);
        dialog.setOpen(false);
      } catch (err) {
        toast.error(passkeyMessages.removeFailed, { description: err instanceof ApiRequestError ? err.message : undefined });
        if (err instanceof ApiRequestError && err.code === PASSKEY_ERRORS.notFound) dialog.setOpen(false);
      }
    });
    await queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
  }

  return (
    <ConfirmDialog
      state={dialog}
      trigger={
        <Button variant="ghost" className="text-red-700" aria-label={`Remove ${label}`}>
          Remove
        </Button>
      }
      title={`Remove “${label}”?`}
      description="It will no longer sign you in here. Your device or password manager may still list it: delete it there too."
      closeButton={false}
    >
      <ConfirmActions className="mt-4" busy={dialog.busy} danger onClick={remove}>
        Remove passkey
      </ConfirmActions>
    </ConfirmDialog>
  );
}
