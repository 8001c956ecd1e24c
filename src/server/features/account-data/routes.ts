// /api/account: the profile's "Your data" (issue 30 §5, §6). Deleting the account asks for the
// password or an e-mailed code (wrong ones counted by the sign-in attempt limits, as changing the
// password does) and the typed confirmation; the export is asked for, shown and downloaded here,
// the download needing both the owner's session and the e-mailed link's token.
import { type Context, Hono } from 'hono';
import { accountDataMessages, deleteAccountSchema, exportFileName } from '../../../shared/account-data.ts';
import type { ApiError } from '../../../shared/schemas.ts';
import type { AttemptLimits, Throttled } from '../../auth/attempt-limits.ts';
import type { Auth } from '../../auth/auth.ts';
import { recordSecurityEvent } from '../../auth/security-events.ts';
import type { Database } from '../../db/client.ts';
import { parseJson } from '../../http/errors.ts';
import { requestHeader } from '../../http/middleware.ts';
import { findSessionUser, requireSession, type SessionEnv } from '../../http/session.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type CodeCheck,
  checkDeletionCode,
  deleteAccount,
  ExportTooSoon,
  exportState,
  findDownload,
  requestExport,
  sendDeletionCode,
} from './service.ts';

export type AccountDataDeps = {
  attempts: AttemptLimits;
  /** AUTH_MAX_FAILURES_PER_ACCOUNT / _PER_IP and AUTH_MAX_EMAILS_PER_ACCOUNT. */
  limits: { perAccount: number; perIp: number; emailsPerAccount: number };
  appUrl: string;
  /** Derives the export links' tokens. */
  secret: string;
};

type Env = SessionEnv & { Variables: { clientIp?: string } };

const minutesLeft = (throttled: Throttled) => Math.max(1, Math.ceil(throttled.retryAfterSeconds / 60));

const refusal = (code: string, message: string, fields?: Record<string, string>): ApiError => ({ error: { code, message, fields } });

const CODE_REFUSALS: Record<Exclude<CodeCheck, 'ok'>, ApiError> = {
  invalid: refusal('INVALID_OTP', accountDataMessages.wrongCode, { code: accountDataMessages.wrongCode }),
  expired: refusal('OTP_EXPIRED', accountDataMessages.codeExpired, { code: accountDataMessages.codeExpired }),
  too_many: refusal('TOO_MANY_ATTEMPTS', accountDataMessages.codeTooManyTries, { code: accountDataMessages.codeTooManyTries }),
};

function requestFacts(c: Context<Env>) {
  return { ipAddress: c.var.clientIp ?? null, userAgent: requestHeader(c, 'user-agent')?.slice(0, 500) ?? null };
}

export function accountDataRoutes(db: Database, auth: Auth, deps: AccountDataDeps) {
  const { attempts, limits } = deps;
  return new Hono<Env>()
    .use(async (c, next) => {
      // The e-mailed link opened in a browser signed out: to the sign-in page, which leads back to
      // the profile and its download link. Calls from the app (JSON) get their 401 as usual.
      if (c.req.method === 'GET' && DOWNLOAD_PATH.test(c.req.path) && requestHeader(c, 'accept')?.includes('text/html')) {
        if (!(await findSessionUser(auth, c))) return c.redirect(SIGN_IN_FOR_DOWNLOAD, 302);
      }
      await next();
    })
    .use(requireSession(auth))
    .post('/deletion-code', async (c) => {
      const { user } = c.var;
      const throttled = await attempts.consume([{ key: `/account/deletion-code:account:${user.id}`, max: limits.emailsPerAccount }]);
      if (throttled) throw new AppError('too_many_emails', accountDataMessages.tooManyCodes(minutesLeft(throttled)));
      await sendDeletionCode(db, user);
      return c.json({ message: accountDataMessages.codeSent(user.email) });
    })
    .post('/delete', async (c) => {
      const { user } = c.var;
      const input = await parseJson(c, deleteAccountSchema);
      const ipKey = `/account/delete:ip:${c.var.clientIp ?? 'unknown'}`;
      // The account's count shared by every call that checks the password (auth/routes.ts): a guess
      // here is a guess there, and trying another path does not start afresh.
      const accountKey = `/change-password:account:${user.id}`;
      const throttled = await attempts.consume([
        { key: ipKey, max: limits.perIp },
        { key: accountKey, max: limits.perAccount },
      ]);
      if (throttled) throw new AppError('too_many_attempts', accountDataMessages.tooManyAttempts(minutesLeft(throttled)));
      if (input.password) {
        if (!(await auth.isCurrentPassword(user.id, input.password))) {
          return c.json(
            refusal('INVALID_PASSWORD', accountDataMessages.wrongPassword, { password: accountDataMessages.wrongPassword }),
            400,
          );
        }
      } else {
        const check = await checkDeletionCode(db, user.id, input.code!);
        if (check !== 'ok') return c.json(CODE_REFUSALS[check], 400);
      }
      await attempts.release(ipKey);
      await deleteAccount(db, user.id);
      return c.json({ deleted: true });
    })
    .get('/exports/latest', async (c) => c.json(await exportState(db, c.var.user.id, deps)))
    .post('/exports', async (c) => {
      const { user } = c.var;
      try {
        await requestExport(db, user.id);
      } catch (err) {
        if (err instanceof ExportTooSoon)
          return c.json(refusal('export_too_soon', err.message), 429, { 'Retry-After': retryAfter(err.next) });
        throw err;
      }
      await recordSecurityEvent(db, { userId: user.id, kind: 'export_requested', ...requestFacts(c) });
      return c.json({ message: accountDataMessages.exportRequested, ...(await exportState(db, user.id, deps)) }, 202);
    })
    .get('/exports/:token', async (c) => {
      const { user } = c.var;
      const found = await findDownload(db, user.id, c.req.param('token'));
      if (!found) throw new AppError('not_found', accountDataMessages.exportNotFound);
      await recordSecurityEvent(db, { userId: user.id, kind: 'export_downloaded', ...requestFacts(c), detail: { exportId: found.id } });
      return c.body(new Uint8Array(found.archive), 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${exportFileName(found.readyAt.toISOString().slice(0, 10))}"`,
        'Cache-Control': 'private, no-store',
      });
    });
}

const DOWNLOAD_PATH = /\/exports\/(?!latest$)[^/]+$/;
const SIGN_IN_FOR_DOWNLOAD = `/login?redirect_to=${encodeURIComponent('/profile')}`;

const retryAfter = (next: Date) => String(Math.max(1, Math.ceil((next.getTime() - Date.now()) / 1000)));
