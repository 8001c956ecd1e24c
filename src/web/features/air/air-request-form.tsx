import { Mail, TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { AIR_SOLUTION_MIN_CHARS, type AirOverview, airMessages, airRequestSchema } from '../../../shared/air.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiRequestError, isApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { type FieldErrors, validate } from '../../lib/form.ts';
import { toast } from '../../lib/toast.tsx';
import { canRequestReport, needsMoreDetail, solutionCounter } from './air-request.ts';
import { useCreateAirReport } from './api/create-air-report.ts';
import { formatRefreshDate } from './format.ts';

const textareaClass =
  'block min-h-36 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100';

/** Why the button is disabled (or that it is ready), under the form and in the button's description. */
function requirement(overview: AirOverview | undefined, ready: boolean): string {
  if (!overview) return 'Loading your credits...';
  if (!overview.ai.configured) return 'Reports cannot start until AI is configured (see the notice above).';
  if (overview.credits.remaining <= 0) {
    return `No credits left this month. Your credits return on ${formatRefreshDate(overview.credits.refreshesOn)}.`;
  }
  if (!ready) return `Enter the company website and at least ${AIR_SOLUTION_MIN_CHARS} characters about your solution to continue.`;
  const { remaining } = overview.credits;
  return `Ready when you are. This uses 1 of your ${remaining} remaining credit${remaining === 1 ? '' : 's'}.`;
}

/**
 * The report request. The solution text starts as the one from the user's profile (solutionDraft)
 * until they type; a valid request starts the report and opens its page, where it is followed live.
 */
export function AirRequestForm({ overview }: { overview: AirOverview | undefined }) {
  const navigate = useNavigate();
  const create = useCreateAirReport();
  const [website, setWebsite] = useState('');
  const [typedSolution, setTypedSolution] = useState<string | null>(null);
  const [leftSolution, setLeftSolution] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const ids = { solution: useId(), about: useId(), counter: useId(), hint: useId(), error: useId(), requirement: useId() };

  const solution = typedSolution ?? overview?.solutionDraft ?? '';
  const ready = canRequestReport({ website, solution });
  const canStart = ready && overview?.ai.configured === true && overview.credits.remaining > 0;
  const showHint = needsMoreDetail(solution, leftSolution);
  const solutionError = errors.solution;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canStart || create.isPending) return;
    const checked = validate(airRequestSchema, { website, solution });
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    create.mutate(checked.data, {
      onSuccess: ({ report }) => {
        toast.success('Report started', { description: 'Follow its progress here. It is e-mailed to you when it is ready.' });
        navigate(`/air/reports/${encodeURIComponent(report.id)}`);
      },
      onError: (err) => {
        if (isApiError(err, 'validation') && err.fields) {
          setErrors(err.fields);
          return;
        }
        // The notice above the form says it, with the server's words.
        if (isApiError(err, 'ai_not_configured')) return;
        const title = isApiError(err, 'no_credits') ? 'No credits left' : 'Could not start the report';
        toast.error(err instanceof ApiRequestError && err.title ? err.title : title, { description: err.message });
      },
    });
  }

  const clearError = (field: string) => setErrors(({ [field]: _, ...others }) => others);

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
        onChange={(event) => {
          setWebsite(event.target.value);
          clearError('website');
        }}
        error={errors.website}
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
          onChange={(event) => {
            setTypedSolution(event.target.value);
            clearError('solution');
          }}
          onBlur={() => setLeftSolution(true)}
          aria-invalid={showHint || solutionError !== undefined || undefined}
          aria-describedby={[ids.about, ids.counter, showHint ? ids.hint : '', solutionError ? ids.error : ''].filter(Boolean).join(' ')}
          className={cn(textareaClass, solutionError ? 'aria-[invalid=true]:border-red-500' : 'aria-[invalid=true]:border-amber-500')}
        />
        {solutionError && (
          <p id={ids.error} role="alert" className="text-xs text-red-700">
            {solutionError}
          </p>
        )}
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
          {requirement(overview, ready)}
        </p>
        <Button type="submit" disabled={!canStart} busy={create.isPending} aria-describedby={ids.requirement} className="shrink-0">
          <Mail aria-hidden="true" className="size-4" />
          Email me the report
        </Button>
      </div>
    </form>
  );
}
