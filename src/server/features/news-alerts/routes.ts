import { type Context, Hono } from 'hono';
import { missesRequiredField, newsAlertFormSchema, newsAlertMessages } from '../../../shared/news-alerts.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { alertLister, createAlert, deleteAlert, updateAlert } from './service.ts';

/** The card's body; a refused one answers like the card does: 'Cannot save alert' and why. */
async function alertBody(c: Context) {
  try {
    return await parseJson(c, newsAlertFormSchema);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'validation') throw err;
    const message = missesRequiredField(err.fields) ? newsAlertMessages.requiredFields : err.message;
    throw new AppError('validation', message, { title: newsAlertMessages.cannotSave, fields: err.fields });
  }
}

export function newsAlertRoutes(db: Database, auth: Auth) {
  const listAlerts = alertLister(db);
  // The list (the hot path) reads the user with c.get: c.var copies every variable into a new object.
  return new Hono<SessionEnv>()
    .use(requireSession(auth))
    .get('/', async (c) => c.json(await listAlerts(c.get('user'))))
    .post('/', async (c) => c.json({ alert: await createAlert(db, c.var.user.id, await alertBody(c)) }, 201))
    .put('/:id', async (c) => c.json({ alert: await updateAlert(db, c.var.user.id, c.req.param('id'), await alertBody(c)) }))
    .delete('/:id', async (c) => {
      await deleteAlert(db, c.var.user.id, c.req.param('id'));
      return c.body(null, 204);
    });
}
