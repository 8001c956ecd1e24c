import { toast } from 'sonner';
import { messages } from '../../../shared/messages.ts';
import { passwordSchema } from '../../../shared/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { api, isApiError } from '../../lib/api-client.ts';
import { ConfirmDialog, ConfirmForm, CurrentPasswordField, useConfirmDialog } from './confirm-dialog.tsx';

/** The Reset Password dialog of /profile. Asks for the current password too: a session alone
 * (an unattended laptop) must not be enough to take over the account. */
export function ChangePasswordDialog() {
  const dialog = useConfirmDialog<{ currentPassword?: string; newPassword?: string }>();
  const { setErrors } = dialog;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const currentPassword = String(form.get('currentPassword') ?? '');
    const newPassword = String(form.get('newPassword') ?? '');
    if (!newPassword) {
      setErrors({ newPassword: messages.passwords.requiredDescription });
      toast.error(messages.passwords.required, { description: messages.passwords.requiredDescription });
      return;
    }
    const strength = passwordSchema.safeParse(newPassword);
    const next = {
      currentPassword: currentPassword ? undefined : messages.passwords.currentRequired,
      newPassword: strength.success ? undefined : strength.error.issues[0]?.message,
    };
    setErrors(next);
    if (next.currentPassword || next.newPassword) return;
    await dialog.busyWhile(async () => {
      try {
        await api('/api/auth/change-password', { body: { currentPassword, newPassword, revokeOtherSessions: true } });
        toast.success(messages.reset.updated, { description: 'Your other sessions were signed out.' });
        dialog.setOpen(false);
      } catch (err) {
        if (isApiError(err, 'weak_password')) setErrors({ newPassword: err.message });
        const description = isApiError(err, 'INVALID_PASSWORD')
          ? 'The current password is not correct.'
          : err instanceof Error
            ? err.message
            : undefined;
        toast.error(messages.profile.passwordFailed, { description });
      }
    });
  }

  return (
    <ConfirmDialog
      state={dialog}
      trigger={<Button variant="secondary">Reset Password</Button>}
      title="Reset Password"
      description="Choose a new password (at least 6 characters)."
      closeButton={false}
    >
      <ConfirmForm onSubmit={onSubmit} busy={dialog.busy} action="Update password">
        <CurrentPasswordField label="Current password" name="currentPassword" error={dialog.errors.currentPassword} />
        <Field label="New password" name="newPassword" type="password" autoComplete="new-password" error={dialog.errors.newPassword} />
      </ConfirmForm>
    </ConfirmDialog>
  );
}
