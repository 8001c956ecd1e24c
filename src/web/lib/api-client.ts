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

export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const early = method === 'GET' ? earlyResponse(path) : undefined;
  const response = await (early ??
    fetch(path, {
      method,
      headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
    }));
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
