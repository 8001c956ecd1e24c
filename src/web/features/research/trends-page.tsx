// /aurora-os/trends: what is moving in an industry, with market data and sources (spec 02 §2).
import {
  DEFAULT_TREND_TIMEFRAME,
  expectedSeconds,
  RESEARCH_TEXT_MAX_LENGTH,
  researchMessages,
  TREND_REGIONS,
  TREND_TIMEFRAMES,
  TREND_TYPES,
  type TrendsQuery,
  type TrendsResult,
  trendRegionLabels,
  trendsResultSchema,
  trendTimeframeLabels,
  trendTypeLabels,
} from '../../../shared/research.ts';
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/fields.tsx';
import { useResearchRun } from './api.ts';
import { failureTitle } from './feedback.ts';
import { useResearchForm } from './research-form.ts';
import { ResearchLayout } from './research-layout.tsx';
import { IncompleteDataWarning, ResultView } from './research-view.tsx';

const trendTypeOptions = [
  { value: '', label: 'Select a trend type' },
  ...TREND_TYPES.map((value) => ({ value, label: trendTypeLabels[value] })),
];
const timeframeOptions = TREND_TIMEFRAMES.map((value) => ({ value, label: trendTimeframeLabels[value] }));
const regionOptions = [
  { value: '', label: 'None (defaults to USA)' },
  ...TREND_REGIONS.map((value) => ({ value, label: trendRegionLabels[value] })),
];

const trendsExplanation = (request: TrendsQuery) =>
  `We are gathering recent coverage of ${trendTypeLabels[request.trendType].toLowerCase()} in ${request.industry} (${trendRegionLabels[request.region]}) and asking the AI to analyse it. This usually takes about ${expectedSeconds.trends} seconds.`;

/** Market data or sources came back empty: the spec's yellow warning (spec 02 §8). */
const isIncomplete = (result: TrendsResult) => result.marketData.length === 0 || result.sources.length === 0;

export function TrendsPage() {
  const form = useResearchForm('trends', { industry: '', trendType: '', timeframe: DEFAULT_TREND_TIMEFRAME, region: '' });
  const { run, start, cancel } = useResearchRun<TrendsQuery, typeof trendsResultSchema>('trends', trendsResultSchema);

  return (
    <ResearchLayout
      title="Trend Scanner"
      description="Name an industry and the kind of trend to look for: we read recent coverage and explain what is changing, with market data and sources."
      run={run}
      onSubmit={() => form.submit(start)}
      onCancel={cancel}
      explanation={trendsExplanation}
      inlineErrorTitle={failureTitle.trends}
      fields={
        <>
          <Field
            label="Industry"
            required
            maxLength={RESEARCH_TEXT_MAX_LENGTH}
            placeholder="e.g. Logistics software"
            {...form.field('industry')}
          />
          <SelectField label="Trend type" required options={trendTypeOptions} {...form.field('trendType')} />
          <SelectField label="Timeframe" required options={timeframeOptions} {...form.field('timeframe')} />
          <SelectField label="Region" options={regionOptions} {...form.field('region')} />
        </>
      }
      renderResult={(result, meta, request) => (
        <ResultView
          title={`Trend Scanner: ${request.industry}, ${trendTypeLabels[request.trendType]}`}
          result={result}
          meta={meta}
          notice={isIncomplete(result) ? <IncompleteDataWarning message={researchMessages.trends.incomplete} /> : null}
        />
      )}
    />
  );
}
