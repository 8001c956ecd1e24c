// Mounts better-auth under /api/auth with what it lacks: only the endpoints the product uses are
// reachable (no public sign-up: registration needs an invite token; no code-based password reset),
// per-account and per-IP limits on sign-in and code attempts, and our error shape on its failures.
import { Hono } from 'hono';
import { messages } from '../../shared/messages.ts';
import type { ApiError } from '../../shared/schemas.ts';
import { AppError, containsNul } from '../http/errors.ts';
import type { AttemptLimits } from './attempt-limits.ts';
import type { Auth } from './auth.ts';
import { CLIENT_IP_HEADER } from './auth.ts';

type Limits = { perAccount: number; perIp: number };

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
  ]),
  GET: new Set(['/get-session']),
};
/** Attempts counted until they succeed (a success clears them), and calls that always count (each sends an e-mail). */
const FAILURE_COUNTED = new Set(['/sign-in/email', '/sign-in/email-otp']);
const CALL_COUNTED = new Set(['/email-otp/send-verification-otp', '/request-password-reset']);

export function authRoutes(auth: Auth, attempts: AttemptLimits, limits: Limits) {
  return new Hono<{ Variables: { clientIp: string } }>().all('/*', async (c) => {
    const path = c.req.path.replace(/^\/api\/auth/, '');
    if (!ALLOWED[c.req.method]?.has(path)) throw new AppError(404, 'not_found', messages.errors.notFound);

    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.var.clientIp);
    const counted = FAILURE_COUNTED.has(path) || CALL_COUNTED.has(path);
    let accountKey: string | undefined;
    let ipKey: string | undefined;

    if (c.req.method === 'POST' && containsNul(await jsonOf(c.req.raw))) {
      throw new AppError(400, 'validation', messages.errors.nulCharacter);
    }

    if (counted) {
      // Only JSON here: a form-encoded body would otherwise hide the e-mail from the account count.
      if (!c.req.header('content-type')?.startsWith('application/json')) {
        throw new AppError(415, 'unsupported_media_type', 'Send this request as JSON.');
      }
      const body = await jsonOf(c.req.raw);
      if (path === '/email-otp/send-verification-otp' && body.type !== 'sign-in') {
        throw new AppError(400, 'invalid_otp_type', 'Codes are sent for signing in only.');
      }
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;
      ipKey = `${path}:ip:${c.var.clientIp}`;
      accountKey = email ? `${path}:account:${email}` : undefined;
      const keys = [{ key: ipKey, max: limits.perIp }];
      if (accountKey) keys.push({ key: accountKey, max: CALL_COUNTED.has(path) ? 5 : limits.perAccount });
      if (await attempts.consume(keys)) throw new AppError(429, 'too_many_attempts', messages.auth.tooManyAttempts);
    }

    const response = await auth.handler(new Request(c.req.raw, { headers }));
    if (FAILURE_COUNTED.has(path) && response.ok) {
      // A success is not a failed attempt: the account starts afresh, the IP gets its attempt back.
      if (accountKey) await attempts.reset(accountKey);
      if (ipKey) await attempts.release(ipKey);
    }
    return response.ok ? response : withOurErrorShape(response);
  });
}

async function jsonOf(request: Request): Promise<Record<string, unknown>> {
  try {
    const body = await request.clone().json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
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
