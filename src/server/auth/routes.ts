// Mounts better-auth under /api/auth with what it lacks: per-account (and per-IP) limits on failed
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

/** Paths whose failures count, and paths whose every call counts (each sends an e-mail). */
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
    const email = counted ? await emailOf(c.req.raw) : undefined;
    const accountKey = email ? `${path}:account:${email}` : undefined;
    const ipKey = `${path}:ip:${c.var.clientIp}`;

    if (counted) {
      const keys = [{ key: ipKey, max: limits.perIp }];
      if (accountKey) keys.push({ key: accountKey, max: CALL_COUNTED.has(path) ? 5 : limits.perAccount });
      if (await attempts.blocked(keys)) {
        throw new AppError(429, 'too_many_attempts', messages.auth.tooManyAttempts);
      }
    }

    const response = await auth.handler(new Request(c.req.raw, { headers }));

    if (counted) {
      const failed = response.status >= 400 && response.status < 500;
      if (CALL_COUNTED.has(path) || failed) await attempts.recordFailure(accountKey ? [ipKey, accountKey] : [ipKey]);
      else if (accountKey) await attempts.reset(accountKey);
    }
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
