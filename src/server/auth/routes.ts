// Mounts better-auth under /api/auth with what it lacks: only the endpoints the product uses are
// reachable (no public sign-up: registration needs an invite token; no code-based password reset),
// limits on sign-in and code attempts that an attacker cannot turn against the owner or an office,
// answers that do not tell whether an address has an account, and our error shape on its failures.
import { type Context, Hono } from 'hono';
import { parse as parseCookies } from 'hono/utils/cookie';
import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import { type ApiError, changePasswordSchema } from '../../shared/schemas.ts';
import type { SignInMethod } from '../../shared/security-log.ts';
import { enableTwoFactorSchema, regenerateBackupCodesSchema, twoFactorTexts } from '../../shared/two-factor.ts';
import { containsNul, parseJson } from '../http/errors.ts';
import { AppError, unauthorized } from '../lib/app-error.ts';
import { errorMessage, log } from '../lib/log.ts';
import type { AttemptLimits, CodeFailure, Throttled } from './attempt-limits.ts';
import type { Auth } from './auth.ts';
import { CLIENT_IP_HEADER, SIGN_IN_CODE } from './auth.ts';
import { PASSKEY_PATHS, passkeyRequest } from './passkeys.ts';
import { assertStrongPassword } from './password-strength.ts';
import {
  checkCodeToDisable,
  checked,
  errorCodeOf,
  type Requester,
  VERIFY_BACKUP_CODE,
  VERIFY_TOTP,
  verifyAtSignIn,
} from './second-factor.ts';
import { DEVICE_COOKIE } from './security-events.ts';

type AuthLimits = { perAccount: number; perIp: number; emailsPerAccount: number };

/**
 * The better-auth endpoints the web app calls, by method. Everything else its plugins expose
 * (e-mail sign-up, code-based password reset, e-mail change, account deletion…) answers 404:
 * an endpoint nobody uses is an endpoint nobody watches.
 */
const ALLOWED: Record<string, Set<string>> = {
  POST: new Set([
    '/sign-in/email',
    '/sign-in/email-otp',
    '/email-otp/send-verification-otp',
    '/request-password-reset',
    '/sign-out',
    '/change-password',
    // Second factor (issue 30): an authenticator app with backup codes, and passkeys.
    '/two-factor/enable',
    '/two-factor/verify-totp',
    '/two-factor/verify-backup-code',
    '/two-factor/disable',
    '/two-factor/generate-backup-codes',
    '/passkey/verify-registration',
    '/passkey/verify-authentication',
    '/passkey/delete-passkey',
    '/passkey/update-passkey',
  ]),
  GET: new Set([
    '/get-session',
    '/passkey/generate-register-options',
    '/passkey/generate-authenticate-options',
    '/passkey/list-user-passkeys',
  ]),
};
const PASSWORD_SIGN_IN = '/sign-in/email';
const CHANGE_PASSWORD = '/change-password';
const CODE_SIGN_IN = '/sign-in/email-otp';
/** Attempts counted until they succeed (a success gives them back). */
const FAILURE_COUNTED = new Set([PASSWORD_SIGN_IN, CODE_SIGN_IN]);
/** Calls that always count (each sends an e-mail), answered before their work is done. */
const MAILING: Record<string, object> = {
  '/email-otp/send-verification-otp': { success: true },
  '/request-password-reset': { status: true, message: 'If this email exists in our system, check your email for the reset link' },
};

