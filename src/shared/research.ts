// Aurora OS research (spec 02 §3 requests and results, §5 required fields, §9 option lists): the
// request schemas both sides validate with, the result shapes the server sends and the web checks,
// and the progress events of a running analysis.
import * as z from 'zod/mini';
import type { AiStatus } from './schemas.ts';
import { REGIONS, type Region, regionLabels } from './sonar.ts';

export const researchMessages = {
  missingTitle: 'Missing Information',
  requiredFields: 'Please fill in all required fields',
  companyNews: {
    cannotGenerate: 'Cannot generate analysis',
    requiredFields: 'Please fill in all required fields.',
    aiResponseError: 'AI Response Error',
    invalidResponse: 'Invalid response',
  },
  trends: {
    aiError: "That's weird, the AI didn't like something. Try again",
    incomplete: "Some analysis data may be incomplete. We've shown what we could process successfully.",
  },
  earnings: {
    aiRejected: 'Hmm.. the AI rejected something. Give it another go',
  },
} as const;

export const RESEARCH_TEXT_MAX_LENGTH = 200;

// Company news
export const COMPANY_NEWS_TIMEFRAMES = ['24h', '48h', '72h', '1w', '2w', '1m', '3m', '6m'] as const;
type CompanyNewsTimeframe = (typeof COMPANY_NEWS_TIMEFRAMES)[number];
export const companyNewsTimeframeLabels: Record<CompanyNewsTimeframe, string> = {
  '24h': 'Last 24 hours',
  '48h': 'Last 48 hours',
  '72h': 'Last 72 hours',
  '1w': 'Last week',
  '2w': 'Last 2 weeks',
  '1m': 'Last month',
  '3m': 'Last 3 months',
  '6m': 'Last 6 months',
};
/** Days each timeframe reaches back. */
export const companyNewsTimeframeDays: Record<CompanyNewsTimeframe, number> = {
  '24h': 1,
  '48h': 2,
  '72h': 3,
  '1w': 7,
  '2w': 14,
  '1m': 30,
  '3m': 90,
  '6m': 180,
};
export const SENTIMENTS = ['none', 'positive', 'negative', 'neutral'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];
export const sentimentLabels: Record<Sentiment, string> = {
  none: 'None (all coverage)',
  positive: 'Positive',
  negative: 'Negative',
  neutral: 'Neutral',
};

// Trend scanner
export const TREND_TYPES = [
  'adoption',
  'consolidation',
  'regulation',
  'innovation',
  'competition',
  'investment',
  'partnerships',
  'expansion',
  'all angles',
] as const;
type TrendType = (typeof TREND_TYPES)[number];
export const trendTypeLabels: Record<TrendType, string> = {
  adoption: 'Adoption',
  consolidation: 'Consolidation',
  regulation: 'Regulation',
  innovation: 'Innovation',
  competition: 'Competition',
  investment: 'Investment',
  partnerships: 'Partnerships',
  expansion: 'Expansion',
  'all angles': 'All angles',
};
export const TREND_TIMEFRAMES = ['30d', '90d', '180d', '360d', '720d', '1080d'] as const;
type TrendTimeframe = (typeof TREND_TIMEFRAMES)[number];
export const DEFAULT_TREND_TIMEFRAME: TrendTimeframe = '90d';
export const trendTimeframeLabels: Record<TrendTimeframe, string> = {
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '180d': 'Last 180 days',
  '360d': 'Last 360 days',
  '720d': 'Last 720 days',
  '1080d': 'Last 1080 days',
};
export const trendTimeframeDays = (timeframe: TrendTimeframe) => Number.parseInt(timeframe, 10);
export const TREND_REGIONS = REGIONS;
const DEFAULT_TREND_REGION: Region = 'usa';
export const trendRegionLabels = regionLabels;

