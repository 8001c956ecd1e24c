// /aurora-os/company-news: recent coverage of one company, summarised with its sources (spec 02 §2).
import { useSearchParams } from 'react-router';
import {
  COMPANY_NEWS_TIMEFRAMES,
  type CompanyNewsQuery,
  companyNewsResultSchema,
  companyNewsTimeframeLabels,
  expectedSeconds,
  RESEARCH_TEXT_MAX_LENGTH,
  SENTIMENTS,
  sentimentLabels,
} from '../../../shared/research.ts';
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/fields.tsx';
import { useResearchRun } from './api.ts';
import { useResearchForm } from './research-form.ts';
import { ResearchLayout } from './research-layout.tsx';
import { ResultView } from './research-view.tsx';

const timeframeOptions = [
  { value: '', label: 'Select a timeframe' },
  ...COMPANY_NEWS_TIMEFRAMES.map((value) => ({ value, label: companyNewsTimeframeLabels[value] })),
];
const sentimentOptions = SENTIMENTS.map((value) => ({ value, label: sentimentLabels[value] }));

const companyNewsExplanation = (request: CompanyNewsQuery) =>
  `We are reading the latest coverage of ${request.companyName} and asking the AI to analyse it. This usually takes about ${expectedSeconds.companyNews} seconds.`;

export function CompanyNewsPage() {
  const [params] = useSearchParams();
  const form = useResearchForm('companyNews', { companyName: params.get('company') ?? '', timeframe: '', sentiment: 'none', keyword: '' });
  const { run, start, cancel } = useResearchRun<CompanyNewsQuery, typeof companyNewsResultSchema>('companyNews', companyNewsResultSchema);

  return (
    <ResearchLayout
      title="Company Research"
      description="Pick a company and a timeframe: we read what was published about it and summarise what matters, with every source."
      run={run}
      onSubmit={() => form.submit(start)}
      onCancel={cancel}
      explanation={companyNewsExplanation}
      fields={
        <>
          <Field
            label="Company name"
            required
            maxLength={RESEARCH_TEXT_MAX_LENGTH}
            placeholder="e.g. Acme Corp"
            {...form.field('companyName')}
          />
          <SelectField label="Timeframe" required options={timeframeOptions} {...form.field('timeframe')} />
          <SelectField label="Sentiment" options={sentimentOptions} {...form.field('sentiment')} />
          <Field
            label="Keyword"
            maxLength={RESEARCH_TEXT_MAX_LENGTH}
            placeholder="e.g. acquisition"
            hint="Optional: focus the coverage on one topic."
            {...form.field('keyword')}
          />
        </>
      }
      renderResult={(result, meta, request) => (
        <ResultView title={`Company Research: ${request.companyName}`} result={result} meta={meta} />
      )}
    />
  );
}
