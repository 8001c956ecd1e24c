// Every call to our API goes through here: JSON in and out, the session cookie, and one error type
// carrying the server's { error: { code, message, title } }.
import type { ErrorCode } from '../../shared/errors.ts';
import type { ApiError } from '../../shared/schemas.ts';

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title?: string;
  readonly fields?: Record<string, string>;
  constructor(status: number, body: ApiError['error']) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.title = body.title;
    this.fields = body.fields;
  }
}

/** True when `err` is the API's refusal with this code: screens compare codes, never message text. */
export const isApiError = (err: unknown, code: ErrorCode): err is ApiRequestError => err instanceof ApiRequestError && err.code === code;

declare global {
  interface Window {
    /** GETs the boot script (vite.config.ts, routePreload) started for the first screen, by path. */
    __eosEarly?: Record<string, Promise<Response> | undefined>;
  }
}

/** The boot script's response for this path, once: the first GET of it takes it over (issue 16). */
function earlyResponse(path: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__eosEarly;
  const response = early?.[path];
  if (early && response) delete early[path];
  return response;
}

let writesInFlight = 0;
let writesSettled: { promise: Promise<void>; resolve: () => void } | null = null;

/**
 * Resolves once none of this tab's writes (non-GET calls) is in flight. A write may renew the
 * session (two-factor turned on or off, a new password): the server's live stream can announce
 * its change before the answer carrying the new cookie arrives, and a refetch made in between
 * would go out with the old cookie and find the user signed out (live-stream.ts waits for this).
 */
export function writesDone(): Promise<void> {
  if (writesInFlight === 0) return Promise.resolve();
  if (!writesSettled) {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    writesSettled = { promise, resolve };
  }
  return writesSettled.promise;
}

async function send(path: string, method: string, init: { body?: unknown; signal?: AbortSignal }): Promise<Response> {
  const request = () =>
    fetch(path, {
      method,
      headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
    });
  if (method === 'GET') return earlyResponse(path) ?? request();
  writesInFlight += 1;
  try {
    return await request();
  } finally {
    writesInFlight -= 1;
    if (writesInFlight === 0 && writesSettled) {
      writesSettled.resolve();
      writesSettled = null;
    }
  }
}

export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const response = await send(path, method, init);
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = (data as ApiError | null)?.error ?? { code: `http_${response.status}`, message: response.statusText || 'Request failed' };
    throw new ApiRequestError(response.status, error);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
