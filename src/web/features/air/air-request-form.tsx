import { Mail, TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { cn } from '../../lib/cn.ts';
import { AIR_SOLUTION_MIN_CHARS, airMessages, canRequestReport, needsMoreDetail, solutionCounter } from './air-request.ts';

const textareaClass =
  'block min-h-36 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-amber-500';

/**
 * The report request. AIR is not live (spec 02 §1), so a valid request only says so: nothing is
 * sent or stored, and the typed text stays in this form.
 */
export function AirRequestForm() {
  const [website, setWebsite] = useState('');
  const [solution, setSolution] = useState('');
  const [leftSolution, setLeftSolution] = useState(false);
  const ids = { solution: useId(), about: useId(), counter: useId(), hint: useId(), requirement: useId() };

  const ready = canRequestReport({ website, solution });
  const showHint = needsMoreDetail(solution, leftSolution);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready) return;
    toast.info(airMessages.comingSoon, { description: 'AIR is still in development, so no report was sent.' });
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="air-form-title" className="space-y-5">
      <div>
        <h2 id="air-form-title" className="text-lg font-semibold text-slate-900">
          Request a report
        </h2>
        <p className="mt-1 text-sm text-slate-600">Tell us which account to research and what you sell to it.</p>
      </div>
      <Field
        label="Company Website"
        name="website"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://www.example.com"
        value={website}
        onChange={(event) => setWebsite(event.target.value)}
        hint="The website of the account you want to sell to."
        required
      />
      <div className="space-y-1">
        <label htmlFor={ids.solution} className="block text-sm font-medium text-slate-800">
          Solution & Buying Centers
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        </label>
        <p id={ids.about} className="text-xs text-slate-600">
          What you sell, the problem it solves, and the departments and roles that buy it (for example: "Warehouse robots; Operations,
          Supply Chain and Finance leaders").
        </p>
        <textarea
          id={ids.solution}
          name="solution"
          required
          value={solution}
          onChange={(event) => setSolution(event.target.value)}
          onBlur={() => setLeftSolution(true)}
          aria-invalid={showHint || undefined}
          aria-describedby={[ids.about, ids.counter, showHint ? ids.hint : ''].join(' ').trim()}
          className={textareaClass}
        />
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          {showHint ? (
            <p id={ids.hint} role="alert" className="flex items-start gap-1.5 text-xs font-medium text-amber-800">
              <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
              {airMessages.beThorough}
            </p>
          ) : (
            <span />
          )}
          <p
            id={ids.counter}
            className={cn(
              'ml-auto text-xs tabular-nums',
              solution.trim().length >= AIR_SOLUTION_MIN_CHARS ? 'text-emerald-700' : 'text-slate-600',
            )}
          >
            {solutionCounter(solution)}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p id={ids.requirement} className="text-xs text-slate-600">
          {ready
            ? 'Ready when you are.'
            : `Enter the company website and at least ${AIR_SOLUTION_MIN_CHARS} characters about your solution to continue.`}
        </p>
        <Button type="submit" disabled={!ready} aria-describedby={ids.requirement} className="shrink-0">
          <Mail aria-hidden="true" className="size-4" />
          Email me the report
        </Button>
      </div>
    </form>
  );
}
