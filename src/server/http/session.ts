import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../auth/auth.ts';
import { unauthorized } from './errors.ts';

export type SessionUser = { id: string; email: string };
export type SessionEnv = { Variables: { user: SessionUser } };

/** Puts the signed-in user (from the session cookie, never from the client's input) on the context. */
export function requireSession(auth: Auth): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw unauthorized();
    c.set('user', { id: session.user.id, email: session.user.email });
    await next();
  };
}
