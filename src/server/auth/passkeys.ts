// The passkey paths of /api/auth (issue 30 §2), between routes.ts and @better-auth/passkey: our
// input rules before the plugin runs (zod: a name's length, an id's shape), and its answers in our
// words after — one answer for every passkey that does not sign in (an unknown credential must not
// tell which credentials exist), 404 for another user's passkey (the plugin answers 401, which the
// web would read as "signed out"), 4xx not 5xx for a browser answer that does not verify, and a
// list without key material.
import { getAuthenticatorName } from '@better-auth/passkey';
import { z } from 'zod';
import { passkeyNameSchema, passkeyRenameSchema } from '../../shared/passkey-schemas.ts';
import { PASSKEY_ERRORS, type PasskeyView, passkeyMessages } from '../../shared/passkeys.ts';
import type { ApiError } from '../../shared/schemas.ts';
import { AppError, unauthorized } from '../lib/app-error.ts';
import type { Auth } from './auth.ts';

/** The paths this file answers (routes.ts still decides which are reachable at all). */
export const PASSKEY_PATHS = new Set([
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
  '/passkey/generate-authenticate-options',
  '/passkey/verify-authentication',
  '/passkey/list-user-passkeys',
  '/passkey/update-passkey',
  '/passkey/delete-passkey',
]);

/** Paths that act for the signed-in user: refused as every other signed-out request is (401 'unauthorized'). */
const NEEDS_SESSION = new Set([
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
  '/passkey/list-user-passkeys',
  '/passkey/update-passkey',
  '/passkey/delete-passkey',
]);

const registrationSchema = z.object({
  // The browser's answer: the plugin (@simplewebauthn/server) checks every field of it.
  response: z.record(z.string(), z.unknown()),
  name: passkeyNameSchema.optional(),
});
const authenticationSchema = z.object({ response: z.record(z.string(), z.unknown()) });
const deleteSchema = z.object({ id: z.string().trim().min(1).max(200) });

const SCHEMAS: Record<string, z.ZodType> = {
  '/passkey/verify-registration': registrationSchema,
  '/passkey/verify-authentication': authenticationSchema,
  '/passkey/update-passkey': passkeyRenameSchema,
  '/passkey/delete-passkey': deleteSchema,
};

type PluginPasskey = {
  id: string;
  name?: string | null;
  aaguid?: string | null;
  deviceType: string;
  backedUp: boolean;
  createdAt?: string | Date | null;
};

/**
 * Answers one passkey request. `request` is the request routes.ts would hand to better-auth (our
 * client-IP header set); `body` is its JSON body as routes.ts parsed it ({} for a GET).
 */
export async function passkeyRequest(auth: Auth, path: string, request: Request, body: Record<string, unknown>): Promise<Response> {
  const schema = SCHEMAS[path];
  let input: Record<string, unknown> | undefined;
  if (schema) {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0];
      const message = issue?.message && !issue.message.startsWith('Invalid') ? issue.message : 'Check the passkey request and try again.';
      throw new AppError('validation', message, typeof field === 'string' ? { fields: { [field]: message } } : {});
    }
    input = parsed.data as Record<string, unknown>;
  }
  if (NEEDS_SESSION.has(path) && !(await auth.api.getSession({ headers: request.headers }))) throw unauthorized();

  // The plugin reads the body itself: hand it the checked (trimmed) input.
  const forwarded = input ? withJsonBody(request, input) : request;
  const response = await auth.handler(forwarded);

  if (response.ok) {
    if (path === '/passkey/list-user-passkeys') return listAnswer(response);
    return response;
  }
  const failure = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string; message?: string };

  switch (path) {
    case '/passkey/update-passkey':
    case '/passkey/delete-passkey':
      // Another user's passkey and one that does not exist answer alike (the signed-out case was answered above).
      if (response.status === 401 || response.status === 403 || response.status === 404) {
        return refusal(404, PASSKEY_ERRORS.notFound, passkeyMessages.notFound, response);
      }
      break;
    case '/passkey/generate-register-options':
    case '/passkey/verify-registration':
      if (failure.code === 'SESSION_NOT_FRESH') return refusal(403, PASSKEY_ERRORS.notFresh, passkeyMessages.notFresh, response);
      if (failure.code === 'CHALLENGE_NOT_FOUND')
        return refusal(400, PASSKEY_ERRORS.challengeExpired, passkeyMessages.challengeExpired, response);
      // The plugin answers 500 for a browser answer that does not verify (wrong origin, a credential
      // already stored): the request's fault, not the server's.
      if (path === '/passkey/verify-registration' && (response.status >= 500 || failure.code === 'FAILED_TO_VERIFY_REGISTRATION')) {
        return refusal(400, PASSKEY_ERRORS.registrationFailed, passkeyMessages.registrationFailed, response);
      }
      break;
    case '/passkey/verify-authentication':
      // A suspended account says so (as after a password: the passkey was verified first).
      if (failure.code === 'ACCOUNT_SUSPENDED') break;
      if (failure.code === 'CHALLENGE_NOT_FOUND')
        return refusal(400, PASSKEY_ERRORS.challengeExpired, passkeyMessages.challengeExpired, response);
      // An unknown credential, a signature that does not verify, a replayed counter: one answer.
      if (response.status < 500 || failure.code === 'AUTHENTICATION_FAILED') {
        return refusal(401, PASSKEY_ERRORS.signInFailed, passkeyMessages.signInFailed, response);
      }
      break;
  }
  return shaped(response, failure);
}

function withJsonBody(request: Request, input: Record<string, unknown>) {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Request(request.url, { method: 'POST', headers, body: JSON.stringify(input) });
}

/** The list without key material or ids the web has no use for, oldest first, each with its maker's name. */
async function listAnswer(response: Response): Promise<Response> {
  const rows = (await response.json()) as PluginPasskey[];
  const list: PasskeyView[] = rows
    .map((row) => ({
      id: row.id,
      name: row.name || null,
      authenticatorName: getAuthenticatorName(row.aaguid ?? undefined) ?? null,
      deviceType: row.deviceType === 'multiDevice' ? ('multiDevice' as const) : ('singleDevice' as const),
      backedUp: row.backedUp,
      createdAt: row.createdAt ? new Date(row.createdAt).toISOString() : null,
    }))
    .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
  return Response.json(list, { status: 200, headers: { 'cache-control': 'no-store' } });
}

/** Our error answer, keeping the plugin's headers (a Set-Cookie clearing the spent challenge). */
function refusal(status: number, code: string, message: string, from: Response): Response {
  const headers = new Headers(from.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify({ error: { code, message } } satisfies ApiError), { status, headers });
}

/** Any other refusal of the plugin's, in our error shape (as routes.ts's answer() does). */
function shaped(response: Response, failure: { code?: string; message?: string }): Response {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  return refusal(response.status, failure.code ?? 'auth_error', failure.message ?? passkeyMessages.signInFailed, response);
}
