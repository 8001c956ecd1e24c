import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { loginMessages } from '../../../shared/first-screen-messages.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiRequestError, api, isApiError } from '../../lib/api-client.ts';
import { useSessionData } from '../../lib/first-screen-queries.ts';
import { type FieldErrors, formValues } from '../../lib/form-values.ts';
import { toast } from '../../lib/toast.tsx';
import { useFinishSignIn } from './finish-sign-in.ts';
import { validateLogin } from './login-form.ts';
import { PasskeySignIn } from './passkey-sign-in.tsx';

export function LoginPage() {
  const user = useSessionData();
  const navigate = useNavigate();
  const location = useLocation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { finishSignIn, signedInHere } = useFinishSignIn();

  if (user && !signedInHere.current) return <Navigate to="/homepage" replace />;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors } = validateLogin(formValues(event.currentTarget));
    setErrors(errors ?? {});
    if (!data) return;
    setBusy(true);
    try {
      const answer = await api<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', { body: data });
      // The password was right; the second factor is asked on its own page (issue 30).
      if (answer?.twoFactorRedirect) {
        navigate(`/two-factor${location.search}`, { replace: true });
        return;
      }
      await finishSignIn();
    } catch (err) {
      if (isApiError(err, 'INVALID_EMAIL_OR_PASSWORD')) {
        toast.error(loginMessages.wrongPasswordTitle, { description: loginMessages.wrongPassword });
      } else if (isApiError(err, 'account_throttled')) {
        // Someone else's wrong guesses paused the password: the spec's failure title, what happened,
        // and the way in that still works.
        toast.error(loginMessages.otherFailure, {
          description: err.message,
          duration: 15_000,
          action: { label: 'Sign in with a code', onClick: () => navigate('/email-otp') },
        });
      } else {
        // A limit's wait, or a suspended account: the server's words say what to do.
        const description =
          err instanceof ApiRequestError && (err.status === 429 || err.code === 'ACCOUNT_SUSPENDED') ? err.message : undefined;
        toast.error(loginMessages.otherFailure, { description });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Members only access" subtitle="Sign in to your Enterprise OS account.">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <Field label="Email" name="email" type="email" autoComplete="username webauthn" required error={errors.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <Button type="submit" className="w-full" busy={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <PasskeySignIn onSignedIn={finishSignIn} />
      <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/email-otp" className="font-medium text-brand-700 hover:underline">
          Forgot password
        </Link>
        <Link to="/forgot-password" className="text-slate-700 hover:underline">
          Reset my password by e-mail
        </Link>
      </div>
    </AuthCard>
  );
}
