// better-auth configured for the spec's flows (DESIGN §7): password sign-in, e-mail codes,
// reset links, and every user creation gated on an invite; and for account security (issue 30): a
// second factor (authenticator app with backup codes, or a passkey) through its maintained plugins.

import { availableParallelism } from 'node:os';
import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { emailOTP, twoFactor } from 'better-auth/plugins';
import { and, eq, gt } from 'drizzle-orm';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { log } from '../lib/log.ts';
import { otpMail, resetPasswordMail, setPasswordMail } from '../mail/account-emails.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { consumeInvite } from './invites.ts';
import { recordSecurityEvent, recordSignIn, type SecurityEventInput } from './security-events.ts';
import { createSessionLookup } from './session-lookup.ts';
import { createSignedCookieReader } from './signed-cookie.ts';

/** Our middleware writes the client IP here (overwriting anything a client sent); better-auth reads it. */
export const CLIENT_IP_HEADER = 'x-eos-client-ip';

/** One-time sign-in codes: lifetime and wrong tries allowed (routes.ts answers wrong codes by the same rules). */
export const SIGN_IN_CODE = { lifetimeSeconds: 300, allowedAttempts: 5 } as const;

/** "Trust this device": no second factor asked on it for this long. */
export const TRUSTED_DEVICE_DAYS = 30;

/**
 * Every path that may create a session for a user with a second factor. The first two create one
 * that the two-factor plugin's after hook replaces at once with a challenge; the next three finish
 * a challenge (or are a passkey, two factors in one); the rest renew the session of a user already
 * signed in. Any other path (one added by a library update, say) is refused for such a user.
 */
const SESSION_PATHS_WITH_SECOND_FACTOR = new Set([
  '/sign-in/email',
  '/sign-in/email-otp',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/passkey/verify-authentication',
  '/two-factor/enable',
  '/two-factor/disable',
  '/change-password',
]);

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
  /** The public address: WebAuthn's relying party is its host name and the expected origin is its origin. */
  appUrl: string;
  secret: string;
  production: boolean;
  /** A session ends this long after sign-in, however active (better-auth's expiry slides with use). */
  sessionMaxAgeDays: number;
  /** Told every set/reset-password link as it is mailed (the operator CLI prints it). */
  onPasswordLink?: (email: string, url: string) => void;
  /** REQUIRE_TWO_FACTOR: a user without a second factor can only set one up (http/session.ts). */
  requireTwoFactor?: boolean;
};

