// The one way sources reach the internet: a declared User-Agent on every request (SEC refuses
// anonymous clients), a polite minimum interval per host, a timeout and a size cap. Errors name
// the host and path only: some providers take the API key as a query parameter.
import { SourceError } from './types.ts';

export type SourceHttpOptions = {
  userAgent: string;
  /** Per request, including the wait for the response body. Default 15 s. */
  timeoutMs?: number;
  /** Largest response body read (after decompression). Default 5 MB. */
  maxBytes?: number;
  /** Minimum time between the starts of two requests to one host (`host` as in URL.host, with port). */
  minIntervalMs?: Record<string, number>;
  /** For hosts not in `minIntervalMs`. Default 0. */
  defaultMinIntervalMs?: number;
  /** Longest wait for a turn at a paced host before the request is refused. Default 30 s. */
  maxQueueWaitMs?: number;
};

export type SourceRequestInit = {
  signal?: AbortSignal;
  accept?: string;
  /** Headers a service requires beyond ours (never User-Agent, which is always the declared one). */
  headers?: Record<string, string>;
};

export type SourceHttp = {
  getText(url: string, init?: SourceRequestInit): Promise<string>;
  getJson<T>(url: string, init?: SourceRequestInit): Promise<T>;
};

/** What each public source asks of clients: SEC ≤ 10 requests/s, GDELT 1 per 5 s, Google News about 1/s. */
export const POLITE_INTERVALS_MS: Record<string, number> = {
  'www.sec.gov': 110,
  'data.sec.gov': 110,
  'api.gdeltproject.org': 5000,
  'news.google.com': 1000,
  'financialmodelingprep.com': 250,
  // No published limit; a calendar scan is up to 65 days, once per day thanks to the day cache.
  'api.nasdaq.com': 500,
  // The free plan allows 60 calls a minute.
  'finnhub.io': 1000,
};

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_MAX_QUEUE_WAIT_MS = 30_000;
const MAX_REDIRECTS = 3;

/** The URL as it may appear in an error or a log: no query string (API keys live there). */
export function describeUrl(url: URL): string {
  return `${url.host}${url.pathname}`;
}

export function createSourceHttp(opts: SourceHttpOptions): SourceHttp {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const intervals = opts.minIntervalMs ?? {};
  const maxQueueWaitMs = opts.maxQueueWaitMs ?? DEFAULT_MAX_QUEUE_WAIT_MS;
  // The earliest start time still free per host. Reserving the slot synchronously makes concurrent
  // callers queue up in call order, each one interval after the previous.
  const nextFreeSlot = new Map<string, number>();

  async function waitForTurn(host: string, signal: AbortSignal | undefined) {
    const interval = intervals[host] ?? opts.defaultMinIntervalMs ?? 0;
    if (interval <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, nextFreeSlot.get(host) ?? 0);
    // A queue this long means the service is the bottleneck: refuse rather than keep a user waiting.
    if (slot - now > maxQueueWaitMs) throw new SourceError(host, `too many requests waiting for ${host}; try again shortly`);
    nextFreeSlot.set(host, slot + interval);
    if (slot > now) {
      try {
        await sleep(slot - now, signal);
      } catch (err) {
        // A cancelled request gives its turn back when nobody has queued behind it.
        if (nextFreeSlot.get(host) === slot + interval) nextFreeSlot.set(host, slot);
        throw err;
      }
    }
  }

  async function getText(rawUrl: string, init: SourceRequestInit = {}): Promise<string> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new SourceError('http', 'not a valid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SourceError(url.host || 'http', 'only http(s) URLs are fetched');
    const where = describeUrl(url);
    init.signal?.throwIfAborted();
    await waitForTurn(url.host, init.signal);
    init.signal?.throwIfAborted();

    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const failed = (error: unknown): never => {
      // The caller gave up: let its own reason through, it is not the source's fault.
      if (init.signal?.aborted) throw init.signal.reason;
      if (timeout.aborted) throw new SourceError(url.host, `no complete answer from ${where} within ${timeoutMs} ms`);
      if (error instanceof SourceError) throw error;
      const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw new SourceError(url.host, `request to ${where} failed: ${cause.replaceAll(url.search, '')}`);
    };

    let response: Response;
    try {
      response = await fetchOnHost(url, signal, init.accept ?? '*/*', init.headers);
    } catch (error) {
      return failed(error);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new SourceError(url.host, `${where} answered ${response.status}`, response.status);
    }
    try {
      return await readCapped(response, maxBytes, url.host, where);
    } catch (error) {
      return failed(error);
    }
  }

  /** Follows at most MAX_REDIRECTS redirects, and only on the same host: a redirect must not reach elsewhere (SSRF). */
  async function fetchOnHost(url: URL, signal: AbortSignal, accept: string, extra: Record<string, string> = {}): Promise<Response> {
    let current = url;
    for (let hop = 0; ; hop++) {
      const response = await fetch(current, {
        signal,
        redirect: 'manual',
        headers: { ...extra, 'user-agent': opts.userAgent, accept, 'accept-encoding': 'gzip, deflate' },
      });
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      if (!location) return response;
      await response.body?.cancel().catch(() => {});
      const next = new URL(location, current);
      if (next.host !== url.host || (next.protocol !== 'http:' && next.protocol !== 'https:'))
        throw new SourceError(url.host, `${describeUrl(current)} redirected to another host`);
      if (hop + 1 > MAX_REDIRECTS) throw new SourceError(url.host, `${describeUrl(url)} redirected too many times`);
      current = next;
    }
  }

  async function getJson<T>(url: string, init?: SourceRequestInit): Promise<T> {
    const text = await getText(url, { accept: 'application/json', ...init });
    try {
      return JSON.parse(text) as T;
    } catch {
      const parsed = new URL(url);
      throw new SourceError(parsed.host, `${describeUrl(parsed)} did not answer with JSON`);
    }
  }

  return { getText, getJson };
}

async function readCapped(response: Response, maxBytes: number, host: string, where: string): Promise<string> {
  const tooBig = () => new SourceError(host, `${where} sent more than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length'));
  // Content-Length counts compressed bytes; only an uncompressed body can be refused up front.
  if (!response.headers.get('content-encoding') && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooBig();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooBig();
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener('abort', aborted, { once: true });
  });
}
