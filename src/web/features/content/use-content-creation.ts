// The content screen's state in one place (spec 02 §4 "Content creation"): stats, hooks, the draft
// with its CTA, edits and modifications. Components only render it and call its actions. The work is
// kept for the tab (session-store.ts) and restored when the page opens again; requests running when
// the page is left are not.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  CONTENT_TOAST_MS,
  type ContentInputs,
  type ContentStatus,
  type CtaKind,
  type CtaOptions,
  contentMessages,
  copyText,
  draftParagraphs,
  type GenerateHooksRequest,
  HOOKS_SCROLL_DELAY_MS,
  joinParagraphs,
  type Modification,
  type PostBuilderRequest,
  type Stat,
  stripHookNumbering,
} from '../../../shared/content.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { contentApi, contentStatusKey, useContentStatus } from './api.ts';
import { accumulateStats, allFilled, type ContentFormValues, marketDataFor } from './content-form.ts';
import { draftErrorToast, draftRequest, MissingFormValues, parseDraftResponse } from './draft-errors.ts';
import { type ContentSnapshot, clearSnapshot, loadSnapshot, saveSnapshot } from './session-store.ts';
import { generateStats, type StatsNotice } from './stats-retry.ts';
import { useContentForm } from './use-content-form.ts';

const text = contentMessages;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Every toast on this screen lasts CONTENT_TOAST_MS (spec 02 §9 "Content toast duration 1500 ms");
 * going through here, none can forget it.
 */
const say = {
  success: (title: string, description?: string) => toast.success(title, { description, duration: CONTENT_TOAST_MS }),
  info: (title: string, description?: string) => toast.info(title, { description, duration: CONTENT_TOAST_MS }),
  error: (title: string, description?: string) => toast.error(title, { description, duration: CONTENT_TOAST_MS }),
};

const notify = ({ kind, title, description }: StatsNotice) => say[kind](title, description);

/** The hooks of an answer, numbering stripped and empties dropped; an unusable answer throws. */
export function parseHooks(body: unknown): string[] {
  const hooks = (body as { hooks?: unknown } | null)?.hooks;
  if (!Array.isArray(hooks)) throw new Error(text.hooks.failed);
  const shown = hooks
    .filter((hook): hook is string => typeof hook === 'string')
    .map(stripHookNumbering)
    .filter(Boolean);
  if (shown.length === 0) throw new Error(text.hooks.failed);
  return shown;
}

/** The modified draft of an answer; an empty or missing one is a failure (the original stays). */
export function parseModified(body: unknown): string {
  const modified = (body as { modifiedContent?: unknown } | null)?.modifiedContent;
  if (typeof modified !== 'string' || !modified.trim()) throw new Error('The AI sent back no content.');
  return modified;
}

const asInputs = (values: ContentFormValues): ContentInputs => ({
  ...values,
  hookCategory: values.hookCategory as ContentInputs['hookCategory'],
});