export function createAuth({ db, appUrl, secret, production, sessionMaxAgeDays, onPasswordLink, requireTwoFactor = false }: AuthOptions) {
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
  // The plugin's after hook turns a signed-in response into a second-factor challenge; it matches
  // only the password paths, so the e-mailed-code sign-in runs the same handler (issue 30).
  const secondFactor = twoFactor({
    issuer: 'Enterprise OS',
    trustDeviceMaxAge: TRUSTED_DEVICE_DAYS * 86_400,
    backupCodeOptions: { amount: 10, length: 10 },
    // 10 wrong codes in a row across challenges lock the second factor for 15 minutes (NIST SP 800-63B §5.2.2).
    accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
  });
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
      secondFactor,
      {
        id: 'second-factor-after-code',
        hooks: { after: [{ matcher: (ctx) => ctx.path === '/sign-in/email-otp', handler: secondFactor.hooks.after[0]!.handler }] },
      },
      passkey({ rpName: 'Enterprise OS', rpID: new URL(appUrl).hostname, origin: new URL(appUrl).origin }),
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
          async before(session, ctx) {
            const [user] = await db
              .select({ suspendedAt: schema.users.suspendedAt, twoFactorEnabled: schema.users.twoFactorEnabled })
              .from(schema.users)
              .where(eq(schema.users.id, session.userId));
            if (user?.suspendedAt) throw new APIError('FORBIDDEN', { message: messages.auth.suspended, code: 'ACCOUNT_SUSPENDED' });
            // Fail closed: a path that would sign in a user with a second factor without asking for it.
            if (user?.twoFactorEnabled && ctx?.path && !SESSION_PATHS_WITH_SECOND_FACTOR.has(ctx.path)) {
              log.warn('session refused: second factor not asked on this path', { path: ctx.path });
              throw new APIError('FORBIDDEN', { message: 'Sign in with your second factor.', code: 'SECOND_FACTOR_REQUIRED' });
            }
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
        // Wrong second-factor codes are counted per IP by routes.ts and per account by the plugin's lock.
        '/two-factor/verify-totp': false,
        '/two-factor/verify-backup-code': false,
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
  const readSigned = auth.$context.then((ctx) => ({ ctx, read: createSignedCookieReader(ctx.secret) }));
  return Object.assign(auth, {
    requireTwoFactor,
    /** Records an event of the user's security log (and e-mails the ones they must hear about). */
    securityEvent: (event: SecurityEventInput) => recordSecurityEvent(db, { ...event, appUrl }),
    /** Records a completed sign-in; the answer's device cookie, when one is to be set. */
    signedIn: (event: Parameters<typeof recordSignIn>[1]) => recordSignIn(db, { ...event, appUrl, secureCookie: production }),
    outlived,
    /** Deletes one session (a suspended user's: signed out). */
    endSession,
    /** The request's session and user in one statement, and whether better-auth must handle it (session-lookup.ts). */
    lookupSession,
    /**
     * The user a pending second-factor challenge belongs to (the two-factor plugin's signed cookie
     * names a verification row holding the user id), or null: no challenge, a forged or ended one.
     */
    async challengeUser(cookieHeader: string | null | undefined): Promise<string | null> {
      const { ctx, read } = await readSigned;
      const identifier = read(cookieHeader, ctx.createAuthCookie('two_factor').name);
      if (!identifier) return null;
      const [row] = await db
        .select({ userId: schema.verifications.value })
        .from(schema.verifications)
        .where(and(eq(schema.verifications.identifier, identifier), gt(schema.verifications.expiresAt, new Date())));
      return row?.userId ?? null;
    },
    /**
     * Notes that a session was replaced by a new one in the same browser: better-auth renews the
     * session when two-factor sign-in is turned on or off and when the password is changed. The
     * old session's live stream (realtime/routes.ts) then closes quietly and the browser reconnects
     * with its new cookie, instead of being told it was signed out.
     */
    async markSessionRenewed(sessionId: string) {
      await db.insert(schema.verifications).values({
        id: crypto.randomUUID(),
        identifier: `session-renewed:${sessionId}`,
        value: 'renewed',
        expiresAt: new Date(Date.now() + 5 * 60_000),
      });
    },
    /**
     * Whether a session that is gone was renewed (see markSessionRenewed), waiting up to `waitMs`:
     * the renewal is noted just after better-auth deleted the old session, which is what a live
     * stream reacts to.
     */
    async wasSessionRenewed(sessionId: string, waitMs = 3000): Promise<boolean> {
      const until = Date.now() + waitMs;
      for (;;) {
        const [row] = await db
          .select({ id: schema.verifications.id })
          .from(schema.verifications)
          .where(eq(schema.verifications.identifier, `session-renewed:${sessionId}`));
        if (row) return true;
        if (Date.now() >= until) return false;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    /** The id of the account with this (lower-case) e-mail, or null (for the security log of a failed sign-in). */
    async userIdByEmail(email: string): Promise<string | null> {
      const [row] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
      return row?.id ?? null;
    },
    /** Minutes until the user's second factor unlocks (10 wrong codes in a row), or 0 when it is not locked. */
    async secondFactorLockMinutes(userId: string): Promise<number> {
      const [row] = await db
        .select({ lockedUntil: schema.twoFactors.lockedUntil })
        .from(schema.twoFactors)
        .where(eq(schema.twoFactors.userId, userId));
      const ms = row?.lockedUntil ? row.lockedUntil.getTime() - Date.now() : 0;
      return ms > 0 ? Math.ceil(ms / 60_000) : 0;
    },
    /** Whether this is the user's current password (change-password checks it before estimating the new one's strength). */
    async isCurrentPassword(userId: string, password: string) {
      const ctx = await auth.$context;
      const account = await ctx.internalAdapter.findCredentialAccount(userId);
      return Boolean(account?.password) && (await ctx.password.verify({ hash: account!.password!, password }));
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
