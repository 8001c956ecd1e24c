// The one way the server reaches other sites: a declared User-Agent on every request (SEC refuses
// anonymous clients), a polite minimum interval per host, a timeout and a size cap, and every
// connection (each redirect hop too) checked on the address actually dialled (ADR 019). Errors name
// the host and path asked for only: some providers take the API key as a query parameter, and the
// address dialled is never shown (it would tell a user which internal ports answer).
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import sniffEncoding from 'html-encoding-sniffer';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';
import { connectionFailure } from '../../lib/network-error.ts';
import { countSourceRequest, type SourceOutcome, type SourceService } from './request-counts.ts';
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
   * Hosts (as URL.host, with port) the operator configured: the services' base URLs, which may be on
   * any address (a proxy in the private network; a fake on loopback in tests). Every other host —
   * publisher links, company sites, wherever a redirect leads — is connected to only on a public
   * address, checked when the connection is made on the address dialled (the IP written in the URL,
   * or each address its name resolves to), so neither a redirect nor DNS can point us inward.
   */
  trustedHosts?: readonly string[];
  /** Any host on any address: only for tests' fakes on loopback (PUBLISHER_ALLOW_PRIVATE_ADDRESSES). */
  allowPrivateAddresses?: boolean;
  /** The service at each host (as URL.host), for the request counts (request-counts.ts); others are `defaultService`. */
  services?: Record<string, SourceService>;
  /** Default 'other'. */
  defaultService?: SourceService;
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
  /** Who is asked, when the host alone does not say (two services at one address). */
  service?: SourceService;
};

/** A page as fetched: where it ended up after redirects, its content type and its text. */
type SourcePage = { url: string; contentType: string; body: string };

/** A body sent to a receiver (a channel's webhook): its answer is wanted whatever its status. */
export type SourcePostInit = {
  body: string;
  contentType: string;
  /** Headers the receiver needs beyond ours (e.g. a signature); never User-Agent. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  service?: SourceService;
  /** Read at most this much of the answer. Default 2 KB (what a delivery log keeps). */
  maxAnswerBytes?: number;
};

/** The receiver's answer, 2xx or not: its status, the start of its body as text and its headers. */
export type SourceAnswer = { status: number; body: string; headers: Headers };

export type SourceHttp = {
  getText(url: string, init?: SourceRequestInit): Promise<string>;
  getJson<T>(url: string, init?: SourceRequestInit): Promise<T>;
  getPage(url: string, init?: SourceRequestInit): Promise<SourcePage>;
};

/** What a channel's sender needs of the client (the readers' stubs need not say). */
export type SourcePoster = {
  /**
   * POSTs `body` and resolves with any answer, non-2xx included (the caller reports the receiver's
   * own words). Only 307 and 308 are followed, with the same method and body, each hop checked like
   * the first; any other 3xx is the answer. Throws SourceError when no answer came: a network
   * failure, the timeout, or an address that is not public (refused before dialling).
   */
  post(url: string, init: SourcePostInit): Promise<SourceAnswer>;
};

