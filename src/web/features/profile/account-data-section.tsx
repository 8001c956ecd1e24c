// "Your data" on the profile (issue 30 §5, §6): export one's data (the latest export's state, live
// from data_exports, with its download link while ready) and delete one's account (a dialog that
// asks for the password or an e-mailed code, and DELETE typed out). After the deletion the tab is
// signed out and lands on /login saying so.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  accountDataMessages,
  type DataExportAnswer,
  type DataExportState,
  DELETE_CONFIRMATION_WORD,
  DELETION_CODE,
  EXPORT_LINK_DAYS,
} from '../../../shared/account-data.ts';
import { BRAND } from '../../../shared/constants.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiRequestError, api } from '../../lib/api-client.ts';
import { liveTables } from '../../lib/live-updates.ts';
import { useSignOut } from '../../lib/session.ts';
import { toast } from '../../lib/toast.tsx';
import { ConfirmDialog, ConfirmForm, CurrentPasswordField, useConfirmDialog } from './confirm-dialog.tsx';

const exportKey = ['account-data', 'export'] as const;
const exportQuery = queryOptions({
  queryKey: exportKey,
  queryFn: ({ signal }) => api<DataExportAnswer>('/api/account/exports/latest', { signal }),
  meta: liveTables('data_exports'),
});

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function size(bytes: number | null) {
  if (bytes === null) return '';
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function AccountDataSection() {
  return (
    <Card className="mt-4 space-y-8">
      <ExportPart />
      <DeletePart />
    </Card>
  );
}

function ExportState({ latest }: { latest: DataExportState }) {
  switch (latest.status) {
    case 'pending':
      return <p role="status">Preparing your export (asked for {when(latest.createdAt)}). We will e-mail you when it is ready.</p>;
    case 'ready':
      return (
        <p>
          Your export is ready{latest.sizeBytes ? ` (${size(latest.sizeBytes)})` : ''}.{' '}
          {latest.downloadUrl && (
            <a className="font-semibold text-brand-700 underline" href={latest.downloadUrl} download>
              Download your data
            </a>
          )}
          {latest.expiresAt && <span className="block text-sm text-slate-600">The link expires on {when(latest.expiresAt)}.</span>}
        </p>
      );
    case 'expired':
      return <p>Your last export has expired.</p>;
    case 'failed':
      return <p role="alert">Your last export could not be prepared. Please ask for a new one.</p>;
  }
}

function ExportPart() {
  const client = useQueryClient();
  const { data, isError, refetch } = useQuery(exportQuery);
  const request = useMutation({
    mutationFn: () => api<DataExportAnswer & { message: string }>('/api/account/exports', { body: {} }),
    onSuccess: (answer) => {
      client.setQueryData(exportKey, { latest: answer.latest, nextExportAt: answer.nextExportAt });
      toast.success(answer.message);
    },
    onError: (err) => {
      toast.error('Could not start the export', { description: err instanceof Error ? err.message : undefined });
      void refetch();
    },
  });
  const next = data?.nextExportAt ?? null;
  return (
    <section aria-labelledby="export-heading" className="space-y-3">
      <h3 id="export-heading" className="text-lg font-semibold text-slate-900">
        Export your data
      </h3>
      <p className="text-slate-600">
        A zip archive of what {BRAND} keeps about you: every record of your account as JSON, your library as Markdown files and your Account
        Intelligence Reports as HTML pages. It is prepared in the background; we e-mail you a link that works for {EXPORT_LINK_DAYS} days
        while you are signed in. One export a day.
      </p>
      {isError ? (
        <p role="alert">
          Your exports could not be loaded.{' '}
          <Button variant="ghost" onClick={() => refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        data?.latest && <ExportState latest={data.latest} />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" busy={request.isPending} disabled={!data || next !== null} onClick={() => request.mutate()}>
          Export my data
        </Button>
        {next && <span className="text-sm text-slate-600">Your next export is possible on {when(next)}.</span>}
      </div>
    </section>
  );
}

type DeleteErrors = { password?: string; code?: string; confirmation?: string };

function DeletePart() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [useCode, setUseCode] = useState(false);
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const dialog = useConfirmDialog<DeleteErrors>({
    onClose() {
      setUseCode(false);
      setCodeNote(null);
    },
  });
  const { errors, setErrors } = dialog;

  async function sendCode() {
    setSending(true);
    try {
      const { message } = await api<{ message: string }>('/api/account/deletion-code', { body: {} });
      setUseCode(true);
      setCodeNote(message);
      setErrors({});
    } catch (err) {
      toast.error('Could not send a code', { description: err instanceof Error ? err.message : undefined });
    } finally {
      setSending(false);
    }
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const secret = String(form.get(useCode ? 'code' : 'password') ?? '');
    const confirmation = String(form.get('confirmation') ?? '');
    // The server says the same; asked here first so a slip costs no attempt.
    const next: DeleteErrors = {
      [useCode ? 'code' : 'password']: secret ? undefined : accountDataMessages.secretRequired,
      confirmation: confirmation.trim() === DELETE_CONFIRMATION_WORD ? undefined : accountDataMessages.confirmationMismatch,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    await dialog.busyWhile(async () => {
      try {
        await api('/api/account/delete', { body: { ...(useCode ? { code: secret.trim() } : { password: secret }), confirmation } });
        toast.success(accountDataMessages.deleted, { description: accountDataMessages.deletedDescription });
        await signOut();
        navigate('/login', { replace: true });
      } catch (err) {
        if (err instanceof ApiRequestError && err.fields) setErrors(err.fields);
        toast.error('Your account was not deleted', { description: err instanceof Error ? err.message : undefined });
      }
    });
  }

  return (
    <section aria-labelledby="delete-heading" className="space-y-3">
      <h3 id="delete-heading" className="text-lg font-semibold text-slate-900">
        Delete your account
      </h3>
      <p className="text-slate-600">
        Deletes your account and everything in it at once: alerts, reports, library, conversations, sessions and usage. It cannot be undone;
        export your data first if you want to keep it.
      </p>
      <ConfirmDialog
        state={dialog}
        trigger={<Button variant="danger">Delete my account</Button>}
        title="Delete your account"
        description="Everything of yours is deleted at once and cannot be brought back. We send a last e-mail to confirm it."
        closeButton={false}
      >
        <ConfirmForm onSubmit={onSubmit} busy={dialog.busy} danger action="Delete my account">
          {useCode ? (
            <Field
              key="code"
              label="Code from the e-mail"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={DELETION_CODE.digits}
              hint={codeNote ?? undefined}
              error={errors.code}
            />
          ) : (
            <CurrentPasswordField key="password" label="Your password" error={errors.password} />
          )}
          <Button variant="ghost" className="px-0" busy={sending} onClick={sendCode}>
            {useCode ? 'Send a new code' : 'E-mail me a code instead'}
          </Button>
          <Field
            label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
            name="confirmation"
            autoComplete="off"
            spellCheck={false}
            placeholder={DELETE_CONFIRMATION_WORD}
            error={errors.confirmation}
          />
        </ConfirmForm>
      </ConfirmDialog>
    </section>
  );
}
