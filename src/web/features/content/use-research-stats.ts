// The Research Stats panel (spec 02 §4 "Stats"): its state (stats-state.ts) and 'Generate Stats',
// which runs spec 02 §8's retries (stats-retry.ts) and counts each success on the form.
import { useMutation } from '@tanstack/react-query';
import { useReducer } from 'react';
import { contentMessages } from '../../../shared/content.ts';
import { contentApi } from './api.ts';
import { allFilled, asInputs } from './content-form.ts';
import { generateStats } from './stats-retry.ts';
import { NO_STATS, statsReducer } from './stats-state.ts';
import { notify, say } from './toasts.ts';
import type { useContentForm } from './use-content-form.ts';

const text = contentMessages.stats;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Options = {
  form: ReturnType<typeof useContentForm>;
  aiReady: boolean;
  noteFailure: (err: unknown) => void;
};

export function useResearchStats({ form, aiReady, noteFailure }: Options) {
  const [state, dispatch] = useReducer(statsReducer, NO_STATS);
  const mutation = useMutation({
    mutationFn: (request: Parameters<typeof generateStats>[0]) =>
      generateStats(request, { call: contentApi.analyzeMetrics, notify, sleep: wait }),
  });
  const { values } = form;

  const generate = async () => {
    if (!allFilled(values) || mutation.isPending) return;
    try {
      const outcome = await mutation.mutateAsync({
        ...asInputs(values),
        generationCount: form.generationCount,
        previousStats: state.previousStats,
      });
      // Rate limited: already toasted, and nothing on screen changes.
      if (outcome.kind !== 'stats') return;
      dispatch({ type: 'generated', stats: outcome.stats });
      form.countGeneration();
      say.success(text.generated);
    } catch (err) {
      noteFailure(err);
      say.error(text.failedTitle, text.failed);
    }
  };

  return {
    state,
    dispatch,
    /** What the panel shows and does. */
    panel: {
      open: state.statsOpen,
      toggle: () => dispatch({ type: 'toggle' }),
      list: state.stats,
      selected: state.selectedStat,
      select: (index: number) => dispatch({ type: 'select', index }),
      generate,
      busy: mutation.isPending,
      canGenerate: aiReady && allFilled(values),
      fieldsMissing: !allFilled(values),
      generationCount: form.generationCount,
    },
  };
}
