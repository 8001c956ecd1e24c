import { Check, CircleAlert, CircleMinus, LoaderCircle } from 'lucide-react';
import type { AirStep, AirStepState } from '../../../shared/air.ts';
import { airStepNames } from '../../../shared/air.ts';
import { cn } from '../../lib/cn.ts';
import { stepInfo } from './step-info.ts';

export const stepStateLabels: Record<AirStepState, string> = {
  waiting: 'Waiting',
  running: 'Running',
  done: 'Done',
  not_available: 'Not available',
  failed: 'Failed',
};

const marker: Record<AirStepState, string> = {
  waiting: 'border border-slate-300 text-slate-400',
  running: 'bg-brand-50 text-brand-700',
  done: 'bg-emerald-100 text-emerald-700',
  not_available: 'bg-slate-100 text-slate-600',
  failed: 'bg-red-100 text-red-700',
};

const label: Record<AirStepState, string> = {
  waiting: 'text-slate-500',
  running: 'text-brand-700',
  done: 'text-emerald-800',
  not_available: 'text-slate-600',
  failed: 'text-red-700',
};

/** The eight steps with their state and what each found, announced politely as they change. */
export function ReportSteps({ steps }: { steps: AirStep[] }) {
  return (
    <ol aria-label="Report steps" aria-live="polite" className="space-y-4">
      {steps.map(({ id, state, summary }, index) => {
        const Icon = stepInfo[id].icon;
        return (
          <li key={id} data-state={state} className="flex items-start gap-3">
            <span aria-hidden="true" className={cn('mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full', marker[state])}>
              {state === 'done' && <Check className="size-4" />}
              {state === 'running' && <LoaderCircle className="size-4 animate-spin" />}
              {state === 'failed' && <CircleAlert className="size-4" />}
              {state === 'not_available' && <CircleMinus className="size-4" />}
              {state === 'waiting' && <Icon className="size-3.5" />}
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">
                <span className="mr-1 text-slate-500">{index + 1}.</span>
                {airStepNames[id]} <span className={cn('ml-1 text-xs font-semibold', label[state])}>{stepStateLabels[state]}</span>
              </p>
              {summary && <p className="mt-0.5 text-sm break-words text-slate-600">{summary}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
