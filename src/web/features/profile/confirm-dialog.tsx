// The profile's confirm dialogs — change the password, turn two-factor sign-in on or off, make new
// backup codes, delete the account, and the passkeys' — share one shape: a dialog opened by its
// trigger, a form asking for the password (and what else the action needs), Cancel beside the
// action's button, busy while the request runs, and no message left over when it is opened again.
import { type ComponentProps, type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { cn } from '../../lib/cn.ts';

/** A form's messages, by field name. */
type FieldMessages = Partial<Record<string, string>>;

/**
 * A confirm dialog's state. `onOpenChange` goes to the Dialog: opening or closing it clears the
 * messages, and closing it also runs `onClose` (a dialog with steps goes back to its first).
 */
export function useConfirmDialog<Errors extends FieldMessages>({ onClose }: { onClose?: () => void } = {}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({} as Errors);
  return {
    open,
    setOpen,
    busy,
    errors,
    setErrors,
    onOpenChange(next: boolean) {
      setOpen(next);
      setErrors({} as Errors);
      if (!next) onClose?.();
    },
    /** Runs the request with the action's button busy, until it settles either way. */
    async busyWhile(work: () => Promise<void>) {
      setBusy(true);
      try {
        await work();
      } finally {
        setBusy(false);
      }
    },
  };
}

/** The dialog, opened and closed through the state of `useConfirmDialog`, in the look of a dialog holding a form. */
export function ConfirmDialog({
  state,
  ...props
}: { state: Pick<ReturnType<typeof useConfirmDialog>, 'open' | 'onOpenChange'> } & Omit<
  ComponentProps<typeof Dialog>,
  'open' | 'onOpenChange' | 'variant'
>) {
  return <Dialog open={state.open} onOpenChange={state.onOpenChange} variant="form" {...props} />;
}

/** Cancel (closes the dialog) and the action's button: a submit button unless `onClick` is given. */
export function ConfirmActions({
  busy,
  danger,
  onClick,
  className,
  children,
}: {
  busy: boolean;
  danger?: boolean;
  onClick?: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      <DialogClose asChild>
        <Button variant="ghost">Cancel</Button>
      </DialogClose>
      <Button type={onClick ? 'button' : 'submit'} variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onClick}>
        {children}
      </Button>
    </div>
  );
}

/** The dialog's form: its fields (checked by the dialog itself, not the browser), then Cancel and the action. */
export function ConfirmForm({
  onSubmit,
  busy,
  danger,
  action,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  danger?: boolean;
  /** The action button's words. */
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
      {children}
      <ConfirmActions busy={busy} danger={danger}>
        {action}
      </ConfirmActions>
    </form>
  );
}

/** The account's current password, asked again so that an open session alone cannot do it. */
export function CurrentPasswordField({ label = 'Password', name = 'password', error }: { label?: string; name?: string; error?: string }) {
  return <Field label={label} name={name} type="password" autoComplete="current-password" error={error} />;
}
