// Two-factor sign-in with an authenticator app (issue 30 §1): what the sign-in step, the profile's
// section and the server say, and the forms' rules (the server checks the same schemas).
import { z } from 'zod';

export const TOTP_DIGITS = 6;
/** better-auth's backup codes: ten of 5 + 5 letters and digits, joined by a dash. */
export const BACKUP_CODE_COUNT = 10;
const BACKUP_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

export const twoFactorTexts = {
  stepTitle: 'Two-factor sign-in',
  stepSubtitle: 'Enter the 6-digit code from your authenticator app.',
  backupSubtitle: 'Enter one of your backup codes. Each works once.',
  trustDevice: 'Trust this device for 30 days',
  useBackupCode: 'Use a backup code instead',
  useApp: 'Use your authenticator app instead',
  invalidCode: 'That code is not right. Check the time on your phone and try the current code.',
  invalidBackupCode: 'That backup code is not right, or it was already used.',
  challengeEnded: 'This sign-in has ended (it timed out, or too many wrong codes were tried). Please sign in again.',
  locked: (minutes: number) =>
    `Too many wrong codes were tried for this account, so sign-in with a code is paused for ${minutes === 1 ? '1 minute' : `${minutes} minutes`}. You can still sign in with a passkey. If it was not you, someone knows your password: change it.`,
  codeRequired: 'Enter the 6-digit code',
  backupCodeRequired: 'Enter a backup code (10 letters and digits)',
  disableCodeRequired: 'Enter a code from your authenticator app or one of your backup codes',
  passwordRequired: 'Password required',
  wrongPassword: "Password didn't match the user record.",
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  setupRequiredTitle: 'Set up a second factor',
  setupRequired:
    'Your organisation requires a second factor. Set up an authenticator app or add a passkey to continue; until then the rest of Enterprise OS is closed.',
} as const;

/** A 6-digit authenticator code (spaces ignored, as apps show "123 456"). */
export const totpCode = z
  .string({ error: twoFactorTexts.codeRequired })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, twoFactorTexts.codeRequired));

export const backupCode = z
  .string({ error: twoFactorTexts.backupCodeRequired })
  .transform((v) => v.trim())
  .pipe(z.string().regex(BACKUP_CODE, twoFactorTexts.backupCodeRequired))
  // Stored with the dash: accept it typed without.
  .transform((v) => (v.includes('-') ? v : `${v.slice(0, 5)}-${v.slice(5)}`));

const password = z.string({ error: twoFactorTexts.passwordRequired }).min(1, twoFactorTexts.passwordRequired).max(128);

export const enableTwoFactorSchema = z.object({ password });
export const regenerateBackupCodesSchema = z.object({ password });
/** Turning it off takes the password and a second factor: a stolen session alone cannot. */
export const disableTwoFactorSchema = z.object({
  password,
  code: z
    .string({ error: twoFactorTexts.disableCodeRequired })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, twoFactorTexts.disableCodeRequired)),
});
export const verifyTotpSchema = z.object({ code: totpCode, trustDevice: z.boolean().optional() });
export const verifyBackupCodeSchema = z.object({ code: backupCode, trustDevice: z.boolean().optional() });

/** GET /api/profile/two-factor */
export type TwoFactorStatus = {
  enabled: boolean;
  /** Unused backup codes left (0 when off). */
  backupCodesLeft: number;
  /** The operator requires a second factor of every user (REQUIRE_TWO_FACTOR). */
  required: boolean;
};

/** POST /api/auth/two-factor/enable's answer: the app's setup link (otpauth://) and the backup codes, shown once. */
export type TwoFactorEnrolment = { totpURI: string; backupCodes: string[] };

/** The secret of an otpauth:// link, for typing it into an app by hand (grouped by 4 for reading). */
export function manualKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}
