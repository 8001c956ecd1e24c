// Aurora OS research (spec 02 §3, §7 "Analysis tools"): retrieve real documents first, give them to
// the model, then keep only what the documents support (grounding.ts). Each stage is reported as
// it starts, so the screen can show where a 30–45 second analysis is.
import { type StatementCount, statementCountLabel } from '../../../shared/library.ts';
import type {
  CompanyNewsQuery,
  CompanyNewsResult,
  EarningsQuery,
  EarningsResult,
  ResearchMeta,
  ResearchStage,
  TrendsQuery,
  TrendsResult,
} from '../../../shared/research.ts';
import {
  citationsDroppedLabel,
  companyNewsTimeframeDays,
  companyNewsTimeframeLabels,
  MOST_RECENT,
  trendRegionLabels,
  trendTimeframeDays,
  trendTimeframeLabels,
  trendTypeLabels,
} from '../../../shared/research.ts';
import { Grounding } from '../../ai/grounding.ts';
import type { AiRun } from '../../ai/runner.ts';
import { errorMessage, log } from '../../lib/log.ts';
import { type News, type NewsSearch, NewsUnavailableError } from '../../sources/news/index.ts';
import { pickFiling, type SecSource } from '../../sources/sec/sec.ts';
import type { TranscriptSource } from '../../sources/sec/transcripts.ts';
import type { SourceDocument } from '../../sources/web/types.ts';
import { companyNewsOutput, companyNewsPrompt, earningsOutput, earningsPrompt, systems, trendsOutput, trendsPrompt } from './prompts.ts';
import { NO_SUPPORTING_EVIDENCE, ResultStatements, SourceNumbers, SUMMARY_DROPPED } from './statements.ts';

export type ResearchSources = { news: News; sec: SecSource; transcripts: TranscriptSource | null };

export type ResearchContext = {
  run: AiRun;
  sources: ResearchSources;
  signal: AbortSignal;
  stage: (stage: ResearchStage, detail: string) => void;
};

export type Analysis<R> = { data: R; meta: ResearchMeta };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const cleanList = (items: string[]) => items.map((item) => item.trim()).filter(Boolean);

function meta(run: AiRun, documents: number, period: string | null = null, stillReading = 0): ResearchMeta {
  // Said only when some were: a reader that finished everything adds nothing to the result.
  return { documents, model: run.model, generatedAt: new Date().toISOString(), period, ...(stillReading ? { stillReading } : {}) };
}

/** The statement check of one result: its sources list (the markers' numbers) and the sentence check. */
function statementCheck(documents: SourceDocument[], grounding: Grounding, cited: string[]) {
  const numbers = new SourceNumbers(
    documents.map((d) => d.url),
    grounding.sources(cited),
    (url) => grounding.source(url),
  );
  return { numbers, statements: new ResultStatements(documents, numbers) };
}

/** A summary with nothing kept says so; findings may still stand. */
const summaryText = (kept: string) => kept || SUMMARY_DROPPED;

/** Cited addresses that no retrieved document has (the model made them up). */
const unretrieved = (grounding: Grounding, urls: string[]) => urls.filter((url) => !grounding.source(url)).length;

/**
 * The verify stage once done: what was checked, the citations dropped because nothing was retrieved
 * at them, and "10 of 12 statements sourced · 2 dropped: not supported by its source". The result's
 * meta carries the same counts, for the result view.
 */
function checked(ctx: ResearchContext, what: string, citationsDropped: number, count: StatementCount) {
  const parts = [what, ...(citationsDropped ? [citationsDroppedLabel(citationsDropped)] : []), statementCountLabel(count)];
  ctx.stage('verify', parts.join(' · '));
  return { statements: count, ...(citationsDropped ? { citationsDropped } : {}) };
}

/** The news for a search; neither provider answering is told to the user as such (502). */
const searchNews = (sources: ResearchSources, search: NewsSearch, signal: AbortSignal) =>
  sources.news.search(search, signal).catch((err: unknown) => {
    throw err instanceof NewsUnavailableError ? err.toAppError() : err;
  });