// Earnings analysis
export const MOST_RECENT = 'most_recent';
export const EARNINGS_YEARS = [MOST_RECENT, '2026', '2025', '2024', '2023', '2022', '2021', '2020'] as const;
export type EarningsYear = (typeof EARNINGS_YEARS)[number];
export const earningsYearLabel = (year: EarningsYear) => (year === MOST_RECENT ? 'Most Recent Year' : year);
export const EARNINGS_QUARTERS = [MOST_RECENT, 'Q1', 'Q2', 'Q3', 'Q4'] as const;
export type EarningsQuarter = (typeof EARNINGS_QUARTERS)[number];
export const DEFAULT_EARNINGS_QUARTER: EarningsQuarter = MOST_RECENT;
export const earningsQuarterLabel = (quarter: EarningsQuarter) => (quarter === MOST_RECENT ? 'Most Recent Quarter' : quarter);

/** How long each analysis usually takes (spec 02 §9), shown while it runs. */
export const expectedSeconds = { companyNews: 30, trends: 45, earnings: 30 } as const;

// Requests. A missing or blank required field is refused with the screen's own text (spec 02 §5).
const required = (message: string) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(RESEARCH_TEXT_MAX_LENGTH, `Must be at most ${RESEARCH_TEXT_MAX_LENGTH} characters.`),
    );
const optionalText = z.pipe(
  z.optional(
    z.nullable(
      z.string().check(z.trim(), z.maxLength(RESEARCH_TEXT_MAX_LENGTH, `Must be at most ${RESEARCH_TEXT_MAX_LENGTH} characters.`)),
    ),
  ),
  z.transform((text: string | null | undefined) => text || null),
);
const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, message);

const newsRequired = researchMessages.companyNews.requiredFields;
export const companyNewsRequestSchema = z.strictObject({
  companyName: required(newsRequired),
  timeframe: requiredChoice(COMPANY_NEWS_TIMEFRAMES, newsRequired),
  sentiment: z._default(z.enum(SENTIMENTS, 'Choose a sentiment.'), 'none'),
  keyword: optionalText,
});
export type CompanyNewsQuery = z.output<typeof companyNewsRequestSchema>;

const trendsRequired = researchMessages.requiredFields;
export const trendsRequestSchema = z.strictObject({
  industry: required(trendsRequired),
  trendType: requiredChoice(TREND_TYPES, trendsRequired),
  timeframe: requiredChoice(TREND_TIMEFRAMES, trendsRequired),
  // Optional; none chosen means the USA (spec 02 §9).
  region: z.pipe(
    z.optional(z.nullable(z.union([z.literal(''), z.enum(REGIONS, 'Choose a region from the list.')]))),
    z.transform((region): Region => region || DEFAULT_TREND_REGION),
  ),
});
export type TrendsQuery = z.output<typeof trendsRequestSchema>;

const earningsRequired = researchMessages.requiredFields;
export const earningsRequestSchema = z.strictObject({
  companyName: required(earningsRequired),
  year: requiredChoice(EARNINGS_YEARS, earningsRequired),
  quarter: requiredChoice(EARNINGS_QUARTERS, earningsRequired),
  focusArea: optionalText,
});
export type EarningsQuery = z.output<typeof earningsRequestSchema>;

// Results. Every source is a document the server retrieved for this request.
const sourceSchema = z.object({
  url: z.string(),
  title: z.nullable(z.string()),
  publisher: z.nullable(z.string()),
  publishedAt: z.nullable(z.string()),
  /** The article's text could not be read (paywall, robots.txt, failure): the model saw only its headline. */
  headlineOnly: z.optional(z.boolean()),
  /** `url` is Google News' redirect: the publisher's own address could not be resolved. */
  googleLink: z.optional(z.boolean()),
  /** News: the providers that found it ('google-news', 'gdelt'). */
  providers: z.optional(z.array(z.string())),
});

const providerLabels: Record<string, string> = { 'google-news': 'Google News', gdelt: 'GDELT' };

/** How a source that is less than its article is labelled, in the app, in Markdown and in e-mails. */
const sourceNotes = {
  headlineOnly: 'headline only',
  googleLink: 'link via Google News',
} as const;

