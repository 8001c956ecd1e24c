import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { messages } from '../../../shared/messages.ts';
import { passwordSchema } from '../../../shared/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiRequestError, api } from '../../lib/api-client.ts';

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
      currentPassword: currentPassword ? undefined : 'Enter your current password',
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
      if (err instanceof ApiRequestError && err.code === 'weak_password') setErrors({ newPassword: err.message });
      const description =
        err instanceof ApiRequestError && err.code === 'INVALID_PASSWORD'
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
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setErrors({});
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="secondary">Reset Password</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Reset Password</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">Choose a new password (at least 6 characters).</Dialog.Description>
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
              <Dialog.Close asChild>
                <Button variant="ghost">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" busy={busy}>
                Update password
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
