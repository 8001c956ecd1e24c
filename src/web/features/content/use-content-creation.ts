// The content screen (spec 02 §4 "Content creation") composed from its parts: the form, the stats
// panel, the hooks and the draft written from one, modifications, and the work kept for the tab.
// Components only render what this returns and call its actions.
import { useCallback, useMemo } from 'react';
import type { CtaKind } from '../../../shared/content.ts';
import type { Profile } from '../../../shared/schemas.ts';
import { useSession } from '../../lib/session.ts';
import { useAiAvailability } from './api.ts';
import { marketDataFor } from './content-form.ts';
import { type ContentSnapshot, snapshotOf } from './session-store.ts';
import { useContentForm } from './use-content-form.ts';
import { useDraftSession } from './use-draft-session.ts';
import { useDraftWriter } from './use-draft-writer.ts';
import { useHookGeneration } from './use-hook-generation.ts';
import { useKeptWork } from './use-kept-work.ts';
import { useModification } from './use-modification.ts';
import { useResearchStats } from './use-research-stats.ts';

export function useContentCreation() {
  const form = useContentForm();
  const { status, aiReady, noteFailure } = useAiAvailability();
  const stats = useResearchStats({ form, aiReady, noteFailure });
  const session = useDraftSession();
  const { state: statsState, dispatch: statsDispatch } = stats;
  const { state: sessionState, dispatch } = session;
  const marketData = marketDataFor(statsState.stats, statsState.selectedStat);

  const hooks = useHookGeneration({ form, marketData, noteFailure, onHooks: (list) => dispatch({ type: 'hooksArrived', hooks: list }) });
  const writer = useDraftWriter({ form, marketData, session: sessionState, dispatch, noteFailure });
  const { reset: resetModification, ...modify } = useModification({
    draft: sessionState.draft,
    onModified: (content) => dispatch({ type: 'draftChanged', content }),
    noteFailure,
  });

  // Kept for the tab: restored into each part once the user is known, before the profile prefills.
  const { data: profile } = useSession();
  const { start: startForm, reset: resetForm, values, typed, generationCount } = form;
  const start = useCallback(
    (user: Profile | null, restored: ContentSnapshot | null) => {
      startForm(user, restored?.form ?? null);
      if (!restored) return;
      statsDispatch({ type: 'restore', state: restored });
      dispatch({ type: 'restore', kept: restored });
    },
    [startForm, statsDispatch, dispatch],
  );
  const snapshot = useMemo(
    () => snapshotOf({ values, typed: [...typed], generationCount }, statsState, sessionState),
    [values, typed, generationCount, statsState, sessionState],
  );
  const kept = useKeptWork({ profile, snapshot, start });

  /** 'Start over': forget the kept work and show the freshly prefilled form. */
  const startOver = () => {
    kept.forget();
    resetForm(profile);
    statsDispatch({ type: 'reset' });
    dispatch({ type: 'reset' });
    resetModification();
  };
  const busy = stats.panel.busy || hooks.busy || writer.busy || modify.busy;

  return {
    form,
    status,
    aiReady,
    startOver: {
      /** Something generated to lose: stats, hooks or a draft. */
      shown: statsState.stats.length > 0 || sessionState.hooks.length > 0 || sessionState.draft !== null,
      // A running request would land on the emptied screen; it finishes first.
      disabled: busy,
      run: startOver,
    },
    stats: stats.panel,
    hooks: {
      list: sessionState.hooks,
      submit: hooks.submit,
      busy: hooks.busy,
      /** The statistic the next hooks will be written with, if any (spec 02 §4). */
      marketData,
      cancel: hooks.cancel,
      section: hooks.section,
      heading: hooks.heading,
      selected: sessionState.selectedHook,
      /** The hook whose draft is being written, shown 'Loading...' until it arrives. */
      pending: writer.pending,
      select: writer.select,
    },
    draft: {
      content: sessionState.draft,
      busy: writer.busy,
      saveParagraph: session.saveParagraph,
      copy: session.copy,
      ctaOptions: sessionState.ctaOptions,
      selectedCta: sessionState.selectedCta,
      selectCta: (kind: CtaKind) => dispatch({ type: 'ctaSelected', kind }),
      chosenCta: session.chosenCta,
    },
    modify,
  };
}

export type ContentCreation = ReturnType<typeof useContentCreation>;
