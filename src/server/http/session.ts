import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../auth/auth.ts';
import { unauthorized } from '../lib/app-error.ts';

export type SessionUser = { id: string; email: string };
export type SessionEnv = { Variables: { user: SessionUser } };

/**
 * Puts the signed-in user (from the session cookie, never from the client's input) on the context.
 * better-auth slides the session's expiry as it is used and sends a renewed cookie; we pass that
 * cookie on, or an active user would be signed out when the first cookie expires.
 */
export function requireSession(auth: Auth): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    const { headers, response: session } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
    if (!session || (await auth.outlived(session.session))) throw unauthorized();
    c.set('user', { id: session.user.id, email: session.user.email });
    await next();
    for (const cookie of headers.getSetCookie()) c.res.headers.append('set-cookie', cookie);
  };
}
