// "Your data" on the profile (issue 30 §5, §6): deleting one's account and exporting one's data. The
// request bodies, the answers and every text the user reads, shared by the server and the profile.
import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH } from './constants.ts';

/** What the user types to confirm the deletion: one word, shown in the dialog as it must be typed. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';
/** The e-mailed confirmation code: its digits, its lifetime and the wrong tries it allows. */
export const DELETION_CODE = { digits: 6, lifetimeMinutes: 10, allowedAttempts: 5 } as const;
/** A ready export can be downloaded this long. */
export const EXPORT_LINK_DAYS = 7;
/** One export a day per user. */
export const EXPORT_INTERVAL_HOURS = 24;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export const accountDataMessages = {
  secretRequired: 'Enter your password, or ask for a code by e-mail and enter it.',
  codeFormat: `The code has ${DELETION_CODE.digits} digits.`,
  confirmationMismatch: `Type ${DELETE_CONFIRMATION_WORD} in capital letters to confirm.`,
  wrongPassword: 'The password is not correct.',
  wrongCode: 'The code is not correct. Check the latest e-mail, or ask for a new code.',
  codeExpired: 'The code has expired. Ask for a new one.',
  codeTooManyTries: 'Too many wrong codes. Ask for a new one.',
  tooManyAttempts: (minutes: number) => `Too many attempts. Please try again in ${plural(minutes, 'minute')}.`,
  tooManyCodes: (minutes: number) => `Too many codes asked for. Please try again in ${plural(minutes, 'minute')}.`,
  codeSent: (email: string) =>
    `We sent a ${DELETION_CODE.digits}-digit code to ${email}. It works for ${DELETION_CODE.lifetimeMinutes} minutes.`,
  deleted: 'Your account was deleted',
  deletedDescription: 'Everything of yours is gone. A confirmation e-mail is on its way.',
  exportTooSoon: (next: Date) =>
    `You can export your data once a day. The next export is possible on ${next.toUTCString().replace(/:\d\d GMT$/, ' UTC')}.`,
  exportRequested: 'Your export is being prepared. We will e-mail you a link when it is ready.',
  exportNotFound: 'This export link is not valid: it has expired, or it belongs to another account.',
} as const;

export const deleteAccountSchema = z
  .object({
    password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH))),
    code: z.optional(z.string().check(z.trim(), z.regex(new RegExp(`^(\\d{${DELETION_CODE.digits}})?$`), accountDataMessages.codeFormat))),
    confirmation: z
      .string()
      .check(z.refine((value) => value.trim() === DELETE_CONFIRMATION_WORD, accountDataMessages.confirmationMismatch)),
  })
  .check(
    z.refine((body) => Boolean(body.password) || Boolean(body.code), {
      message: accountDataMessages.secretRequired,
      path: ['password'],
    }),
  );
export type DeleteAccountBody = z.infer<typeof deleteAccountSchema>;

export type DataExportStatus = 'pending' | 'ready' | 'failed';

/** The latest export as the profile shows it. */
export type DataExportState = {
  id: string;
  /** 'expired': ready once, its link no longer works (the daily housekeeping deletes it). */
  status: DataExportStatus | 'expired';
  /** ISO. */
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  sizeBytes: number | null;
  /** The download address (session and token both needed), while it is ready and unexpired. */
  downloadUrl: string | null;
};

export type DataExportAnswer = {
  latest: DataExportState | null;
  /** ISO: when the next export may be asked for; null when it may now. */
  nextExportAt: string | null;
};

/** The archive's file name for a download on `date` (YYYY-MM-DD). */
export const exportFileName = (date: string) => `enterprise-os-export-${date}.zip`;
