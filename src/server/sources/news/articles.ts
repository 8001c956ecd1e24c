// The article reader (issue 14): for each news item, the publisher's address (Google News links
// decoded, once per id, into google_news_links) and the article's own text (the page fetched once,
// politely, into the shared `articles` store). Every user, alert, newsletter and research run that
// meets the same article reads the stored row. A search waits at most its budget; pages still being
// read then finish in the background for the next search, and this one keeps their headlines.
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { articles, googleNewsLinks } from '../../db/schema.ts';
import { errorMessage, log } from '../../lib/log.ts';
import type { SourceHttp } from '../web/http.ts';
import { createPageReader, type PageReader } from '../web/page-reader.ts';
import { SourceBusyError, type SourceDocument, SourceError } from '../web/types.ts';
import { articleKey } from './article-key.ts';
import { extractArticle } from './article-text.ts';
import {
  articlePageUrl,
  decodeEndpointUrl,
  decodeOfflineId,
  decodeRequestForm,
  googleNewsArticleId,
  parseDecodeAnswer,
  parseDecodeParams,
} from './google-news-links.ts';
import type { ArticleReader } from './news.ts';
import { queryTerms, relevantPassages } from './passages.ts';

type ArticleStatus = (typeof articles.$inferSelect)['status'];
type StoredArticle = Pick<typeof articles.$inferSelect, 'url' | 'title' | 'publisher' | 'publishedAt' | 'text' | 'status'>;

/** The article text a document carries to the model: the passages most about the search, bounded. */
const ARTICLE_PASSAGE_CHARS = 4_000;
/** A page that failed (timeout, 5xx) is tried again after this long; other outcomes are kept. */
const RETRY_FAILED_MS = 6 * 3_600_000;
/** A Google id whose decode Google refused is asked again after this long. */
const RETRY_REFUSED_MS = 24 * 3_600_000;
/**
 * Decodes share Google's pace (one request a second) with the searches themselves: a decode waits at
 * most this long for its turn, so decodes never queue a search out (searches may wait 30 s).
 */
const DECODE_MAX_QUEUE_WAIT_MS = 10_000;

type ArticleReaderOptions = {
  db: Database;
  /** Paced client for the configured services (Google News' decode). */
  http: SourceHttp;
  /** Client for publishers' sites: public addresses only, paced per host. */
  publisherHttp: SourceHttp;
  googleNewsBaseUrl: string;
  userAgent: string;
  now?: () => Date;
  /** Default DECODE_MAX_QUEUE_WAIT_MS. */
  decodeMaxQueueWaitMs?: number;
};

