import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { OTP_RESEND_SECONDS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { emailFormSchema, otpVerifySchema, safeRedirectPath } from '../../../shared/schemas.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiRequestError, api } from '../../lib/api-client.ts';
import { type FieldErrors, formValues, validate } from '../../lib/form.ts';
import { sessionQueryKey } from '../../lib/session.ts';
import { toast } from '../../lib/toast.tsx';

const errorText = (err: unknown) => (err instanceof ApiRequestError ? err.message : undefined);

export function EmailOtpPage() {
  const [email, setEmail] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  async function sendCode(address: string) {
    setBusy(true);
    try {
      await api('/api/auth/email-otp/send-verification-otp', { body: { email: address, type: 'sign-in' } });
      toast.success(messages.otp.sent, { description: `If ${address} has an account, a 6-digit code is on its way.` });
      setEmail(address);
      setSecondsLeft(OTP_RESEND_SECONDS);
    } catch (err) {
      toast.error(messages.otp.sendError, { description: errorText(err) });
    } finally {
      setBusy(false);
    }
  }

  async function onRequest(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors } = validate(emailFormSchema, formValues(event.currentTarget));
    setErrors(errors ?? {});
    if (data) await sendCode(data.email);
  }

  async function onVerify(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors } = validate(otpVerifySchema, { ...formValues(event.currentTarget), email });
    setErrors(errors ?? {});
    if (!data) return;
    setBusy(true);
    try {
      const result = await api<{ token?: string; twoFactorRedirect?: boolean }>('/api/auth/sign-in/email-otp', { body: data });
      // The code was right; the second factor is asked on its own page (issue 30).
      if (result?.twoFactorRedirect) {
        const redirect = params.get('redirect_to');
        navigate(`/two-factor?redirect_to=${encodeURIComponent(safeRedirectPath(redirect, '/sonar-os'))}`, { replace: true });
        return;
      }
      if (!result?.token) throw new Error(messages.otp.noSession);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      toast.success(messages.otp.successTitle, { description: messages.otp.success });
      navigate(safeRedirectPath(params.get('redirect_to'), '/sonar-os'), { replace: true });
    } catch (err) {
      toast.error(messages.otp.verifyError, { description: err instanceof Error ? err.message : messages.otp.noSession });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Sign in with a code"
      subtitle={email ? `Enter the 6-digit code we sent to ${email}.` : 'We will e-mail you a one-time code.'}
    >
      {email === null ? (
        <form noValidate onSubmit={onRequest} className="space-y-4">
          <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
          <Button type="submit" className="w-full" busy={busy}>
            Send code
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={onVerify} className="space-y-4">
          <Field label="Code" name="otp" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required error={errors.otp} />
          <Button type="submit" className="w-full" busy={busy}>
            Verify
          </Button>
          <Button variant="ghost" className="w-full" disabled={secondsLeft > 0 || busy} onClick={() => sendCode(email)}>
            {secondsLeft > 0 ? `Resend code in ${secondsLeft}s` : 'Resend code'}
          </Button>
        </form>
      )}
      <p className="mt-4 text-sm">
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Back to sign in with a password
        </Link>
      </p>
    </AuthCard>
  );
}
