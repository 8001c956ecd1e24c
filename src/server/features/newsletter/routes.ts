import type { Context } from 'hono';
import { Hono } from 'hono';
import { newsletterErrorTitle, newsletterInputSchema } from '../../../shared/newsletter.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { createNewsletter, getNewsletter, updateNewsletter } from './service.ts';

/** The body as the shared schema parses it; the spec's two named refusals carry their titles. */
async function parseNewsletter(c: Context) {
  try {
    return await parseJson(c, newsletterInputSchema);
  } catch (err) {
    if (err instanceof AppError && err.code === 'validation' && !err.title) {
      const title = newsletterErrorTitle(err.message);
      if (title) throw err.titled(title);
    }
    throw err;
  }
}

export function newsletterRoutes(db: Database, auth: Auth) {
  return new Hono<SessionEnv>()
    .use(requireSession(auth))
    .get('/', async (c) => c.json(await getNewsletter(db, c.var.user.id)))
    .post('/', async (c) => c.json({ newsletter: await createNewsletter(db, c.var.user.id, await parseNewsletter(c)) }, 201))
    .put('/', async (c) => c.json({ newsletter: await updateNewsletter(db, c.var.user.id, await parseNewsletter(c)) }));
}
