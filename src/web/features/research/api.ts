// Data of the research screens: whether AI is configured, and one analysis run with its stages.
// A run is not a query: it streams progress, is started by the user, and is cancelled by leaving.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type * as z from 'zod/mini';
import { RESEARCH_STAGES, type ResearchMeta, type ResearchStage, type ResearchStatus, researchPaths } from '../../../shared/research.ts';
import { api } from '../../lib/api-client.ts';
import { sessionQueryKey } from '../../lib/session.ts';
import { failureToast, type ResearchScreen } from './feedback.ts';
import { type ResearchFailure, runResearch } from './research-stream.ts';

export const researchStatusKey = ['research-status'] as const;

export function useResearchStatus() {
  return useQuery({ queryKey: researchStatusKey, queryFn: ({ signal }) => api<ResearchStatus>(researchPaths.status, { signal }) });
}

type StageState = 'done' | 'current' | 'pending' | 'failed';
export type StageProgress = { stage: ResearchStage; state: StageState; detail: string | null };

/** The run on screen. The request is the one sent, so the loading text names what was asked. */
export type ResearchRun<Request, Result> =
  | { phase: 'idle' }
  | { phase: 'running'; request: Request; startedAt: number; details: Partial<Record<ResearchStage, string>> }
  | { phase: 'failed'; request: Request; failure: ResearchFailure; details: Partial<Record<ResearchStage, string>> }
  | { phase: 'done'; request: Request; result: Result; meta: ResearchMeta; details: Partial<Record<ResearchStage, string>> };

/** The three stages with their state: those started before the latest are done; a failure stops at the latest. */
export function stageProgress(run: ResearchRun<unknown, unknown>): StageProgress[] {
  const details = run.phase === 'idle' ? {} : run.details;
  const latest = Math.max(...RESEARCH_STAGES.map((stage, index) => (stage in details ? index : -1)));
  return RESEARCH_STAGES.map((stage, index) => {
    const detail = details[stage] ?? null;
    if (run.phase === 'done' || index < latest) return { stage, state: 'done', detail };
    if (index > latest) return { stage, state: 'pending', detail };
    return { stage, state: run.phase === 'failed' ? 'failed' : 'current', detail };
  });
}

/**
 * Starts, follows and cancels analyses for one screen. Leaving the page aborts the request, which
 * stops the server's work too. Failures are toasted here with the screen's texts; a refused session
 * signs the user out of the app, and a 503 updates the not-configured banner with the server's message.
 */
export function useResearchRun<Request, S extends z.core.$ZodType>(screen: ResearchScreen, resultSchema: S) {
  const path = researchPaths[screen];
  type Result = z.output<S>;
  const [run, setRun] = useState<ResearchRun<Request, Result>>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (request: Request) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      let details: Partial<Record<ResearchStage, string>> = {};
      setRun({ phase: 'running', request, startedAt: Date.now(), details });
      const onStage = (stage: ResearchStage, detail: string) => {
        details = { ...details, [stage]: detail };
        setRun((state) => (state.phase === 'running' ? { ...state, details } : state));
      };
      let outcome: Awaited<ReturnType<typeof runResearch<S>>>;
      try {
        outcome = await runResearch(path, request, resultSchema, { signal: current.signal, onStage });
      } catch (err) {
        if (current.signal.aborted) return;
        throw err;
      }
      if (current.signal.aborted) return;
      controller.current = null;
      if (outcome.ok) {
        setRun({ phase: 'done', request, result: outcome.data, meta: outcome.meta, details });
        return;
      }
      const { failure } = outcome;
      setRun({ phase: 'failed', request, failure, details });
      if (failure.kind === 'request' && failure.status === 401) {
        queryClient.setQueryData(sessionQueryKey, null);
        return;
      }
      // Not configured (any more), not merely unavailable: a database outage is a 503 too.
      if (failure.kind === 'request' && failure.code === 'ai_not_configured') {
        const notConfigured: ResearchStatus = { configured: false, message: failure.message };
        queryClient.setQueryData(researchStatusKey, notConfigured);
      }
      const { title, description } = failureToast(screen, failure);
      toast.error(title, { description });
    },
    [path, resultSchema, screen, queryClient],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setRun({ phase: 'idle' });
  }, []);

  return { run, start, cancel };
}