const CODE_ANSWERS: Record<CodeFailure, { status: 400 | 403; code: string; message: string }> = {
  invalid: { status: 400, code: 'INVALID_OTP', message: 'Invalid OTP' },
  expired: { status: 400, code: 'OTP_EXPIRED', message: 'OTP expired' },
  too_many: { status: 403, code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts' },
};

/** Mail work started after its answer: awaited by a graceful shutdown and by tests. */
const backgroundWork = new Set<Promise<void>>();
export async function authBackgroundWork() {
  while (backgroundWork.size > 0) await Promise.all(backgroundWork);
}

const minutesLeft = (throttled: Throttled) => Math.max(1, Math.ceil(throttled.retryAfterSeconds / 60));

type RouteEnv = { Variables: { clientIp: string } };

export function authRoutes(auth: Auth, attempts: AttemptLimits, limits: AuthLimits) {
  return new Hono<RouteEnv>().all('/*', async (c) => {
    const path = c.req.path.replace(/^\/api\/auth/, '');
    if (!ALLOWED[c.req.method]?.has(path)) throw new AppError('not_found', messages.errors.notFound);

    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.var.clientIp);
    const body = c.req.method === 'POST' ? await jsonOf(c.req.raw) : {};
    if (containsNul(body)) throw new AppError('validation', messages.errors.nulCharacter);
    const requester: Requester = { ipAddress: c.var.clientIp, userAgent: c.req.header('user-agent') ?? null };
    if (path in PASSWORD_CONFIRMED) return withCurrentPassword(c, path, auth, attempts, limits, headers, requester);
    if (path === VERIFY_TOTP || path === VERIFY_BACKUP_CODE) {
      const signedIn = (await auth.lookupSession(headers.get('cookie') ?? '')).state !== 'none';
      // Signed in: the first code confirming a new authenticator app. Else: a sign-in's challenge.
      if (signedIn) return confirmAuthenticator(c, auth, headers, body, requester);
      const verified = await verifyAtSignIn(auth, attempts, limits.perIp, { url: c.req.raw.url, headers, path, body }, requester);
      if (!verified.response.ok || !verified.userId) return answer(verified.response);
      return completeSignIn(auth, verified.response, verified.userId, verified.method, requester, headers);
    }
    if (PASSKEY_PATHS.has(path)) {
      // Checked and answered in our words by passkeys.ts (its refusals are already in our error shape).
      const response = await passkeyRequest(auth, path, new Request(c.req.raw, { headers }), body);
      return response.ok && path in PASSKEY_EVENTS ? passkeyEvent(auth, path, response, requester, headers) : response;
    }
    const counted = FAILURE_COUNTED.has(path) || path in MAILING;
    // The session's lifetime is checked by the before hook in auth.ts, for every endpoint.
    if (!counted) return answer(await auth.handler(new Request(c.req.raw, { headers })));

    // Only JSON here: a form-encoded body would otherwise hide the e-mail from the account count.
    if (!c.req.header('content-type')?.startsWith('application/json')) {
      throw new AppError('unsupported_media_type', 'Send this request as JSON.');
    }
    if (path === '/email-otp/send-verification-otp' && body.type !== 'sign-in') {
      throw new AppError('invalid_otp_type', 'Codes are sent for signing in only.');
    }
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;
    if (path in MAILING && !z.email().safeParse(email).success) throw new AppError('INVALID_EMAIL', 'Invalid email');

    const ipKey = `${path}:ip:${c.var.clientIp}`;
    // Per account: wrong passwords (the code sign-in is the way that still works when they are
    // paused), and e-mails sent; wrong codes are bounded by the codes sent (each allows a few tries).
    const accountKey = email && path !== CODE_SIGN_IN ? `${path}:account:${email}` : undefined;
    const keys = [{ key: ipKey, max: limits.perIp }];
    if (accountKey) keys.push({ key: accountKey, max: path in MAILING ? limits.emailsPerAccount : limits.perAccount });
    const throttled = await attempts.consume(keys);
    if (throttled) throw throttledError(path, throttled, throttled.key === accountKey);

    headers.delete('content-length');
    const request = new Request(c.req.raw.url, { method: 'POST', headers, body: JSON.stringify(body) });
    if (path in MAILING) {
      // The same answer at the same speed for every address: finding the account and writing and
      // mailing its code or link happen after the answer.
      if (path === '/email-otp/send-verification-otp') await attempts.codeIssued(email!);
      const work: Promise<void> = auth
        .handler(request)
        .then(async (res) => {
          if (!res.ok) log.warn('auth e-mail not sent', { path, status: res.status, body: (await res.text()).slice(0, 300) });
        })
        .catch((err) => log.error('auth e-mail failed', { path, error: errorMessage(err) }))
        .finally(() => backgroundWork.delete(work));
      backgroundWork.add(work);
      return c.json(MAILING[path]);
    }

    const response = await auth.handler(request);
    if (response.ok) {
      // A success is not a failed attempt: the account starts afresh, the IP gets its attempt back.
      if (accountKey) await attempts.reset(accountKey);
      await attempts.release(ipKey);
      const signedIn = (await response.clone().json()) as { twoFactorRedirect?: boolean; user?: { id?: string } };
      // The first factor was right but the second is still to come: not a sign-in yet.
      if (signedIn.twoFactorRedirect || !signedIn.user?.id) return response;
      return completeSignIn(auth, response, signedIn.user.id, path === CODE_SIGN_IN ? 'email_code' : 'password', requester, headers);
    }
    if (email && (response.status === 401 || (await isCodeRefusal(response)))) {
      const userId = await auth.userIdByEmail(email);
      if (userId)
        await auth.securityEvent({
          userId,
          kind: 'sign_in_failed',
          ...requester,
          detail: { method: path === CODE_SIGN_IN ? 'email_code' : 'password' },
        });
    }
    if (path === CODE_SIGN_IN && email && (await isCodeRefusal(response))) {
      // better-auth's answer would tell a real account (a stored code) from an unknown address.
      const { status, code, message } = CODE_ANSWERS[await attempts.codeFailed(email, SIGN_IN_CODE)];
      return c.json({ error: { code, message } } satisfies ApiError, status);
    }
    return answer(response);
  });
}

