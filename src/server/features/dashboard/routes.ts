import { Hono } from 'hono';
import { interestUpdateSchema, isFeatureOfInterest } from '../../../shared/dashboard.ts';
import { messages } from '../../../shared/messages.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { setInterest } from './interests.ts';
import { getDashboard } from './service.ts';

export function dashboardRoutes(db: Database, auth: Auth) {
  return new Hono<SessionEnv>()
    .use(requireSession(auth))
    .get('/', async (c) => c.json(await getDashboard(db, c.var.user.id)))
    .put('/interests/:feature', async (c) => {
      const feature = c.req.param('feature');
      // Only the two features of the spec exist; any other name is a path that is not there.
      if (!isFeatureOfInterest(feature)) throw new AppError('not_found', messages.errors.notFound);
      const { registered } = await parseJson(c, interestUpdateSchema);
      return c.json({ interests: await setInterest(db, c.var.user.id, feature, registered) });
    });
}
