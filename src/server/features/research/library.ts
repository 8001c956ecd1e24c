// A research analysis kept in the user's library when it succeeds (issue 27 §1): the request that made
// it, its summary, findings, trend sections, market figures, quotes and sources as the screen shows
// them, so the user can read it again later and find it by its words or its articles' words.
import type { LibraryBlock, LibrarySource } from '../../../shared/library.ts';
import {
  type CompanyNewsQuery,
  type CompanyNewsResult,
  companyNewsTimeframeLabels,
  type EarningsQuery,
  type EarningsResult,
  earningsQuarterLabel,
  earningsYearLabel,
  MOST_RECENT,
  type ResearchMeta,
  type Source,
  sentimentLabels,
  type TrendsQuery,
  type TrendsResult,
  trendRegionLabels,
  trendTimeframeLabels,
  trendTypeLabels,
} from '../../../shared/research.ts';
import type { AiTask } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { errorMessage, log } from '../../lib/log.ts';
import { keepItem, type LibraryEntry } from '../../library/keep.ts';
import { siteOf } from '../../sources/web/site.ts';
import type { Analysis } from './service.ts';

type Common = { keySummary: string; keyFindings: string[]; sources: Source[] };

/** A source as the library keeps it: what the screen shows of it (the providers that found it are not kept). */
const librarySource = ({ url, title, publisher, publishedAt, headlineOnly, googleLink }: Source): LibrarySource => ({
  url,
  title,
  publisher,
  publishedAt,
  ...(headlineOnly ? { headlineOnly } : {}),
  ...(googleLink ? { googleLink } : {}),
});

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The run: what was asked, what it read, when, and the period (earnings). */
function about(rows: { label: string; value: string | null }[], meta: ResearchMeta): LibraryBlock[] {
  const facts = [
    ...rows.filter((row): row is { label: string; value: string } => Boolean(row.value)),
    ...(meta.period ? [{ label: 'Period', value: meta.period }] : []),
    { label: 'Based on', value: `${plural(meta.documents, 'document')} · ${meta.model}` },
  ];
  const blocks: LibraryBlock[] = [{ type: 'facts', rows: facts }];
  const still = meta.stillReading ?? 0;
  if (still > 0) {
    blocks.push({
      type: 'note',
      text: `${still} ${still === 1 ? 'source was' : 'sources were'} still being read and ${still === 1 ? 'is' : 'are'} shown as ${still === 1 ? 'a headline' : 'headlines'}.`,
    });
  }
  return blocks;
}

/** How many of its statements the sources supported (issue 27 §4), when they were checked. */
const checkedStatements = (meta: ResearchMeta): Pick<LibraryEntry, 'statements'> =>
  meta.statements ? { statements: meta.statements } : {};

/** Key summary and key findings, as the screen heads them. */
function summary(result: Common): LibraryBlock[] {
  const blocks: LibraryBlock[] = [
    { type: 'heading', text: 'Key summary' },
    { type: 'paragraph', text: result.keySummary },
  ];
  if (result.keyFindings.length) blocks.push({ type: 'heading', text: 'Key findings' }, { type: 'list', items: result.keyFindings });
  return blocks;
}

function sources(result: Common): LibraryBlock[] {
  if (!result.sources.length) return [];
  return [
    { type: 'heading', text: 'Sources' },
    { type: 'articles', items: result.sources.map(librarySource) },
  ];
}

export function companyNewsEntry(query: CompanyNewsQuery, { data, meta }: Analysis<CompanyNewsResult>): LibraryEntry {
  const timeframe = companyNewsTimeframeLabels[query.timeframe];
  return {
    kind: 'company_news',
    title: `${query.companyName}: company news, ${timeframe.toLowerCase()}`,
    companies: [query.companyName],
    ...checkedStatements(meta),
    blocks: [
      ...about(
        [
          { label: 'Company', value: query.companyName },
          { label: 'Timeframe', value: timeframe },
          { label: 'Sentiment', value: query.sentiment === 'none' ? null : sentimentLabels[query.sentiment] },
          { label: 'Keyword', value: query.keyword },
        ],
        meta,
      ),
      ...summary(data),
      ...sources(data),
    ],
  };
}

