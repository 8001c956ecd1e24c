// Who may use the operator console: a signed-in, not suspended user whose role is 'operator'
// (granted only by the CLI's grant-operator). Everyone else, signed in or not, gets the same 404 as
// a path that does not exist, so the console's routes are not even shown to exist.
import { and, eq, isNull } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { messages } from '../../../shared/messages.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { findSessionUser, type SessionUser } from '../../http/session.ts';
import { AppError } from '../../lib/app-error.ts';

export type Operator = { id: string; email: string };
export type OperatorEnv = { Variables: { user: SessionUser; operator: Operator } };

export const consoleNotFound = () => new AppError('not_found', messages.errors.notFound);

/** Whether this user may use the console now (read on every request: a revoked role or a suspension counts at once). */
export async function isOperator(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'operator'), isNull(users.suspendedAt)));
  return row !== undefined;
}

/** Puts the operator on the context; a 404 for anyone else. */
export function requireOperator(db: Database, auth: Auth): MiddlewareHandler<OperatorEnv> {
  return async (c, next) => {
    const found = await findSessionUser(auth, c);
    if (!found || !(await isOperator(db, found.user.id))) throw consoleNotFound();
    c.set('user', found.user);
    c.set('operator', { id: found.user.id, email: found.user.email });
    await next();
    for (const cookie of found.setCookies) c.res.headers.append('set-cookie', cookie);
  };
}

/**
 * For the console's web page (http/app.ts): whether the request is an operator's (the page is then
 * served with 200, else with the 404 of a path that does not exist), and the cookies the session
 * lookup renewed, which the page's answer must carry.
 */
export async function consolePageAccess(db: Database, auth: Auth, c: Context): Promise<{ allowed: boolean; setCookies: string[] }> {
  const found = await findSessionUser(auth, c);
  if (!found) return { allowed: false, setCookies: [] };
  return { allowed: await isOperator(db, found.user.id), setCookies: found.setCookies };
}
