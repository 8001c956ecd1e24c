// Mounts better-auth under /api/auth with what it lacks: per-account (and per-IP) limits on
// sign-in and code attempts, no public sign-up (registration needs an invite token), and our
// error shape on its failures.
import { Hono } from 'hono';
import { messages } from '../../shared/messages.ts';
import type { ApiError } from '../../shared/schemas.ts';
import { AppError } from '../http/errors.ts';
import type { AttemptLimits } from './attempt-limits.ts';
import type { Auth } from './auth.ts';
import { CLIENT_IP_HEADER } from './auth.ts';

type Limits = { perAccount: number; perIp: number };

/** Paths whose count a success clears, and paths whose every call counts (each sends an e-mail). */
const FAILURE_COUNTED = new Set(['/sign-in/email', '/sign-in/email-otp']);
const CALL_COUNTED = new Set(['/email-otp/send-verification-otp', '/request-password-reset']);
const BLOCKED = new Set(['/sign-up/email', '/delete-user', '/change-email', '/update-user']);

export function authRoutes(auth: Auth, attempts: AttemptLimits, limits: Limits) {
  return new Hono<{ Variables: { clientIp: string } }>().all('/*', async (c) => {
    const path = c.req.path.replace(/^\/api\/auth/, '');
    if (BLOCKED.has(path)) throw new AppError(404, 'not_found', messages.errors.notFound);

    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.var.clientIp);
    const counted = c.req.method === 'POST' && (FAILURE_COUNTED.has(path) || CALL_COUNTED.has(path));
    let accountKey: string | undefined;

    if (counted) {
      // Only JSON here: a form-encoded body would otherwise hide the e-mail from the account count.
      if (!c.req.header('content-type')?.startsWith('application/json')) {
        throw new AppError(415, 'unsupported_media_type', 'Send this request as JSON.');
      }
      const email = await emailOf(c.req.raw);
      const ipKey = `${path}:ip:${c.var.clientIp}`;
      accountKey = email ? `${path}:account:${email}` : undefined;
      const keys = [{ key: ipKey, max: limits.perIp }];
      if (accountKey) keys.push({ key: accountKey, max: CALL_COUNTED.has(path) ? 5 : limits.perAccount });
      if (await attempts.consume(keys)) throw new AppError(429, 'too_many_attempts', messages.auth.tooManyAttempts);
    }

    const response = await auth.handler(new Request(c.req.raw, { headers }));
    if (accountKey && FAILURE_COUNTED.has(path) && response.ok) await attempts.reset(accountKey);
    return response.ok ? response : withOurErrorShape(response);
  });
}

async function emailOf(request: Request): Promise<string | undefined> {
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    return typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

async function withOurErrorShape(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const shaped: ApiError = { error: { code: body.code ?? 'auth_error', message: body.message ?? messages.login.otherFailure } };
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(shaped), { status: response.status, headers });
}
