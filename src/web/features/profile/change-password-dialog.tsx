import { useState } from 'react';
import { toast } from 'sonner';
import { messages } from '../../../shared/messages.ts';
import { passwordSchema } from '../../../shared/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { api, isApiError } from '../../lib/api-client.ts';

/** The Reset Password dialog of /profile. Asks for the current password too: a session alone
 * (an unattended laptop) must not be enough to take over the account. */
export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string }>({});

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
    setBusy(true);
    try {
      await api('/api/auth/change-password', { body: { currentPassword, newPassword, revokeOtherSessions: true } });
      toast.success(messages.reset.updated, { description: 'Your other sessions were signed out.' });
      setOpen(false);
    } catch (err) {
      if (isApiError(err, 'weak_password')) setErrors({ newPassword: err.message });
      const description = isApiError(err, 'INVALID_PASSWORD')
        ? 'The current password is not correct.'
        : err instanceof Error
          ? err.message
          : undefined;
      toast.error(messages.profile.passwordFailed, { description });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setErrors({});
      }}
      trigger={<Button variant="secondary">Reset Password</Button>}
      title="Reset Password"
      description="Choose a new password (at least 6 characters)."
      closeButton={false}
      variant="form"
    >
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <Field label="New password" name="newPassword" type="password" autoComplete="new-password" error={errors.newPassword} />
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button type="submit" busy={busy}>
            Update password
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