export async function analyseCompanyNews(ctx: ResearchContext, query: CompanyNewsQuery): Promise<Analysis<CompanyNewsResult>> {
  const period = companyNewsTimeframeLabels[query.timeframe].toLowerCase();
  ctx.stage('retrieve', `Searching news about ${query.companyName} from the ${period}`);
  const { documents, stillReading } = await searchNews(
    ctx.sources,
    {
      terms: { phrases: [query.companyName], words: query.keyword ? [query.keyword] : [] },
      days: companyNewsTimeframeDays[query.timeframe],
    },
    ctx.signal,
  );
  if (documents.length === 0) {
    return {
      data: {
        keySummary: `No news about ${query.companyName} from the ${period} was found in the news sources.`,
        keyFindings: [],
        sources: [],
      },
      meta: meta(ctx.run, 0),
    };
  }
  ctx.stage('analyse', `Reading ${plural(documents.length, 'article')} with ${ctx.run.model}`);
  const { output, citations } = await ctx.run.generate({
    schema: companyNewsOutput,
    system: systems.companyNews,
    prompt: companyNewsPrompt(query, documents),
    signal: ctx.signal,
  });
  const checking = `${plural(output.sources.length, 'cited source')} against the ${documents.length} retrieved`;
  ctx.stage('verify', `Checking ${checking}`);
  const grounding = new Grounding(documents, citations);
  const { numbers, statements } = statementCheck(documents, grounding, output.sources);
  const keySummary = statements.text(output.keySummary);
  const keyFindings = statements.texts(cleanList(output.keyFindings));
  const counts = checked(
    ctx,
    `Checked ${checking}`,
    unretrieved(grounding, output.sources) + statements.unknownCitations,
    statements.count,
  );
  const data = statements.noEvidence
    ? { keySummary: NO_SUPPORTING_EVIDENCE, keyFindings: [], sources: numbers.sources }
    : { keySummary: summaryText(keySummary), keyFindings, sources: numbers.sources };
  return { data, meta: { ...meta(ctx.run, documents.length, null, stillReading), ...counts } };
}

export async function analyseTrends(ctx: ResearchContext, query: TrendsQuery): Promise<Analysis<TrendsResult>> {
  const period = trendTimeframeLabels[query.timeframe].toLowerCase();
  const region = trendRegionLabels[query.region];
  ctx.stage('retrieve', `Searching ${region} coverage of ${query.industry} from the ${period}`);
  const angle = query.trendType === 'all angles' ? 'trends' : trendTypeLabels[query.trendType].toLowerCase();
  const { documents, stillReading } = await searchNews(
    ctx.sources,
    { terms: { words: [query.industry, angle] }, days: trendTimeframeDays(query.timeframe), region: query.region, limit: 30 },
    ctx.signal,
  );
  if (documents.length === 0) {
    return {
      data: {
        keySummary: `No ${region} coverage of ${query.industry} from the ${period} was found in the news sources.`,
        keyFindings: [],
        trendAnalysis: [],
        marketData: [],
        sources: [],
      },
      meta: meta(ctx.run, 0),
    };
  }
  ctx.stage('analyse', `Reading ${plural(documents.length, 'article')} with ${ctx.run.model}`);
  const { output, citations } = await ctx.run.generate({
    schema: trendsOutput,
    system: systems.trends,
    prompt: trendsPrompt(query, documents),
    signal: ctx.signal,
  });
  const checking = `${plural(output.sources.length + output.marketData.length, 'citation')} against the ${documents.length} retrieved`;
  ctx.stage('verify', `Checking ${checking}`);
  const grounding = new Grounding(documents, citations);
  const { numbers, statements } = statementCheck(documents, grounding, output.sources);
  const keySummary = statements.text(output.keySummary);
  const keyFindings = statements.texts(cleanList(output.keyFindings));
  // A trend is its analysis: one none of whose sentences is supported goes, its name with it.
  const trendAnalysis = output.trendAnalysis.flatMap((t) => {
    const analysis = statements.text(t.analysis);
    return analysis ? [{ trend: t.trend.trim(), analysis }] : [];
  });
  const marketData = grounding.marketData(output.marketData).filter((item) => statements.figure(item));
  const counts = checked(
    ctx,
    `Checked ${checking}`,
    unretrieved(grounding, [...output.sources, ...output.marketData.map((m) => m.sourceUrl)]) + statements.unknownCitations,
    statements.count,
  );
  const data = statements.noEvidence
    ? { keySummary: NO_SUPPORTING_EVIDENCE, keyFindings: [], trendAnalysis: [], marketData: [], sources: numbers.sources }
    : { keySummary: summaryText(keySummary), keyFindings, trendAnalysis, marketData, sources: numbers.sources };
  return { data, meta: { ...meta(ctx.run, documents.length, null, stillReading), ...counts } };
}

