// The article reader (issue 14): for each news item, the publisher's address (Google News links
// decoded, once per id, into google_news_links) and the article's own text (the page fetched once,
// politely, into the shared `articles` store). Every user, alert, newsletter and research run that
// meets the same article reads the stored row. A search waits at most its budget; pages still being
// read then finish in the background for the next search, and this one keeps their headlines.
import { setTimeout as pause } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { articles, googleNewsLinks } from '../../db/schema.ts';
import { errorMessage, log } from '../../lib/log.ts';
import { articleReads, newsLinkDecodes } from '../../lib/metrics.ts';
import { createCache } from '../web/cache.ts';
import type { SourceHttp } from '../web/http.ts';
import { createPageReader, type PageReader } from '../web/page-reader.ts';
import { pageKey } from '../web/site.ts';
import { SourceBusyError, type SourceDocument, SourceError } from '../web/types.ts';
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
import { relevantPassages } from './passages.ts';

/** Reads the publishers' pages for news documents; what is not read within the budget stays headline only. */
export type ArticleReader = {
  read(documents: SourceDocument[], opts: { terms: string[]; budgetMs: number; signal?: AbortSignal }): Promise<ArticlesRead>;
};
export type ArticlesRead = {
  documents: SourceDocument[];
  /** Documents whose page was still being decoded or read when the budget ran out: shown as headlines. */
  stillReading: number;
};

type ArticleStatus = (typeof articles.$inferSelect)['status'];
/** A decode queued or under way, and what the searches needing it wait for. */
type PendingDecode = { promise: Promise<string | null>; resolve(url: string | null): void; reject(error: unknown): void };