/** What each public source asks of clients: SEC ≤ 10 requests/s, GDELT 1 per 5 s, Google News about 1/s. */
export const POLITE_INTERVALS_MS: Record<string, number> = {
  'www.sec.gov': 110,
  'data.sec.gov': 110,
  'api.gdeltproject.org': 5000,
  'news.google.com': 1000,
  'financialmodelingprep.com': 250,
  // No published limit; a calendar scan is up to 65 days, shared by every tracking through the day
  // cache (a near page every 10 minutes, a far one every 2 hours: ADR 029).
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
const DEFAULT_MAX_ANSWER_BYTES = 2048;
/** Hosts the pacer keeps before it forgets those whose turn is past (a worker meets new publishers all day). */
const PACER_SWEEP_AT = 1_000;

/** The URL as it may appear in an error or a log: no query string (API keys live there). */
export function describeUrl(url: URL): string {
  return `${url.host}${url.pathname}`;
}

export function createSourceHttp(opts: SourceHttpOptions): SourceHttp & SourcePoster {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const intervals = opts.minIntervalMs ?? {};
  const maxQueueWaitMs = opts.maxQueueWaitMs ?? DEFAULT_MAX_QUEUE_WAIT_MS;
  const pacer = createHostPacer({ intervals, defaultIntervalMs: opts.defaultMinIntervalMs ?? 0, maxQueueWaitMs });

  /** One request's frame: the URL checked for its scheme, its turn at the host, its timeout, and how it is counted and fails. */
  async function begin(
    rawUrl: string,
    init: { signal?: AbortSignal; service?: SourceService; minIntervalMs?: number; maxQueueWaitMs?: number },
  ) {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new SourceError('http', 'not a valid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SourceError(url.host || 'http', 'only http(s) URLs are fetched');
    const where = describeUrl(url);
    init.signal?.throwIfAborted();
    await pacer.waitForTurn(url.host, init.signal, init.minIntervalMs, init.maxQueueWaitMs);
    init.signal?.throwIfAborted();

    const started = performance.now();
    const service = init.service ?? opts.services?.[url.host] ?? opts.defaultService ?? 'other';
    const counted = (outcome: SourceOutcome) => countSourceRequest(service, url, outcome, performance.now() - started);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const failed = (error: unknown): never => {
      // The caller gave up: let its own reason through, it is not the source's fault (nor counted).
      if (init.signal?.aborted) throw init.signal.reason;
      counted(failureOutcome(error));
      if (timeout.aborted) throw new SourceError(url.host, `no complete answer from ${where} within ${timeoutMs} ms`);
      if (error instanceof SourceError) throw error;
      throw new SourceError(url.host, `request to ${where} failed: ${networkFailure(error)}`);
    };
    return { url, where, signal, counted, failed };
  }

  async function getPage(rawUrl: string, init: SourceRequestInit = {}): Promise<SourcePage> {
    const { url, where, signal, counted, failed } = await begin(rawUrl, init);
    let answer: { response: Response; url: URL };
    try {
      answer = await fetchFollowing(url, signal, init);
    } catch (error) {
      return failed(error);
    }
    const { response } = answer;
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      counted('http_error');
      throw new SourceError(url.host, `${where} answered ${response.status}`, response.status);
    }
    try {
      const body =
        init.maxBytes === undefined
          ? await readCapped(response, maxBytes, url.host, where)
          : await readCapped(response, Math.min(init.maxBytes, maxBytes), url.host, where, { truncate: true });
      counted('ok');
      return { url: answer.url.href, contentType: response.headers.get('content-type') ?? '', body };
    } catch (error) {
      return failed(error);
    }
  }

  /**
   * Follows at most MAX_REDIRECTS redirects, to http(s) only. Where a redirect may lead is decided
   * where every connection is: by `dispatcher` (a public address unless the host is trusted).
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
      // Node's fetch takes an undici dispatcher (undici-types' RequestInit lacks the npm package's type).
      const response = await fetch(current, { ...request, dispatcher } as RequestInit);
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      if (!location) return { response, url: current };
      await response.body?.cancel().catch(() => {});
      const next = new URL(location, current);
      if (next.protocol !== 'http:' && next.protocol !== 'https:')
        throw new SourceError(url.host, `${describeUrl(current)} redirected to a ${next.protocol} address`);
      if (hop + 1 > MAX_REDIRECTS) throw new SourceError(url.host, `${describeUrl(url)} redirected too many times`);
      current = next;
    }
  }

  async function post(rawUrl: string, init: SourcePostInit): Promise<SourceAnswer> {
    const { url, where, signal, counted, failed } = await begin(rawUrl, init);
    const headers: Record<string, string> = {
      ...init.headers,
      'user-agent': opts.userAgent,
      accept: '*/*',
      'accept-encoding': 'gzip, deflate',
      'content-type': init.contentType,
    };
    let response: Response;
    try {
      let current = url;
      for (let hop = 0; ; hop++) {
        const request = { signal, redirect: 'manual' as const, headers, method: 'POST', body: init.body };
        response = await fetch(current, { ...request, dispatcher } as RequestInit);
        // 307 and 308 keep the method and body (RFC 9110 §15.4.8–9); 301/302/303 would turn a POST
        // into a GET without its body, which no receiver wants: those are answers, not detours.
        const location = response.status === 307 || response.status === 308 ? response.headers.get('location') : null;
        if (!location) break;
        await response.body?.cancel().catch(() => {});
        const next = new URL(location, current);
        if (next.protocol !== 'http:' && next.protocol !== 'https:')
          throw new SourceError(url.host, `${describeUrl(current)} redirected to a ${next.protocol} address`);
        if (hop + 1 > MAX_REDIRECTS) throw new SourceError(url.host, `${where} redirected too many times`);
        current = next;
      }
    } catch (error) {
      return failed(error);
    }
    try {
      const limit = Math.min(init.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES, maxBytes);
      const body = await readCapped(response, limit, url.host, where, { truncate: true });
      counted(response.ok ? 'ok' : 'http_error');
      return { status: response.status, body, headers: response.headers };
    } catch (error) {
      return failed(error);
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

  // Unchecked (tests' fakes on loopback): fetch's own process-wide pool.
  const dispatcher = opts.allowPrivateAddresses ? undefined : new Agent({ connect: checkedConnector(new Set(opts.trustedHosts)) });
  return { getText, getJson, getPage, post };
}

type HostPacer = {
  /** Resolves when `host` may be asked (at least its interval after the previous start); throws SourceBusyError past `maxWait`. */
  waitForTurn(host: string, signal: AbortSignal | undefined, asked?: number, maxWait?: number): Promise<void>;
  /** Hosts it keeps a slot for. */
  readonly size: number;
};

/** Per-host pacing: each host's requests start at least its interval apart, in call order. */
export function createHostPacer(opts: { intervals: Record<string, number>; defaultIntervalMs: number; maxQueueWaitMs: number }): HostPacer {
  // The earliest start time still free per host. Reserving the slot synchronously makes concurrent
  // callers queue up in call order, each one interval after the previous. A slot in the past paces
  // nothing, so it is forgotten once the map grows: what stays is the hosts with a turn still ahead.
  const nextFreeSlot = new Map<string, number>();
  // Twice what was left after the last sweep: a burst of hosts all waiting is not swept again at every call.
  let sweepAt = PACER_SWEEP_AT;
  const forgetPastSlots = (now: number) => {
    for (const [host, slot] of nextFreeSlot) if (slot <= now) nextFreeSlot.delete(host);
    sweepAt = Math.max(PACER_SWEEP_AT, 2 * nextFreeSlot.size);
  };

  async function waitForTurn(host: string, signal: AbortSignal | undefined, asked = 0, maxWait = opts.maxQueueWaitMs) {
    const interval = Math.max(asked, opts.intervals[host] ?? opts.defaultIntervalMs);
    if (interval <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, nextFreeSlot.get(host) ?? 0);
    // A queue this long means the service is the bottleneck: refuse rather than keep a user waiting.
    if (slot - now > maxWait) throw new SourceBusyError(host);
    if (nextFreeSlot.size >= sweepAt) forgetPastSlots(now);
    nextFreeSlot.set(host, slot + interval);
    if (slot > now) {
      try {
        await sleep(slot - now, undefined, { signal });
      } catch (err) {
        // A cancelled request gives its turn back when nobody has queued behind it.
        if (nextFreeSlot.get(host) === slot + interval) nextFreeSlot.set(host, slot);
        // The caller's own reason, as fetch gives it, not the timer's AbortError.
        throw signal?.reason ?? err;
      }
    }
  }

  return {
    waitForTurn,
    get size() {
      return nextFreeSlot.size;
    },
  };
}

// --- Which addresses may be dialled ------------------------------------------------------------

/** Well-known NAT64 prefix (RFC 6052): the IPv4 address is in the last 32 bits. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
/** IPv6 global unicast (RFC 4291 §2.4): everything outside it is reserved, local or special. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * Addresses on the public internet. IPv4: not loopback, private, link-local, CGNAT, unspecified,
 * reserved, multicast… (ipaddr.js' ranges). IPv6: global unicast (2000::/3) and not a special block
 * in it (documentation, 6to4, Teredo, ORCHID…); an IPv4 address written in IPv6 (mapped ::ffff:0:0/96,
 * or NAT64 64:ff9b::/96) is judged as that IPv4 address; the deprecated IPv4-compatible ::/96 and
 * every other reserved block are refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString());
  if (v6.match(NAT64)) return isPublicAddress(ipaddr.fromByteArray(v6.toByteArray().slice(12)).toString());
  return v6.match(GLOBAL_UNICAST) && v6.range() === 'unicast';
}

/** The refusal a connection ends with; its message names no address (see networkFailure). */
function notPublic(): NodeJS.ErrnoException {
  return Object.assign(new Error('not a public address'), { code: 'ENOTPUBLIC' });
}

/**
 * undici's connector, checking what it dials. An IP in the URL is dialled as written (net.connect
 * asks no lookup for it), so it is checked here; a name is resolved by publicLookup, which checks
 * every address it returns, and the socket connects to those very addresses (no second lookup that
 * DNS could answer differently). Trusted hosts are dialled wherever they are.
 */
function checkedConnector(trustedHosts: ReadonlySet<string>): buildConnector.connector {
  const connect = buildConnector({});
  const connectPublic = buildConnector({ lookup: publicLookup });
  return (options, callback) => {
    if (options.host && trustedHosts.has(options.host)) return connect(options, callback);
    if (isIP(options.hostname) && !isPublicAddress(options.hostname)) return callback(notPublic(), null);
    connectPublic(options, callback);
  };
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that fails for a name with any non-public address among those it resolves to. */
function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) return callback(notPublic(), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

/**
 * How a request that failed is counted: a connection we refused to make (not a public address), an
 * answer we could not use (a SourceError: too big, redirected away), or no answer (network, timeout).
 */
function failureOutcome(error: unknown): SourceOutcome {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if ((e as NodeJS.ErrnoException).code === 'ENOTPUBLIC') return 'refused';
  return error instanceof SourceError ? 'http_error' : 'network_error';
}

/**
 * Why a request got no answer, in words that name no address or port: Node's own messages do
 * ("connect ECONNREFUSED 127.0.0.1:47398"), and the failure reaches users (a report's source list,
 * an article's detail). Only the error code is kept.
 */
function networkFailure(error: unknown): string {
  const plain = connectionFailure(error);
  if (plain) return plain;
  let code: string | undefined;
  for (let e: unknown = error; e instanceof Error && !code; e = e.cause) code = (e as NodeJS.ErrnoException).code;
  if (!code) return 'network error';
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/.test(code)) return `TLS failure (${code})`;
  return `network error (${code})`;
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
  return decodeBody(Buffer.concat(chunks), response.headers.get('content-type') ?? '');
}

/**
 * The body's text in the encoding it is written in, not always UTF-8: a windows-1252 or Shift_JIS
 * publisher page read as UTF-8 reached the store, the prompt and the e-mail as mojibake. The
 * encoding is found as browsers find it (the WHATWG sniffing algorithm, html-encoding-sniffer): a
 * byte-order mark, else the Content-Type's charset, else for HTML a `<meta charset>` in the first
 * 1024 bytes, for XML its declaration; else UTF-8 (most of the web; the standard's windows-1252
 * guess would garble an undeclared UTF-8 page). JSON is UTF-8 by definition (RFC 8259).
 */
export function decodeBody(bytes: Uint8Array, contentType: string): string {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  const json = type === 'application/json' || type.endsWith('+json');
  const xml = !type.includes('html') && (type.includes('xml') || type.includes('rss'));
  const encoding = json
    ? 'UTF-8'
    : sniffEncoding(bytes, {
        xml,
        transportLayerEncodingLabel: charset,
        defaultEncoding: 'UTF-8',
        ...(xml ? {} : { maxPrescanBytes: type.includes('html') || !type ? 1024 : 0 }),
      });
  try {
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    // An encoding the sniffer names but this runtime cannot decode (x-user-defined): UTF-8, replacing what does not fit.
    return new TextDecoder('utf-8').decode(bytes);
  }
}
