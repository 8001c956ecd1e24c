import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../auth/auth.ts';
import type { SessionUser } from '../auth/session-lookup.ts';
import { unauthorized } from '../lib/app-error.ts';
import { requestHeader } from './middleware.ts';

export type { SessionUser };
export type SessionEnv = { Variables: { user: SessionUser } };

/**
 * Puts the signed-in user (from the session cookie, never from the client's input) on the context,
 * with the address their alerts go to by default. One statement reads the session and its user;
 * when better-auth has something to write (an expired session to delete, an expiry to slide and a
 * renewed cookie to send), its getSession answers instead, and we pass that cookie on, or an
 * active user would be signed out when the first cookie expires.
 */
export function requireSession(auth: Auth): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    const found = await auth.lookupSession(requestHeader(c, 'cookie') ?? '');
    if (found.state === 'none') throw unauthorized();
    if (found.state === 'valid') {
      if (await auth.outlived(found.session)) throw unauthorized();
      c.set('user', found.user);
      await next();
      return;
    }
    const { headers, response: session } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
    // The same token, so the same session; the check only guards against a change in between. An
    // outlived session was deleted by auth.ts's before hook, so better-auth found none.
    if (!session || session.user.id !== found.user.id) throw unauthorized();
    c.set('user', found.user);
    await next();
    for (const cookie of headers.getSetCookie()) c.res.headers.append('set-cookie', cookie);
  };
}
