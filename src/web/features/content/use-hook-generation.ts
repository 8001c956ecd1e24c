// 'Generate Hooks' (spec 02 §4 "Hooks"): the form checked, the hooks asked for with the chosen stat,
// the overlay's Cancel, then the new hooks revealed after HOOKS_SCROLL_DELAY_MS. A cancelled or
// failed run leaves the hooks on screen as they were.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { contentMessages, type GenerateHooksRequest, HOOKS_SCROLL_DELAY_MS, type Stat } from '../../../shared/content.ts';
import { contentApi } from './api.ts';
import { asInputs } from './content-form.ts';
import { shownHooks } from './draft-session.ts';
import { say } from './toasts.ts';
import type { useContentForm } from './use-content-form.ts';
import { useRevealLater } from './use-page-scroll.ts';

const text = contentMessages;

type Options = {
  form: ReturnType<typeof useContentForm>;
  /** The statistic the hooks are written with, if any. */
  marketData: Stat | null;
  onHooks: (hooks: string[]) => void;
  noteFailure: (err: unknown) => void;
};

export function useHookGeneration({ form, marketData, onHooks, noteFailure }: Options) {
  const { section, heading, reveal } = useRevealLater(HOOKS_SCROLL_DELAY_MS);
  // The running request, for Cancel; leaving the page cancels it too.
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const mutation = useMutation({
    mutationFn: async ({ request, signal }: { request: GenerateHooksRequest; signal: AbortSignal }) =>
      shownHooks(await contentApi.generateHooks(request, signal)),
  });

  const submit = async () => {
    if (mutation.isPending) return;
    if (!form.checkFilled()) {
      say.error(text.missingTitle, text.fillAllFields);
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    try {
      const request = { inputs: asInputs(form.values), marketData };
      const hooks = await mutation.mutateAsync({ request, signal: controller.signal });
      // Cancelled just as the answer came: the user asked for the hooks on screen to stay.
      if (controller.signal.aborted) return;
      onHooks(hooks);
      reveal();
    } catch (err) {
      // Cancelled: nothing failed, and the previous hooks stay as they were.
      if (controller.signal.aborted) return;
      noteFailure(err);
      const message = err instanceof Error ? err.message : '';
      say.error(text.hooks.failedTitle, message || text.hooks.failed);
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  return { submit, cancel: () => running.current?.abort(), busy: mutation.isPending, section, heading };
}
