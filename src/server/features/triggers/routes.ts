import { Hono } from 'hono';
import {
  TRIGGER_ALERT_TYPES,
  type TriggerAlertType,
  triggerMessages,
  triggerSettingsSchema,
  triggerSubscriptionSchema,
} from '../../../shared/triggers.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { getTriggerSubscription, readSavedTriggerSettings, saveTriggerSettings, setTriggerSubscription } from './service.ts';

/** An alert type from the path; any other names no alert (404). */
function alertType(type: string): TriggerAlertType {
  if (!(TRIGGER_ALERT_TYPES as readonly string[]).includes(type)) throw new AppError('not_found', triggerMessages.alertNotFound);
  return type as TriggerAlertType;
}

export function triggerRoutes(db: Database, auth: Auth) {
  return (
    new Hono<SessionEnv>()
      .use(requireSession(auth))
      .get('/alerts/:type/:id', async (c) =>
        c.json({ subscription: await getTriggerSubscription(db, c.var.user.id, alertType(c.req.param('type')), c.req.param('id')) }),
      )
      .put('/alerts/:type/:id', async (c) => {
        const type = alertType(c.req.param('type'));
        const input = await parseJson(c, triggerSubscriptionSchema);
        return c.json({ subscription: await setTriggerSubscription(db, c.var.user.id, type, c.req.param('id'), input) });
      })
      // The user's rules for every alert's triggers; whose they are comes from the session only.
      .get('/settings', async (c) => c.json(await readSavedTriggerSettings(db, c.var.user.id)))
      .put('/settings', async (c) => {
        const input = await parseJson(c, triggerSettingsSchema);
        return c.json(await saveTriggerSettings(db, c.var.user.id, input));
      })
  );
}