function throttledError(path: string, throttled: Throttled, account: boolean) {
  const minutes = minutesLeft(throttled);
  if (account && path === PASSWORD_SIGN_IN) {
    return new AppError('account_throttled', messages.auth.passwordPaused(minutes), { title: messages.auth.passwordPausedTitle });
  }
  if (account && path in MAILING) return new AppError('too_many_emails', messages.auth.tooManyEmails(minutes));
  return new AppError('too_many_attempts', messages.auth.tooManyAttemptsFor(minutes));
}

/**
 * The calls that take the current password: changing it, and turning the second factor on or off
 * or making new backup codes (each would otherwise be an unlimited oracle for the password). Each
 * has its body's schema and where the password is in it.
 */
/** (Changing the password has the spec's schema, checked with its messages by parseJson.) */
const PASSWORD_CONFIRMED: Record<
  string,
  { schema?: z.ZodType<Record<string, unknown>>; password: (input: Record<string, unknown>) => string }
> = {
  [CHANGE_PASSWORD]: { password: (input) => String(input.currentPassword) },
  '/two-factor/enable': { schema: enableTwoFactorSchema, password: (input) => String(input.password) },
  '/two-factor/disable': { schema: z.object({ password: z.string() }).loose(), password: (input) => String(input.password) },
  '/two-factor/generate-backup-codes': { schema: regenerateBackupCodesSchema, password: (input) => String(input.password) },
};

/**
 * A call confirmed with the current password, cheapest refusal first (issue 25): a request from a
 * live session, within the attempt limits (per account and per IP, wrong current passwords
 * counted), with the right current password; only then its own work (the strength estimate of a
 * new password costs the event loop tens of milliseconds). better-auth then checks the password
 * again (on libuv's thread pool) as it does the change.
 */
async function withCurrentPassword(
  c: Context<RouteEnv>,
  path: string,
  auth: Auth,
  attempts: AttemptLimits,
  limits: AuthLimits,
  headers: Headers,
  requester: Requester,
) {
  const rule = PASSWORD_CONFIRMED[path]!;
  const body = await jsonOf(c.req.raw);
  const input: Record<string, unknown> = rule.schema ? checked(rule.schema, body) : await parseJson(c, changePasswordSchema);
  const session = await auth.api.getSession({ headers });
  if (!session) throw unauthorized();
  const ipKey = `${path}:ip:${c.var.clientIp}`;
  // One count per account for every call that checks the password: trying it on another path does not start afresh.
  const accountKey = `${CHANGE_PASSWORD}:account:${session.user.id}`;
  const throttled = await attempts.consume([
    { key: ipKey, max: limits.perIp },
    { key: accountKey, max: limits.perAccount },
  ]);
  if (throttled) throw throttledError(path, throttled, throttled.key === accountKey);
  if (!(await auth.isCurrentPassword(session.user.id, rule.password(input)))) {
    return c.json(
      {
        error: { code: 'INVALID_PASSWORD', message: 'Invalid password', fields: { password: twoFactorTexts.wrongPassword } },
      } satisfies ApiError,
      400,
    );
  }
  // The limits count guesses of the current password: the owner trying new passwords the estimate
  // refuses is not guessing, and must not be paused for it.
  await attempts.reset(accountKey);
  await attempts.release(ipKey);
  let forwarded: Record<string, unknown> = input;
  if (path === CHANGE_PASSWORD) assertStrongPassword(String(input.newPassword), [session.user.email, session.user.name]);
  if (path === '/two-factor/disable') forwarded = await checkCodeToDisable(auth, headers, body);

  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  const response = await auth.handler(new Request(c.req.raw.url, { method: 'POST', headers, body: JSON.stringify(forwarded) }));
  if (!response.ok) {
    const code = await errorCodeOf(response);
    if (code === 'TOTP_ALREADY_ENABLED') throw new AppError('second_factor_state', twoFactorTexts.alreadyOn);
    if (code === 'TWO_FACTOR_NOT_ENABLED') throw new AppError('second_factor_state', twoFactorTexts.notOn);
    return answer(response);
  }
  // better-auth replaced this browser's session with a new one: its live stream must not sign it out.
  if (path === CHANGE_PASSWORD || path === '/two-factor/disable') await auth.markSessionRenewed(session.session.id);
  const kind = PASSWORD_EVENTS[path];
  if (kind) await auth.securityEvent({ userId: session.user.id, kind, ...requester });
  return response;
}

