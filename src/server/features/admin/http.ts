// Request parsing shared by the console's route files (this feature's and the operations sections').
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { messages } from '../../../shared/messages.ts';
import { containsNul } from '../../http/errors.ts';
import { AppError } from '../../lib/app-error.ts';

/** The query string, checked with `schema` (a refusal is a 400 with the schema's message, as for bodies). */
export function parseQuery<S extends z.core.$ZodType>(c: Context, schema: S): z.output<S> {
  const query = c.req.query();
  // PostgreSQL cannot take NUL in a text parameter: refused here rather than failing in the query.
  if (containsNul(query)) throw new AppError('validation', messages.errors.nulCharacter);
  const parsed = z.safeParse(schema, query);
  // http/errors.ts answers a zod error as 400 `validation` with its first message and the fields.
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path's id: a malformed one is a row that does not exist (404), never a database error. */
export function idParam(c: Context, name = 'id'): string {
  const id = c.req.param(name) ?? '';
  if (!UUID.test(id)) throw new AppError('not_found', messages.errors.notFound);
  return id.toLowerCase();
}
