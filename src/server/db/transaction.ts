// A transaction on one pooled client, for work that must hand that client to pg-boss (a job queued
// in the same transaction as its row) or run raw SQL: committed when `work` returns, rolled back
// when it throws, the client released either way.
import type pg from 'pg';

export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
