// LinkedIn OS content creation (spec 02 §3, §4, §7 calls 1–4, §8). Statistics are real: news is
// retrieved first and a statistic is kept only when it cites an article we retrieved and its
// figures appear in that article. Hooks, the post and its rewrites are plain text written from
// the author's Who/What/Why and the statistic they chose, which is the only figure allowed in.

import * as z from 'zod/mini';
import {
  type AnalyzeMetricsQuery,
  type AnalyzeMetricsResponse,
  CTA_KINDS,
  type CtaOptions,
  draftParagraphs,
  type GenerateHooksQuery,
  type GenerateHooksResponse,
  HOOK_MAX_LENGTH,
  joinParagraphs,
  type ModifyContentRequest,
  type ModifyContentResponse,
  POST_MAX_LENGTH,
  type PostBuilderQuery,
  type PostBuilderResponse,
  type Stat,
  statSchema,
  stripHookNumbering,
} from '../../../shared/content.ts';
import { Grounding, normaliseWords, type Retrieved } from '../../ai/grounding.ts';
import type { AiRun } from '../../ai/runner.ts';
import { AppError } from '../../lib/app-error.ts';
import { type News, NewsUnavailableError } from '../../sources/news/index.ts';
import { pageKey } from '../../sources/web/site.ts';
import {
  hooksOutput,
  hooksPrompt,
  modifyOutput,
  modifyPrompt,
  oneLine,
  postOutput,
  postPrompt,
  STATS_WANTED,
  statsOutput,
  statsPrompt,
  statsSearchQuery,
  systems,
} from './prompts.ts';

export type ContentSources = { news: News };
export type ContentContext = { run: AiRun; sources: ContentSources; signal: AbortSignal };

/** Statistics come from the last year of news; fifteen articles fit the prompt's budget with room to spare. */
const STATS_NEWS_DAYS = 365;
const STATS_NEWS_LIMIT = 15;
const CTA_MAX_LENGTH = 500;
const PUBLISHER_MAX_LENGTH = 200;

// Bounds on what one answer may cost (a document can ask the model to ramble).
const MAX_TOKENS = { stats: 1_500, hooks: 1_500, post: 2_500, modify: 2_500 } as const;

/** The screen retries on 'Validation failed' and tries other sources (spec 02 §8); the message must start so. */
const statsValidationFailed = (reason: string) => new AppError('validation_failed', `Validation failed: ${reason}`);
const invalidOutput = (what: string) => new AppError('ai_invalid_output', `The AI's answer did not contain ${what}. Try again.`);

/**
 * What the screen sends back later (previousStats, marketData) must pass the request schema, or
 * the user's next call would be refused: a statistic or address the schema would not take is
 * not offered.
 */
function fitsStatSchema(statistic: string, source: string) {
  return z.safeParse(statSchema, { statistic, source }).success && !statistic.includes('\u0000');
}

/** Numbers as written, without thousands separators: '$1,200' and '1200' are the same figure. */
export function figuresIn(text: string): string[] {
  return (text.match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replace(/,(?=\d{3}\b)/g, ''));
}

const isYear = (figure: string) => /^(?:19|20)\d\d$/.test(figure);

/**
 * A statistic is kept when it states a figure other than a year and every figure in it appears in
 * the words of the article it cites (title and text; never its date, whose digits would back
 * almost any number): a real URL with a made-up number is still made up.
 */
export function figuresSupported(statistic: string, document: Pick<Retrieved, 'title' | 'text'>) {
  const claimed = figuresIn(statistic);
  if (!claimed.some((figure) => !isYear(figure))) return false;
  const stated = new Set(figuresIn(`${document.title ?? ''} ${document.text}`));
  return claimed.every((figure) => stated.has(figure));
}

export async function analyzeMetrics(ctx: ContentContext, query: AnalyzeMetricsQuery): Promise<AnalyzeMetricsResponse> {
  const { documents } = await ctx.sources.news
    .search({ terms: { words: [statsSearchQuery(query)] }, days: STATS_NEWS_DAYS, limit: STATS_NEWS_LIMIT }, ctx.signal)
    .catch((err: unknown) => {
      // Neither provider answering is told to the user as such (502).
      throw err instanceof NewsUnavailableError ? err.toAppError() : err;
    });
  if (documents.length === 0) throw statsValidationFailed('no recent articles were found for this audience and solution.');

  const generation = await ctx.run
    .generate({
      schema: statsOutput,
      system: systems.stats,
      prompt: statsPrompt(query, documents),
      signal: ctx.signal,
      maxOutputTokens: MAX_TOKENS.stats,
    })
    .catch((err: unknown) => {
      // An answer that never fits is not worth a 502 here: the screen retries with other sources.
      if (err instanceof AppError && err.code === 'ai_invalid_output') {
        throw statsValidationFailed('the statistics found were not in the expected format.');
      }
      throw err;
    });
  const { output, citations } = generation;

  const grounding = new Grounding(documents, citations);
  const byKey = new Map(documents.map((doc) => [pageKey(doc.url), doc]));
  const traced = grounding.marketData(output.stats).filter((stat) => {
    // Only articles we hold the text of: a page the provider merely cited (Perplexity) cannot be
    // checked for the figure, so it is not shown as a source.
    const document = byKey.get(pageKey(stat.source));
    return document !== undefined && fitsStatSchema(stat.statistic, stat.source) && figuresSupported(stat.statistic, document);
  });
  if (traced.length === 0) throw statsValidationFailed('none of the statistics could be traced to an article we retrieved.');

  const seen = new Set(query.previousStats.map((s) => normaliseWords(s.statistic)));
  const data: Stat[] = [];
  for (const stat of traced) {
    const key = normaliseWords(stat.statistic);
    if (seen.has(key)) continue;
    seen.add(key);
    const publisher = grounding.source(stat.source)?.publisher?.trim().slice(0, PUBLISHER_MAX_LENGTH) || null;
    data.push({ statistic: stat.statistic, source: stat.source, publisher });
  }
  if (data.length === 0) throw statsValidationFailed('the articles found only repeat statistics you already have.');
  return { data: data.slice(0, STATS_WANTED) };
}

