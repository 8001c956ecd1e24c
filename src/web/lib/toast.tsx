// Toasts without sonner's code on the first screen (issue 16): the public pages load sonner only when
// they show their first toast, and the signed-in screens once they have painted (useToaster). A
// toast asked for before sonner has loaded shows as soon as it has: sonner hands the toasts created
// before its Toaster subscribed to it.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';
import { TOAST_DURATION_MS } from '../../shared/constants.ts';

type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']['error']>[0];

let sonner: Promise<Sonner> | null = null;
let mounted = false;
const listeners = new Set<() => void>();

/** Loads sonner (once) and mounts the Toaster. */
export function loadSonner(): Promise<Sonner> {
  if (!mounted) {
    mounted = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import('sonner');
  return sonner;
}

const show =
  (kind: 'success' | 'error' | 'info') =>
  (message: Message, data?: ExternalToast): void => {
    void loadSonner().then(({ toast }) => toast[kind](message, data));
  };

/** Closes the toast shown with this id (a no-op when there is none or sonner never loaded). */
const dismiss = (id: string): void => {
  void sonner?.then(({ toast }) => toast.dismiss(id));
};

/**
 * sonner's toast.success/error/info, loading sonner on first use. A toast about a form's input is
 * given an id, and `dismiss(id)` closes it once its cause is gone (the field edited, the form sent).
 */
export const toast = { success: show('success'), error: show('error'), info: show('info'), dismiss };

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The app's one Toaster, rendered once a toast is wanted. */
export function Toasts() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => mounted,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster visibleToasts={1} duration={TOAST_DURATION_MS} position="top-right" hotkey={['F8']} richColors closeButton />
    </Suspense>
  );
}
