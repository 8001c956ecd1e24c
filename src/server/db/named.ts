// Runs a drizzle query as a named prepared statement of its connection, for the few statements the
// 9 AM slot runs once per e-mail (ADR 033): PostgreSQL parses and plans an unnamed statement on every
// call, a named one once per connection (after five custom plans it keeps a generic one when that is
// no dearer). The name is a hash of the statement's text, so two shapes of one query (an optional
// column, a list of another length) are two statements, never one name for two texts, which
// node-postgres refuses. Only statements of a bounded number of shapes belong here: each shape stays
// prepared on every pooled connection that ran it.
//
// drizzle's own prepare(name) takes the name before the text exists; this builds the query once,
// through the builder's internal _prepare (drizzle-orm 0.45), and names it. named.test.ts fails
// when a drizzle upgrade changes that.
import { createHash } from 'node:crypto';

type PreparedQuery<T> = {
  queryString: string;
  queryConfig: { name?: string };
  rawQueryConfig: { name?: string };
  execute(): Promise<T>;
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

/** Runs `query` (a select, insert, update or delete of drizzle's, not awaited yet) as a named statement. */
export function named<T>(query: PromiseLike<T>): Promise<T> {
  const prepared = (query as Preparable<T>)._prepare();
  const name = statementName(prepared.queryString);
  prepared.queryConfig.name = name;
  prepared.rawQueryConfig.name = name;
  return prepared.execute();
}
