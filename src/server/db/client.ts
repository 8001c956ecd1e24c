import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = ReturnType<typeof createDatabase>['db'];

export function createDatabase(url: string, poolSize = 10) {
  // A connection attempt to an unreachable host fails instead of hanging (readiness answers 503).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000 });
  // A client that loses its connection must not end the process. The pool handles it while the
  // client is idle; while it is checked out (a transaction, a tick) pg has no listener and the
  // 'error' event would be unhandled. The query in progress fails on its own, and the pool drops
  // the broken client when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema, casing: undefined });
  return { db, pool };
}