/** The earnings release from SEC EDGAR (8-K item 2.02, EX-99.1), a transcript when configured, else news. */
async function earningsDocuments(ctx: ResearchContext, query: EarningsQuery): Promise<{ documents: SourceDocument[]; period: string }> {
  const { sec, transcripts } = ctx.sources;
  ctx.stage('retrieve', `Looking up ${query.companyName} in SEC EDGAR`);
  try {
    const company = await sec.resolveCompany(query.companyName, ctx.signal);
    if (company) {
      // A year asked for by name may lie before EDGAR's recent window (large filers fill it within a year).
      const since = query.year === MOST_RECENT ? undefined : `${query.year}-01-01`;
      const picked = pickFiling(await sec.earningsReleases(company.cik, ctx.signal, since), { year: query.year, quarter: query.quarter });
      if (picked) {
        const asked = `Q${picked.quarter} ${picked.year}`;
        let period = `${asked} · ${company.ticker} 8-K filed ${picked.filing.filingDate}`;
        ctx.stage('retrieve', `Reading ${company.name}'s earnings release (${asked}, filed ${picked.filing.filingDate})`);
        const documents = await sec.fetchRelease(picked.filing, ctx.signal);
        if (transcripts) {
          const transcript = await transcripts.transcript(company.ticker, picked.year, picked.quarter, ctx.signal).catch((err) => {
            // A transcript adds to the release; without it the analysis still stands.
            log.warn('transcript retrieval failed', { error: errorMessage(err) });
            return undefined;
          });
          if (transcript) documents.push(transcript);
          else {
            // The user is told the call asked for is missing (FMP may have answered with another call, never used as this one).
            const missing = `the ${asked} earnings-call transcript ${transcript === null ? 'was not found' : 'could not be retrieved'}`;
            period += ` · ${missing}`;
            ctx.stage('retrieve', `${missing.charAt(0).toUpperCase()}${missing.slice(1)}; the analysis reads the release alone`);
          }
        }
        if (documents.length) return { documents, period };
      }
    }
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    // EDGAR unreachable is not the end: news coverage of the results may still be found.
    log.warn('SEC retrieval failed', { error: errorMessage(err) });
  }
  const when = [query.quarter === MOST_RECENT ? null : query.quarter, query.year === MOST_RECENT ? null : query.year];
  ctx.stage('retrieve', `No SEC earnings release found; searching news about ${query.companyName}'s results`);
  const days =
    query.year === MOST_RECENT ? 120 : Math.min(7 * 365, Math.ceil((Date.now() - Date.UTC(Number(query.year), 0, 1)) / 86_400_000));
  const { documents } = await searchNews(
    ctx.sources,
    { terms: { phrases: [query.companyName], words: ['earnings results', ...when.filter((w) => w !== null).map(String)] }, days },
    ctx.signal,
  );
  return { documents, period: 'News coverage of the results' };
}

export async function analyseEarnings(ctx: ResearchContext, query: EarningsQuery): Promise<Analysis<EarningsResult>> {
  const { documents, period } = await earningsDocuments(ctx, query);
  if (documents.length === 0) {
    return {
      data: {
        keySummary: `No earnings release or news coverage of ${query.companyName}'s results was found for the period requested.`,
        keyFindings: [],
        quotes: [],
        sources: [],
      },
      meta: meta(ctx.run, 0, null),
    };
  }
  ctx.stage('analyse', `Reading ${plural(documents.length, 'document')} with ${ctx.run.model}`);
  const { output, citations } = await ctx.run.generate({
    schema: earningsOutput,
    system: systems.earnings,
    prompt: earningsPrompt(query, period, documents),
    signal: ctx.signal,
  });
  const checking = `${plural(output.quotes.length, 'quote')} and ${plural(output.sources.length, 'source')} against the documents`;
  ctx.stage('verify', `Checking ${checking}`);
  const grounding = new Grounding(documents, citations);
  const { numbers, statements } = statementCheck(documents, grounding, output.sources);
  const keySummary = statements.text(output.keySummary);
  const keyFindings = statements.texts(cleanList(output.keyFindings));
  // Quotes are checked word for word against all the documents (grounding), as before.
  const quotes = grounding.quotes(
    output.quotes.map((q) => ({ text: q.text.trim(), speaker: q.speaker.trim(), context: q.context.trim() })),
  );
  const counts = checked(
    ctx,
    `Checked ${checking}`,
    unretrieved(grounding, output.sources) + statements.unknownCitations,
    statements.count,
  );
  const data = statements.noEvidence
    ? { keySummary: NO_SUPPORTING_EVIDENCE, keyFindings: [], quotes: [], sources: numbers.sources }
    : { keySummary: summaryText(keySummary), keyFindings, quotes, sources: numbers.sources };
  return { data, meta: { ...meta(ctx.run, documents.length, period), ...counts } };
}
