// better-auth configured for the spec's flows (DESIGN §7): password sign-in, e-mail codes,
// reset links, and every user creation gated on an invite.

import { availableParallelism } from 'node:os';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { emailOTP } from 'better-auth/plugins';
import { and, eq } from 'drizzle-orm';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { log } from '../lib/log.ts';
import { otpMail, resetPasswordMail, setPasswordMail } from '../mail/account-emails.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { consumeInvite } from './invites.ts';
import { createSessionLookup } from './session-lookup.ts';

/** Our middleware writes the client IP here (overwriting anything a client sent); better-auth reads it. */
export const CLIENT_IP_HEADER = 'x-eos-client-ip';

/** One-time sign-in codes: lifetime and wrong tries allowed (routes.ts answers wrong codes by the same rules). */
export const SIGN_IN_CODE = { lifetimeSeconds: 300, allowedAttempts: 5 } as const;

/** Paths whose attempts routes.ts counts itself (failures, not requests); better-auth's per-IP limiter is off for them. */
const COUNTED_PATHS = ['/sign-in/email', '/sign-in/email-otp', '/email-otp/send-verification-otp', '/request-password-reset'] as const;

/**
 * Runs password hashes (scrypt: 16 MB and tens of milliseconds of CPU each, on libuv's pool) one
 * fewer at a time than there are cores: a burst of wrong passwords otherwise takes every core and
 * the event loop with them.
 */
const oneCoreFree = (() => {
  const slots = Math.max(1, availableParallelism() - 1);
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
})();

export type AuthOptions = {
  db: Database;
  appUrl: string;
  secret: string;
  production: boolean;
  /** A session ends this long after sign-in, however active (better-auth's expiry slides with use). */
  sessionMaxAgeDays: number;
  /** Told every set/reset-password link as it is mailed (the operator CLI prints it). */
  onPasswordLink?: (email: string, url: string) => void;
};

export function createAuth({ db, appUrl, secret, production, sessionMaxAgeDays, onPasswordLink }: AuthOptions) {
  const maxAgeMs = sessionMaxAgeDays * 86_400_000;
  /**
   * True, and the session deleted, when it began more than SESSION_MAX_AGE_DAYS ago: an active
   * user's session slides forever otherwise, and a stolen cookie with it.
   */
  async function outlived(session: { id: string; createdAt: Date }) {
    if (Date.now() - new Date(session.createdAt).getTime() <= maxAgeMs) return false;
    await db.delete(schema.sessions).where(eq(schema.sessions.id, session.id));
    return true;
  }
  async function endSession(id: string) {
    await db.delete(schema.sessions).where(eq(schema.sessions.id, id));
  }
  const auth = betterAuth({
    appName: 'Enterprise OS',
    baseURL: appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [appUrl],
    database: drizzleAdapter(db, { provider: 'pg', schema, usePlural: true }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
        linkedinProfileUrl: { type: 'string', required: false, input: true },
        phone: { type: 'string', required: false, input: true },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // Off: every request reads the session row, so revocation (password reset) takes effect at once.
      cookieCache: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: {
        hash: (password) => oneCoreFree(() => hashPassword(password)),
        verify: (input) => oneCoreFree(() => verifyPassword(input)),
      },
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60 * 24,
      async sendResetPassword({ user, token }) {
        // An account without a password yet (created by the operator) gets a set-password mail.
        const [credential] = await db
          .select({ id: schema.accounts.id })
          .from(schema.accounts)
          .where(and(eq(schema.accounts.userId, user.id), eq(schema.accounts.providerId, 'credential')));
        const url = `${appUrl}/${credential ? 'reset-password' : 'create-password'}?token=${encodeURIComponent(token)}`;
        await enqueueMail(db, await (credential ? resetPasswordMail(user.email, url) : setPasswordMail(user.email, url)));
        onPasswordLink?.(user.email, url);
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: SIGN_IN_CODE.lifetimeSeconds,
        allowedAttempts: SIGN_IN_CODE.allowedAttempts,
        disableSignUp: true,
        storeOTP: 'hashed',
        async sendVerificationOTP({ email, otp, type }) {
          if (type !== 'sign-in') return;
          await enqueueMail(db, await otpMail(email, otp));
        },
      }),
    ],
    hooks: {
      // Before every endpoint, over HTTP or auth.api: a session past its lifetime is deleted before
      // better-auth reads it, so each endpoint answers as for no session (change-password 401 and
      // no fresh cookie, get-session null, sign-out clears the cookies): dead everywhere, not only
      // on our own routes.
      before: createAuthMiddleware(async (ctx) => {
        const cookie = ctx.headers?.get('cookie');
        if (!cookie) return;
        const found = await lookupSession(cookie);
        // A suspended user's session is deleted too: better-auth then answers as for no session.
        if (found.state === 'suspended') await endSession(found.session.id);
        else if (found.state !== 'none') await outlived(found.session);
      }),
    },
    databaseHooks: {
      // Every way in creates a session (password, e-mail code, a set/reset link that signs in): a
      // suspended user is refused there, after their credentials were checked, so the refusal tells
      // nothing to someone who does not hold them.
      session: {
        create: {
          async before(session) {
            const [user] = await db
              .select({ suspendedAt: schema.users.suspendedAt })
              .from(schema.users)
              .where(eq(schema.users.id, session.userId));
            if (user?.suspendedAt) throw new APIError('FORBIDDEN', { message: messages.auth.suspended, code: 'ACCOUNT_SUSPENDED' });
          },
        },
      },
      user: {
        create: {
          async before(user) {
            // Every account needs a usable invite for its e-mail; the invite is spent here.
            if (!(await consumeInvite(db, user.email))) {
              throw new APIError('FORBIDDEN', { message: 'Invalid invite token or email mismatch' });
            }
            // An invited address is proven: without this a later code sign-in would drop the password.
            return { data: { ...user, emailVerified: true } };
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      // Its limiter counts successes too (ten sign-ins a minute from one office address would lock
      // the office out); routes.ts limits these paths by failures per account and per IP instead.
      customRules: {
        ...Object.fromEntries(COUNTED_PATHS.map((path) => [path, false as const])),
        '/reset-password': { window: 60, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: production,
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    // Through our masking logger; its warnings (e.g. "Invalid password") are routine, so debug.
    logger: {
      log: (level, message) => (level === 'error' ? log.error(`better-auth: ${message}`) : log.debug(`better-auth: ${message}`)),
    },
  });
  const lookupSession = createSessionLookup(db, auth.$context);
  return Object.assign(auth, {
    outlived,
    /** Deletes one session (a suspended user's: signed out). */
    endSession,
    /** The request's session and user in one statement, and whether better-auth must handle it (session-lookup.ts). */
    lookupSession,
    /** Whether this is the user's current password (change-password checks it before estimating the new one's strength). */
    async isCurrentPassword(userId: string, password: string) {
      const ctx = await auth.$context;
      const account = await ctx.internalAdapter.findCredentialAccount(userId);
      return Boolean(account?.password) && (await ctx.password.verify({ hash: account!.password!, password }));
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
