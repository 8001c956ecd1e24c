// The one way sources reach the internet: a declared User-Agent on every request (SEC refuses
// anonymous clients), a polite minimum interval per host, a timeout and a size cap. Errors name
// the host and path only: some providers take the API key as a query parameter.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';
import { SourceBusyError, SourceError } from './types.ts';

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
  /**
   * For addresses that third parties hand us (publisher links in news feeds): connect only to
   * public IP addresses, checked on the resolved address itself so DNS cannot point us at the
   * server's own network; redirects may then go to another host. Off for the configured services.
   */
  publicOnly?: boolean;
};

type SourceRequestInit = {
  signal?: AbortSignal;
  accept?: string;
  /** Headers a service requires beyond ours (never User-Agent, which is always the declared one). */
  headers?: Record<string, string>;
  /** This host's interval when it asks for a longer one than ours (robots.txt Crawl-delay). */
  minIntervalMs?: number;
  /** Refuse rather than wait longer than this for a turn (a provider that is only worth asking when it is free). */
  maxQueueWaitMs?: number;
  /** A form to POST instead of a GET. */
  form?: URLSearchParams;
  /**
   * Read only this many bytes of the body (at most the client's `maxBytes`) and ignore the rest, as
   * RFC 9309 §2.5 lets a crawler do with robots.txt; without it, a body over the client's cap is refused.
   */
  maxBytes?: number;
};

/** A page as fetched: where it ended up after redirects, its content type and its text. */
type SourcePage = { url: string; contentType: string; body: string };

export type SourceHttp = {
  getText(url: string, init?: SourceRequestInit): Promise<string>;
  getJson<T>(url: string, init?: SourceRequestInit): Promise<T>;
  getPage(url: string, init?: SourceRequestInit): Promise<SourcePage>;
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
  // HN Search by Algolia allows 10,000 requests an hour per IP.
  'hn.algolia.com': 400,
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

  async function waitForTurn(host: string, signal: AbortSignal | undefined, asked = 0, maxWait = maxQueueWaitMs) {
    const interval = Math.max(asked, intervals[host] ?? opts.defaultMinIntervalMs ?? 0);
    if (interval <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, nextFreeSlot.get(host) ?? 0);
    // A queue this long means the service is the bottleneck: refuse rather than keep a user waiting.
    if (slot - now > maxWait) throw new SourceBusyError(host);
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

  async function getPage(rawUrl: string, init: SourceRequestInit = {}): Promise<SourcePage> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new SourceError('http', 'not a valid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SourceError(url.host || 'http', 'only http(s) URLs are fetched');
    const where = describeUrl(url);
    if (opts.publicOnly && ipaddr.isValid(url.hostname.replace(/^\[|\]$/g, '')) && !isPublicAddress(url.hostname.replace(/^\[|\]$/g, '')))
      throw new SourceError(url.host, `${where} is not on the public internet`);
    init.signal?.throwIfAborted();
    await waitForTurn(url.host, init.signal, init.minIntervalMs, init.maxQueueWaitMs);
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

    let answer: { response: Response; url: URL };
    try {
      answer = await fetchFollowing(url, signal, init);
    } catch (error) {
      return failed(error);
    }
    const { response } = answer;
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new SourceError(url.host, `${where} answered ${response.status}`, response.status);
    }
    try {
      const body =
        init.maxBytes === undefined
          ? await readCapped(response, maxBytes, url.host, where)
          : await readCapped(response, Math.min(init.maxBytes, maxBytes), url.host, where, { truncate: true });
      return { url: answer.url.href, contentType: response.headers.get('content-type') ?? '', body };
    } catch (error) {
      return failed(error);
    }
  }

  /**
   * Follows at most MAX_REDIRECTS redirects. A redirect must not reach elsewhere (SSRF): for the
   * configured services it stays on their host; a public-only client may move to another public one.
   */
  async function fetchFollowing(url: URL, signal: AbortSignal, init: SourceRequestInit): Promise<{ response: Response; url: URL }> {
    let current = url;
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = {
        ...init.headers,
        'user-agent': opts.userAgent,
        accept: init.accept ?? '*/*',
        'accept-encoding': 'gzip, deflate',
      };
      const post = hop === 0 && init.form;
      if (post) headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      const request = {
        signal,
        redirect: 'manual' as const,
        headers,
        method: post ? 'POST' : 'GET',
        body: post ? init.form!.toString() : undefined,
      };
      // undici's own fetch for the public-only client: it takes the dispatcher that checks addresses.
      const response = publicDispatcher
        ? ((await undiciFetch(current, { ...request, dispatcher: publicDispatcher })) as unknown as Response)
        : await fetch(current, request);
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      if (!location) return { response, url: current };
      await response.body?.cancel().catch(() => {});
      const next = new URL(location, current);
      if ((!opts.publicOnly && next.host !== url.host) || (next.protocol !== 'http:' && next.protocol !== 'https:'))
        throw new SourceError(url.host, `${describeUrl(current)} redirected to another host`);
      if (hop + 1 > MAX_REDIRECTS) throw new SourceError(url.host, `${describeUrl(url)} redirected too many times`);
      current = next;
    }
  }

  async function getText(url: string, init?: SourceRequestInit): Promise<string> {
    return (await getPage(url, init)).body;
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

  const publicDispatcher = opts.publicOnly ? new Agent({ connect: { lookup: publicLookup } }) : null;
  return { getText, getJson, getPage };
}

/** Unicast addresses on the public internet: not loopback, private, link-local, reserved… */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that fails for names resolving to a non-public address; the connection uses the address checked here. */
function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) {
      const denied: NodeJS.ErrnoException = new Error(`${hostname} resolves to ${refused.address}, which is not on the public internet`);
      denied.code = 'ENOTPUBLIC';
      return callback(denied, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

/** The body as text, at most `maxBytes` of it: a larger one is refused, or with `truncate` cut there. */
async function readCapped(response: Response, maxBytes: number, host: string, where: string, { truncate = false } = {}): Promise<string> {
  const tooBig = () => new SourceError(host, `${where} sent more than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length'));
  // Content-Length counts compressed bytes; only an uncompressed body can be refused up front.
  if (!truncate && !response.headers.get('content-encoding') && declared > maxBytes) {
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
    if (total + value.byteLength > maxBytes) {
      await reader.cancel().catch(() => {});
      if (!truncate) throw tooBig();
      chunks.push(value.subarray(0, maxBytes - total));
      break;
    }
    total += value.byteLength;
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
