import type { Context } from 'hono';
import { Hono } from 'hono';
import { earningsAlertMessages, earningsAlertSchema } from '../../../shared/earnings-alerts.ts';
import { messages } from '../../../shared/messages.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { calendarFeedText, getCalendarFeed, regenerateCalendarFeed, revokeCalendarFeed } from './calendar.ts';
import { createAlert, listAlerts, updateAlert } from './service.ts';

/** The body of a save; a refusal carries the screen's title 'Cannot save alert' (spec 02 §5). */
const parseAlert = (c: Context) => parseJson(c, earningsAlertSchema, earningsAlertMessages.cannotSave);

export function earningsAlertRoutes(db: Database, auth: Auth, appUrl: string) {
  return (
    new Hono<SessionEnv>()
      .use(requireSession(auth))
      .get('/', async (c) => c.json(await listAlerts(db, c.var.user.id)))
      .post('/', async (c) => c.json({ alert: await createAlert(db, c.var.user.id, await parseAlert(c)) }, 201))
      // The private calendar link: shown, created or replaced (a new token; the old link stops working), revoked.
      .get('/calendar', async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await getCalendarFeed(db, c.var.user.id, appUrl));
      })
      .post('/calendar', async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await regenerateCalendarFeed(db, c.var.user.id, appUrl), 201);
      })
      .delete('/calendar', async (c) => {
        await revokeCalendarFeed(db, c.var.user.id);
        return c.body(null, 204);
      })
      .put('/:id', async (c) => c.json({ alert: await updateAlert(db, c.var.user.id, c.req.param('id'), await parseAlert(c)) }))
  );
}

/**
 * GET /calendar/<token>.ics: what calendar apps subscribe to, without a session (they have none); the
 * token is the credential. A token nobody holds is 404, like any address that is not there.
 */
export function earningsCalendarFeedRoutes(db: Database, appUrl: string) {
  return new Hono().get('/:file{[^/]+\\.ics}', async (c) => {
    const text = await calendarFeedText(db, c.req.param('file').slice(0, -'.ics'.length), appUrl);
    if (text === null) throw new AppError('not_found', messages.errors.notFound);
    return c.body(text, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      // The user's own companies: no shared cache may keep it; calendar apps poll it again anyway.
      'Cache-Control': 'private, max-age=300',
      'Content-Disposition': 'inline; filename="earnings.ics"',
    });
  });
}
