// One news search for every alert that asks it (ADR 016), behind the news door (index.ts) as a
// request with `share`. At nine o'clock thousands of alerts watch a few hundred companies; each
// (query, region, window) is searched once, by whichever process claims its news_searches row first,
// and the others read what it stored while it is fresh. The
// article store (articles.ts) already shares the publishers' pages; this shares the searches, which
// the news services pace (Google News one a second per process). What each user was already sent,
// and the analysis, stay per alert.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newsSearches } from '../../db/schema.ts';
import { googleNewsQuery, type NewsResult, type NewsSearch, type NewsSource } from './news.ts';

export type SharedNewsResult = NewsResult & {
  /** When the search ran: it found what was published before then. */
  searchedAt: Date;
  /** This call read another's search instead of searching. */
  shared: boolean;
};

export type SharedNewsSearch = {
  /** A search at most `maxAgeMs` old, run now when there is none. */
  search(q: NewsSearch, opts: { maxAgeMs: number; signal?: AbortSignal }): Promise<SharedNewsResult>;
};

/**
 * A claim with no result after this long belongs to a process that died or hung: it is taken over.
 * So is one made before the database last started: its process could neither store a result nor
 * give the claim up while the database was down, and waiting the timeout out delayed every alert
 * asking that search by two minutes after an outage.
 */
const CLAIM_TIMEOUT_MS = 120_000;
/** How often a search another process is running is looked at again. */
const WAIT_STEP_MS = 500;

export function searchKey(q: NewsSearch): string {
  return JSON.stringify([googleNewsQuery(q.terms), q.region ?? 'usa', q.days, q.limit ?? null]);
}

export function createSharedNewsSearch(db: Database, news: NewsSource, opts: { claimTimeoutMs?: number } = {}): SharedNewsSearch {
  const claimTimeoutMs = opts.claimTimeoutMs ?? CLAIM_TIMEOUT_MS;
  // In this process, alerts asking one search wait for the same promise instead of the table. Not the
  // kit's cache (web/cache.ts): its load may take no caller's signal and runs on when its callers
  // have left, and a load here may be a wait for another process's search that would then poll the
  // table, and claim and search, for nobody; here the first caller's signal stops it.
  const inFlight = new Map<string, Promise<SharedNewsResult>>();

  /** Claims the row (first, stale or abandoned), or reads the fresh result another stored. One statement. */
  async function claimOrRead(key: string, maxAgeMs: number) {
    const { rows } = await db.execute<{ claimed: boolean; searched_at: string | null; result: NewsResult | null }>(sql`
      WITH claim AS (
        INSERT INTO ${newsSearches} AS s (key, claimed_at) VALUES (${key}, now())
        ON CONFLICT (key) DO UPDATE SET claimed_at = now(), searched_at = NULL, result = NULL
         WHERE (s.searched_at IS NULL
                AND s.claimed_at < GREATEST(now() - make_interval(secs => ${claimTimeoutMs / 1000}), pg_postmaster_start_time()))
            OR (s.searched_at IS NOT NULL AND s.searched_at < now() - make_interval(secs => ${maxAgeMs / 1000}))
        RETURNING key)
      SELECT EXISTS (SELECT 1 FROM claim) AS claimed, found.searched_at, found.result
        FROM (SELECT 1) AS one
        LEFT JOIN ${newsSearches} AS found ON found.key = ${key} AND found.searched_at IS NOT NULL
             AND found.searched_at >= now() - make_interval(secs => ${maxAgeMs / 1000})`);
    return rows[0]!;
  }

  async function searchOnce(q: NewsSearch, key: string, maxAgeMs: number, signal?: AbortSignal): Promise<SharedNewsResult> {
    for (;;) {
      const row = await claimOrRead(key, maxAgeMs);
      if (row.claimed) {
        const searchedAt = new Date();
        let result: NewsResult;
        try {
          result = await news.search(q, signal);
        } catch (err) {
          // Give the claim up at once, so the next alert asking tries again rather than waiting it out.
          await db.execute(sql`DELETE FROM ${newsSearches} WHERE key = ${key} AND searched_at IS NULL`).catch(() => {});
          throw err;
        }
        await db.execute(
          sql`UPDATE ${newsSearches} SET searched_at = ${searchedAt}, result = ${JSON.stringify(result)}::jsonb WHERE key = ${key}`,
        );
        return { ...result, searchedAt, shared: false };
      }
      if (row.result && row.searched_at) return { ...row.result, searchedAt: new Date(row.searched_at), shared: true };
      // Another process is searching: its answer is seconds away, and searching too would cost a turn at the service.
      await sleep(WAIT_STEP_MS, undefined, { signal });
    }
  }

  return {
    search(q, { maxAgeMs, signal }) {
      const key = searchKey(q);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = searchOnce(q, key, maxAgeMs, signal).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
        return pending;
      }
      return pending.then((result) => ({ ...result, shared: true }));
    },
  };
}
