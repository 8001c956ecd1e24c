import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { IconButton } from './icon-button.tsx';

/**
 * The two looks in use. They differ only in the overlay's dim, the shadow, the panel's width on a
 * phone, the title's weight and the description's tone; both are kept so that no dialog changed
 * when this component came in. Merge them once design picks one.
 */
const variants = {
  /** The navigation guide. */
  default: {
    overlay: 'z-50 bg-slate-900/50',
    content: 'w-[calc(100%-2rem)] max-w-md shadow-2xl focus:outline-none',
    title: 'font-bold',
    description: 'mt-2 text-slate-700',
  },
  /** A dialog holding a form (Reset Password). */
  form: {
    overlay: 'z-40 bg-slate-900/40',
    content: 'w-[min(28rem,92vw)] shadow-xl',
    title: 'font-semibold',
    description: 'mt-1 text-slate-600',
  },
} as const;

type DialogProps = {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog (e.g. a `<Button>`); Radix wires it up and returns the focus to it. */
  trigger?: ReactNode;
  /** The dialog's accessible name. */
  title: ReactNode;
  /** Read out with the name when the dialog opens. */
  description?: ReactNode;
  /** An icon (aria-hidden) shown in a round badge before the title, e.g. `<PanelLeftOpen className="h-5 w-5" />`. */
  icon?: ReactNode;
  /** The 'X' button (named "Close") at the top right; on by default. */
  closeButton?: boolean;
  variant?: keyof typeof variants;
  /** Added to the panel's classes; for additions, not to override its look. */
  className?: string;
  children?: ReactNode;
};

/**
 * A modal dialog: an overlay, a panel centred on the screen with the title (and description) at
 * its top, then `children`. Radix keeps the focus inside while it is open, closes it on Escape
 * or a click on the overlay, and gives the focus back when it closes. Wrap a button of the body
 * in `<DialogClose asChild>` to have it close the dialog.
 */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  icon,
  closeButton = true,
  variant = 'default',
  className,
  children,
}: DialogProps) {
  const look = variants[variant];
  return (
    <DialogPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={cn('fixed inset-0', look.overlay)} />
        <DialogPrimitive.Content
          className={cn('fixed top-1/2 left-1/2 z-50 -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6', look.content, className)}
        >
          <div className="flex items-start gap-3">
            {icon && (
              <span
                aria-hidden="true"
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700"
              >
                {icon}
              </span>
            )}
            <div className="min-w-0 flex-1">
              <DialogPrimitive.Title className={cn('text-lg text-slate-900', look.title)}>{title}</DialogPrimitive.Title>
              {description && (
                <DialogPrimitive.Description className={cn('text-sm', look.description)}>{description}</DialogPrimitive.Description>
              )}
            </div>
            {closeButton && (
              <DialogPrimitive.Close asChild>
                <IconButton aria-label="Close">
                  <X aria-hidden="true" className="h-5 w-5" />
                </IconButton>
              </DialogPrimitive.Close>
            )}
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** Closes the dialog it is in; use with `asChild` around a button, e.g. `<DialogClose asChild><Button>Cancel</Button></DialogClose>`. */
export const DialogClose = DialogPrimitive.Close;
