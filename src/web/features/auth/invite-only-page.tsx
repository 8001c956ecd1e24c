import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../shared/messages.ts';
import { registrationSchema } from '../../../shared/schemas.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiRequestError, api, isApiError } from '../../lib/api-client.ts';
import { type FieldErrors, formValues, validate } from '../../lib/form.ts';
import { sessionQueryKey, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.tsx';

/** The id of this form's error toast, so that the next one replaces it and it can be closed. */
const ERROR_TOAST = 'registration-error';

export function InviteOnlyPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data: user, isPending } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  /** The field the error toast is about: editing it removes the cause, so the toast closes. */
  const [toastCause, setToastCause] = useState<string | null>(null);
  // The address the invite was sent to, filled in and locked; a spent or unknown invite leaves the
  // field open and the submit answers with the spec's 'Invalid invite token or email mismatch'.
  const invite = useQuery({
    queryKey: ['invite', token],
    queryFn: () => api<{ email: string | null }>('/api/accounts/invites/check', { body: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: 0,
  });
  const invitedEmail = invite.data?.email ?? undefined;

  if (!token) {
    if (isPending) return <Spinner />;
    if (user) return <Navigate to="/homepage" replace />;
    return (
      <AuthCard title="Invite-only registration">
        <p role="alert" className="text-sm text-red-700">
          {messages.registration.missingToken}
        </p>
        <p className="mt-4 text-sm text-slate-700">
          Access to Enterprise OS is by invitation. Use the link from your invitation e-mail, or{' '}
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            sign in
          </Link>{' '}
          if you already have an account.
        </p>
      </AuthCard>
    );
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors } = validate(registrationSchema, { ...formValues(event.currentTarget), token });
    setErrors(errors ?? {});
    if (!data) return;
    setBusy(true);
    try {
      // Registering signs the user in: on to completing the profile, as after an invite's password.
      await api('/api/accounts/registration', { body: data });
      toast.dismiss(ERROR_TOAST);
      setToastCause(null);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      toast.success(messages.registration.success, { description: messages.registration.successDescription });
      navigate('/profile-completion', { replace: true });
    } catch (err) {
      // A refused password says why under the field too.
      const weak = isApiError(err, 'weak_password');
      if (weak) setErrors({ password: err.message });
      setToastCause(weak ? 'password' : null);
      toast.error(err instanceof ApiRequestError && err.message ? err.message : messages.registration.unexpected, { id: ERROR_TOAST });
    } finally {
      setBusy(false);
    }
  }

  function onChange(event: React.FormEvent<HTMLFormElement>) {
    const field = (event.target as HTMLInputElement).name;
    if (field !== toastCause) return;
    toast.dismiss(ERROR_TOAST);
    setToastCause(null);
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  if (invite.isPending) return <Spinner label="Checking your invite" />;

  return (
    <AuthCard title="Create your account" subtitle="You have been invited to Enterprise OS. All fields are required.">
      <form noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" name="firstName" autoComplete="given-name" required error={errors.firstName} />
          <Field label="Last name" name="lastName" autoComplete="family-name" required error={errors.lastName} />
        </div>
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
          hint="The address your invite was sent to."
          defaultValue={invitedEmail}
          readOnly={invitedEmail !== undefined}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password}
          hint="At least 6 characters."
        />
        <Field
          label="LinkedIn URL"
          name="linkedinProfileUrl"
          type="url"
          placeholder="https://www.linkedin.com/in/…"
          required
          error={errors.linkedinProfileUrl}
        />
        <Field label="Phone" name="phone" type="tel" autoComplete="tel" required error={errors.phone} />
        <Button type="submit" className="w-full" busy={busy}>
          {busy ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}
