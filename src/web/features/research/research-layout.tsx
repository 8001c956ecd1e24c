// The frame of a research screen: heading, not-configured banner, the form, and the area below it
// where the run's progress, then its result or failure, appear (and are scrolled into view).
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { ResearchMeta } from '../../../shared/research.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { type ResearchRun, stageProgress, useResearchStatus } from './api.ts';
import { KeptLink, NotConfiguredBanner, RunningPanel, StageList } from './research-view.tsx';

type Props<Request, Result> = {
  title: string;
  description: string;
  run: ResearchRun<Request, Result>;
  onSubmit: () => void;
  onCancel: () => void;
  /** The fields of the form. */
  fields: ReactNode;
  /** What the loading state says is happening, for the request that was sent. */
  explanation: (request: Request) => string;
  renderResult: (result: Result, meta: ResearchMeta, request: Request) => ReactNode;
  /** Title of the inline error block; only the trend scanner shows one (spec 02 §8). */
  inlineErrorTitle?: string;
};

export function ResearchLayout<Request, Result>(props: Props<Request, Result>) {
  const { title, description, run, onSubmit, onCancel, fields, explanation, renderResult, inlineErrorTitle } = props;
  const { data: status } = useResearchStatus();
  const area = useRef<HTMLDivElement>(null);

  // Each finished run is a new object, so a second result or error scrolls again.
  useEffect(() => {
    if (run.phase === 'done' || run.phase === 'failed') area.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [run]);

  const running = run.phase === 'running';
  const stages = stageProgress(run);
  const started = stages.some((stage) => stage.state !== 'pending');

  return (
    <div className="mx-auto max-w-5xl">
      <header>
        <p className="text-sm font-semibold text-brand-700">Aurora OS</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 max-w-3xl text-slate-600">{description}</p>
      </header>
      <NotConfiguredBanner status={status} />
      <Card className="mt-6">
        <form
          noValidate
          aria-label={title}
          onSubmit={(event) => {
            event.preventDefault();
            if (!running) onSubmit();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">{fields}</div>
          <div className="mt-6 flex justify-end border-t border-slate-100 pt-5">
            <Button type="submit" busy={running}>
              {running ? 'Analysing...' : 'Generate analysis'}
            </Button>
          </div>
        </form>
      </Card>
      <div ref={area} className="mt-6 scroll-mt-6 space-y-4">
        {run.phase === 'running' && (
          <RunningPanel explanation={explanation(run.request)} stages={stages} startedAt={run.startedAt} onCancel={onCancel} />
        )}
        {run.phase === 'failed' && (
          <>
            {inlineErrorTitle && (
              <div role="alert" className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
                <div>
                  <p className="font-semibold">{inlineErrorTitle}</p>
                  <p className="mt-1">{run.failure.message}</p>
                </div>
              </div>
            )}
            {started && (
              <Card>
                <h2 className="text-lg font-semibold text-slate-900">The analysis stopped</h2>
                <div className="mt-4">
                  <StageList stages={stages} />
                </div>
              </Card>
            )}
          </>
        )}
        {run.phase === 'done' && (
          <>
            <KeptLink meta={run.meta} />
            {renderResult(run.result, run.meta, run.request)}
          </>
        )}
      </div>
    </div>
  );
}
