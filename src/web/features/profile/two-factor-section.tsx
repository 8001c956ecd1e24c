import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  BACKUP_CODE_COUNT,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  manualKey,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
  totpCode,
  twoFactorTexts,
} from '../../../shared/two-factor.ts';
import { LoadError } from '../../components/load-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiRequestError, api, isApiError } from '../../lib/api-client.ts';
import { liveTables } from '../../lib/live-updates.ts';
import { ConfirmDialog, ConfirmForm, CurrentPasswordField, useConfirmDialog } from './confirm-dialog.tsx';

export const twoFactorQueryKey = ['profile', 'two-factor'] as const;

/** The profile's "Two-factor sign-in" card (issue 30 §1): on or off, backup codes left, and its actions. */
export function TwoFactorSection({ onEnabled }: { onEnabled?: () => void } = {}) {
  const status = useQuery({
    queryKey: twoFactorQueryKey,
    queryFn: () => api<TwoFactorStatus>('/api/profile/two-factor'),
    // users.two_factor_enabled changes from another tab or device reach this card.
    meta: liveTables('users'),
  });
  return (
    <Card className="mt-4" aria-labelledby="two-factor-title">
      <h3 id="two-factor-title" className="text-lg font-semibold text-slate-900">
        Two-factor sign-in
      </h3>
      {status.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading…</p>
      ) : status.isError ? (
        <LoadError
          className="mt-2 border-0 p-0 shadow-none"
          message="Could not load your two-factor settings"
          retrying={status.isRefetching}
          onRetry={() => status.refetch()}
        />
      ) : (
        <>
          {status.data.enabled ? (
            <TwoFactorOn status={status.data} />
          ) : (
            <p className="mt-2 text-sm text-slate-700">
              Off. With it on, signing in asks for a 6-digit code from an authenticator app (such as Google Authenticator, Microsoft
              Authenticator or 1Password) after your password or e-mailed code.
            </p>
          )}
          {/* Mounted whatever the status: turning it on refreshes the status, and the dialog must stay to show the backup codes. */}
          <EnrolDialog onEnabled={onEnabled} withTrigger={!status.data.enabled} />
        </>
      )}
    </Card>
  );
}

function TwoFactorOn({ status }: { status: TwoFactorStatus }) {
  return (
    <div className="mt-2 space-y-3">
      <p className="text-sm text-slate-700">
        <span className="font-medium text-emerald-700">On.</span> Signing in asks for a code from your authenticator app.{' '}
        {status.backupCodesLeft} of {BACKUP_CODE_COUNT} backup codes left.
      </p>
      {status.backupCodesLeft <= 3 && (
        <p role="status" className="text-sm text-amber-800">
          Few backup codes are left: make new ones so you are not locked out if you lose your phone.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <NewBackupCodesDialog />
        {!status.required && <DisableDialog />}
      </div>
      {status.required && <p className="text-xs text-slate-600">Your organisation requires a second factor, so it cannot be turned off.</p>}
    </div>
  );
}

/** The password field's error: a wrong password from the server, or the form's own check. */
const passwordError = (err: unknown) => (isApiError(err, 'INVALID_PASSWORD') ? twoFactorTexts.wrongPassword : undefined);

function EnrolDialog({ onEnabled, withTrigger }: { onEnabled?: () => void; withTrigger: boolean }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'password' | 'scan' | 'codes'>('password');
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment & { qr: string }>();
  const dialog = useConfirmDialog<{ password?: string; code?: string }>({
    onClose() {
      setStep('password');
      setEnrolment(undefined);
      if (step === 'codes') void queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });
    },
  });
  const { errors, setErrors } = dialog;

  async function start(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = enableTwoFactorSchema.safeParse({ password: new FormData(event.currentTarget).get('password') ?? '' });
    if (!parsed.success) return setErrors({ password: parsed.error.issues[0]?.message });
    await dialog.busyWhile(async () => {
      try {
        const answer = await api<TwoFactorEnrolment>('/api/auth/two-factor/enable', { body: parsed.data });
        // The QR code is drawn in the browser, from the link only: the key never leaves for another service.
        const { toDataURL } = await import('qrcode');
        setEnrolment({ ...answer, qr: await toDataURL(answer.totpURI, { margin: 1, width: 200 }) });
        setErrors({});
        setStep('scan');
      } catch (err) {
        setErrors({ password: passwordError(err) });
        if (!passwordError(err)) toast.error('Could not start setting up two-factor sign-in', { description: messageOf(err) });
      }
    });
  }

  async function confirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = totpCode.safeParse(new FormData(event.currentTarget).get('code') ?? '');
    if (!parsed.success) return setErrors({ code: parsed.error.issues[0]?.message });
    await dialog.busyWhile(async () => {
      try {
        await api('/api/auth/two-factor/verify-totp', { body: { code: parsed.data } });
        setErrors({});
        setStep('codes');
        toast.success('Two-factor sign-in is on');
        onEnabled?.();
      } catch (err) {
        setErrors({ code: isApiError(err, 'second_factor_invalid') ? err.message : messageOf(err) });
      }
    });
  }

  return (
    <ConfirmDialog
      state={dialog}
      trigger={withTrigger ? <Button className="mt-3">Set up an authenticator app</Button> : undefined}
      title="Set up two-factor sign-in"
      description={
        step === 'password'
          ? 'Confirm your password to begin.'
          : step === 'scan'
            ? 'Scan the QR code with your authenticator app, or type the key, then enter the 6-digit code it shows.'
            : 'Save these backup codes now: they are shown only once.'
      }
      closeButton={step !== 'codes'}
    >
      {step === 'password' && (
        <ConfirmForm onSubmit={start} busy={dialog.busy} action="Continue">
          <CurrentPasswordField error={errors.password} />
        </ConfirmForm>
      )}
      {step === 'scan' && enrolment && (
        <ConfirmForm onSubmit={confirm} busy={dialog.busy} action="Turn on">
          <img src={enrolment.qr} alt="QR code to scan with your authenticator app" width={200} height={200} className="mx-auto" />
          <div>
            <p className="text-sm text-slate-700">Or type this key into the app (time-based):</p>
            <p
              data-testid="manual-key"
              className="mt-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm tracking-wider break-all text-slate-900"
            >
              {manualKey(enrolment.totpURI)}
            </p>
          </div>
          <Field label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} error={errors.code} />
        </ConfirmForm>
      )}
      {step === 'codes' && enrolment && <BackupCodes codes={enrolment.backupCodes} onDone={() => dialog.onOpenChange(false)} />}
    </ConfirmDialog>
  );
}

