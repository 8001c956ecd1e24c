// Social listening for the Account Intelligence Report (issue 17): what people discussed about a
// company on Hacker News, read through Algolia's open HN Search API (no key, no account). Only
// sources anyone can reach are used, so every post is a page the reader can open.
//
// Relevance over volume: Algolia matches loosely (it searches authors too, splits URLs into words),
// so the client asks narrowly (the name as an exact phrase, the domain among URLs), then keeps only
// stories whose own title, link or text names the company as a whole word or its domain, and ranks
// them by points and recency. A search that fails never fails the report: the source is listed in
// `unavailable` with a short reason instead.

import { normaliseCompanyName } from '../web/company-name.ts';
import type { SourceHttp } from '../web/http.ts';
import { siteOf } from '../web/site.ts';
import { capText, htmlToLine, htmlToText, httpUrl } from '../web/text.ts';
import { SourceError } from '../web/types.ts';

export type SocialPost = {
  platform: 'Hacker News';
  title: string;
  /** The discussion: https://news.ycombinator.com/item?id=<objectID>. */
  url: string;
  /** What the story links to; null for text posts (Ask HN). */
  linkUrl: string | null;
  /** ISO 8601. */
  postedAt: string | null;
  points: number | null;
  comments: number | null;
  /** The post's own text (Ask HN, Show HN) as plain text, capped; '' for link stories. */
  text: string;
};

export type SocialSearch = {
  /** The sources asked, e.g. ['Hacker News']. */
  searched: string[];
  posts: SocialPost[];
  /**
   * Sources that did not answer, with a short reason (the report says "could not be reached"). A
   * source that answered some of its searches is not listed: its posts are shown as found.
   */
  unavailable: { source: string; reason: string }[];
};

export type SocialCompany = { name: string; domain: string | null };
export type SocialSearchOptions = { days: number; limit?: number; signal?: AbortSignal };
export type SocialSource = { search(company: SocialCompany, opts: SocialSearchOptions): Promise<SocialSearch> };

const HACKER_NEWS = 'Hacker News';
const DISCUSSION_BASE = 'https://news.ycombinator.com/item?id=';
const DEFAULT_LIMIT = 10;
const TITLE_MAX_CHARS = 300;
const TEXT_MAX_CHARS = 1000;
const DAY_MS = 86_400_000;

type Endpoint = 'search' | 'search_by_date';
type HackerNewsQuery = { endpoint: Endpoint; phrase: string; urlOnly: boolean };

// ——— what to ask ———

/**
 * The name as people write it, without the legal form: "Initech, Inc." → "Initech",
 * "JPMorgan Chase & Co." → "JPMorgan Chase". Words are dropped from either end only while the
 * normalised name (sec.ts) stays the same, so the suffix list lives in one place.
 */
export function searchPhrase(name: string): string {
  const key = normaliseCompanyName(name);
  const words = name.replace(/"/g, ' ').trim().split(/\s+/).filter(Boolean);
  const same = (candidate: string[]) => candidate.length > 0 && normaliseCompanyName(candidate.join(' ')) === key;
  while (words.length > 1 && same(words.slice(0, -1))) words.pop();
  while (words.length > 1 && same(words.slice(1))) words.shift();
  return words
    .join(' ')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .trim();
}

/** "https://www.Initech.example/about" or "www.initech.example" → "initech.example"; null when not a domain. */
export function siteDomain(domain: string | null): string | null {
  const host = siteOf(domain);
  // A name, not an address: nobody discusses a company by its IP.
  return host && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) && !/^[\d.]+$/.test(host) ? host : null;
}

export function hackerNewsSearchUrl(baseUrl: string, q: HackerNewsQuery, sinceUnix: number, hitsPerPage: number): string {
  const params = new URLSearchParams({
    // Quoted: an exact phrase (advancedSyntax), so "Initech" does not also find "Initiative".
    query: `"${q.phrase}"`,
    tags: 'story',
    numericFilters: `created_at_i>${sinceUnix}`,
    hitsPerPage: String(hitsPerPage),
    advancedSyntax: 'true',
    // Typos would let a short name match other words.
    typoTolerance: 'false',
  });
  if (q.urlOnly) params.set('restrictSearchableAttributes', 'url');
  return `${baseUrl.replace(/\/+$/, '')}/api/v1/${q.endpoint}?${params}`;
}