export function createArticleReader(opts: ArticleReaderOptions): ArticleReader & {
  /** Resolves when the reads still running after their search's budget ran out are stored (tests, measurements). */
  settled(): Promise<void>;
} {
  const now = opts.now ?? (() => new Date());
  // Work in flight in this process, so two searches meeting one article share one fetch.
  const decoding = new Map<string, Promise<string | null>>();
  const fetching = new Map<string, Promise<StoredArticle>>();
  const pages = createPageReader({ http: opts.publisherHttp, userAgent: opts.userAgent });
  const background = new Set<Promise<unknown>>();

  /** The publisher URL for a Google News id, or null when Google would not say. Errors leave it unknown. */
  function publisherUrlFor(id: string, known: Map<string, { publisherUrl: string | null; checkedAt: Date }>): Promise<string | null> {
    const row = known.get(id);
    if (row && (row.publisherUrl || now().getTime() - row.checkedAt.getTime() < RETRY_REFUSED_MS)) return Promise.resolve(row.publisherUrl);
    const offline = decodeOfflineId(id);
    if (offline) return Promise.resolve(offline);
    let pending = decoding.get(id);
    if (!pending) {
      pending = decodeOnline(id).finally(() => decoding.delete(id));
      decoding.set(id, pending);
    }
    return pending;
  }

  // No caller signal: a decode or fetch outlives the search that started it, for the next one.
  async function decodeOnline(id: string): Promise<string | null> {
    const turn = { maxQueueWaitMs: opts.decodeMaxQueueWaitMs ?? DECODE_MAX_QUEUE_WAIT_MS };
    const page = await opts.http.getText(articlePageUrl(opts.googleNewsBaseUrl, id), { accept: 'text/html', ...turn });
    const params = parseDecodeParams(page);
    if (!params) throw new SourceError('news.google.com', 'the article page carries no decode signature');
    const answer = parseDecodeAnswer(
      await opts.http.getText(decodeEndpointUrl(opts.googleNewsBaseUrl), { form: decodeRequestForm(id, params), accept: '*/*', ...turn }),
    );
    if (!answer) throw new SourceError('news.google.com', 'the decode answer was not in the expected shape');
    const publisherUrl = 'url' in answer ? answer.url : null;
    await opts.db
      .insert(googleNewsLinks)
      .values({ articleId: id, publisherUrl, checkedAt: now() })
      .onConflictDoUpdate({ target: googleNewsLinks.articleId, set: { publisherUrl, checkedAt: now() } });
    return publisherUrl;
  }

  function articleFor(url: string, key: string, doc: SourceDocument): Promise<StoredArticle> {
    let pending = fetching.get(key);
    if (!pending) {
      pending = fetchArticle(url, key, doc).finally(() => fetching.delete(key));
      fetching.set(key, pending);
    }
    return pending;
  }

  async function fetchArticle(url: string, key: string, doc: SourceDocument): Promise<StoredArticle> {
    const outcome = await readArticle(pages, url);
    const row = {
      urlKey: key,
      url,
      title: outcome.title ?? doc.title,
      publisher: outcome.publisher ?? doc.publisher,
      publishedAt: dateOrNull(outcome.publishedAt ?? doc.publishedAt),
      text: outcome.text,
      status: outcome.status,
      detail: outcome.detail,
      fetchedAt: now(),
    };
    await opts.db.insert(articles).values(row).onConflictDoUpdate({ target: articles.urlKey, set: row });
    return row;
  }

  /** Work that outlives its search is tracked, and its failure logged rather than left unhandled. */
  function tracked<T>(work: Promise<T>): Promise<T> {
    const settled = work.then(
      () => undefined,
      // A turn not given (the service's queue is full, as in a burst of alerts) is expected: the article keeps its headline.
      (error) => (error instanceof SourceBusyError ? log.debug : log.warn)('article read failed', { error: errorMessage(error) }),
    );
    background.add(settled);
    void settled.finally(() => background.delete(settled));
    return work;
  }

  return {
    async read(documents, { query, budgetMs, signal }) {
      const terms = queryTerms(query);
      const news = documents.filter((doc) => doc.kind === 'news');
      const ids = [...new Set(news.map((doc) => googleNewsArticleId(doc.url)).filter((id): id is string => id !== null))];
      const decoded = new Map(
        (ids.length ? await opts.db.select().from(googleNewsLinks).where(inArray(googleNewsLinks.articleId, ids)) : []).map((row) => [
          row.articleId,
          row,
        ]),
      );

      // One query for every article whose address is already known; only freshly decoded ones are looked up alone.
      const knownUrls = news.map((doc) => {
        const id = googleNewsArticleId(doc.url);
        return id ? decoded.get(id)?.publisherUrl : doc.url;
      });
      const keys = [...new Set(knownUrls.map((url) => (url ? articleKey(url) : null)).filter((key): key is string => key !== null))];
      const stored = new Map(
        (keys.length ? await opts.db.select().from(articles).where(inArray(articles.urlKey, keys)) : []).map((row) => [row.urlKey, row]),
      );
      const storedRow = async (key: string) =>
        stored.get(key) ?? (await opts.db.select().from(articles).where(eq(articles.urlKey, key)))[0];

      const readOne = async (doc: SourceDocument): Promise<SourceDocument> => {
        if (doc.kind !== 'news') return doc;
        const id = googleNewsArticleId(doc.url);
        const url = id ? await publisherUrlFor(id, decoded) : doc.url;
        if (!url) return { ...doc, googleLink: true, evidence: 'headline' };
        const key = articleKey(url);
        if (!key) return { ...doc, googleLink: Boolean(id), evidence: 'headline' };
        const row = await storedRow(key);
        const fresh = row && (row.status !== 'failed' || now().getTime() - row.fetchedAt.getTime() < RETRY_FAILED_MS);
        const article = fresh ? row : await articleFor(url, key, doc);
        return withArticle({ ...doc, url, googleLink: false }, article, terms);
      };

      // Each document on its own: the budget cuts off the slow ones, not the whole list.
      const deadline = sleep(budgetMs, signal);
      const results = await Promise.all(
        documents.map((doc) =>
          Promise.race([
            tracked(readOne(doc)).catch(() => ({ ...doc, evidence: 'headline' as const })),
            deadline.then(() => ({ ...doc, evidence: 'headline' as const })),
          ]),
        ),
      );
      signal?.throwIfAborted();
      return results;
    },
    async settled() {
      while (background.size) await Promise.all([...background]);
    },
  };
}

type PageOutcome = {
  status: ArticleStatus;
  detail: string | null;
  text: string;
  title?: string | null;
  publisher?: string | null;
  publishedAt?: string | null;
};

/** A publisher's page read politely (web/page-reader) and its article extracted. */
async function readArticle(pages: PageReader, url: string): Promise<PageOutcome> {
  const page = await pages.read(url);
  // Our own queue was full: the page was never asked for, so there is nothing to record.
  if (page.outcome === 'busy') throw new SourceBusyError(new URL(url).host);
  if (page.outcome !== 'read') return { status: page.outcome, detail: page.reason, text: '' };
  const extracted = extractArticle(page.html, page.url);
  return {
    status: extracted.status,
    detail: extracted.status === 'ok' ? null : extracted.status === 'paywalled' ? 'only a teaser is free' : 'no article text found',
    text: extracted.text,
    title: extracted.title,
    publisher: extracted.publisher,
    publishedAt: extracted.publishedAt,
  };
}

/** The document as the model and the user see it: the article's passages when it was read, else its headline. */
function withArticle(doc: SourceDocument, article: StoredArticle, terms: string[]): SourceDocument {
  if (article.status !== 'ok' || !article.text) return { ...doc, evidence: 'headline' };
  return {
    ...doc,
    title: doc.title ?? article.title,
    publisher: doc.publisher ?? article.publisher,
    publishedAt: doc.publishedAt ?? article.publishedAt?.toISOString() ?? null,
    text: relevantPassages(article.text, terms, ARTICLE_PASSAGE_CHARS),
    evidence: 'article',
  };
}

function dateOrNull(value: string | null | undefined): Date | null {
  const at = value ? new Date(value) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

/** Resolves after `ms` (or when the caller gives up: the search then ends with what it has). */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref?.();
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
