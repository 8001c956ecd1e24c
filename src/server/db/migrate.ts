import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { retry } from '../lib/backoff.ts';
import { errorMessage, log } from '../lib/log.ts';
import type { Database } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { ensureOnlineIndexes } from './online-indexes.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same in every process of this app.
const MIGRATION_LOCK_ID = 7_250_204;

/**
 * The migrations at start-up, retried while the database cannot be reached (it is starting too, or
 * briefly gone) for up to `waitMs`: a process started during an outage waits for it rather than
 * exiting. Each migration is one transaction, so a retry never finds one half applied.
 */
export async function migrateWhenReachable(db: Database, pool: pg.Pool, waitMs: number) {
  const deadline = Date.now() + waitMs;
  return retry(() => runMigrations(db, pool), {
    firstMs: 250,
    maxMs: 5_000,
    retryIf: (err, _failures, delay) => isDatabaseUnavailable(err) && Date.now() + delay <= deadline,
    onRetry: (err, delay) => log.warn('database not reachable at start-up; retrying', { error: errorMessage(err), retryInMs: delay }),
  });
}

/**
 * Applies the committed SQL migrations, then builds the indexes that must not lock writes
 * (online-indexes.ts); an advisory lock keeps two starting processes in line.
 */
export async function runMigrations(db: Database, pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await lockMigrations(client);
    await migrate(db, { migrationsFolder });
    await ensureOnlineIndexes(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}

/**
 * Takes the migration lock, asking again until it is free rather than waiting in
 * pg_advisory_lock(): a session blocked in that statement holds its snapshot, which the holder's
 * CREATE INDEX CONCURRENTLY (online-indexes.ts) waits for — a deadlock, seen whenever a web and two
 * workers started together on a fresh database (compose.yaml). Between two tries it holds nothing.
 */
async function lockMigrations(client: pg.PoolClient) {
  for (let waitMs = 50; ; waitMs = Math.min(waitMs * 2, 1000)) {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [MIGRATION_LOCK_ID]);
    if (rows[0]?.locked) return;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}
