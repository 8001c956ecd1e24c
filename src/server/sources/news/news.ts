// News for research and alerts: Google News RSS search (no key) and GDELT DOC 2.0, asked together
// and merged into one list (issue 14): one item per story, by publisher URL and by near-identical
// title, each saying which providers found it. The article reader (articles.ts) then replaces
// Google's redirect links with the publisher's and the headline with the article's own text.
// A search says what it looks for as terms (NewsTerms), never as a query string: each provider's
// query is written here, and the reader picks passages by the same terms.
import { extractFromXml } from '@extractus/feed-extractor';
import type { Region } from '../../../shared/sonar.ts';
import { AppError } from '../../lib/app-error.ts';
import { log } from '../../lib/log.ts';
import type { SourceHttp } from '../web/http.ts';
import { pageKey } from '../web/site.ts';
import { capText, htmlToLine, httpUrl } from '../web/text.ts';
import { type NewsProvider, type SourceDocument, SourceError } from '../web/types.ts';
import { stripPublisherSuffix } from './article-text.ts';
import type { ArticleReader } from './articles.ts';
import { queryTerms } from './passages.ts';

/**
 * What a search looks for, as the caller means it; each provider's query is written from it here,
 * in that provider's syntax, and the article reader picks passages by the same terms.
 */
export type NewsTerms = {
  /** Names searched as exact phrases ("Acme Robotics"); quotes inside are dropped. */
  phrases?: string[];
  /** Words searched as written, every one wanted: an industry, a topic, a keyword a user typed. */
  words?: string[];
  /** Any one of these (an alert's keywords), each a phrase when it has spaces. */
  anyOf?: string[];
  /**
   * Any one of these names, each an exact phrase: a batch of companies searched at once (the trigger
   * poller's ten a search, `batchNames`), quotes inside dropped as for `phrases`.
   */
  anyPhrases?: string[];
};

export type NewsSearch = {
  terms: NewsTerms;
  days: number;
  region?: Region;
  limit?: number;
  /** How long reading publisher pages may add to the search; what is not read by then stays headline only. */
  readBudgetMs?: number;
  /**
   * How long the search may wait for its turn at Google News (default 30 s, for a person waiting);
   * a background scan before a slot may queue for minutes rather than fail (ADR 016).
   */
  queueWaitMs?: number;
};
export type NewsResult = {
  documents: SourceDocument[];
  failed: NewsProvider[];
  /** Sources whose page was still being read when the read budget ran out: shown as headlines (issue 26). */
  stillReading?: number;
};
export type NewsSource = { search(q: NewsSearch, signal?: AbortSignal): Promise<NewsResult> };

/**
 * Neither Google News nor GDELT answered: the one failure a news search ends with (one of them
 * failing is `failed` in the result). A SourceError, so the jobs note it as a failed search like any
 * source's; a person waiting is told it as the API's error.
 */
export class NewsUnavailableError extends SourceError {
  constructor(failures: SourceError[]) {
    super('news', `Google News and GDELT both failed (${failures.map((f) => f.message).join('; ')})`);
    this.name = 'NewsUnavailableError';
  }

  /** The sources' failure, not the AI's: a 502 `source_unavailable` in words a person can act on. */
  toAppError() {
    return new AppError('source_unavailable', 'The news sources (Google News, GDELT) could not be reached. Try again shortly.');
  }
}

const DEFAULT_NEWS_LIMIT = 20;
/** GDELT DOC 2.0 searches about the last three months at most. */
const GDELT_MAX_DAYS = 90;
const SNIPPET_MAX_CHARS = 1000;
const TITLE_MAX_CHARS = 300;
const DAY_MS = 86_400_000;

/** Google News edition per region: English editions where one exists in the region. */
const googleNewsEditions: Record<Region, { hl: string; gl: string; ceid: string }> = {
  usa: { hl: 'en-US', gl: 'US', ceid: 'US:en' },
  canada: { hl: 'en-CA', gl: 'CA', ceid: 'CA:en' },
  uk: { hl: 'en-GB', gl: 'GB', ceid: 'GB:en' },
  europe: { hl: 'en-IE', gl: 'IE', ceid: 'IE:en' },
  middle_east: { hl: 'en-IL', gl: 'IL', ceid: 'IL:en' },
  africa: { hl: 'en-ZA', gl: 'ZA', ceid: 'ZA:en' },
  apac: { hl: 'en-SG', gl: 'SG', ceid: 'SG:en' },
  latam: { hl: 'es-419', gl: 'US', ceid: 'US:es-419' },
  global: { hl: 'en-US', gl: 'US', ceid: 'US:en' },
};