/** The backup codes, once: copy, download as a text file, done. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Enterprise OS backup codes (each works once)\n\n${codes.join('\n')}\n`;
  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'enterprise-os-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm text-slate-700">
        If you lose your phone, a backup code signs you in instead of the app's code. Keep them somewhere safe, apart from your password.
      </p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            navigator.clipboard.writeText(text).then(
              () => toast.success('Backup codes copied'),
              () => toast.error('Could not copy: select the codes and copy them by hand'),
            )
          }
        >
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>I saved them</Button>
      </div>
    </div>
  );
}

function NewBackupCodesDialog() {
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[]>();
  const dialog = useConfirmDialog<{ password?: string }>({
    onClose() {
      setCodes(undefined);
      void queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });
    },
  });
  const { setErrors } = dialog;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = enableTwoFactorSchema.safeParse({ password: new FormData(event.currentTarget).get('password') ?? '' });
    if (!parsed.success) return setErrors({ password: parsed.error.issues[0]?.message });
    await dialog.busyWhile(async () => {
      try {
        const answer = await api<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', { body: parsed.data });
        setCodes(answer.backupCodes);
        setErrors({});
      } catch (err) {
        setErrors({ password: passwordError(err) ?? messageOf(err) });
      }
    });
  }

  return (
    <ConfirmDialog
      state={dialog}
      trigger={<Button variant="secondary">New backup codes</Button>}
      title="New backup codes"
      description={codes ? 'Save these backup codes now: they are shown only once.' : 'The codes you have now stop working.'}
    >
      {codes ? (
        <BackupCodes codes={codes} onDone={() => dialog.onOpenChange(false)} />
      ) : (
        <ConfirmForm onSubmit={submit} busy={dialog.busy} action="Make new codes">
          <CurrentPasswordField error={dialog.errors.password} />
        </ConfirmForm>
      )}
    </ConfirmDialog>
  );
}

function DisableDialog() {
  const queryClient = useQueryClient();
  const dialog = useConfirmDialog<{ password?: string; code?: string }>();
  const { setErrors } = dialog;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = disableTwoFactorSchema.safeParse({ password: form.get('password') ?? '', code: form.get('code') ?? '' });
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
      return setErrors(fields);
    }
    await dialog.busyWhile(async () => {
      try {
        await api('/api/auth/two-factor/disable', { body: parsed.data });
        toast.success('Two-factor sign-in is off');
        dialog.setOpen(false);
        await queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });
      } catch (err) {
        if (passwordError(err)) setErrors({ password: passwordError(err) });
        else if (isApiError(err, 'second_factor_invalid')) setErrors({ code: err.message });
        else toast.error('Could not turn two-factor sign-in off', { description: messageOf(err) });
      }
    });
  }

  return (
    <ConfirmDialog
      state={dialog}
      trigger={<Button variant="ghost">Turn off</Button>}
      title="Turn off two-factor sign-in"
      description="Signing in will ask for your password or an e-mailed code only. Confirm with your password and a code."
    >
      <ConfirmForm onSubmit={submit} busy={dialog.busy} danger action="Turn off">
        <CurrentPasswordField error={dialog.errors.password} />
        <Field
          label="Code from your app, or a backup code"
          name="code"
          autoComplete="one-time-code"
          maxLength={11}
          error={dialog.errors.code}
        />
      </ConfirmForm>
    </ConfirmDialog>
  );
}

const messageOf = (err: unknown) => (err instanceof ApiRequestError || err instanceof Error ? err.message : undefined);
