// Runs a drizzle query as a named prepared statement of its connection, for the few statements the
// 9 AM slot runs once per e-mail (ADR 033): PostgreSQL parses and plans an unnamed statement on every
// call, a named one once per connection (after five custom plans it keeps a generic one when that is
// no dearer). The name is a hash of the statement's text, so two shapes of one query (an optional
// column, a list of another length) are two statements, never one name for two texts, which
// node-postgres refuses. Only statements of a bounded number of shapes belong here: each shape stays
// prepared on every pooled connection that ran it.
//
// drizzle's own prepare(name) takes the name before the text exists; this builds the query once,
// through the builder's internal _prepare (drizzle-orm 0.45), and names it. named-statements.test.ts fails
// when a drizzle upgrade changes that.
import { createHash } from 'node:crypto';

type PreparedQuery<T> = {
  queryString: string;
  queryConfig: { name?: string };
  rawQueryConfig: { name?: string };
  execute(values?: Record<string, unknown>): Promise<T>;
};
type Preparable<T> = PromiseLike<T> & { _prepare(name?: string): PreparedQuery<T> };

/** Names by text, hashed once per shape (bounded by the shapes of the statements given to named()). */
const names = new Map<string, string>();

/** The name a statement's text is prepared under. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `eos_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (names.size < 1_000) names.set(text, name);
  }
  return name;
}

function prepareNamed<T>(query: PromiseLike<T>): PreparedQuery<T> {
  const prepared = (query as Preparable<T>)._prepare();
  const name = statementName(prepared.queryString);
  prepared.queryConfig.name = name;
  prepared.rawQueryConfig.name = name;
  return prepared;
}

/** Runs `query` (a select, insert, update or delete of drizzle's, not awaited yet) as a named statement. */
export function named<T>(query: PromiseLike<T>): Promise<T> {
  return prepareNamed(query).execute();
}

/**
 * A statement the slot runs for every e-mail, built once per connection: `build` writes it with
 * sql.placeholder(name) for its values, and each call gives them (drizzle maps them as it maps
 * values, by their columns). Building a query is most of drizzle's CPU in the burst's profile; a
 * named statement alone still builds it on every call. `db` is the database or a transaction: the
 * statement is kept for the connection it runs on (drizzle's session client, an internal that
 * named-statements.test.ts checks).
 */
export function preparedStatement<Db, Values extends Record<string, unknown>, T>(
  build: (db: Db) => PromiseLike<T>,
): (db: Db, values: Values) => Promise<T> {
  const byConnection = new WeakMap<object, PreparedQuery<T>>();
  return (db, values) => {
    const connection = (db as { session?: { client?: object } }).session?.client;
    if (!connection) throw new Error('preparedStatement: not a drizzle node-postgres database or transaction');
    let prepared = byConnection.get(connection);
    if (!prepared) {
      prepared = prepareNamed(build(db));
      byConnection.set(connection, prepared);
    }
    return prepared.execute(values);
  };
}
