// One error shape for the whole API: { error: { code, message, title?, fields? } }.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { AppErrorCode } from '../../shared/errors.ts';
import { messages } from '../../shared/messages.ts';
import type { ApiError } from '../../shared/schemas.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AppError } from '../lib/app-error.ts';
import { errorMessage, log } from '../lib/log.ts';

/** The HTTP status of each of our error codes: decided here, once, and nowhere else. */
const STATUS: Record<AppErrorCode, ContentfulStatusCode> = {
  validation: 400,
  invalid_json: 400,
  invalid_otp_type: 400,
  INVALID_EMAIL: 400,
  invalid_unsubscribe_link: 400,
  invite_invalid: 400,
  token_invalid: 400,
  user_not_created: 400,
  weak_password: 400,
  cancelled: 400,
  confirmation_mismatch: 400,
  unauthorized: 401,
  second_factor_invalid: 401,
  second_factor_challenge_ended: 401,
  foreign_origin: 403,
  second_factor_setup_required: 403,
  not_found: 404,
  cannot_delete: 409,
  limit_reached: 409,
  no_credits: 409,
  cannot_retry: 409,
  newsletter_exists: 409,
  name_taken: 409,
  profile_completed: 409,
  user_exists: 409,
  invite_pending: 409,
  invite_closed: 409,
  self_action: 409,
  user_state: 409,
  second_factor_state: 409,
  body_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  account_throttled: 429,
  too_many_attempts: 429,
  too_many_emails: 429,
  too_many_streams: 429,
  second_factor_locked: 429,
  ai_user_limit: 429,
  air_daily_limit: 429,
  ai_rate_limited: 429,
  internal: 500,
  ai_unavailable: 502,
  ai_invalid_output: 502,
  source_unavailable: 502,
  ai_not_configured: 503,
  database_unavailable: 503,
  shutting_down: 503,
  ai_timeout: 504,
};

export const statusOf = (code: AppErrorCode) => STATUS[code];

/** Accepts errors from full zod and from `zod/mini` (the shared schemas) alike. */
function validationError(err: z.core.$ZodError) {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return new AppError('validation', err.issues[0]?.message ?? messages.errors.badRequest, { fields });
}

/** The request body, checked with `schema`; a refusal (400) carries `title` for the screen's toast when given. */
export async function parseJson<S extends z.core.$ZodType>(c: Context, schema: S, title?: string): Promise<z.output<S>> {
  try {
    return await parseBody(c, schema);
  } catch (err) {
    if (title && err instanceof AppError && statusOf(err.code) === 400) throw err.titled(title);
    throw err;
  }
}

async function parseBody<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('invalid_json', 'The request body must be JSON.');
  }
  // PostgreSQL cannot store NUL in text or jsonb: refuse it here rather than fail on insert.
  if (containsNul(body)) throw new AppError('validation', messages.errors.nulCharacter);
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Deeper than any body of ours; a deeper one is refused rather than walked. */
const MAX_JSON_DEPTH = 32;

/**
 * True when any string (or key) in a parsed JSON value holds NUL, which PostgreSQL cannot store.
 * Walked with an explicit stack: 20,000 nested brackets fit in a 64 KB body and would overflow a
 * recursive walk (a 500); past MAX_JSON_DEPTH the body is refused as too deep.
 */
export function containsNul(root: unknown): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) throw new AppError('validation', messages.errors.tooDeep);
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return true;
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

export function errorResponse(err: Error, c: Context) {
  if (err instanceof AppError) {
    const body: ApiError = { error: { code: err.code, message: err.message, title: err.title, fields: err.fields } };
    return c.json(body, statusOf(err.code));
  }
  if (err instanceof z.core.$ZodError) return errorResponse(validationError(err), c);
  if (isDatabaseUnavailable(err)) {
    log.warn('database unavailable', { path: c.req.path, error: errorMessage(err) });
    return errorResponse(new AppError('database_unavailable', messages.errors.databaseUnavailable), c);
  }
  log.error('unhandled error', { path: c.req.path, error: errorMessage(err), stack: err.stack?.split('\n').slice(0, 4).join(' | ') });
  return errorResponse(new AppError('internal', messages.errors.internal), c);
}
