// The second factor's steps through /api/auth (issue 30 §1), around better-auth's two-factor plugin:
// the sign-in challenge (a code from the authenticator app, or a backup code) counted per client
// address and answered in our words, and turning the factor off with the password AND a code.
// The plugin itself keeps the codes, the per-challenge tries (5), the account lock (10 wrong codes
// in a row, 15 minutes) and the single use of a backup code (compare-and-swap on its row).
import type { z } from 'zod';
import type { SignInMethod } from '../../shared/security-log.ts';
import { disableTwoFactorSchema, twoFactorTexts, verifyBackupCodeSchema, verifyTotpSchema } from '../../shared/two-factor.ts';
import { AppError } from '../lib/app-error.ts';
import type { AttemptLimits } from './attempt-limits.ts';
import type { Auth } from './auth.ts';

export const VERIFY_TOTP = '/two-factor/verify-totp';
export const VERIFY_BACKUP_CODE = '/two-factor/verify-backup-code';

/** Who is asking, for the security log. */
export type Requester = { ipAddress: string; userAgent: string | null };

/** The plugin's error code in a failed answer ('' when none). */
export async function errorCodeOf(response: Response): Promise<string> {
  if (response.ok) return '';
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string };
  return body.code ?? '';
}

/** A body checked by `schema`, or 400 with the first problem's message. */
export function checked<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message]));
  throw new AppError('validation', parsed.error.issues[0]?.message ?? 'The request is not valid.', { fields });
}

/**
 * A second-factor code at sign-in: the request carries the plugin's challenge cookie (set after
 * the password or the e-mailed code was right). Each wrong code counts against the client's
 * address (as wrong passwords do) and, in the plugin, against the account. Returns the plugin's
 * answer (a session on success) with our messages on its refusals, and the sign-in method.
 */
export async function verifyAtSignIn(
  auth: Auth,
  attempts: AttemptLimits,
  perIp: number,
  request: { url: string; headers: Headers; path: string; body: Record<string, unknown> },
  requester: Requester,
): Promise<{ response: Response; userId: string | null; method: SignInMethod }> {
  const backup = request.path === VERIFY_BACKUP_CODE;
  const input = checked(backup ? verifyBackupCodeSchema : verifyTotpSchema, request.body);
  const userId = await auth.challengeUser(request.headers.get('cookie'));
  if (!userId) throw new AppError('second_factor_challenge_ended', twoFactorTexts.challengeEnded);

  const ipKey = `${request.path}:ip:${requester.ipAddress}`;
  const throttled = await attempts.consume([{ key: ipKey, max: perIp }]);
  if (throttled) {
    throw new AppError(
      'too_many_attempts',
      `Too many attempts. Please try again in ${Math.max(1, Math.ceil(throttled.retryAfterSeconds / 60))} minutes.`,
    );
  }
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  const response = await auth.handler(new Request(request.url, { method: 'POST', headers, body: JSON.stringify(input) }));
  const method: SignInMethod = backup ? 'backup_code' : 'authenticator_app';
  if (response.ok) {
    await attempts.release(ipKey);
    return { response, userId, method };
  }
  const code = await errorCodeOf(response);
  const log = { userId, ipAddress: requester.ipAddress, userAgent: requester.userAgent };
  if (code === 'ACCOUNT_TEMPORARILY_LOCKED') {
    await attempts.release(ipKey);
    throw new AppError('second_factor_locked', twoFactorTexts.locked(Math.max(1, await auth.secondFactorLockMinutes(userId))));
  }
  if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE' || response.status === 409) {
    // 409: a race lost to the same backup code used at the same moment (the plugin's compare-and-swap).
    await auth.securityEvent({ ...log, kind: 'second_factor_failed', detail: { method } });
    const lockedNow = await auth.secondFactorLockMinutes(userId);
    if (lockedNow > 0) {
      // This wrong code locked it: the owner hears that someone has their first factor.
      await auth.securityEvent({ ...log, kind: 'second_factor_locked' });
      throw new AppError('second_factor_locked', twoFactorTexts.locked(lockedNow));
    }
    throw new AppError('second_factor_invalid', backup ? twoFactorTexts.invalidBackupCode : twoFactorTexts.invalidCode);
  }
  if (code === 'INVALID_TWO_FACTOR_COOKIE' || code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
    throw new AppError('second_factor_challenge_ended', twoFactorTexts.challengeEnded);
  }
  return { response, userId, method };
}

/**
 * Turning the factor off, once the password was found right: a code from the app (checked
 * against the signed-in session, no sign-in made) or a backup code (used up). A wrong one is 401.
 */
export async function checkCodeToDisable(auth: Auth, headers: Headers, body: unknown): Promise<{ password: string }> {
  const { password, code } = checked(disableTwoFactorSchema, body);
  try {
    if (/^\d{6}$/.test(code)) await auth.api.verifyTOTP({ body: { code }, headers });
    else {
      const dashed = code.includes('-') ? code : `${code.slice(0, 5)}-${code.slice(5)}`;
      await auth.api.verifyBackupCode({ body: { code: dashed, disableSession: true }, headers });
    }
  } catch {
    throw new AppError('second_factor_invalid', twoFactorTexts.invalidCode, { fields: { code: twoFactorTexts.invalidCode } });
  }
  return { password };
}
