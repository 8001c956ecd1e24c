// /reset-password and /create-password: both set a password from an e-mailed link's token.
// The invite flow then continues signed in to /profile-completion; a reset goes back to /login.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../shared/messages.ts';
import { newPasswordSchema } from '../../../shared/schemas.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiRequestError, api, isApiError } from '../../lib/api-client.ts';
import { type FieldErrors, formValues, validate } from '../../lib/form.ts';
import { sessionQueryKey } from '../../lib/session.ts';
import { toast } from '../../lib/toast.tsx';

type Purpose = 'invite' | 'reset';

/** The id of this form's input toast (mismatch, weak password), so that it can be closed once fixed. */
const INPUT_TOAST = 'password-input-error';

const copy = {
  reset: {
    title: 'Reset password',
    subtitle: 'Choose a new password for your account.',
    submit: 'Update password',
    linkErrorTitle: messages.reset.authErrorTitle,
    linkError: messages.reset.authError,
    mismatch: messages.passwords.mismatch,
  },
  invite: {
    title: 'Create your password',
    subtitle: 'Welcome! Choose a password to finish setting up your account.',
    submit: 'Set password',
    linkErrorTitle: messages.invite.authErrorTitle,
    linkError: messages.invite.authError,
    mismatch: messages.passwords.mismatchAlt,
  },
} as const;

function PasswordLinkPage({ purpose }: { purpose: Purpose }) {
  const text = copy[purpose];
  const [params] = useSearchParams();
  const token = params.get('token') ?? params.get('access_token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  /** Whether the input toast is showing: editing either password removes its cause. */
  const [inputToast, setInputToast] = useState(false);

  const closeInputToast = () => {
    toast.dismiss(INPUT_TOAST);
    setInputToast(false);
  };

  const link = useQuery({
    queryKey: ['passwordLink', token],
    queryFn: () => api<{ valid: boolean }>('/api/accounts/password-links/check', { body: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: 0,
  });
  const invalid = token === '' || link.isError || link.data?.valid === false;

  useEffect(() => {
    if (!invalid) return;
    toast.error(text.linkErrorTitle, { description: text.linkError });
    navigate('/login', { replace: true });
  }, [invalid, navigate, text]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors } = validate(newPasswordSchema, formValues(event.currentTarget));
    setErrors(
      errors ? { ...errors, ...(errors.confirmPassword === messages.passwords.mismatch ? { confirmPassword: text.mismatch } : {}) } : {},
    );
    if (!data) {
      if (errors?.confirmPassword === messages.passwords.mismatch) {
        toast.error(messages.passwords.mismatchTitle, { description: text.mismatch, id: INPUT_TOAST });
        setInputToast(true);
      }
      return;
    }
    setBusy(true);
    try {
      await api('/api/accounts/password-links', { body: { ...data, token, purpose } });
      closeInputToast();
      if (purpose === 'invite') {
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        toast.success(messages.invite.passwordSet);
        navigate('/profile-completion', { replace: true });
      } else {
        // Every session of the account was revoked, this browser's included.
        queryClient.setQueryData(sessionQueryKey, null);
        toast.success(messages.reset.updated, { description: 'Sign in with your new password.' });
        navigate('/login', { replace: true });
      }
    } catch (err) {
      if (isApiError(err, 'token_invalid')) {
        // The link was spent or expired while the page was open: the same answer as on arrival.
        toast.error(text.linkErrorTitle, { description: text.linkError });
        navigate('/login', { replace: true });
      } else if (isApiError(err, 'weak_password')) {
        setErrors({ password: err.message });
        toast.error(err.title ?? messages.passwords.weakTitle, { description: err.message, id: INPUT_TOAST });
        setInputToast(true);
      } else if (purpose === 'invite') {
        toast.error(messages.invite.authErrorTitle, { description: messages.invite.authError });
      } else {
        toast.error(messages.reset.failed, { description: err instanceof ApiRequestError ? err.message : undefined });
      }
    } finally {
      setBusy(false);
    }
  }

  if (invalid || link.isPending) return <Spinner label="Checking your link" />;

  return (
    <AuthCard title={text.title} subtitle={text.subtitle}>
      <form noValidate onSubmit={onSubmit} onChange={() => inputToast && closeInputToast()} className="space-y-4">
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password}
          hint="At least 6 characters."
        />
        <Field
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <Button type="submit" className="w-full" busy={busy}>
          {text.submit}
        </Button>
      </form>
    </AuthCard>
  );
}

export const ResetPasswordPage = () => <PasswordLinkPage purpose="reset" />;
export const CreatePasswordPage = () => <PasswordLinkPage purpose="invite" />;
