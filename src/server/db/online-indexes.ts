// Indexes on tables that may already be large in a running installation (the shared article store:
// a million rows at scale) are built with CREATE INDEX CONCURRENTLY, which does not lock writes but
// cannot run inside a migration's transaction. They are ensured after the migrations, under the same
// advisory lock; a build that was interrupted leaves an INVALID index, which is dropped and built again.
import type pg from 'pg';
import { log } from '../lib/log.ts';

/** Rows of the article store given their search_vector per statement (a short transaction each). */
const BACKFILL_BATCH = 2_000;

type OnlineIndex = {
  name: string;
  table: string;
  definition: string;
  /** Runs before the build, for as long as the index is not valid (it may have been interrupted). */
  prepare?: (client: pg.PoolClient) => Promise<void>;
  /** An index this one replaces, dropped (without locking writes) once this one is valid. */
  replaces?: string;
};

const ONLINE_INDEXES: OnlineIndex[] = [
  // The library search reaches article text through this (issue 27 §2). It replaces an index on the
  // expression, which kept no word positions: a phrase had to parse each candidate article again.
  {
    name: 'articles_search_vector_idx',
    table: 'articles',
    definition: 'USING gin (search_vector)',
    prepare: backfillArticleSearchVectors,
    replaces: 'articles_search_idx',
  },
];

/** Builds each missing (or invalid) index without blocking writes; `client` holds the migration lock. */
export async function ensureOnlineIndexes(client: pg.PoolClient) {
  for (const index of ONLINE_INDEXES) {
    const { rows } = await client.query<{ valid: boolean }>(
      `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE c.relname = $1 AND c.relnamespace = 'public'::regnamespace`,
      [index.name],
    );
    if (!rows[0]?.valid) {
      await index.prepare?.(client);
      const started = performance.now();
      if (rows[0]) await client.query(`DROP INDEX CONCURRENTLY IF EXISTS "${index.name}"`);
      await client.query(`CREATE INDEX CONCURRENTLY "${index.name}" ON "${index.table}" ${index.definition}`);
      log.info('index built without locking writes', { index: index.name, ms: Math.round(performance.now() - started) });
    }
    if (index.replaces) await client.query(`DROP INDEX CONCURRENTLY IF EXISTS "${index.replaces}"`);
  }
}

/**
 * Gives the articles written before migration 0012 their search_vector, in key order, a batch per
 * statement (each its own short transaction: no long lock, and an interrupted run resumes, as rows
 * already filled are skipped). Rewriting `text` fires the articles_search_vector trigger, the one
 * definition of an article's words; rows written meanwhile get theirs from it too.
 */
async function backfillArticleSearchVectors(client: pg.PoolClient) {
  const started = performance.now();
  let after = '';
  let filled = 0;
  for (;;) {
    const { rows } = await client.query<{ last: string | null; filled: number }>(
      `WITH batch AS (SELECT url_key FROM articles WHERE url_key > $1 ORDER BY url_key LIMIT ${BACKFILL_BATCH}),
            filled AS (UPDATE articles a SET text = a.text
                         FROM batch b WHERE a.url_key = b.url_key AND a.search_vector IS NULL RETURNING 1)
       SELECT (SELECT max(url_key) FROM batch) AS last, (SELECT count(*)::int FROM filled) AS filled`,
      [after],
    );
    const row = rows[0]!;
    if (row.last === null) break;
    after = row.last;
    filled += row.filled;
  }
  if (filled > 0) log.info('article search vectors filled', { articles: filled, ms: Math.round(performance.now() - started) });
}