/** GDELT source countries (FIPS codes) for regions that are one country. */
const gdeltCountries: Partial<Record<Region, string>> = { usa: 'US', uk: 'UK', canada: 'CA' };

/** A phrase or keyword without quotes of its own (they would end the phrase early), spaces collapsed. */
const unquoted = (text: string) => text.replace(/"/g, ' ').replace(/\s+/g, ' ').trim();
const phrase = (text: string) => `"${text}"`;

/** GDELT refuses phrases and keywords this short ("Your search contained a phrase that is too short"). */
export const GDELT_MIN_NAME_CHARS = 3;

/** Names in one batched search: ten, as the trigger poller asks, and few enough OR'd terms for GDELT. */
export const MAX_BATCH_NAMES = 10;

/** Names as exact phrases: quotes dropped, blanks and repeats (in any case) left out. */
function quotedNames(names: string[] | undefined): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const name of (names ?? []).map(unquoted))
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      kept.push(phrase(name));
    }
  return kept;
}

type QueryStyle = {
  /** The alert's keywords, any one of them. */
  anyOf: (keywords: string[]) => string;
  /** A batch of names, any one of them. */
  anyPhrases: (names: string[]) => string;
};

/**
 * The query both providers share: the phrases quoted, the batch of names, then the words; `anyOf`
 * and `anyPhrases` as each provider writes them. Without `anyPhrases` the query is what it always
 * was (the shared-search key of stored results is this query: it must not change under them).
 */