export function useContentCreation() {
  const form = useContentForm();
  const { values } = form;
  const queryClient = useQueryClient();
  const { data: status } = useContentStatus();
  const aiReady = status?.configured !== false;

  /** A 503 means AI is not configured (any more): show the banner with the server's message. */
  const noteFailure = (err: unknown) => {
    if (err instanceof ApiRequestError && err.status === 503) {
      const notConfigured: ContentStatus = { configured: false, message: err.message };
      queryClient.setQueryData(contentStatusKey, notConfigured);
    }
  };

  // Stats: the latest generation on screen, all of them remembered for previousStats.
  const [statsOpen, setStatsOpen] = useState(false);
  const [stats, setStats] = useState<Stat[]>([]);
  const [previousStats, setPreviousStats] = useState<Stat[]>([]);
  const [selectedStat, setSelectedStat] = useState<number | null>(null);

  const statsMutation = useMutation({
    mutationFn: (request: Parameters<typeof generateStats>[0]) =>
      generateStats(request, { call: contentApi.analyzeMetrics, notify, sleep: wait }),
  });

  const toggleStats = () => {
    // Closing the panel forgets the chosen stat (spec 02 §4).
    if (statsOpen) setSelectedStat(null);
    setStatsOpen(!statsOpen);
  };

  const runStats = async () => {
    if (!allFilled(values) || statsMutation.isPending) return;
    try {
      const outcome = await statsMutation.mutateAsync({
        ...asInputs(values),
        generationCount: form.generationCount,
        previousStats,
      });
      if (outcome.kind !== 'stats') return;
      setStats(outcome.stats);
      setPreviousStats((previous) => accumulateStats(previous, outcome.stats));
      setSelectedStat(null);
      form.countGeneration();
      say.success(text.stats.generated);
    } catch (err) {
      noteFailure(err);
      say.error(text.stats.failedTitle, text.stats.failed);
    }
  };

  // Hooks, and the section they are scrolled to.
  const [hooks, setHooks] = useState<string[]>([]);
  // Counts the hook lists received, so a draft arriving after a newer list does not select into it.
  const hooksGeneration = useRef(0);
  const hooksSection = useRef<HTMLElement>(null);
  const hooksHeading = useRef<HTMLHeadingElement>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  // The running hooks request, for Cancel; leaving the page cancels it too.
  const hooksAbort = useRef<AbortController | null>(null);
  useEffect(() => () => hooksAbort.current?.abort(), []);

  const hooksMutation = useMutation({
    mutationFn: async ({ request, signal }: { request: GenerateHooksRequest; signal: AbortSignal }) =>
      parseHooks(await contentApi.generateHooks(request, signal)),
  });

  const submitHooks = async () => {
    if (hooksMutation.isPending) return;
    if (!form.checkFilled()) {
      say.error(text.missingTitle, text.fillAllFields);
      return;
    }
    const controller = new AbortController();
    hooksAbort.current = controller;
    try {
      const request = { inputs: asInputs(values), marketData: marketDataFor(stats, selectedStat) };
      const generated = await hooksMutation.mutateAsync({ request, signal: controller.signal });
      // Cancelled just as the answer came: the user asked for the hooks on screen to stay.
      if (controller.signal.aborted) return;
      setHooks(generated);
      // The old selection pointed into the previous list; the draft stays until a new hook is chosen.
      hooksGeneration.current += 1;
      setSelectedHook(null);
      setPendingHook(null);
      timers.current.push(
        setTimeout(() => {
          hooksSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          // Keyboard and screen-reader users land where the new hooks start; the scroll above moves the view.
          hooksHeading.current?.focus({ preventScroll: true });
        }, HOOKS_SCROLL_DELAY_MS),
      );
    } catch (err) {
      // Cancelled: nothing failed, and the previous hooks stay as they were.
      if (controller.signal.aborted) return;
      noteFailure(err);
      const message = err instanceof Error ? err.message : '';
      say.error(text.hooks.failedTitle, message || text.hooks.failed);
    } finally {
      if (hooksAbort.current === controller) hooksAbort.current = null;
    }
  };

  const cancelHooks = () => hooksAbort.current?.abort();

  // The draft, its CTA options and the chosen CTA. The selected hook is the one the draft on screen
  // was written for: it moves only when a new draft arrives, so a failure leaves everything as it was.
  const [selectedHook, setSelectedHook] = useState<number | null>(null);
  const [pendingHook, setPendingHook] = useState<number | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [ctaOptions, setCtaOptions] = useState<CtaOptions | null>(null);
  const [selectedCta, setSelectedCta] = useState<CtaKind | null>(null);
  const [scrollToEnd, setScrollToEnd] = useState(0);

  useEffect(() => {
    if (scrollToEnd) window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' });
  }, [scrollToEnd]);

  const draftMutation = useMutation({
    mutationFn: async (request: PostBuilderRequest) => parseDraftResponse(await contentApi.postBuilder(request)),
  });

  /** The draft for a hook, or null after toasting spec 02 §8's text for the failure. */
  const generateDraft = async (hook: string) => {
    try {
      const result = await draftMutation.mutateAsync(draftRequest(hook, values, marketDataFor(stats, selectedStat)));
      say.success(text.draft.generated);
      return result;
    } catch (err) {
      // Like Generate Hooks' check: show which fields were emptied since the hooks came.
      if (err instanceof MissingFormValues) form.checkFilled();
      noteFailure(err);
      const { title, description } = draftErrorToast(err);
      say.error(title, description);
      return null;
    }
  };

  const selectHook = async (index: number) => {
    if (draftMutation.isPending) return;
    try {
      const hook = hooks[index];
      if (hook === undefined) throw new Error('No such hook');
      const generation = hooksGeneration.current;
      setPendingHook(index);
      const result = await generateDraft(hook);
      if (!result) return;
      setDraft(result.content);
      setCtaOptions(result.ctaOptions);
      // Spec 02 §4: choosing a hook clears the chosen CTA; it belonged to the draft just replaced.
      setSelectedCta(null);
      // New hooks may have arrived meanwhile: the index would then name a different hook.
      setSelectedHook(generation === hooksGeneration.current ? index : null);
      setScrollToEnd((count) => count + 1);
    } catch {
      say.error(text.draft.selectFailedTitle, text.draft.selectFailed);
    } finally {
      setPendingHook(null);
    }
  };

  const saveParagraph = (index: number, paragraph: string) => {
    if (draft === null || !paragraph.trim()) return false;
    const paragraphs = draftParagraphs(draft);
    paragraphs[index] = paragraph.trim();
    setDraft(joinParagraphs(paragraphs));
    say.success(text.edit.savedTitle, text.edit.saved);
    return true;
  };

  const chosenCta = selectedCta && ctaOptions ? ctaOptions[selectedCta] : null;

  const copy = async () => {
    if (!draft) return;
    try {
      await navigator.clipboard.writeText(copyText(draft, chosenCta));
      say.success(text.copy.done);
    } catch {
      say.error(text.copy.failedTitle, text.copy.failed);
    }
  };

  // Modifications: one at a time, applied on 'Make Changes'.
  const [modification, setModification] = useState<Modification | null>(null);
  const toggleModification = (next: Modification) => setModification((current) => (current === next ? null : next));

  const modifyMutation = useMutation({
    mutationFn: async (request: { content: string; modification: Modification }) => parseModified(await contentApi.modifyContent(request)),
  });

  const applyModification = async () => {
    if (!draft || !modification || modifyMutation.isPending) return;
    try {
      const modified = await modifyMutation.mutateAsync({ content: draft, modification });
      setDraft(modified);
      setModification(null);
      say.success(text.modify.savedTitle, text.modify.saved);
    } catch (err) {
      noteFailure(err);
      // The draft on screen is left as it was (spec 02 §4).
      say.error(text.modify.failed, err instanceof Error ? err.message : undefined);
    }
  };

  // Restore once the signed-in user is known, before the profile prefills the form (form.start).
  // A layout effect: the screen comes back before it is painted, with no flash of an empty form.
  const { data: profile } = useSession();
  const { start: startForm, reset: resetForm } = form;
  const started = useRef(false);
  /** Whose work is kept: set once restored, so the empty screen before it never overwrites a snapshot. */
  const [owner, setOwner] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (started.current || profile === undefined) return;
    started.current = true;
    const restored = profile ? loadSnapshot(profile.id) : null;
    startForm(profile, restored?.form ?? null);
    if (restored) {
      setStatsOpen(restored.statsOpen);
      setStats(restored.stats);
      setPreviousStats(restored.previousStats);
      setSelectedStat(restored.selectedStat);
      setHooks(restored.hooks);
      setSelectedHook(restored.selectedHook);
      setDraft(restored.draft);
      setCtaOptions(restored.ctaOptions);
      setSelectedCta(restored.selectedCta);
    }
    if (profile) setOwner(profile.id);
  }, [profile, startForm]);

  const snapshot = useMemo<ContentSnapshot>(
    () => ({
      form: { values, typed: [...form.typed], generationCount: form.generationCount },
      statsOpen,
      stats,
      previousStats,
      selectedStat,
      hooks,
      selectedHook,
      draft,
      ctaOptions,
      selectedCta,
    }),
    [
      values,
      form.typed,
      form.generationCount,
      statsOpen,
      stats,
      previousStats,
      selectedStat,
      hooks,
      selectedHook,
      draft,
      ctaOptions,
      selectedCta,
    ],
  );
  useEffect(() => {
    if (owner) saveSnapshot(owner, snapshot);
  }, [owner, snapshot]);

  /** 'Start over': forget the kept work and show the freshly prefilled form. */
  const startOver = () => {
    if (owner) clearSnapshot(owner);
    resetForm(profile);
    setStatsOpen(false);
    setStats([]);
    setPreviousStats([]);
    setSelectedStat(null);
    setHooks([]);
    hooksGeneration.current += 1;
    setSelectedHook(null);
    setDraft(null);
    setCtaOptions(null);
    setSelectedCta(null);
    setModification(null);
  };
  const busy = statsMutation.isPending || hooksMutation.isPending || draftMutation.isPending || modifyMutation.isPending;

  return {
    form,
    status,
    aiReady,
    startOver: {
      /** Something generated to lose: stats, hooks or a draft. */
      shown: stats.length > 0 || hooks.length > 0 || draft !== null,
      // A running request would land on the emptied screen; it finishes first.
      disabled: busy,
      run: startOver,
    },
    stats: {
      open: statsOpen,
      toggle: toggleStats,
      list: stats,
      selected: selectedStat,
      select: setSelectedStat,
      generate: runStats,
      busy: statsMutation.isPending,
      canGenerate: aiReady && allFilled(values),
      fieldsMissing: !allFilled(values),
      generationCount: form.generationCount,
    },
    hooks: {
      list: hooks,
      submit: submitHooks,
      busy: hooksMutation.isPending,
      /** The statistic the next hooks will be written with, if any (spec 02 §4). */
      marketData: marketDataFor(stats, selectedStat),
      cancel: cancelHooks,
      section: hooksSection,
      heading: hooksHeading,
      selected: selectedHook,
      /** The hook whose draft is being written, shown 'Loading...' until it arrives. */
      pending: pendingHook,
      select: selectHook,
    },
    draft: {
      content: draft,
      busy: draftMutation.isPending,
      saveParagraph,
      copy,
      ctaOptions,
      selectedCta,
      selectCta: setSelectedCta,
      chosenCta,
    },
    modify: {
      selected: modification,
      toggle: toggleModification,
      apply: applyModification,
      busy: modifyMutation.isPending,
    },
  };
}

export type ContentCreation = ReturnType<typeof useContentCreation>;
