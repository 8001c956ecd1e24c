// named() (db/named.ts) runs drizzle's queries as named prepared statements: prepared once per
// connection, one name per statement text, results as drizzle maps them. It reaches into drizzle's
// internal _prepare: a drizzle upgrade that changes it fails here.
import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/db/client.ts';
import { named, preparedStatement, statementName } from '../../../src/server/db/named.ts';
import { users } from '../../../src/server/db/schema.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

const { db, pool } = createDatabase(testDatabaseUrl(), 1);
afterAll(() => pool.end());

const prepared = async () =>
  (await db.execute<{ name: string; calls: string }>(sql`select name, generic_plans + custom_plans as calls from pg_prepared_statements`))
    .rows;

it('prepares a statement once per connection under the hash of its text and maps its rows as drizzle does', async () => {
  const byId = (id: string) => db.select({ id: users.id, email: users.email, at: users.createdAt }).from(users).where(eq(users.id, id));
  const text = byId('x').toSQL().sql;
  // One connection (pool of 1): the three runs share it.
  const plain = await byId('nobody');
  const first = await named(byId('nobody'));
  const second = await named(byId('still nobody'));
  expect(first).toEqual(plain);
  expect(second).toEqual([]);
  const rows = await prepared();
  expect(rows).toContainEqual({ name: statementName(text), calls: '2' });
});

it('gives two shapes of one query two names instead of failing', async () => {
  const shaped = (ids: string[]) => db.select({ id: users.id }).from(users).where(sql`${users.id} in ${ids}`);
  await named(shaped(['a']));
  await named(shaped(['a', 'b']));
  const names = (await prepared()).map((row) => row.name);
  expect(names).toContain(statementName(shaped(['a']).toSQL().sql));
  expect(names).toContain(statementName(shaped(['a', 'b']).toSQL().sql));
});

it('runs inserts and updates with their RETURNING inside a transaction', async () => {
  const id = `named-${Date.now()}`;
  await db.transaction(async (tx) => {
    const [row] = await named(
      tx
        .insert(users)
        .values({ id, name: 'Named', email: `${id}@example.com`, emailVerified: true })
        .returning({ id: users.id }),
    );
    expect(row).toEqual({ id });
    const [updated] = await named(tx.update(users).set({ name: 'Renamed' }).where(eq(users.id, id)).returning({ name: users.name }));
    expect(updated).toEqual({ name: 'Renamed' });
  });
  await db.delete(users).where(eq(users.id, id));
});

it('builds a prepared statement once per connection and runs it with each call’s values', async () => {
  let built = 0;
  const byEmail = preparedStatement((d: Pick<typeof db, 'select'>) => {
    built += 1;
    return d
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, sql.placeholder('email')));
  });
  const id = `prepared-${Date.now()}`;
  await db.insert(users).values({ id, name: 'Prepared', email: `${id}@example.com` });
  try {
    expect(await byEmail(db, { email: `${id}@example.com` })).toEqual([{ id }]);
    // In a transaction: drizzle's session of the transaction holds the pool's one connection.
    await db.transaction(async (tx) => {
      expect(await byEmail(tx, { email: `${id}@example.com` })).toEqual([{ id }]);
      expect(await byEmail(tx, { email: 'nobody@example.com' })).toEqual([]);
    });
    await db.transaction(async (tx) => expect(await byEmail(tx, { email: `${id}@example.com` })).toEqual([{ id }]));
    // Once for the pool, once for its connection (kept by the pool between the two transactions).
    expect(built).toBe(2);
  } finally {
    await db.delete(users).where(eq(users.id, id));
  }
});