/** The notes that apply to a source, e.g. ['headline only', 'via Google News and GDELT']. */
export const notesFor = (source: { headlineOnly?: boolean; googleLink?: boolean; providers?: string[] }): string[] => {
  const providers = (source.providers ?? []).map((p) => providerLabels[p] ?? p);
  return [
    ...(source.headlineOnly ? [sourceNotes.headlineOnly] : []),
    ...(source.googleLink ? [sourceNotes.googleLink] : []),
    ...(providers.length ? [`via ${providers.join(' and ')}`] : []),
  ];
};
export type Source = z.infer<typeof sourceSchema>;

export const companyNewsResultSchema = z.object({
  keySummary: z.string(),
  keyFindings: z.array(z.string()),
  sources: z.array(sourceSchema),
});
export type CompanyNewsResult = z.infer<typeof companyNewsResultSchema>;

const marketDataSchema = z.object({ statistic: z.string(), source: z.string() });
export type MarketData = z.infer<typeof marketDataSchema>;
export const trendsResultSchema = z.object({
  keySummary: z.string(),
  keyFindings: z.array(z.string()),
  trendAnalysis: z.array(z.object({ trend: z.string(), analysis: z.string() })),
  marketData: z.array(marketDataSchema),
  sources: z.array(sourceSchema),
});
export type TrendsResult = z.infer<typeof trendsResultSchema>;

const quoteSchema = z.object({ text: z.string(), speaker: z.string(), context: z.string() });
export type Quote = z.infer<typeof quoteSchema>;
export const earningsResultSchema = z.object({
  keySummary: z.string(),
  keyFindings: z.array(z.string()),
  quotes: z.array(quoteSchema),
  sources: z.array(sourceSchema),
});
export type EarningsResult = z.infer<typeof earningsResultSchema>;

/** About the run: how many documents the model read, which model, and (earnings) which period. */
export const researchMetaSchema = z.object({
  documents: z.number(),
  model: z.string(),
  generatedAt: z.string(),
  period: z.nullable(z.string()),
  /** Sources whose article was still being read when the analysis began: the model had only their headlines. */
  stillReading: z.optional(z.number()),
  /** The library item the analysis was kept as (issue 27); null when it could not be kept. The server always sends it. */
  libraryItemId: z.optional(z.nullable(z.string())),
  /**
   * Its statements checked against the sources they cite (issue 27 §4), summed over its texts and
   * market figures: "12 of 12 statements sourced" (statementCountLabel). Absent when nothing was analysed.
   */
  statements: z.optional(z.object({ sourced: z.number(), total: z.number(), dropped: z.number() })),
  /** Citations of sources that were not retrieved (invented addresses or document numbers), dropped. Absent when none. */
  citationsDropped: z.optional(z.number()),
});
export type ResearchMeta = z.infer<typeof researchMetaSchema>;

/** How dropped citations are told, on the progress line and with the result. */
export const citationsDroppedLabel = (n: number) => `${n} ${n === 1 ? 'citation' : 'citations'} of sources that were not retrieved dropped`;

// Progress. With `Accept: application/x-ndjson` an analysis answers with one JSON event per line:
// stages as they start, then exactly one `result` or `error`. Without it, one JSON body at the end.
export const RESEARCH_STAGES = ['retrieve', 'analyse', 'verify'] as const;
export type ResearchStage = (typeof RESEARCH_STAGES)[number];
export const researchStageLabels: Record<ResearchStage, string> = {
  retrieve: 'Retrieving sources',
  analyse: 'Analysing with AI',
  verify: 'Checking sources and quotes',
};
export type ResearchEvent<R> =
  | { type: 'stage'; stage: ResearchStage; detail: string }
  | { type: 'result'; data: R; meta: ResearchMeta }
  | { type: 'error'; error: { code: string; message: string } };
export const RESEARCH_STREAM_TYPE = 'application/x-ndjson';

export const researchPaths = {
  companyNews: '/api/research/company-news',
  trends: '/api/research/trends',
  earnings: '/api/research/earnings',
  status: '/api/research/status',
} as const;
/** GET /api/research/status: whether an AI provider is configured, and if not, what to set. */
export type ResearchStatus = AiStatus;