const PASSWORD_EVENTS: Record<string, 'password_changed' | 'two_factor_disabled' | 'backup_codes_regenerated' | undefined> = {
  [CHANGE_PASSWORD]: 'password_changed',
  '/two-factor/disable': 'two_factor_disabled',
  '/two-factor/generate-backup-codes': 'backup_codes_regenerated',
};

/** The first right code from a newly set-up authenticator app turns two-factor sign-in on. */
async function confirmAuthenticator(
  c: Context<RouteEnv>,
  auth: Auth,
  headers: Headers,
  body: Record<string, unknown>,
  requester: Requester,
) {
  const { code } = checked(z.object({ code: z.string() }).loose(), body) as { code: string };
  const session = await auth.api.getSession({ headers });
  if (!session) throw unauthorized();
  const wasOn = Boolean((session.user as { twoFactorEnabled?: boolean }).twoFactorEnabled);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  const response = await auth.handler(
    new Request(c.req.raw.url, { method: 'POST', headers, body: JSON.stringify({ code: code.replace(/\s+/g, '') }) }),
  );
  if (!response.ok) {
    if ((await errorCodeOf(response)) === 'INVALID_CODE')
      throw new AppError('second_factor_invalid', twoFactorTexts.invalidCode, { fields: { code: twoFactorTexts.invalidCode } });
    return answer(response);
  }
  if (!wasOn) {
    // Turning it on replaced this browser's session with a new one: its live stream must not sign it out.
    await auth.markSessionRenewed(session.session.id);
    await auth.securityEvent({ userId: session.user.id, kind: 'two_factor_enabled', ...requester });
  }
  return response;
}

/** Passkey calls whose success is an event of the security log (a passkey sign-in is a sign-in). */
const PASSKEY_EVENTS: Record<string, 'sign_in' | 'passkey_added' | 'passkey_removed'> = {
  '/passkey/verify-authentication': 'sign_in',
  '/passkey/verify-registration': 'passkey_added',
  '/passkey/delete-passkey': 'passkey_removed',
};

async function passkeyEvent(auth: Auth, path: string, response: Response, requester: Requester, headers: Headers) {
  const kind = PASSKEY_EVENTS[path]!;
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { user?: { id?: string }; userId?: string; name?: string };
  if (kind === 'sign_in') return body.user?.id ? completeSignIn(auth, response, body.user.id, 'passkey', requester, headers) : response;
  const userId = body.userId ?? (await auth.api.getSession({ headers }))?.user.id;
  if (userId) await auth.securityEvent({ userId, kind, ...requester, detail: body.name ? { name: body.name } : {} });
  return response;
}

/** A sign-in with every factor asked for: recorded (a new device is e-mailed) and the device cookie set. */
async function completeSignIn(
  auth: Auth,
  response: Response,
  userId: string,
  method: SignInMethod,
  requester: Requester,
  headers: Headers,
) {
  const deviceCookie = parseCookies(headers.get('cookie') ?? '', DEVICE_COOKIE)[DEVICE_COOKIE];
  const { setCookie } = await auth.signedIn({ userId, method, ...requester, deviceCookie });
  if (!setCookie) return response;
  const answered = new Response(response.body, response);
  answered.headers.append('set-cookie', setCookie);
  return answered;
}

async function isCodeRefusal(response: Response) {
  const { code } = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string };
  return code === 'INVALID_OTP' || code === 'OTP_EXPIRED' || code === 'TOO_MANY_ATTEMPTS';
}

async function jsonOf(request: Request): Promise<Record<string, unknown>> {
  try {
    const body = await request.clone().json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function answer(response: Response): Promise<Response> {
  if (response.ok || !response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const shaped: ApiError = { error: { code: body.code ?? 'auth_error', message: body.message ?? messages.login.otherFailure } };
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(shaped), { status: response.status, headers });
}
