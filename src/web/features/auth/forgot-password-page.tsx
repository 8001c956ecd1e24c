import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../shared/messages.ts';
import { emailFormSchema } from '../../../shared/schemas.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiRequestError, api } from '../../lib/api-client.ts';
import { type FieldErrors, formValues, validate } from '../../lib/form.ts';
import { toast } from '../../lib/toast.tsx';

export function ForgotPasswordPage() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors } = validate(emailFormSchema, formValues(event.currentTarget));
    setErrors(errors ?? {});
    if (!data) return;
    setBusy(true);
    try {
      await api('/api/auth/request-password-reset', { body: { email: data.email, redirectTo: '/reset-password' } });
      toast.success(messages.forgot.sentTitle, { description: messages.forgot.sent });
      setSent(true);
    } catch (err) {
      toast.error(err instanceof ApiRequestError && err.message ? err.message : messages.forgot.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Forgot password" subtitle="Enter your e-mail and we will send you a link to choose a new password.">
      {sent ? (
        <p role="status" className="text-sm text-slate-700">
          {messages.forgot.sent}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
          <Button type="submit" className="w-full" busy={busy}>
            Send reset link
          </Button>
        </form>
      )}
      <p className="mt-4 text-sm">
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
