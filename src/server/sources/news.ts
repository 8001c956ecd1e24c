// News for research: Google News RSS search (no key), and GDELT DOC 2.0 when Google fails or finds
// nothing. Both answers become plain-text SourceDocuments, newest first, deduplicated, within the
// requested number of days.
import { extractFromXml } from '@extractus/feed-extractor';
import type { Region } from '../../shared/sonar.ts';
import type { SourceHttp } from './http.ts';
import { capText, htmlToLine, httpUrl } from './text.ts';
import { type SourceDocument, SourceError } from './types.ts';

export type NewsSearch = { query: string; days: number; region?: Region; limit?: number };
export type NewsProvider = 'google-news' | 'gdelt';
export type NewsResult = { provider: NewsProvider; documents: SourceDocument[] };
export type NewsSource = { search(q: NewsSearch, signal?: AbortSignal): Promise<NewsResult> };

export const DEFAULT_NEWS_LIMIT = 20;
/** GDELT DOC 2.0 searches about the last three months at most. */
export const GDELT_MAX_DAYS = 90;
const SNIPPET_MAX_CHARS = 1000;
const TITLE_MAX_CHARS = 300;
const DAY_MS = 86_400_000;

/** Google News edition per region: English editions where one exists in the region. */
export const googleNewsEditions: Record<Region, { hl: string; gl: string; ceid: string }> = {
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

export function googleNewsSearchUrl(baseUrl: string, q: NewsSearch): string {
  const edition = googleNewsEditions[q.region ?? 'usa'];
  const params = new URLSearchParams({ q: `${q.query} when:${Math.max(1, Math.ceil(q.days))}d`, ...edition });
  return `${baseUrl.replace(/\/+$/, '')}/rss/search?${params}`;
}

export function gdeltSearchUrl(baseUrl: string, q: NewsSearch): string {
  const country = q.region ? gdeltCountries[q.region] : undefined;
  const days = Math.min(GDELT_MAX_DAYS, Math.max(1, Math.ceil(q.days)));
  const params = new URLSearchParams({
    query: country ? `${q.query} sourcecountry:${country}` : q.query,
    mode: 'ArtList',
    format: 'json',
    maxrecords: String(Math.min(250, Math.max(1, (q.limit ?? DEFAULT_NEWS_LIMIT) * 2))),
    timespan: `${days}d`,
    sort: 'DateDesc',
  });
  return `${baseUrl.replace(/\/+$/, '')}/api/v2/doc/doc?${params}`;
}

/** Google News titles end with " - Publisher"; drop that suffix when it names this item's publisher. */
export function stripPublisherSuffix(title: string, publisher: string | null): string {
  if (!publisher) return title;
  for (const separator of [' - ', ' | ', ' — ', ' – ']) {
    const suffix = `${separator}${publisher}`;
    if (title.length > suffix.length && title.toLowerCase().endsWith(suffix.toLowerCase())) return title.slice(0, -suffix.length).trim();
  }
  return title;
}

/** Two titles that differ only in case, punctuation or spacing are the same story. */
export function titleKey(title: string): string {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Within `days`, one per URL and per title, newest first, at most `limit`. */
export function selectArticles(documents: SourceDocument[], days: number, limit: number, now = Date.now()): SourceDocument[] {
  const oldest = now - days * DAY_MS;
  const seenUrls = new Set<string>();
  const seenTitles = new Set<string>();
  const fresh = documents
    .filter((doc) => {
      const at = doc.publishedAt ? Date.parse(doc.publishedAt) : Number.NaN;
      // Undated items cannot be shown to be within the timeframe; a little clock skew is tolerated.
      return Number.isFinite(at) && at >= oldest && at <= now + DAY_MS;
    })
    .sort((a, b) => Date.parse(b.publishedAt!) - Date.parse(a.publishedAt!));
  const chosen: SourceDocument[] = [];
  for (const doc of fresh) {
    const key = doc.title ? titleKey(doc.title) : '';
    if (seenUrls.has(doc.url) || (key && seenTitles.has(key))) continue;
    seenUrls.add(doc.url);
    if (key) seenTitles.add(key);
    chosen.push(doc);
    if (chosen.length >= limit) break;
  }
  return chosen;
}

type GoogleEntryExtras = { publisherName: string | null };

function publisherOf(item: Record<string, unknown>): string | null {
  const source = item.source;
  const name =
    typeof source === 'string' ? source : source && typeof source === 'object' ? (source as Record<string, unknown>)['#text'] : null;
  return typeof name === 'string' || typeof name === 'number' ? htmlToLine(String(name)) || null : null;
}

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
    });
  }
  return documents;
}

export function createNewsSource(opts: { googleNewsBaseUrl: string; gdeltBaseUrl: string; http: SourceHttp }): NewsSource {
  async function google(q: NewsSearch, signal?: AbortSignal): Promise<SourceDocument[]> {
    const xml = await opts.http.getText(googleNewsSearchUrl(opts.googleNewsBaseUrl, q), {
      signal,
      accept: 'application/rss+xml, application/xml;q=0.9, */*;q=0.5',
    });
    try {
      return parseGoogleNewsRss(xml);
    } catch (error) {
      throw new SourceError('google-news', `unreadable feed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function gdelt(q: NewsSearch, signal?: AbortSignal): Promise<SourceDocument[]> {
    return parseGdeltArticles(await opts.http.getJson<unknown>(gdeltSearchUrl(opts.gdeltBaseUrl, q), { signal }));
  }

  return {
    async search(q, signal) {
      const limit = q.limit ?? DEFAULT_NEWS_LIMIT;
      let googleFailure: SourceError | null = null;
      try {
        const documents = selectArticles(await google(q, signal), q.days, limit);
        if (documents.length > 0) return { provider: 'google-news', documents };
      } catch (error) {
        if (!(error instanceof SourceError)) throw error;
        googleFailure = error;
      }
      try {
        return { provider: 'gdelt', documents: selectArticles(await gdelt(q, signal), q.days, limit) };
      } catch (error) {
        if (!(error instanceof SourceError)) throw error;
        // Google answered (with nothing): an empty answer is the truth, not a failure.
        if (!googleFailure) return { provider: 'google-news', documents: [] };
        throw new SourceError('news', `Google News and GDELT both failed (${googleFailure.message}; ${error.message})`);
      }
    },
  };
}
