// One error shape for the whole API: { error: { code, message, title?, fields? } }.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import type { ApiError } from '../../shared/schemas.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { errorMessage, log } from '../lib/log.ts';

export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly title?: string;
  readonly fields?: Record<string, string>;
  constructor(status: ContentfulStatusCode, code: string, message: string, title?: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.title = title;
    this.fields = fields;
  }
}

export const unauthorized = () => new AppError(401, 'unauthorized', messages.auth.required, messages.auth.requiredTitle);

/** Accepts errors from full zod and from `zod/mini` (the shared schemas) alike. */
export function validationError(err: z.core.$ZodError) {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return new AppError(400, 'validation', err.issues[0]?.message ?? messages.errors.badRequest, undefined, fields);
}

/** The request body, checked with `schema`; a refusal (400) carries `title` for the screen's toast when given. */
export async function parseJson<S extends z.core.$ZodType>(c: Context, schema: S, title?: string): Promise<z.output<S>> {
  try {
    return await parseBody(c, schema);
  } catch (err) {
    if (title && err instanceof AppError && err.status === 400) throw new AppError(400, err.code, err.message, title, err.fields);
    throw err;
  }
}

async function parseBody<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError(400, 'invalid_json', 'The request body must be JSON.');
  }
  // PostgreSQL cannot store NUL in text or jsonb: refuse it here rather than fail on insert.
  if (containsNul(body)) throw new AppError(400, 'validation', messages.errors.nulCharacter);
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Deeper than any body of ours; a deeper one is refused rather than walked. */
export const MAX_JSON_DEPTH = 32;

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
    if (depth >= MAX_JSON_DEPTH) throw new AppError(400, 'validation', messages.errors.tooDeep);
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
    return c.json(body, err.status);
  }
  if (err instanceof z.core.$ZodError) return errorResponse(validationError(err), c);
  if (isDatabaseUnavailable(err)) {
    log.warn('database unavailable', { path: c.req.path, error: errorMessage(err) });
    const body: ApiError = { error: { code: 'database_unavailable', message: messages.errors.databaseUnavailable } };
    return c.json(body, 503);
  }
  log.error('unhandled error', { path: c.req.path, error: errorMessage(err), stack: err.stack?.split('\n').slice(0, 4).join(' | ') });
  const body: ApiError = { error: { code: 'internal', message: messages.errors.internal } };
  return c.json(body, 500);
}
