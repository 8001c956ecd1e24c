// Indexes on tables that may already be large in a running installation (the shared article store:
// a million rows at scale) are built with CREATE INDEX CONCURRENTLY, which does not lock writes but
// cannot run inside a migration's transaction. They are ensured after the migrations, under the same
// advisory lock; a build that was interrupted leaves an INVALID index, which is dropped and built again.
import type pg from 'pg';
import { log } from '../lib/log.ts';

/** The article store's full-text document; the library search must use this very expression to use the index. */
export const ARTICLE_SEARCH_VECTOR = `to_tsvector('english', coalesce(title, '') || ' ' || text)`;

const ONLINE_INDEXES: { name: string; table: string; definition: string }[] = [
  // The library search reaches article text through this (issue 27 §2).
  { name: 'articles_search_idx', table: 'articles', definition: `USING gin (${ARTICLE_SEARCH_VECTOR})` },
];

/** Builds each missing (or invalid) index without blocking writes; `client` holds the migration lock. */
export async function ensureOnlineIndexes(client: pg.PoolClient) {
  for (const index of ONLINE_INDEXES) {
    const { rows } = await client.query<{ valid: boolean }>(
      `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE c.relname = $1 AND c.relnamespace = 'public'::regnamespace`,
      [index.name],
    );
    if (rows[0]?.valid) continue;
    const started = performance.now();
    if (rows[0]) await client.query(`DROP INDEX CONCURRENTLY IF EXISTS "${index.name}"`);
    await client.query(`CREATE INDEX CONCURRENTLY "${index.name}" ON "${index.table}" ${index.definition}`);
    log.info('index built without locking writes', { index: index.name, ms: Math.round(performance.now() - started) });
  }
}