export async function generateHooks(ctx: ContentContext, query: GenerateHooksQuery): Promise<GenerateHooksResponse> {
  const { output } = await ctx.run.generate({
    schema: hooksOutput,
    system: systems.hooks,
    prompt: hooksPrompt(query.inputs, query.marketData),
    signal: ctx.signal,
    maxOutputTokens: MAX_TOKENS.hooks,
  });
  const seen = new Set<string>();
  const hooks: string[] = [];
  for (const raw of output.hooks) {
    const hook = raw.trim();
    // Longer than the post builder accepts back is not a hook; numbering aside, a repeat is not a new one.
    const key = normaliseWords(stripHookNumbering(hook));
    if (!hook || !key || hook.length > HOOK_MAX_LENGTH || seen.has(key)) continue;
    seen.add(key);
    hooks.push(hook);
  }
  if (hooks.length === 0) throw invalidOutput('any hooks');
  return { hooks };
}

/**
 * Model text as the draft editor expects it (spec 02 §3): plain text, paragraphs separated by one
 * blank line. Markdown emphasis and headings are dropped; everything else stays as written (the
 * screen renders it as text, so markup is harmless and user-written text comes back unchanged).
 */
export function plainPost(text: string): string {
  const unmarked = text
    .replace(/\r\n?/g, '\n')
    .replace(/\*\*(\S(?:[^*\n]*\S)?)\*\*/g, '$1')
    .replace(/__(\S(?:[^_\n]*\S)?)__/g, '$1')
    .replace(/^#{1,6}[ \t]+/gm, '');
  const paragraphs = draftParagraphs(unmarked);
  // Within the limit the screen sends back for a rewrite: whole paragraphs from the end go first.
  let length = paragraphs.reduce((sum, p, i) => sum + p.length + (i ? 2 : 0), 0);
  while (paragraphs.length > 1 && length > POST_MAX_LENGTH) length -= paragraphs.pop()!.length + 2;
  return joinParagraphs(paragraphs).slice(0, POST_MAX_LENGTH);
}

/** The hook opens the post (spec 02 §4); a model that dropped or reworded it gets it put back in front. */
export function withHookFirst(content: string, hook: string): string {
  const paragraphs = draftParagraphs(content);
  const opening = stripHookNumbering(hook);
  if (paragraphs.length && normaliseWords(paragraphs[0]!).startsWith(normaliseWords(opening))) return content;
  return plainPost(joinParagraphs([opening, ...paragraphs]));
}

export async function buildPost(ctx: ContentContext, query: PostBuilderQuery): Promise<PostBuilderResponse> {
  const { marketData, ...inputs } = query.inputs;
  const { output } = await ctx.run.generate({
    schema: postOutput,
    system: systems.post,
    prompt: postPrompt(query.hook, inputs, marketData),
    signal: ctx.signal,
    maxOutputTokens: MAX_TOKENS.post,
  });
  const body = plainPost(output.content);
  if (!body) throw invalidOutput('a post');
  const ctaOptions = {} as CtaOptions;
  for (const kind of CTA_KINDS) {
    const cta = oneLine(output.ctaOptions[kind] ?? '').slice(0, CTA_MAX_LENGTH);
    if (!cta) throw invalidOutput('all five calls to action');
    ctaOptions[kind] = cta;
  }
  return { content: withHookFirst(body, query.hook), ctaOptions };
}

export async function modifyContent(ctx: ContentContext, query: ModifyContentRequest): Promise<ModifyContentResponse> {
  const { output } = await ctx.run.generate({
    schema: modifyOutput,
    system: systems.modify,
    prompt: modifyPrompt(query.content, query.modification),
    signal: ctx.signal,
    maxOutputTokens: MAX_TOKENS.modify,
  });
  const modifiedContent = plainPost(output.modifiedContent);
  if (!modifiedContent) throw invalidOutput('the rewritten post');
  return { modifiedContent };
}
