import { Hono } from 'hono';
import {
  ALERT_TYPES,
  type AlertType,
  alertDeliverySchema,
  channelCreateSchema,
  channelMessages,
  channelUpdateSchema,
} from '../../../shared/channels.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  alertLog,
  type ChannelSettings,
  channelLog,
  createChannel,
  deleteChannel,
  getAlertDelivery,
  listChannels,
  resumeChannel,
  retryDelivery,
  rotateSecret,
  sendTest,
  setAlertDelivery,
  updateChannel,
} from './service.ts';

/** An alert type from the path; any other names no alert (404). */
function alertType(type: string): AlertType {
  if (!(ALERT_TYPES as readonly string[]).includes(type)) throw new AppError('not_found', channelMessages.alertNotFound);
  return type as AlertType;
}

export function channelRoutes(db: Database, auth: Auth, settings: ChannelSettings) {
  return (
    new Hono<SessionEnv>()
      .use(requireSession(auth))
      .get('/', async (c) => c.json({ channels: await listChannels(db, c.var.user.id) }))
      .post('/', async (c) =>
        c.json({ channel: await createChannel(db, c.var.user.id, await parseJson(c, channelCreateSchema), settings) }, 201),
      )
      // The alert and delivery routes come before '/:id' so that their first segment is not taken for a channel id.
      .get('/alerts/:type/:id', async (c) =>
        c.json({ delivery: await getAlertDelivery(db, c.var.user.id, alertType(c.req.param('type')), c.req.param('id')) }),
      )
      .put('/alerts/:type/:id', async (c) => {
        const type = alertType(c.req.param('type'));
        const input = await parseJson(c, alertDeliverySchema);
        return c.json({ delivery: await setAlertDelivery(db, c.var.user.id, type, c.req.param('id'), input) });
      })
      .get('/alerts/:type/:id/log', async (c) =>
        c.json({ deliveries: await alertLog(db, c.var.user.id, alertType(c.req.param('type')), c.req.param('id')) }),
      )
      .post('/deliveries/:id/retry', async (c) => {
        await retryDelivery(db, c.var.user.id, c.req.param('id'));
        return c.json({ queued: true }, 202);
      })
      .patch('/:id', async (c) =>
        c.json({ channel: await updateChannel(db, c.var.user.id, c.req.param('id'), await parseJson(c, channelUpdateSchema), settings) }),
      )
      .delete('/:id', async (c) => {
        await deleteChannel(db, c.var.user.id, c.req.param('id'));
        return c.body(null, 204);
      })
      .get('/:id/log', async (c) => c.json({ deliveries: await channelLog(db, c.var.user.id, c.req.param('id')) }))
      .post('/:id/test', async (c) => c.json(await sendTest(db, c.var.user.id, c.req.param('id'), settings), 202))
      .post('/:id/rotate-secret', async (c) => c.json({ channel: await rotateSecret(db, c.var.user.id, c.req.param('id')) }))
      .post('/:id/resume', async (c) => c.json({ channel: await resumeChannel(db, c.var.user.id, c.req.param('id')) }))
  );
}
