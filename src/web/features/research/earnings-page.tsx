// /aurora-os/earnings: one company's earnings release read by the AI, with quotes (spec 02 §2).
import { useSearchParams } from 'react-router';
import {
  DEFAULT_EARNINGS_QUARTER,
  EARNINGS_QUARTERS,
  EARNINGS_YEARS,
  type EarningsQuery,
  earningsQuarterLabel,
  earningsResultSchema,
  earningsYearLabel,
  expectedSeconds,
  RESEARCH_TEXT_MAX_LENGTH,
} from '../../../shared/research.ts';
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/fields.tsx';
import { useResearchRun } from './api.ts';
import { useResearchForm } from './research-form.ts';
import { ResearchLayout } from './research-layout.tsx';
import { ResultView } from './research-view.tsx';

const yearOptions = [{ value: '', label: 'Select a year' }, ...EARNINGS_YEARS.map((value) => ({ value, label: earningsYearLabel(value) }))];
const quarterOptions = EARNINGS_QUARTERS.map((value) => ({ value, label: earningsQuarterLabel(value) }));

const earningsExplanation = (request: EarningsQuery) =>
  `We are retrieving the earnings release of ${request.companyName} and asking the AI to analyse it. This usually takes about ${expectedSeconds.earnings} seconds.`;

export function EarningsAnalysisPage() {
  // Earnings e-mails link here with the company filled in (?company=), like company research.
  const [params] = useSearchParams();
  const form = useResearchForm('earnings', {
    companyName: params.get('company') ?? '',
    year: '',
    quarter: DEFAULT_EARNINGS_QUARTER,
    focusArea: '',
  });
  const { run, start, cancel } = useResearchRun<EarningsQuery, typeof earningsResultSchema>('earnings', earningsResultSchema);

  return (
    <ResearchLayout
      title="Earnings Analysis"
      description="Pick a company and a quarter: we read its earnings release and pull out what management said, with quotes and sources."
      run={run}
      onSubmit={() => form.submit(start)}
      onCancel={cancel}
      explanation={earningsExplanation}
      fields={
        <>
          <Field
            label="Company name"
            required
            maxLength={RESEARCH_TEXT_MAX_LENGTH}
            placeholder="e.g. Acme Corp"
            {...form.field('companyName')}
          />
          <SelectField label="Year" required options={yearOptions} {...form.field('year')} />
          <SelectField label="Quarter" required options={quarterOptions} {...form.field('quarter')} />
          <Field
            label="Focus area"
            maxLength={RESEARCH_TEXT_MAX_LENGTH}
            placeholder="e.g. margins, guidance, AI strategy"
            hint="Optional: what the analysis should pay most attention to."
            {...form.field('focusArea')}
          />
        </>
      }
      renderResult={(result, meta, request) => (
        <ResultView title={`Earnings Analysis: ${request.companyName}`} result={result} meta={meta} />
      )}
    />
  );
}