function queryOf(terms: NewsTerms, style: QueryStyle): string {
  const phrases = (terms.phrases ?? []).map(unquoted).filter(Boolean).map(phrase);
  const names = quotedNames(terms.anyPhrases);
  const words = (terms.words ?? []).map((w) => w.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const keywords = (terms.anyOf ?? [])
    .map(unquoted)
    .filter(Boolean)
    .map((k) => (k.includes(' ') ? phrase(k) : k));
  return [...phrases, names.length ? style.anyPhrases(names) : '', ...words, keywords.length ? style.anyOf(keywords) : '']
    .filter(Boolean)
    .join(' ');
}

/** `(a OR b OR c)`, or the one term alone: a group of one needs no parentheses (and GDELT refuses them). */
const orGroup = (terms: string[]) => (terms.length > 1 ? `(${terms.join(' OR ')})` : terms[0]!);

/**
 * Google's OR binds closer than the implied AND: `"Apple" iPhone OR services` wants Apple and either
 * keyword. With a batch of names both groups are parenthesised, as Google's search syntax takes
 * groups: `("Apple" OR "Microsoft") (appoints OR acquires)` wants one of the names and one of the words.
 */
export const googleNewsQuery = (terms: NewsTerms) =>
  queryOf(terms, {
    anyOf: (keywords) => (quotedNames(terms.anyPhrases).length ? orGroup(keywords) : keywords.join(' OR ')),
    anyPhrases: orGroup,
  });

/**
 * GDELT DOC 2.0 names these limits in its refusals (a 200 with a text body, which the search
 * reports as GDELT failing while Google News still answers):
 * - "Queries containing OR'd terms must be surrounded by ()": every OR is inside parentheses here.
 * - "Parentheses may only be used around OR'd statements": a group of one is written without them.
 * - "Your search contained a phrase that is too short" / "One or more of your keywords were too
 *   short, too long or too common": a batched name shorter than GDELT_MIN_NAME_CHARS ("HP", "3M") is
 *   left out of GDELT's group (Google News still searches it), unless it is all the group has.
 * - "Your query was too short or too long": GDELT does not say the bound; batches are kept under
 *   MAX_BATCH_QUERY_CHARS, which `batchNames` checks against GDELT's query as well as Google's.
 * - Too many OR'd terms are reported refused in practice (no documented number): at most
 *   MAX_BATCH_NAMES names a batch.
 */
export const gdeltQuery = (terms: NewsTerms) =>
  queryOf(terms, {
    anyOf: orGroup,
    anyPhrases: (names) => {
      // Names arrive quoted: the phrase's own length is without its two quotes.
      const long = names.filter((name) => name.length - 2 >= GDELT_MIN_NAME_CHARS);
      return orGroup(long.length ? long : names);
    },
  });

/**
 * The longest query a batch of names may make, with ` when:1d` appended for Google (and GDELT's
 * form of the same terms, whose own bound GDELT does not publish). Google's search takes at most
 * 2,048 characters of query and cuts the rest; once encoded into the URL a query's quotes and
 * parentheses take three characters each and an accented letter six, so 500 characters of query
 * stay under 2,048 in the URL unless the names are mostly accented or non-Latin letters. Google's web
 * search also reads only the first 32 words; Google News is not documented to, and this bound does
 * not enforce it: ten names and ten event words with their ORs are more. The names come first, so
 * a query cut there would lose event words: more of the batch's stories, never fewer.
 */
export const MAX_BATCH_QUERY_CHARS = 500;

/**
 * The names split into batches for one search each with `keywords` as the event words: each
 * batch's query (Google's with ` when:1d`, and GDELT's) at most MAX_BATCH_QUERY_CHARS, at most
 * MAX_BATCH_NAMES names, names in the order given (blank ones left out; each name as given, for the
 * caller to map stories back). A name too long to share a batch under the bound is searched alone.
 */
export function batchNames(names: string[], keywords: string[]): string[][] {
  const fits = (batch: string[]) => {
    const terms: NewsTerms = { anyPhrases: batch, anyOf: keywords };
    return Math.max(`${googleNewsQuery(terms)} when:1d`.length, gdeltQuery(terms).length) <= MAX_BATCH_QUERY_CHARS;
  };
  const batches: string[][] = [];
  let current: string[] = [];
  for (const name of names) {
    if (!unquoted(name)) continue;
    const next = [...current, name];
    if (current.length && (current.length >= MAX_BATCH_NAMES || !fits(next))) {
      batches.push(current);
      current = [name];
    } else current = next;
  }
  if (current.length) batches.push(current);
  return batches;
}

/**
 * The words and phrases a search looks for, for the reader to pick passages by: its phrases and
 * keywords as given, and the words as typed (a quoted phrase in them kept whole, operators dropped).
 */
export function searchTerms(terms: NewsTerms): string[] {
  const found = new Map<string, string>();
  const given = [...(terms.phrases ?? []), ...(terms.anyPhrases ?? []), ...(terms.anyOf ?? [])].map(unquoted);
  for (const term of [...given, ...queryTerms((terms.words ?? []).join(' '))])
    if (term && !found.has(term.toLowerCase())) found.set(term.toLowerCase(), term);
  return [...found.values()];
}

export function googleNewsSearchUrl(baseUrl: string, q: NewsSearch): string {
  const edition = googleNewsEditions[q.region ?? 'usa'];
  const params = new URLSearchParams({ q: `${googleNewsQuery(q.terms)} when:${Math.max(1, Math.ceil(q.days))}d`, ...edition });
  return `${baseUrl.replace(/\/+$/, '')}/rss/search?${params}`;
}

export function gdeltSearchUrl(baseUrl: string, q: NewsSearch): string {
  const country = q.region ? gdeltCountries[q.region] : undefined;
  const days = Math.min(GDELT_MAX_DAYS, Math.max(1, Math.ceil(q.days)));
  const params = new URLSearchParams({
    query: country ? `${gdeltQuery(q.terms)} sourcecountry:${country}` : gdeltQuery(q.terms),
    mode: 'ArtList',
    format: 'json',
    maxrecords: String(Math.min(250, Math.max(1, (q.limit ?? DEFAULT_NEWS_LIMIT) * 2))),
    timespan: `${days}d`,
    sort: 'DateDesc',
  });
  return `${baseUrl.replace(/\/+$/, '')}/api/v2/doc/doc?${params}`;
}

/** Two titles that differ only in case, punctuation or spacing are the same story. */
export function titleKey(title: string): string {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Share of words two titles have in common (of all the words in either) from which they are one story. */
export const NEAR_IDENTICAL_OVERLAP = 0.9;

export function titleWords(key: string): Set<string> {
  return new Set(key.split(' ').filter(Boolean));
}

/** Jaccard overlap of two word sets. */
export function wordOverlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/**
 * Two titles are near-identical when their keys are equal, or when at least 90% of the distinct
 * words in either are in both (Jaccard): a long headline with one word added is the same story;
 * one whose subject is swapped ("Acme …" / "Beta …") is not.
 */
export function nearIdenticalTitles(a: string, b: string): boolean {
  const keyA = titleKey(a);
  const keyB = titleKey(b);
  if (!keyA || !keyB) return false;
  return keyA === keyB || wordOverlap(titleWords(keyA), titleWords(keyB)) >= NEAR_IDENTICAL_OVERLAP;
}

/**
 * One document per story: the same publisher URL, or a near-identical title (a syndicated copy, or
 * the same story found by both providers). The first kept wins and collects the others' providers;
 * when it only has Google's redirect link and a copy has the publisher's, it takes that link.
 */
export function mergeStories(documents: SourceDocument[]): SourceDocument[] {
  const kept: { doc: SourceDocument; urlKey: string | null; words: Set<string> | null; key: string }[] = [];
  for (const doc of documents) {
    const urlKey = doc.googleLink ? null : pageKey(doc.url);
    const key = doc.title ? titleKey(doc.title) : '';
    const words = key ? titleWords(key) : null;
    const same = kept.find(
      (k) =>
        (urlKey && k.urlKey === urlKey) ||
        (key && k.key && (k.key === key || (words && k.words && wordOverlap(words, k.words) >= NEAR_IDENTICAL_OVERLAP))),
    );
    if (!same) {
      kept.push({ doc: { ...doc, providers: [...(doc.providers ?? [])] }, urlKey, words, key });
      continue;
    }
    // Google News names the publisher ("Reuters"); GDELT gives only its domain: the name wins, whichever came first.
    if (doc.publisher && doc.providers?.includes('google-news') && !same.doc.providers!.includes('google-news'))
      same.doc = { ...same.doc, publisher: doc.publisher };
    for (const provider of doc.providers ?? []) if (!same.doc.providers!.includes(provider)) same.doc.providers!.push(provider);
    if (same.doc.googleLink && !doc.googleLink) {
      same.doc = { ...same.doc, url: doc.url, googleLink: false };
      same.urlKey = urlKey;
    }
  }
  // Providers in one order (Google News, then GDELT), not in the order their copies arrived: the
  // source line reads the same whichever copy sorted first (their dates can differ by a second).
  return kept.map((k) => ({ ...k.doc, providers: PROVIDER_ORDER.filter((p) => k.doc.providers!.includes(p)) }));
}

const PROVIDER_ORDER: NewsProvider[] = ['google-news', 'gdelt'];

/** Within `days`, one per story, newest first, at most `limit`. */
export function selectArticles(documents: SourceDocument[], days: number, limit: number, now = Date.now()): SourceDocument[] {
  const oldest = now - days * DAY_MS;
  const fresh = documents
    .filter((doc) => {
      const at = doc.publishedAt ? Date.parse(doc.publishedAt) : Number.NaN;
      // Undated items cannot be shown to be within the timeframe; a little clock skew is tolerated.
      return Number.isFinite(at) && at >= oldest && at <= now + DAY_MS;
    })
    .sort((a, b) => Date.parse(b.publishedAt!) - Date.parse(a.publishedAt!));
  return mergeStories(fresh).slice(0, limit);
}

type GoogleEntryExtras = { publisherName: string | null };

function publisherOf(item: Record<string, unknown>): string | null {
  const source = item.source;
  const name =
    typeof source === 'string' ? source : source && typeof source === 'object' ? (source as Record<string, unknown>)['#text'] : null;
  return typeof name === 'string' || typeof name === 'number' ? htmlToLine(String(name)) || null : null;
}

/**
 * Google News items: the link is Google's redirect (news.google.com/rss/articles/…) until the article
 * reader resolves it; the description only repeats the headline(s) and the publisher, so the
 * model's text is the headline, never presented as more.
 */
export function parseGoogleNewsRss(xml: string): SourceDocument[] {
  const feed = extractFromXml(xml, {
    descriptionMaxLen: 0,
    getExtraEntryFields: (item): GoogleEntryExtras => ({ publisherName: publisherOf(item) }),
  });
  const documents: SourceDocument[] = [];
  for (const entry of feed.entries ?? []) {
    const url = httpUrl(entry.link);
    if (!url) continue;
    const publisher = (entry.publisherName as string | null) ?? null;
    const title = capText(stripPublisherSuffix(htmlToLine(entry.title ?? ''), publisher), TITLE_MAX_CHARS) || null;
    const snippet = htmlToLine(entry.description ?? '');
    documents.push({
      url,
      title,
      publisher,
      publishedAt: entry.published || null,
      text: capText(snippet || title || '', SNIPPET_MAX_CHARS),
      kind: 'news',
      evidence: 'headline',
      googleLink: isGoogleNewsLink(url),
      providers: ['google-news'],
    });
  }
  return documents;
}

type GdeltArticle = { url?: unknown; title?: unknown; seendate?: unknown; domain?: unknown };

/** GDELT dates look like 20250203T140000Z. */
export function gdeltDate(value: unknown): string | null {
  const match = typeof value === 'string' ? value.match(/^(\d{4})(\d{2})(\d{2})T?(\d{2})(\d{2})(\d{2})Z?$/) : null;
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function parseGdeltArticles(body: unknown): SourceDocument[] {
  // GDELT answers an empty search with `{}` and a bad query with a text message (not JSON).
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new SourceError('gdelt', 'unexpected answer');
  const articles = (body as { articles?: unknown }).articles;
  if (articles === undefined) return [];
  if (!Array.isArray(articles)) throw new SourceError('gdelt', 'unexpected answer');
  const documents: SourceDocument[] = [];
  for (const article of articles as GdeltArticle[]) {
    const url = typeof article?.url === 'string' ? httpUrl(article.url) : null;
    if (!url) continue;
    const title = typeof article.title === 'string' ? capText(htmlToLine(article.title), TITLE_MAX_CHARS) || null : null;
    documents.push({
      url,
      title,
      publisher: typeof article.domain === 'string' ? htmlToLine(article.domain) || null : null,
      publishedAt: gdeltDate(article.seendate),
      text: title ?? '',
      kind: 'news',
      evidence: 'headline',
      googleLink: false,
      providers: ['gdelt'],
    });
  }
  return documents;
}

/** A link that goes through Google News rather than to the publisher. */
function isGoogleNewsLink(url: string): boolean {
  try {
    return new URL(url).hostname === 'news.google.com';
  } catch {
    return false;
  }
}

const GDELT_MAX_QUEUE_WAIT_MS = 6_000;

/** Read publisher pages for at most this long per search unless the caller says otherwise. */
export const DEFAULT_READ_BUDGET_MS = 15_000;

export type NewsSourceOptions = {
  googleNewsBaseUrl: string;
  gdeltBaseUrl: string;
  http: SourceHttp;
  /** Reads the publishers' pages; without it a search answers with the providers' headlines. */
  articles?: ArticleReader;
};

export function createNewsSource(opts: NewsSourceOptions): NewsSource {
  async function google(q: NewsSearch, signal?: AbortSignal): Promise<SourceDocument[]> {
    const xml = await opts.http.getText(googleNewsSearchUrl(opts.googleNewsBaseUrl, q), {
      signal,
      accept: 'application/rss+xml, application/xml;q=0.9, */*;q=0.5',
      maxQueueWaitMs: q.queueWaitMs,
      service: 'google-news',
    });
    try {
      return parseGoogleNewsRss(xml);
    } catch (error) {
      throw new SourceError('google-news', `unreadable feed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function gdelt(q: NewsSearch, signal?: AbortSignal): Promise<SourceDocument[]> {
    // GDELT asks for one request per 5 s: when others are already waiting, this search goes without it.
    const url = gdeltSearchUrl(opts.gdeltBaseUrl, q);
    return parseGdeltArticles(await opts.http.getJson<unknown>(url, { signal, maxQueueWaitMs: GDELT_MAX_QUEUE_WAIT_MS, service: 'gdelt' }));
  }

  return {
    async search(q, signal) {
      const limit = q.limit ?? DEFAULT_NEWS_LIMIT;
      // Both at once: each keeps its own pace, and neither waits for the other to fail.
      const answers = await Promise.allSettled([google(q, signal), gdelt(q, signal)]);
      signal?.throwIfAborted();
      const failures: SourceError[] = [];
      const failed: NewsProvider[] = [];
      const found: SourceDocument[] = [];
      (['google-news', 'gdelt'] as const).forEach((provider, i) => {
        const answer = answers[i]!;
        if (answer.status === 'fulfilled') found.push(...answer.value);
        else if (answer.reason instanceof SourceError) {
          failures.push(answer.reason);
          failed.push(provider);
        } else throw answer.reason;
      });
      if (failed.length === 2) {
        const error = new NewsUnavailableError(failures);
        log.warn('news search failed', { error: error.message });
        throw error;
      }
      const selected = selectArticles(found, q.days, limit);
      if (!opts.articles || selected.length === 0) return { documents: selected, failed };
      const read = await opts.articles.read(selected, {
        terms: searchTerms(q.terms),
        budgetMs: q.readBudgetMs ?? DEFAULT_READ_BUDGET_MS,
        signal,
      });
      // Two Google links may turn out to be one publisher URL, or a GDELT item's.
      return { documents: mergeStories(read.documents), failed, stillReading: read.stillReading };
    },
  };
}