function pendingDecode(): PendingDecode {
  const pending = {} as PendingDecode;
  pending.promise = new Promise((resolve, reject) => Object.assign(pending, { resolve, reject }));
  // Each search needing it awaits it and handles a failure; this only keeps a failure nobody waits for any more quiet.
  pending.promise.catch(() => {});
  return pending;
}
type StoredArticle = Pick<typeof articles.$inferSelect, 'url' | 'title' | 'publisher' | 'publishedAt' | 'text' | 'status'>;
/** What a stored article is read for; not its search_vector (kilobytes kept for the library search). */
const storedArticle = {
  urlKey: articles.urlKey,
  url: articles.url,
  title: articles.title,
  publisher: articles.publisher,
  publishedAt: articles.publishedAt,
  text: articles.text,
  status: articles.status,
  fetchedAt: articles.fetchedAt,
};

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
/** A decode refused a turn (Google's queue full of searches) is asked again this much later. */
const DECODE_RETRY_MS = 5_000;

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
  // Work in flight in this process, so two searches meeting one article share one fetch. The fetch
  // is the kit's in-flight sharing (nothing kept once stored: the store is the cache). A decode is
  // not: it waits in a queue before anyone starts it, moves up when asked again, and is looked at
  // without starting one (publisherUrlFor), none of which a load-on-miss cache does.
  const decoding = new Map<string, PendingDecode>();
  const fetching = createCache<StoredArticle>({ ttlMs: 0, maxEntries: Number.POSITIVE_INFINITY });
  const pages = createPageReader({ http: opts.publisherHttp, userAgent: opts.userAgent });
  const background = new Set<Promise<unknown>>();

  /**
   * Google News ids waiting for their online decode, newest search first (a person waiting before
   * the background work older searches left), and one decode at a time: a decode is two requests at
   * Google's one-a-second pace, and with every id's first step queued at once each second step waited
   * behind all the first steps, so few finished within a search's budget and those refused a turn were
   * never decoded (issue 26). One at a time, a started decode's second step is asked before any new
   * first step, every decode finishes two turns after it starts, and at most one decode request is
   * ever ahead of a search in Google's queue.
   */
  const waitingDecodes: string[][] = [];
  let decoderRunning = false;

  /** The publisher URL for a Google News id, or null when Google would not say. Errors leave it unknown. */
  function publisherUrlFor(id: string, known: Map<string, { publisherUrl: string | null; checkedAt: Date }>): Promise<string | null> {
    const row = known.get(id);
    if (row && (row.publisherUrl || now().getTime() - row.checkedAt.getTime() < RETRY_REFUSED_MS)) return Promise.resolve(row.publisherUrl);
    const offline = decodeOfflineId(id);
    if (offline) {
      newsLinkDecodes.inc({ outcome: 'offline' });
      return Promise.resolve(offline);
    }
    return decoding.get(id)?.promise ?? Promise.resolve(null);
  }

  /** Queues the ids a search needs decoded online, ahead of those queued by earlier searches. */
  function queueDecodes(ids: string[]) {
    const batch: string[] = [];
    for (const id of ids) {
      if (decoding.has(id)) {
        // Asked for again before its turn came: it moves up with this search.
        const queued = waitingDecodes.find((b) => b.includes(id));
        if (!queued) continue;
        queued.splice(queued.indexOf(id), 1);
      } else decoding.set(id, pendingDecode());
      batch.push(id);
    }
    if (batch.length) waitingDecodes.push(batch);
    if (decoderRunning || !batch.length) return;
    decoderRunning = true;
    void tracked(decodeInTurn());
  }

  async function decodeInTurn() {
    for (;;) {
      while (waitingDecodes.length && waitingDecodes.at(-1)!.length === 0) waitingDecodes.pop();
      const id = waitingDecodes.at(-1)?.shift();
      if (!id) {
        // Said here, not when the promise settles: a search queueing ids in between must start a decoder.
        decoderRunning = false;
        return;
      }
      const pending = decoding.get(id)!;
      try {
        const url = await decodeOnline(id);
        newsLinkDecodes.inc({ outcome: url ? 'decoded' : 'refused' });
        pending.resolve(url);
      } catch (error) {
        newsLinkDecodes.inc({ outcome: 'failed' });
        pending.reject(error);
      } finally {
        decoding.delete(id);
      }
    }
  }

  // No caller signal: a decode outlives the search that started it, for the next one. A turn refused
  // (Google's queue is full of searches) is waited out and asked for again, not given up.
  async function decodeOnline(id: string): Promise<string | null> {
    for (;;) {
      try {
        return await decodeSteps(id);
      } catch (error) {
        if (!(error instanceof SourceBusyError)) throw error;
        await pause(DECODE_RETRY_MS);
      }
    }
  }

  async function decodeSteps(id: string): Promise<string | null> {
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

  async function fetchArticle(url: string, key: string, doc: SourceDocument): Promise<StoredArticle> {
    const outcome = await readArticle(pages, url);
    articleReads.inc({ status: outcome.status });
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
    async read(documents, { terms, budgetMs, signal }) {
      const news = documents.filter((doc) => doc.kind === 'news');
      const ids = [...new Set(news.map((doc) => googleNewsArticleId(doc.url)).filter((id): id is string => id !== null))];
      const decoded = new Map(
        (ids.length ? await opts.db.select().from(googleNewsLinks).where(inArray(googleNewsLinks.articleId, ids)) : []).map((row) => [
          row.articleId,
          row,
        ]),
      );
      queueDecodes(
        ids.filter((id) => {
          const row = decoded.get(id);
          const known = row && (row.publisherUrl || now().getTime() - row.checkedAt.getTime() < RETRY_REFUSED_MS);
          return !known && !decodeOfflineId(id);
        }),
      );

      // One query for every article whose address is already known; only freshly decoded ones are looked up alone.
      const knownUrls = news.map((doc) => {
        const id = googleNewsArticleId(doc.url);
        return id ? decoded.get(id)?.publisherUrl : doc.url;
      });
      const keys = [...new Set(knownUrls.map((url) => (url ? pageKey(url) : null)).filter((key): key is string => key !== null))];
      const stored = new Map(
        (keys.length ? await opts.db.select(storedArticle).from(articles).where(inArray(articles.urlKey, keys)) : []).map((row) => [
          row.urlKey,
          row,
        ]),
      );
      const storedRow = async (key: string) =>
        stored.get(key) ?? (await opts.db.select(storedArticle).from(articles).where(eq(articles.urlKey, key)))[0];

      // What each document shows if its page is not read in time: its headline, under the
      // publisher's link as soon as that is known (a Google link there was a decode thrown away).
      const headlines = documents.map((doc) => ({ ...doc, evidence: 'headline' as const }));
      const readOne = async (doc: SourceDocument, i: number): Promise<SourceDocument> => {
        if (doc.kind !== 'news') return doc;
        const id = googleNewsArticleId(doc.url);
        const url = id ? await publisherUrlFor(id, decoded) : doc.url;
        if (!url) return { ...doc, googleLink: true, evidence: 'headline' };
        const key = pageKey(url);
        if (!key) return { ...doc, googleLink: Boolean(id), evidence: 'headline' };
        headlines[i] = { ...headlines[i]!, url, googleLink: false };
        const row = await storedRow(key);
        const fresh = row && (row.status !== 'failed' || now().getTime() - row.fetchedAt.getTime() < RETRY_FAILED_MS);
        const article = fresh ? row : await fetching.get(key, () => fetchArticle(url, key, doc));
        return withArticle({ ...doc, url, googleLink: false }, article, terms);
      };

      // Each document on its own: the budget cuts off the slow ones, not the whole list. The caller
      // giving up ends the wait too: the search then ends with what it has.
      const deadline = pause(budgetMs, undefined, { signal, ref: false }).catch(() => {});
      const done = documents.map(() => false);
      const results = await Promise.all(
        documents.map((doc, i) =>
          Promise.race([
            tracked(readOne(doc, i))
              .catch(() => headlines[i]!)
              .finally(() => {
                done[i] = true;
              }),
            deadline.then(() => headlines[i]!),
          ]),
        ),
      );
      const stillReading = done.filter((read) => !read).length;
      signal?.throwIfAborted();
      return { documents: results, stillReading };
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
