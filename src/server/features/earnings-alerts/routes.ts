import type { Context } from 'hono';
import { Hono } from 'hono';
import { earningsAlertMessages, earningsAlertSchema } from '../../../shared/earnings-alerts.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import { createAlert, listAlerts, updateAlert } from './service.ts';

/** The body of a save; a refusal carries the screen's title 'Cannot save alert' (spec 02 §5). */
const parseAlert = (c: Context) => parseJson(c, earningsAlertSchema, earningsAlertMessages.cannotSave);

export function earningsAlertRoutes(db: Database, auth: Auth) {
  return new Hono<SessionEnv>()
    .use(requireSession(auth))
    .get('/', async (c) => c.json(await listAlerts(db, c.var.user.id)))
    .post('/', async (c) => c.json({ alert: await createAlert(db, c.var.user.id, await parseAlert(c)) }, 201))
    .put('/:id', async (c) => c.json({ alert: await updateAlert(db, c.var.user.id, c.req.param('id'), await parseAlert(c)) }));
}
