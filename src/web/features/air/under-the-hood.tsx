import { AIR_STEPS, airStepNames } from '../../../shared/air.ts';
import { Card } from '../../components/ui/card.tsx';
import { stepInfo } from './step-info.ts';

/** The report's pipeline in the order it runs (spec 02 §2), every step live. */
export function UnderTheHood() {
  return (
    <section aria-labelledby="air-pipeline-title" className="mt-10">
      <h2 id="air-pipeline-title" className="text-xl font-bold tracking-tight text-slate-900">
        Under the Hood
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Eight steps turn your input into a report. Each report's page shows them as they run, with what each one found.
      </p>
      <ol aria-labelledby="air-pipeline-title" className="mt-5 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {AIR_STEPS.map((id, index) => {
          const { icon: Icon, description } = stepInfo[id];
          return (
            <li key={id}>
              <Card className="flex h-full flex-col p-5">
                <div className="flex items-start justify-between gap-3">
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800">
                    <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-600" />
                    Active
                  </span>
                </div>
                <h3 className="mt-4 font-semibold text-slate-900">
                  <span className="mr-1.5 text-slate-500">{index + 1}.</span>
                  {airStepNames[id]}
                </h3>
                <p className="mt-1 text-sm text-slate-600">{description}</p>
              </Card>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
