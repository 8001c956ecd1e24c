// The news poller (issue 31): the whole watch list searched every period (14.5 minutes by default)
// in batches — one search for up to ten companies and the event words (news-classify.ts) — so
// 1,500 companies cost about 150 searches a period, within Google News' one a second per process.
// A story whose headline reports an event at a watched company becomes a trigger event, or merges
// into the same event found lately (events.ts: a filing and five stories are one trigger); each
// story is looked at once (trigger_news_seen). One worker polls per period (a lease).
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { type TriggerKind, triggerKindNouns } from '../../../shared/triggers.ts';
import type { Database } from '../../db/client.ts';
import { errorMessage, log } from '../../lib/log.ts';
import type { News } from '../../sources/news/index.ts';
import { batchNames, titleKey } from '../../sources/news/news.ts';
import type { SecSource } from '../../sources/sec/sec.ts';
import { pageKey } from '../../sources/web/site.ts';
import type { SourceDocument } from '../../sources/web/types.ts';
import { tellEvent } from './events.ts';
import { companiesIn, NEWS_EVENT_WORDS, NEWS_KINDS, newsKindsOf } from './news-classify.ts';
import { companyKeyOf, loadWatchers, type Watcher, watchersByCompany, watchKey } from './watch.ts';

/** A story older than this when first seen is not "as it happens". */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Stories a batch's search returns at most. */
const BATCH_LIMIT = 50;

export type NewsPollDeps = {
  db: Database;
  pool: pg.Pool;
  sources: { news: News; sec: SecSource };
  queue: (client: pg.PoolClient, runIds: string[]) => Promise<void>;
  now: () => Date;
};

export type NewsPollResult = { searches: number; failed: number; stories: number; events: number; runs: number };

/** Stories already made into (or merged into) an event. */
async function seenKeys(db: Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await db.execute<{ url_key: string }>(
    sql`select url_key from trigger_news_seen where url_key = any(${sql.param(keys)}::text[])`,
  );
  return new Set(rows.map((r) => r.url_key));
}

async function markSeen(db: Database, urlKey: string, eventId: string) {
  await db.execute(sql`insert into trigger_news_seen (url_key, event_id) values (${urlKey}, ${eventId}) on conflict do nothing`);
}

/** Turns one story into events: one per watched company it names whose watchers want a kind it reports. */
async function storyEvents(
  deps: NewsPollDeps,
  doc: SourceDocument,
  names: string[],
  byCompany: Map<string, Watcher[]>,
  ciks: Map<string, string | null>,
  edgarNames: Map<string, string>,
): Promise<{ events: number; runs: number }> {
  const kinds = newsKindsOf(doc.title ?? '');
  const urlKey = pageKey(doc.url);
  if (kinds.length === 0 || !urlKey) return { events: 0, runs: 0 };
  let events = 0;
  let runs = 0;
  const told = new Set<string>();
  for (const name of companiesIn(doc.title ?? '', names)) {
    const cik = ciks.get(watchKey(name)) ?? null;
    const companyKey = companyKeyOf(cik, name);
    if (told.has(companyKey)) continue;
    told.add(companyKey);
    const watchers = byCompany.get(companyKey) ?? [];
    const users = [...new Set(watchers.filter((w) => w.kinds.some((k) => kinds.includes(k))).map((w) => w.userId))];
    if (users.length === 0) continue;
    const company = (cik && edgarNames.get(cik)) || name;
    const publisher = doc.publisher ?? new URL(doc.url).host;
    const result = await tellEvent(deps.pool, deps.queue, {
      eventKey: `news:${urlKey}${told.size > 1 ? `:${companyKey}` : ''}`,
      companyKey,
      cik,
      companyName: company,
      kinds,
      title: `${company}: ${kinds.map((kind: TriggerKind) => triggerKindNouns[kind]).join(', ')}`,
      summary: `${publisher} reports: ${doc.title}.`.replace(/\.\.$/, '.'),
      source: { url: doc.url, title: doc.title ?? doc.url, publisher, text: doc.text, urlKey, titleKey: titleKey(doc.title ?? '') },
      publishedAt: doc.publishedAt,
      users,
    });
    await markSeen(deps.db, urlKey, result.eventId);
    if (result.merged) continue;
    events += 1;
    runs += result.runs;
    log.info('trigger event found in the news', { url: urlKey, company: companyKey, kinds: kinds.join(','), users: result.runs });
  }
  return { events, runs };
}

/** One pass over the watch list: every watched company searched once, in batches. */
export async function pollNews(deps: NewsPollDeps, signal?: AbortSignal): Promise<NewsPollResult> {
  const result: NewsPollResult = { searches: 0, failed: 0, stories: 0, events: 0, runs: 0 };
  const watchers = (await loadWatchers(deps.db)).filter((w) => w.kinds.some((k) => NEWS_KINDS.includes(k)));
  if (watchers.length === 0) return result;
  const { byCompany, ciks } = await watchersByCompany(deps.db, deps.sources.sec, watchers, signal);
  const { rows } = await deps.db.execute<{ cik: string; edgar_name: string }>(
    sql`select distinct on (cik) cik, edgar_name from company_ciks where cik is not null and edgar_name is not null`,
  );
  const edgarNames = new Map(rows.map((r) => [r.cik, r.edgar_name]));
  // One search per company however many watch it: the names by company, the first spelling kept.
  // In the companies' key order, so a company's batch sits at the same place in every pass and the
  // gap between two of its searches is the period (in the watchers' row order a company could move
  // from a pass's start to the next one's end: a gap of nearly two periods).
  const names = [...new Map(watchers.map((w) => [companyKeyOf(ciks.get(watchKey(w.name)), w.name), w.name]))]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, name]) => name);
  const now = deps.now().getTime();
  for (const batch of batchNames(names, NEWS_EVENT_WORDS)) {
    if (signal?.aborted) break;
    result.searches += 1;
    let documents: SourceDocument[];
    try {
      ({ documents } = await deps.sources.news.search(
        {
          terms: { anyPhrases: batch, anyOf: NEWS_EVENT_WORDS },
          days: 1,
          limit: BATCH_LIMIT,
          readBudgetMs: 10_000,
          queueWaitMs: 10 * 60_000,
        },
        signal,
      ));
    } catch (err) {
      // One batch's failure is not the pass's: the next period searches it again.
      result.failed += 1;
      log.warn('news trigger search failed', { error: errorMessage(err), companies: batch.length });
      continue;
    }
    const fresh = documents.filter((doc) => !doc.publishedAt || now - Date.parse(doc.publishedAt) <= MAX_AGE_MS);
    const seen = await seenKeys(
      deps.db,
      fresh.map((doc) => pageKey(doc.url)).filter((key): key is string => key !== null),
    );
    for (const doc of fresh) {
      const key = pageKey(doc.url);
      if (!key || seen.has(key)) continue;
      result.stories += 1;
      const told = await storyEvents(deps, doc, batch, byCompany, ciks, edgarNames);
      result.events += told.events;
      result.runs += told.runs;
    }
  }
  return result;
}
