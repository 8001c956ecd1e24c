// What a user has already read: articles e-mailed to them before (sent_articles) and the ones
// already chosen for the mail being built. A story counts as seen when its URL is the same
// (pageKey), its title is the same (titleKey), or its title is near-identical: a syndicated or
// lightly re-edited headline under another publisher's address.
import { eq, type Placeholder, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedStatement } from '../../db/named.ts';
import { sentArticles, users } from '../../db/schema.ts';
import { NEAR_IDENTICAL_OVERLAP, wordOverlap as overlapOf, titleKey, titleWords as wordsOf } from '../../sources/news/news.ts';
import { pageKey } from '../../sources/web/site.ts';
import type { DbExecutor } from '../runs/types.ts';

/** How far back, and how many rows, the titles already sent are read. */
const SENT_LOOKBACK_DAYS = 90;
const SENT_LOOKBACK_ROWS = 2000;
const sentSince = (now: Date) => new Date(now.getTime() - SENT_LOOKBACK_DAYS * 86_400_000);

export class SeenArticles {
  private readonly urls = new Set<string>();
  private readonly titleKeys = new Set<string>();
  private readonly titleWords: Set<string>[] = [];

  /** Keys as stored in sent_articles (urlKey, titleKey). */
  static fromKeys(rows: { urlKey: string; titleKey: string }[]): SeenArticles {
    const seen = new SeenArticles();
    for (const row of rows) seen.addKeys(row.urlKey, row.titleKey);
    return seen;
  }

  has(url: string, title: string | null): boolean {
    const key = pageKey(url);
    if (key && this.urls.has(key)) return true;
    const tKey = title ? titleKey(title) : '';
    if (!tKey) return false;
    if (this.titleKeys.has(tKey)) return true;
    const words = wordsOf(tKey);
    return this.titleWords.some((seen) => overlapOf(words, seen) >= NEAR_IDENTICAL_OVERLAP);
  }

  add(url: string, title: string | null) {
    this.addKeys(pageKey(url) ?? '', title ? titleKey(title) : '');
  }

  /** The documents not seen yet, each story once (the first of near-identical ones). */
  keepNew<T extends { url: string; title: string | null }>(documents: T[]): T[] {
    const kept: T[] = [];
    for (const doc of documents) {
      if (this.has(doc.url, doc.title)) continue;
      this.add(doc.url, doc.title);
      kept.push(doc);
    }
    return kept;
  }

  private addKeys(url: string, title: string) {
    if (url) this.urls.add(url);
    if (title && !this.titleKeys.has(title)) {
      this.titleKeys.add(title);
      this.titleWords.push(wordsOf(title));
    }
  }
}

/**
 * The user's most recently sent articles (at most 2000, within 90 days) as a JSON array of
 * [urlKey, titleKey] pairs: a column another statement can carry (the news alert reads them with
 * its alert row).
 */
export function sentKeys(userId: string, now: Date) {
  return sentKeysSince(userId, sentSince(now));
}

/** sentKeys from `since` on; `userId` and `since` may be placeholders of a prepared statement. */
function sentKeysSince(userId: string | Placeholder, since: Date | Placeholder) {
  return sql<[string, string][]>`(
    select coalesce(json_agg(json_build_array(s.url_key, s.title_key)), '[]'::json) from (
      select ${sentArticles.urlKey} as url_key, ${sentArticles.titleKey} as title_key from ${sentArticles}
       where ${sentArticles.userId} = ${userId} and ${sentArticles.sentAt} > ${since}
       order by ${sentArticles.sentAt} desc limit ${SENT_LOOKBACK_ROWS}) s)`;
}

export const seenFromKeys = (keys: [string, string][]) => SeenArticles.fromKeys(keys.map(([urlKey, titleKey]) => ({ urlKey, titleKey })));

/** Read with the user's row, built once per connection (a mail at the slot runs it: named.ts). */
const sentKeysOfUser = preparedStatement((db: Pick<Database, 'select'>) =>
  db
    .select({ keys: sentKeysSince(sql.placeholder('userId'), sql.placeholder('since')) })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId'))),
);

/** The user's most recently sent articles (at most 2000, within 90 days). */
export async function loadSentArticles(db: Pick<Database, 'select'>, userId: string, now: Date): Promise<SeenArticles> {
  const [row] = await sentKeysOfUser(db, { userId, since: sentSince(now).toISOString() });
  return seenFromKeys(row?.keys ?? []);
}

/**
 * The per-user lock of claimUnsentArticles, as an expression: a commit that reads a row first can take
 * it in that statement (one round trip fewer per mail at the 9 AM slot) and claim with `locked`.
 */
export const sentArticlesLock = (userId: string | Placeholder) =>
  sql`pg_advisory_xact_lock(hashtextextended('sent_articles:' || ${userId}::text, 0))`;

/**
 * In the transaction that commits a mail: which of its articles this user has still not been sent,
 * recorded as sent now. Runs for one user (two slots of an alert, an operator's run-alerts beside
 * the schedule, a backlog after an outage, two alerts finding one story) each read "already sent"
 * before their slow AI step; a per-user lock makes their commits take turns, so the later one sees
 * what the earlier recorded and drops it. The unique key (user, URL) backs this up. The read is a
 * statement of its own after the lock: its snapshot must include what the lock's last holder committed.
 * `locked`: the caller took sentArticlesLock in an earlier statement of this transaction.
 */
export async function claimUnsentArticles<T extends { url: string; title: string }>(
  tx: DbExecutor,
  userId: string,
  articles: T[],
  now: Date,
  options: { locked?: boolean } = {},
): Promise<T[]> {
  if (!options.locked) await tx.execute(sql`select ${sentArticlesLock(userId)}`);
  const unsent = (await loadSentArticles(tx, userId, now)).keepNew(articles);
  await recordSentArticles(tx, userId, unsent);
  return unsent;
}

/**
 * sent_articles rows for the articles a mail carries; a URL already recorded for the user is kept as
 * it was. The rows go as one jsonb parameter, so the statement is one text however many articles,
 * built once per connection; drizzle's insert … select names every column: the id's and sent_at's
 * defaults are written out.
 */
const insertSentArticles = preparedStatement((db: Pick<Database, 'insert'>) =>
  db
    .insert(sentArticles)
    .select(
      sql`select gen_random_uuid(), ${sql.placeholder('userId')}::text, r.url_key, r.title_key, now()
            from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as r(url_key text, title_key text)`,
    )
    .onConflictDoNothing({ target: [sentArticles.userId, sentArticles.urlKey] }),
);

async function recordSentArticles(tx: DbExecutor, userId: string, articles: { url: string; title: string }[]) {
  const byUrl = new Map<string, { url_key: string; title_key: string }>();
  for (const article of articles) {
    const key = pageKey(article.url);
    if (key && !byUrl.has(key)) byUrl.set(key, { url_key: key, title_key: titleKey(article.title) });
  }
  if (byUrl.size === 0) return;
  await insertSentArticles(tx, { userId, rows: JSON.stringify([...byUrl.values()]) });
}
