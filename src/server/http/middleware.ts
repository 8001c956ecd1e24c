import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import { messages } from '../../shared/messages.ts';
import { AppError } from '../lib/app-error.ts';
import { log } from '../lib/log.ts';

type Env = { Bindings: HttpBindings; Variables: { clientIp: string } };

/**
 * The client IP: the socket's address, or, behind a trusted proxy, the address that proxy appended
 * last to X-Forwarded-For (earlier entries come from the client and can be anything).
 */
export function clientIp(trustProxy: boolean): MiddlewareHandler<Env> {
  return async (c, next) => {
    const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
    c.set('clientIp', forwarded || c.env?.incoming?.socket?.remoteAddress || 'unknown');
    await next();
  };
}

/** One line per request: the path (masked by the logger) and the names of its query parameters. */
export function requestLog(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    if (c.req.path === '/healthz' || c.req.path === '/readyz' || c.req.path.startsWith('/assets/')) return;
    const url = new URL(c.req.url);
    // Link tokens can sit in a path segment (better-auth's /reset-password/:token); never log them.
    const pathname = url.pathname.replace(/(\/reset-password\/)[^/]+/, '$1***');
    // Parameter names only: values carry what users typed (/content-os?who=…, ?company=…) and tokens.
    const params = [...new Set(url.searchParams.keys())].map((key) => `${key}=…`).join('&');
    log.info(`${c.req.method} ${pathname}${params ? `?${params}` : ''} ${c.res.status} ${Math.round(performance.now() - started)}ms`);
  };
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
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      const foreign = origin ? origin !== appOrigin : site !== undefined && site !== 'same-origin' && site !== 'none';
      if (foreign) throw new AppError('foreign_origin', messages.auth.foreignOrigin);
    }
    await next();
  };
}
