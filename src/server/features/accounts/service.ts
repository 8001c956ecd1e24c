// Account creation and password setting on top of better-auth: invite-only registration, and the
// set-password / reset-password links (one better-auth reset token serves both).
import { and, eq, gt, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages.ts';
import type { RegistrationInput } from '../../../shared/schemas.ts';
import type { Auth } from '../../auth/auth.ts';
import { isInviteValidFor } from '../../auth/invites.ts';
import { assertStrongPassword } from '../../auth/password-strength.ts';
import type { Database } from '../../db/client.ts';
import { users, verifications } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorMessage, log } from '../../lib/log.ts';

/**
 * Creates the account from an invite and signs the user in (the invite proved the address; the
 * form just took the password): returns the sign-in response whose Set-Cookie the route forwards.
 */
export async function register(db: Database, auth: Auth, input: RegistrationInput) {
  if (!(await isInviteValidFor(db, input.token, input.email))) {
    throw new AppError('invite_invalid', messages.registration.inviteMismatch);
  }
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw new AppError('user_exists', messages.registration.userNotCreated);
  assertStrongPassword(input.password, [input.email, input.firstName, input.lastName]);
  let created: { user: { id: string } };
  try {
    created = await auth.api.signUpEmail({
      body: {
        name: `${input.firstName} ${input.lastName}`,
        email: input.email,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        linkedinProfileUrl: input.linkedinProfileUrl,
        phone: input.phone,
      },
    });
  } catch (err) {
    log.warn('registration failed', { error: errorMessage(err) });
    throw new AppError('user_not_created', messages.registration.userNotCreated);
  }
  // better-auth answers a refused sign-up (the address taken meanwhile, the invite spent by a racing
  // request: its user-create hook refused) like a success, with a user that was never stored.
  const [stored] = await db.select({ id: users.id }).from(users).where(eq(users.id, created.user.id));
  if (stored) return auth.api.signInEmail({ body: { email: input.email, password: input.password }, asResponse: true });
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email.toLowerCase()));
  if (taken) throw new AppError('user_exists', messages.registration.userNotCreated);
  throw new AppError('invite_invalid', messages.registration.inviteMismatch);
}

/** The user a set-password / reset-password token belongs to, while it is unused and unexpired. */
export async function userForPasswordToken(db: Database, token: string) {
  const [row] = await db
    .select({ userId: users.id, email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, sql`now()`)));
  return row ?? null;
}

/**
 * Sets the password from a link's token (better-auth revokes every session of the user), then
 * signs the user in when asked: the invite flow continues to /profile-completion signed in.
 * Returns the sign-in response whose Set-Cookie the route forwards.
 */
export async function setPasswordFromToken(db: Database, auth: Auth, token: string, password: string, signIn: boolean) {
  const owner = await userForPasswordToken(db, token);
  if (!owner) throw new AppError('token_invalid', messages.reset.authError, { title: messages.reset.authErrorTitle });
  assertStrongPassword(password, [owner.email]);
  try {
    await auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (err) {
    log.warn('password reset failed', { error: errorMessage(err) });
    throw new AppError('token_invalid', messages.reset.authError, { title: messages.reset.authErrorTitle });
  }
  if (!signIn) return null;
  return auth.api.signInEmail({ body: { email: owner.email, password }, asResponse: true });
}
