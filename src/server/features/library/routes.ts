// GET /api/library (the list), /search, /companies, /:id; DELETE /:id; POST /drafts (issue 27 §1–2).
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { libraryDraftSchema, libraryErrors, libraryQuerySchema, librarySuggestQuerySchema } from '../../../shared/library.ts';
import { messages } from '../../../shared/messages.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { containsNul, parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { companyNames, deleteItem, getItem, keepDraft, listItems, searchItems } from './service.ts';

/** The query string, checked with `schema` (a refusal is a 400 with the schema's message, as for bodies). */
function parseQuery<S extends z.core.$ZodType>(c: Context, schema: S, defaults: Record<string, string> = {}): z.output<S> {
  const query = { ...defaults, ...c.req.query() };
  // PostgreSQL cannot take NUL in a text parameter: refused here rather than failing in the query.
  if (containsNul(query)) throw new AppError('validation', messages.errors.nulCharacter);
  const parsed = z.safeParse(schema, query);
  // http/errors.ts answers a zod error as 400 `validation` with its first message and the fields.
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}

export function libraryRoutes(db: Database, auth: Auth) {
  return new Hono<SessionEnv>()
    .use(requireSession(auth))
    .get('/', async (c) => c.json(await listItems(db, c.var.user.id, parseQuery(c, libraryQuerySchema))))
    .get('/search', async (c) => {
      const { q, ...query } = parseQuery(c, libraryQuerySchema);
      if (!q) throw new AppError('validation', libraryErrors.queryRequired, { fields: { q: libraryErrors.queryRequired } });
      return c.json(await searchItems(db, c.var.user.id, { ...query, q }));
    })
    .get('/companies', async (c) => {
      // No prefix is the filter's whole list, as an empty one is.
      const { prefix } = parseQuery(c, librarySuggestQuerySchema, { prefix: '' });
      return c.json(await companyNames(db, c.var.user.id, prefix));
    })
    .post('/drafts', async (c) => c.json(await keepDraft(db, c.var.user.id, await parseJson(c, libraryDraftSchema)), 201))
    .get('/:id', async (c) => c.json(await getItem(db, c.var.user.id, c.req.param('id'))))
    .delete('/:id', async (c) => {
      await deleteItem(db, c.var.user.id, c.req.param('id'));
      return c.body(null, 204);
    });
}
