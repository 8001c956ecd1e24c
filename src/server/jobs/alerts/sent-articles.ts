// "Already sent to this user": a later alert or newsletter drops an article whose URL was mailed
// before, or whose title is the same story (same words, or nearly all the same words: syndicated
// copies and light rewrites of one wire story).
import { sql } from 'drizzle-orm';
import { urlKey } from '../../ai/grounding.ts';
import type { Database } from '../../db/client.ts';
import { titleKey } from '../../sources/news.ts';
import type { SourceDocument } from '../../sources/types.ts';
import type { DbExecutor } from './types.ts';

/** Sent articles are remembered this long, and at most this many per user are compared. */
const REMEMBER_DAYS = 90;
const REMEMBER_MAX = 2000;
/** Two titles sharing at least this share of their words (Jaccard) are one story. */
export const NEAR_IDENTICAL = 0.9;

const words = (key: string) => new Set(key.split(' ').filter(Boolean));

export function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  return shared / (a.size + b.size - shared);
}

export class SeenArticles {
  private readonly urls = new Set<string>();
  private readonly titles: Set<string>[] = [];
  private readonly titleKeys = new Set<string>();

  constructor(sent: { urlKey: string; titleKey: string }[] = []) {
    for (const row of sent) this.addKeys(row.urlKey, row.titleKey);
  }

  private addKeys(url: string, title: string) {
    this.urls.add(url);
    if (title) {
      this.titleKeys.add(title);
      this.titles.push(words(title));
    }
  }

  /** True when the article is the same as one seen before (URL, or the same or a near-identical title). */
  has(doc: Pick<SourceDocument, 'url' | 'title'>): boolean {
    const key = urlKey(doc.url) ?? doc.url;
    if (this.urls.has(key)) return true;
    const title = doc.title ? titleKey(doc.title) : '';
    if (!title) return false;
    if (this.titleKeys.has(title)) return true;
    const mine = words(title);
    return this.titles.some((other) => similarity(mine, other) >= NEAR_IDENTICAL);
  }

  add(doc: Pick<SourceDocument, 'url' | 'title'>) {
    this.addKeys(urlKey(doc.url) ?? doc.url, doc.title ? titleKey(doc.title) : '');
  }

  /** The documents that are new, each story once (the first of near-identical ones). */
  keepNew<T extends Pick<SourceDocument, 'url' | 'title'>>(documents: T[]): T[] {
    const kept: T[] = [];
    for (const doc of documents) {
      if (this.has(doc)) continue;
      this.add(doc);
      kept.push(doc);
    }
    return kept;
  }
}

/** What this user was sent recently. */
export async function loadSentArticles(db: Database, userId: string): Promise<SeenArticles> {
  const { rows } = await db.execute<{ url_key: string; title_key: string }>(sql`
    select url_key, title_key from sent_articles
     where user_id = ${userId} and sent_at > now() - make_interval(days => ${REMEMBER_DAYS})
     order by sent_at desc limit ${REMEMBER_MAX}`);
  return new SeenArticles(rows.map((r) => ({ urlKey: r.url_key, titleKey: r.title_key })));
}

/** Remembers the articles a mail carries (inside the run's transaction). */
export async function recordSentArticles(tx: DbExecutor, userId: string, documents: Pick<SourceDocument, 'url' | 'title'>[]) {
  if (documents.length === 0) return;
  const values = documents.map((d) => sql`(${userId}, ${urlKey(d.url) ?? d.url}, ${d.title ? titleKey(d.title) : ''})`);
  await tx.execute(sql`
    insert into sent_articles (user_id, url_key, title_key) values ${sql.join(values, sql`, `)}
    on conflict (user_id, url_key) do update set sent_at = now(), title_key = excluded.title_key`);
}
