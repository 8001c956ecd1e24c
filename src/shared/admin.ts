// The operator console (issue 28 §3): what its API takes and answers, and its texts. Shared so the
// server checks exactly what the console's forms send, and the console reads the answers typed.
import * as z from 'zod/mini';
import { emailSchema } from './schemas.ts';

export const ADMIN_PAGE_SIZE = 50;
/** The longest search text; longer is refused (400), not cut. */
export const ADMIN_QUERY_MAX_LENGTH = 200;
/** A pasted or uploaded CSV of addresses: at most this many characters (under the API's 64 kB body limit) and lines. */
export const INVITE_CSV_MAX_CHARS = 60_000;
export const INVITE_CSV_MAX_LINES = 1000;

export const INVITE_STATUSES = ['sent', 'used', 'expired', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const adminMessages = {
  title: 'Operator console',
  inviteCreated: (email: string) => `Invitation sent to ${email}.`,
  inviteResent: (email: string) => `Invitation sent again to ${email}; the earlier link no longer works.`,
  inviteRevoked: (email: string) => `Invitation for ${email} revoked.`,
  alreadyUser: 'Already has an account',
  alreadyInvited: 'Already invited (the invitation is still open)',
  invalidAddress: 'Not a valid e-mail address',
  duplicateLine: 'Listed twice in this file',
  inviteClosed: 'This invitation was used or revoked; send a new one instead.',
  csvEmpty: 'The file has no addresses.',
  csvTooLong: `The file is too long: at most ${INVITE_CSV_MAX_LINES} lines.`,
  csvTooLarge: `The file is too large: at most ${INVITE_CSV_MAX_CHARS.toLocaleString('en-US')} characters.`,
  queryTooLong: `Search text is at most ${ADMIN_QUERY_MAX_LENGTH} characters.`,
  badPage: 'The page must be a whole number from 1.',
  selfAction: 'You cannot suspend or delete your own account.',
  alreadySuspended: 'This user is already suspended.',
  notSuspended: 'This user is not suspended.',
  confirmMismatch: "Type the user's e-mail address exactly to confirm the deletion.",
  suspended: (email: string) => `${email} is suspended: signed out everywhere, and their alerts are paused.`,
  resumed: (email: string) => `${email} can sign in again; their alerts run again.`,
  deleted: (email: string) => `${email} and everything of theirs was deleted.`,
} as const;

const pageSchema = z.optional(
  z.pipe(
    z.string().check(z.regex(/^[1-9]\d{0,5}$/, adminMessages.badPage)),
    z.transform((value) => Number(value)),
  ),
);
const searchSchema = z.optional(z.string().check(z.trim(), z.maxLength(ADMIN_QUERY_MAX_LENGTH, adminMessages.queryTooLong)));

/** GET /api/admin/invites?q=&status=&page= */
export const inviteListQuerySchema = z.object({
  q: searchSchema,
  status: z.optional(z.enum(INVITE_STATUSES, `Status is one of ${INVITE_STATUSES.join(', ')}.`)),
  page: pageSchema,
});
/** GET /api/admin/users?q=&page= and GET /api/admin/audit?page= */
export const userListQuerySchema = z.object({ q: searchSchema, page: pageSchema });
export const auditListQuerySchema = z.object({ page: pageSchema });

/** POST /api/admin/invites */
export const inviteCreateSchema = z.object({ email: emailSchema });
/** POST /api/admin/invites/csv: the file's text (the browser reads the file), one address a line or comma-separated. */
export const inviteCsvSchema = z.object({
  csv: z.string().check(z.maxLength(INVITE_CSV_MAX_CHARS, adminMessages.csvTooLarge)),
});
/** DELETE /api/admin/users/:id: the operator types the user's address again. */
export const deleteUserSchema = z.object({ confirmEmail: z.string().check(z.trim(), z.maxLength(320)) });

export type AdminPage<T> = { items: T[]; total: number; page: number; pageSize: number };

export type AdminInvite = {
  id: string;
  email: string;
  status: InviteStatus;
  createdAt: string;
  expiresAt: string;
  /** When the invitation mail last went out; null for invites made before it was kept. */
  sentAt: string | null;
  usedAt: string | null;
  revokedAt: string | null;
  /** The operator who made it in the console; null from the CLI. */
  createdBy: string | null;
};

export type CsvLineResult = { line: number; email: string; outcome: 'created' | 'skipped'; reason?: string };
export type CsvInviteReport = { created: number; skipped: number; lines: CsvLineResult[] };

export type AdminUser = {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'operator';
  createdAt: string;
  suspendedAt: string | null;
  /** When their newest session began (a sign-in); null when they have none. */
  lastSignInAt: string | null;
  /** News alerts, newsletters and earnings trackings configured (active or not). */
  alerts: number;
  /** AI runs and tokens (input + output) since the first of this month (UTC). */
  aiRuns: number;
  aiTokens: number;
};

export type AuditRow = {
  id: string;
  /** The operator's e-mail at the time, or 'cli'. */
  operator: string;
  action: string;
  subject: string;
  detail: Record<string, unknown> | null;
  createdAt: string;
};
