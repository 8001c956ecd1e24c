import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginMessages } from '../../../shared/first-screen-messages.ts';
import { twoFactorTexts, verifyBackupCodeSchema, verifyTotpSchema } from '../../../shared/two-factor.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiRequestError, api, isApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.tsx';
import { useFinishSignIn } from './finish-sign-in.ts';

/**
 * The second step of a sign-in (issue 30 §1): after the password or the e-mailed code was right,
 * a code from the authenticator app or a backup code. The server holds the step in a short-lived
 * cookie; when it has ended (timed out, too many wrong codes), the user starts again at /login.
 */
export function TwoFactorPage() {
  const [backup, setBackup] = useState(false);
  const [trust, setTrust] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { finishSignIn } = useFinishSignIn();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    const parsed = (backup ? verifyBackupCodeSchema : verifyTotpSchema).safeParse({ code, trustDevice: trust });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await api(backup ? '/api/auth/two-factor/verify-backup-code' : '/api/auth/two-factor/verify-totp', { body: parsed.data });
      await finishSignIn();
    } catch (err) {
      if (isApiError(err, 'second_factor_challenge_ended')) {
        toast.error(loginMessages.otherFailure, { description: err.message });
        navigate(`/login?${params}`, { replace: true });
      } else if (isApiError(err, 'second_factor_invalid')) {
        setError(err.message);
      } else {
        toast.error(loginMessages.otherFailure, {
          description: err instanceof ApiRequestError ? err.message : undefined,
          duration: 15_000,
        });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={twoFactorTexts.stepTitle} subtitle={backup ? twoFactorTexts.backupSubtitle : twoFactorTexts.stepSubtitle}>
      <form noValidate onSubmit={onSubmit} className="space-y-4" key={backup ? 'backup' : 'app'}>
        {backup ? (
          <Field
            label="Backup code"
            name="code"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={11}
            required
            error={error}
          />
        ) : (
          <Field
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            autoFocus
            required
            error={error}
          />
        )}
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={trust}
            onChange={(e) => setTrust(e.target.checked)}
            className="h-4 w-4 rounded border-slate-300"
          />
          {twoFactorTexts.trustDevice}
        </label>
        <Button type="submit" className="w-full" busy={busy}>
          Verify
        </Button>
        <Button
          variant="ghost"
          className="w-full"
          onClick={() => {
            setBackup(!backup);
            setError(undefined);
          }}
        >
          {backup ? twoFactorTexts.useApp : twoFactorTexts.useBackupCode}
        </Button>
      </form>
      <p className="mt-4 text-sm">
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