/** How a market figure names its source: the listed source's publisher or title, else the site. */
function marketSourceLabel(url: string, listed: Source[]): string {
  const source = listed.find((s) => s.url === url);
  const named = source?.publisher?.trim() || source?.title?.trim();
  if (named) return named;
  return siteOf(url) ?? url;
}

export function trendsEntry(query: TrendsQuery, { data, meta }: Analysis<TrendsResult>): LibraryEntry {
  const region = trendRegionLabels[query.region];
  const timeframe = trendTimeframeLabels[query.timeframe];
  const angle = query.trendType === 'all angles' ? 'trends' : `${trendTypeLabels[query.trendType].toLowerCase()} trends`;
  const blocks: LibraryBlock[] = [
    ...about(
      [
        { label: 'Industry', value: query.industry },
        { label: 'Trend type', value: trendTypeLabels[query.trendType] },
        { label: 'Region', value: region },
        { label: 'Timeframe', value: timeframe },
      ],
      meta,
    ),
    ...summary(data),
  ];
  if (data.trendAnalysis.length) {
    blocks.push({ type: 'heading', text: 'Trend analysis' });
    for (const trend of data.trendAnalysis)
      blocks.push({ type: 'heading', text: trend.trend }, { type: 'paragraph', text: trend.analysis });
  }
  if (data.marketData.length) {
    blocks.push(
      { type: 'heading', text: 'Market data' },
      { type: 'list', items: data.marketData.map((m) => `${m.statistic} (${marketSourceLabel(m.source, data.sources)})`) },
    );
  }
  blocks.push(...sources(data));
  // A figure's source that the sources list does not hold is kept with the item too, so its link is not lost.
  const extra = data.marketData
    .filter((m) => !data.sources.some((s) => s.url === m.source))
    .map((m): LibrarySource => ({ url: m.source, title: null, publisher: marketSourceLabel(m.source, []), publishedAt: null }));
  return {
    kind: 'industry_trends',
    title: `${query.industry}: ${angle}, ${region}, ${timeframe.toLowerCase()}`,
    companies: [],
    blocks,
    ...checkedStatements(meta),
    ...(extra.length ? { sources: extra } : {}),
  };
}

export function earningsEntry(query: EarningsQuery, { data, meta }: Analysis<EarningsResult>): LibraryEntry {
  // The quarter the analysis read ("Q3 2024 · AAPL 8-K filed …") names it best; else the one asked for.
  const read = /^Q[1-4] \d{4}/.exec(meta.period ?? '')?.[0];
  const asked = [query.quarter, query.year].every((part) => part !== MOST_RECENT) ? `${query.quarter} ${query.year}` : null;
  const blocks: LibraryBlock[] = [
    ...about(
      [
        { label: 'Company', value: query.companyName },
        { label: 'Year', value: earningsYearLabel(query.year) },
        { label: 'Quarter', value: earningsQuarterLabel(query.quarter) },
        { label: 'Focus area', value: query.focusArea },
      ],
      meta,
    ),
    ...summary(data),
  ];
  if (data.quotes.length) {
    blocks.push({ type: 'heading', text: 'Quotes' });
    for (const quote of data.quotes) {
      blocks.push({ type: 'quote', text: quote.text, speaker: [quote.speaker, quote.context].filter(Boolean).join(', ') || null });
    }
  }
  blocks.push(...sources(data));
  return {
    kind: 'earnings_analysis',
    title: `${query.companyName}: earnings analysis${read || asked ? `, ${read ?? asked}` : ''}`,
    companies: [query.companyName],
    blocks,
    ...checkedStatements(meta),
  };
}

/**
 * Keeps the analysis in the user's library and returns the item's id; null when it could not be
 * kept. The user waited for the analysis: a failure here is logged and never loses it.
 */
export async function keepResearch(db: Database, userId: string, task: AiTask, entry: () => LibraryEntry): Promise<string | null> {
  try {
    return (await keepItem(db, userId, entry()))?.id ?? null;
  } catch (err) {
    log.error('research not kept in the library', { task, error: errorMessage(err) });
    return null;
  }
}
