import type { Context, MiddlewareHandler } from 'hono';
import { twoFactorTexts } from '../../shared/two-factor.ts';
import type { Auth } from '../auth/auth.ts';
import type { SessionUser } from '../auth/session-lookup.ts';
import { AppError, unauthorized } from '../lib/app-error.ts';
import { requestHeader } from './middleware.ts';

export type { SessionUser };
export type SessionEnv = { Variables: { user: SessionUser } };

/**
 * The signed-in user (from the session cookie, never from the client's input), with the address
 * their alerts go to by default, or null. One statement reads the session and its user; when
 * better-auth has something to write (an expired session to delete, an expiry to slide and a
 * renewed cookie to send), its getSession answers instead, and its cookies must reach the answer,
 * or an active user would be signed out when the first cookie expires.
 */
export async function findSessionUser(auth: Auth, c: Context): Promise<{ user: SessionUser; setCookies: string[] } | null> {
  const found = await auth.lookupSession(requestHeader(c, 'cookie') ?? '');
  if (found.state === 'none') return null;
  if (found.state === 'suspended') {
    await auth.endSession(found.session.id);
    return null;
  }
  if (found.state === 'valid') return (await auth.outlived(found.session)) ? null : { user: found.user, setCookies: [] };
  const { headers, response: session } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
  // The same token, so the same session; the check only guards against a change in between. An
  // outlived session was deleted by auth.ts's before hook, so better-auth found none.
  if (!session || session.user.id !== found.user.id) return null;
  return { user: found.user, setCookies: headers.getSetCookie() };
}

/**
 * Puts the signed-in user on the context; 401 without one. Where the operator requires a second
 * factor (REQUIRE_TWO_FACTOR), a user without one gets 403 `second_factor_setup_required`, except
 * on the routes that setting one up needs (`openDuringSetup`: the profile, sessions, live updates).
 */
export function requireSession(auth: Auth, { openDuringSetup = false } = {}): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    const found = await findSessionUser(auth, c);
    if (!found) throw unauthorized();
    if (auth.requireTwoFactor && !found.user.hasSecondFactor && !openDuringSetup) {
      throw new AppError('second_factor_setup_required', twoFactorTexts.setupRequired, { title: twoFactorTexts.setupRequiredTitle });
    }
    c.set('user', found.user);
    await next();
    for (const cookie of found.setCookies) c.res.headers.append('set-cookie', cookie);
  };
}
