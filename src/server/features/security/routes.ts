// /api/security (issue 30 §3, §7): the signed-in user's sessions (list, sign out one, sign out
// every other) and security log. Thin: the session's user and the zod-checked input, then one
// service call.
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { securityMessages } from '../../../shared/security-log.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { requestHeader } from '../../http/middleware.ts';
import { requireSession, type SessionUser } from '../../http/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { listSessions, type Requester, revokeOtherSessions, revokeSession, securityLog } from './service.ts';

type Env = { Variables: { user: SessionUser; clientIp: string } };

export type SecurityRouteOptions = {
  /** SESSION_MAX_AGE_DAYS: a session older than this is over, whatever its expiry says. */
  sessionMaxAgeDays: number;
};

const requester = (c: Context<Env>): Requester => ({
  userId: c.var.user.id,
  sessionId: c.var.user.sessionId,
  ipAddress: c.var.clientIp ?? null,
  userAgent: requestHeader(c, 'user-agent') ?? null,
});

/** Session ids are UUIDs (auth.ts generateId): anything else names no session of the user's. */
const sessionIdSchema = z.uuid();
const logQuerySchema = z.object({ before: z.uuid({ error: securityMessages.badCursor }).optional() });

export function securityRoutes(db: Database, auth: Auth, { sessionMaxAgeDays }: SecurityRouteOptions) {
  return (
    new Hono<Env>()
      // Open while a required second factor is being set up: the user may still review and end sessions.
      .use(requireSession(auth, { openDuringSetup: true }))
      .get('/sessions', async (c) => c.json({ sessions: await listSessions(db, requester(c), sessionMaxAgeDays) }))
      .post('/sessions/revoke-others', async (c) => c.json({ revoked: await revokeOtherSessions(db, requester(c)) }))
      .delete('/sessions/:id', async (c) => {
        const id = sessionIdSchema.safeParse(c.req.param('id'));
        if (!id.success) throw new AppError('not_found', securityMessages.sessionNotFound);
        await revokeSession(db, requester(c), id.data);
        return c.body(null, 204);
      })
      .get('/log', async (c) => {
        const query = logQuerySchema.safeParse({ before: c.req.query('before') });
        if (!query.success) throw new AppError('validation', securityMessages.badCursor);
        return c.json(await securityLog(db, c.var.user.id, query.data.before));
      })
  );
}