/**
 * The name both by relevance (Algolia ranks by points: the stories that mattered) and by date (the
 * newest, which relevance may push below the page), and the domain among story links.
 */
function plannedQueries(phrase: string, domain: string | null): HackerNewsQuery[] {
  const queries: HackerNewsQuery[] = [];
  if (phrase) {
    queries.push({ endpoint: 'search', phrase, urlOnly: false }, { endpoint: 'search_by_date', phrase, urlOnly: false });
  }
  if (domain) queries.push({ endpoint: 'search', phrase: domain, urlOnly: true });
  return queries;
}

// ——— reading the answer ———

type Hit = {
  objectID?: unknown;
  title?: unknown;
  url?: unknown;
  story_text?: unknown;
  points?: unknown;
  num_comments?: unknown;
  created_at?: unknown;
  created_at_i?: unknown;
};

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : null);

/** `created_at_i` (seconds) is exact; `created_at` is the same instant as text, with or without milliseconds. */
function postedAt(hit: Hit): string | null {
  if (typeof hit.created_at_i === 'number' && Number.isFinite(hit.created_at_i)) return new Date(hit.created_at_i * 1000).toISOString();
  const parsed = typeof hit.created_at === 'string' ? Date.parse(hit.created_at) : Number.NaN;
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

/** One story as a post; null for what is not a story we can show (no id, no title: comments, deleted items). */
export function hitToPost(hit: Hit): SocialPost | null {
  const id = typeof hit.objectID === 'string' || typeof hit.objectID === 'number' ? String(hit.objectID) : '';
  const title = typeof hit.title === 'string' ? capText(htmlToLine(hit.title), TITLE_MAX_CHARS) : '';
  if (!/^\d+$/.test(id) || !title) return null;
  return {
    platform: HACKER_NEWS,
    title,
    url: `${DISCUSSION_BASE}${id}`,
    // Text posts have no `url` key (older answers: null or ''); httpUrl also refuses anything but http(s).
    linkUrl: typeof hit.url === 'string' ? httpUrl(hit.url) : null,
    postedAt: postedAt(hit),
    points: count(hit.points),
    comments: count(hit.num_comments),
    text: typeof hit.story_text === 'string' ? capText(htmlToText(hit.story_text), TEXT_MAX_CHARS) : '',
  };
}

/**
 * The posts of one search answer. An answer past Algolia's 1,000-hit window is `hits: []` with a
 * `message`: nothing more, not a failure. Anything without a `hits` list is not an answer.
 */
export function parseHackerNewsHits(body: unknown, host: string): SocialPost[] {
  const hits = body && typeof body === 'object' ? (body as { hits?: unknown }).hits : undefined;
  if (!Array.isArray(hits)) throw new SourceError(host, 'unexpected answer (no hits list)');
  return hits.flatMap((hit) => {
    const post = hit && typeof hit === 'object' ? hitToPost(hit as Hit) : null;
    return post ? [post] : [];
  });
}

// ——— relevance ———

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a post is about the company: its title, link or text names it as a whole word (compared
 * as normalised names, so "Initech's", "INITECH" and "Initech Inc." count and "Initiative" does
 * not) or mentions its domain (a subdomain counts, "notinitech.example" does not).
 */
export function relevanceFilter(company: SocialCompany): (post: Pick<SocialPost, 'title' | 'linkUrl' | 'text'>) => boolean {
  const name = normaliseCompanyName(company.name);
  const domain = siteDomain(company.domain);
  const domainMention = domain ? new RegExp(`(?<![a-z0-9-])${escapeRegExp(domain)}(?![a-z0-9-]|\\.[a-z0-9])`) : null;
  // Possessives first: normalising drops the apostrophe, which would turn "Initech's" into "initechs".
  const namedIn = (text: string) => ` ${normaliseCompanyName(text.replace(/['’]s\b/gi, ''))} `.includes(` ${name} `);
  return (post) => {
    const haystack = [post.title, post.linkUrl ?? '', post.text].join('\n');
    if (name && namedIn(haystack)) return true;
    return domainMention?.test(haystack.toLowerCase()) ?? false;
  };
}

// ——— ranking ———

/**
 * Points and recency together: log10(1 + points) (0 → 0, 9 → 1, 99 → 2, 999 → 3) plus freshness
 * falling from 1 (now) to 0 (the window's start). A well-discussed story outranks a fresh one with
 * no votes, and between two alike the newer comes first.
 */
export function postScore(post: SocialPost, days: number, now: number): number {
  const popularity = Math.log10(1 + (post.points ?? 0));
  const at = post.postedAt ? Date.parse(post.postedAt) : Number.NaN;
  const freshness = Number.isNaN(at) ? 0 : Math.min(1, Math.max(0, 1 - (now - at) / (days * DAY_MS)));
  return popularity + freshness;
}

/** Within the window, one post per story, best first (ties: the newer, then by address, for a stable order), at most `limit`. */
export function rankPosts(posts: SocialPost[], opts: { days: number; limit: number; now: number }): SocialPost[] {
  const since = opts.now - opts.days * DAY_MS;
  const unique = new Map<string, SocialPost>();
  for (const post of posts) if (!unique.has(post.url)) unique.set(post.url, post);
  const scored = [...unique.values()]
    .filter((post) => !post.postedAt || Date.parse(post.postedAt) >= since)
    .map((post) => ({ post, score: postScore(post, opts.days, opts.now), at: post.postedAt ? Date.parse(post.postedAt) : 0 }));
  scored.sort((a, b) => b.score - a.score || b.at - a.at || b.post.url.localeCompare(a.post.url));
  return scored.slice(0, opts.limit).map(({ post }) => post);
}

// ——— the source ———

/** What the report can say after "Hacker News did not answer": the status, or what went wrong. */
export function failureReason(error: SourceError): string {
  if (error.status === 429) return 'rate limited (HTTP 429)';
  if (error.status !== undefined) return `HTTP ${error.status}`;
  const prefix = `${error.source}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

/**
 * The posts of the searches that answered, and why the source did not answer at all (null when any
 * search answered: the report then shows what was found rather than calling the source unreachable).
 */
export function combineAnswers(answers: PromiseSettledResult<SocialPost[]>[]): { posts: SocialPost[]; failure: string | null } {
  const posts: SocialPost[] = [];
  const reasons: string[] = [];
  for (const answer of answers) {
    if (answer.status === 'fulfilled') posts.push(...answer.value);
    // Only a source's own failures make it unavailable; anything else is a bug and must surface.
    else if (answer.reason instanceof SourceError) reasons.push(failureReason(answer.reason));
    else throw answer.reason;
  }
  const failure = reasons.length > 0 && reasons.length === answers.length ? [...new Set(reasons)].join('; ') : null;
  return { posts, failure };
}

export function createSocialSource(opts: { hackerNewsBaseUrl: string; http: SourceHttp }): SocialSource {
  const host = new URL(opts.hackerNewsBaseUrl).host;

  async function ask(q: HackerNewsQuery, sinceUnix: number, hitsPerPage: number, signal?: AbortSignal): Promise<SocialPost[]> {
    const url = hackerNewsSearchUrl(opts.hackerNewsBaseUrl, q, sinceUnix, hitsPerPage);
    return parseHackerNewsHits(await opts.http.getJson<unknown>(url, { signal }), host);
  }

  return {
    async search(company, { days: asked, limit = DEFAULT_LIMIT, signal }) {
      const days = Number.isFinite(asked) && asked > 0 ? asked : 1;
      const now = Date.now();
      const queries = plannedQueries(searchPhrase(company.name), siteDomain(company.domain));
      const result: SocialSearch = { searched: [HACKER_NEWS], posts: [], unavailable: [] };
      if (queries.length === 0 || limit <= 0) return result;

      // More candidates than wanted: the relevance filter below drops Algolia's loose matches.
      const hitsPerPage = Math.min(100, Math.max(20, limit * 3));
      const sinceUnix = Math.floor((now - days * DAY_MS) / 1000);
      // Together: three small requests to one host, and none waits for another to fail.
      const answers = await Promise.allSettled(queries.map((q) => ask(q, sinceUnix, hitsPerPage, signal)));
      // The caller gave up: that is not the source's failure.
      signal?.throwIfAborted();
      const { posts, failure } = combineAnswers(answers);
      if (failure) result.unavailable.push({ source: HACKER_NEWS, reason: failure });
      result.posts = rankPosts(posts.filter(relevanceFilter(company)), { days, limit, now });
      return result;
    },
  };
}
