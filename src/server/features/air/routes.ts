import { Hono } from 'hono';
import { airRequestSchema } from '../../../shared/air.ts';
import type { Auth } from '../../auth/auth.ts';
import { parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import { type AirDeps, airOverview, getReport, retryReport, startReport } from './service.ts';

export function airRoutes(deps: AirDeps, auth: Auth) {
  return new Hono<SessionEnv>()
    .use(requireSession(auth))
    .get('/', async (c) => c.json(await airOverview(deps, c.var.user.id)))
    .post('/reports', async (c) => c.json({ report: await startReport(deps, c.var.user.id, await parseJson(c, airRequestSchema)) }, 201))
    .get('/reports/:id', async (c) => c.json({ report: await getReport(deps, c.var.user.id, c.req.param('id')) }))
    .post('/reports/:id/retry', async (c) => c.json({ report: await retryReport(deps, c.var.user.id, c.req.param('id')) }));
}
