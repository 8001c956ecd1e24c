import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import proxyaddr from 'proxy-addr';
import { messages } from '../../shared/messages.ts';
import type { TrustProxy } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { log } from '../lib/log.ts';
import { withLogContext } from '../lib/log-context.ts';

type Env = { Bindings: HttpBindings; Variables: { clientIp: string } };

/**
 * A request header, read from Node's own parsed headers when the request came over node-server:
 * `c.req.header()` makes node-server build a Web `Headers` of every header (undici validates each
 * name and value), which cost a GET about 3 % of its CPU for one or two headers (issue 16).
 * In-process requests (`app.request`, tests) have no Node request and read the Web headers.
 * `name` is lower case, as Node keys its headers.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  // Tests may pass only a socket as `incoming` (for the client address): no headers there.
  if (!incoming?.headers) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The client IP: the socket's address, or, behind trusted proxies (TRUST_PROXY, config.ts), the
 * nearest X-Forwarded-For entry that is not one of them, as proxy-addr finds it (entries further
 * left come from the client and can be anything).
 */
export function clientIp(trustProxy: TrustProxy): MiddlewareHandler<Env> {
  const trust = trustFunction(trustProxy);
  return async (c, next) => {
    const socketAddress = c.env?.incoming?.socket?.remoteAddress;
    const forwarded = trust ? requestHeader(c, 'x-forwarded-for') : undefined;
    // proxy-addr reads only these two fields; in-process requests (tests) have no Node request.
    const request = { headers: { 'x-forwarded-for': forwarded }, socket: { remoteAddress: socketAddress } };
    c.set('clientIp', (forwarded && trust ? proxyaddr(request as unknown as IncomingMessage, trust) : socketAddress) || 'unknown');
    await next();
  };
}

/** proxy-addr's trust function for TRUST_PROXY; null when no proxy is trusted. */
function trustFunction(trustProxy: TrustProxy): ((address: string, hop: number) => boolean) | null {
  if (trustProxy === false || trustProxy === 0) return null;
  // Hop 0 is the socket; `hops` proxies are believed, the entry after them is the client.
  const hops = trustProxy === true ? 1 : trustProxy;
  return typeof hops === 'number' ? (_address, hop) => hop < hops : proxyaddr.compile(hops);
}

/**
 * A request's own id (a proxy's, e.g. nginx's $request_id, when it sends one) is kept only as a
 * short plain token: it is written unmasked on every line, so it must not carry what a client chose
 * to put there.
 */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Every line logged while a request is handled (the access line and the error handler's too: both
 * run inside) carries its id, which the answer's X-Request-Id header gives back, so an operator can
 * find the lines of a request a user reports.
 */
export function requestId(): MiddlewareHandler {
  return (c, next) => {
    const given = requestHeader(c, 'x-request-id');
    const id = given && REQUEST_ID.test(given) ? given : randomBytes(9).toString('base64url');
    return withLogContext({ requestId: id }, async () => {
      await next();
      // As secureHeaders does: every answer here has mutable headers.
      c.res.headers.set('X-Request-Id', id);
    });
  };
}

/**
 * One line per request: the path (masked by the logger) and the names of its query parameters.
 * The request URL is already serialised (node-server and Request give `URL.href`), so its path and
 * query are cut out of the string instead of parsing a `URL` on every request (issue 16).
 */
export function requestLog(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const path = c.req.path;
    if (path === '/healthz' || path === '/readyz' || path.startsWith('/assets/')) return;
    const { pathname, search } = pathAndQuery(c.req.url);
    // Parameter names only: values carry what users typed (/content-os?who=…, ?company=…) and tokens.
    const params = search ? [...new Set(new URLSearchParams(search).keys())].map((key) => `${key}=…`).join('&') : '';
    log.info(
      `${c.req.method} ${maskPathTokens(pathname)}${params ? `?${params}` : ''} ${c.res.status} ${Math.round(performance.now() - started)}ms`,
    );
  };
}

/**
 * Link tokens can sit in a path segment (better-auth's /reset-password/:token, the private earnings
 * calendar's /calendar/<token>.ics); never log them.
 */
const maskPathTokens = (pathname: string) =>
  pathname.replace(/(\/reset-password\/)[^/]+/, '$1***').replace(/^(\/calendar\/)[^/]+/, '$1***');

/**
 * `new URL(href).pathname` and `.search` (without its '?') of a serialised absolute URL, cut out
 * of the string: the path starts at the first '/' after "scheme://host", the query at the first
 * '?' after it, and a fragment ('#') ends both. Anything else is parsed by `URL`.
 */
export function pathAndQuery(href: string): { pathname: string; search: string } {
  const authority = href.indexOf('://');
  const start = authority < 0 ? -1 : href.indexOf('/', authority + 3);
  if (start < 0) {
    const url = new URL(href);
    return { pathname: url.pathname, search: url.search.slice(1) };
  }
  let end = href.indexOf('#', start);
  if (end < 0) end = href.length;
  const query = href.indexOf('?', start);
  if (query < 0 || query > end) return { pathname: href.slice(start, end), search: '' };
  return { pathname: href.slice(start, query), search: href.slice(query + 1, end) };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests from another site. Browsers send Origin on every cross-site
 * POST/PUT/PATCH/DELETE and Sec-Fetch-Site on all of them; a request with neither is not from a
 * browser page (the CLI, a test) and carries no ambient credential risk.
 */
export function sameOriginWrites(appOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = requestHeader(c, 'origin');
      const site = requestHeader(c, 'sec-fetch-site');
      const foreign = origin ? origin !== appOrigin : site !== undefined && site !== 'same-origin' && site !== 'none';
      if (foreign) throw new AppError('foreign_origin', messages.auth.foreignOrigin);
    }
    await next();
  };
}
