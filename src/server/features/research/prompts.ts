// The three research tasks: what the model is asked (with the retrieved documents) and the shape
// its answer must have. The sources list cites by URL (grounding.ts keeps only URLs we retrieved);
// each factual sentence of the texts ends with the documents' numbers ([1] = the first document),
// so that statements.ts can check it against them (issue 27 §4).
import { z } from 'zod';
import {
  type CompanyNewsQuery,
  companyNewsTimeframeLabels,
  type EarningsQuery,
  earningsQuarterLabel,
  earningsYearLabel,
  type TrendsQuery,
  trendRegionLabels,
  trendTimeframeLabels,
  trendTypeLabels,
} from '../../../shared/research.ts';
import { documentsBlock, GROUND_RULES } from '../../ai/documents.ts';
import type { Retrieved } from '../../ai/grounding.ts';
import { CITATION_RULE } from '../../ai/statements.ts';

const text = (description: string) => z.string().min(1).describe(description);
/** Told in each field whose sentences are checked against the documents they cite. */
const CITED = 'End each sentence that states a fact with the numbers of the documents it comes from, e.g. [1] or [1, 3].';
const cited = (description: string) => text(`${description} ${CITED}`);
const urls = z
  .array(z.string())
  .max(30)
  .describe('URLs of the documents above that support the answer, copied exactly; the documents the sentences cite by number among them.');
/** One finding per sentence; the bounds keep a rambling answer from costing (and showing) pages. */
const findings = (description: string) => z.array(z.string()).max(10).describe(`${description} ${CITED}`);

export const companyNewsOutput = z.object({
  keySummary: cited('Two to four sentences: what happened and why it matters to someone selling to this company.'),
  keyFindings: findings('Three to seven specific findings, each one sentence, grounded in the documents.'),
  sources: urls,
});

export const trendsOutput = z.object({
  keySummary: cited('Two to four sentences on the state of this trend in the industry and region.'),
  keyFindings: findings('Three to seven specific findings, each one sentence.'),
  trendAnalysis: z
    .array(z.object({ trend: text('A short name for the trend.'), analysis: cited('Two to four sentences: evidence, direction, impact.') }))
    .max(6)
    .describe('Two to five distinct trends.'),
  marketData: z
    .array(
      z.object({
        statistic: text(
          'A figure stated in a document (number, percentage or amount) with what it measures, in the words of that document (checked against it; no [n] numbers here).',
        ),
        sourceUrl: z.string().describe('The URL of the document that states the figure, copied exactly.'),
      }),
    )
    .max(10)
    .describe('Figures that appear in the documents; leave empty when none do.'),
  sources: urls,
});

export const earningsOutput = z.object({
  keySummary: cited('Two to four sentences: the results and the message of the quarter.'),
  keyFindings: findings('Four to eight findings: revenue, margins, guidance, segments, risks.'),
  quotes: z
    .array(
      z.object({
        text: text('Words copied exactly from a document, without the surrounding quotation marks.'),
        speaker: text('Who said it, with their role when the document gives it.'),
        context: text('One sentence on what the quote is about.'),
      }),
    )
    .max(8)
    .describe('Up to five quotes copied verbatim from the documents; leave empty when the documents quote no one.'),
  sources: urls,
});

/**
 * Every sentence is checked against the documents it cites, and one they do not support is dropped:
 * the model is told how to cite (CITATION_RULE, with documentsBlock's numbers) besides listing URLs.
 */
const RULES = `${GROUND_RULES}\n${CITATION_RULE}\nThe numbers are those of the documents below ([1] is the first). A sentence its documents do not support is removed from the answer.`;

export const systems = {
  companyNews: `You are a research analyst who summarises recent news about one company.\n${RULES}`,
  trends: `You are an industry analyst who identifies market trends from recent coverage.\n${RULES}`,
  earnings: `You are an equity analyst who reads earnings releases and earnings-call transcripts.\n${RULES}\nQuotes must be copied word for word from the documents.`,
};

export function companyNewsPrompt(query: CompanyNewsQuery, documents: Retrieved[]) {
  const focus = [
    `Company: ${query.companyName}`,
    `Period: ${companyNewsTimeframeLabels[query.timeframe]}`,
    query.sentiment === 'none' ? null : `Focus on ${query.sentiment} coverage; say so when there is little of it.`,
    query.keyword ? `Pay particular attention to: ${query.keyword}` : null,
  ];
  return `${focus.filter(Boolean).join('\n')}\n\nAnalyse the news about this company.\n\n${documentsBlock(documents)}`;
}

export function trendsPrompt(query: TrendsQuery, documents: Retrieved[]) {
  return [
    `Industry: ${query.industry}`,
    `Trend type: ${trendTypeLabels[query.trendType]}`,
    `Period: ${trendTimeframeLabels[query.timeframe]}`,
    `Region: ${trendRegionLabels[query.region]}`,
    '',
    'Identify the trends of this type in this industry and region, with the figures the documents state.',
    '',
    documentsBlock(documents),
  ].join('\n');
}

export function earningsPrompt(query: EarningsQuery, period: string, documents: Retrieved[]) {
  return [
    `Company: ${query.companyName}`,
    `Requested: ${earningsQuarterLabel(query.quarter)}, ${earningsYearLabel(query.year)}`,
    `Documents cover: ${period}`,
    query.focusArea ? `Focus area: ${query.focusArea}` : null,
    '',
    'Analyse these earnings results.',
    '',
    documentsBlock(documents),
  ]
    .filter((line) => line !== null)
    .join('\n');
}
