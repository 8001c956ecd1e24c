// The web role's request latency by route (eos_http_request_duration_seconds). The route is the
// pattern Hono matched (/api/news-alerts/:id), never the path, so the label stays bounded.
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { observeHttpRequest } from '../lib/metrics.ts';

/** The label of a request no route of ours answered (a catch-all's 404): one series for every unknown path. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The pattern of the handler that answered: after `next()` the request's route index is that of the
 * last handler run. A wildcard middleware or catch-all answering 404 (no page, no API route) is
 * 'unmatched'; the SPA's own pages answer under its '*'.
 */
export function routeLabel(c: Context): string {
  let route: ReturnType<typeof matchedRoutes>[number] | undefined;
  try {
    route = matchedRoutes(c)[c.req.routeIndex];
  } catch {
    // No match result at all (a request the router never saw): never a reason to fail the answer.
    return UNMATCHED_ROUTE;
  }
  if (!route) return UNMATCHED_ROUTE;
  if (c.res.status === 404 && route.method === 'ALL' && route.path.endsWith('*')) return UNMATCHED_ROUTE;
  return route.path;
}

export function httpMetrics(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      observeHttpRequest(c.req.method, routeLabel(c), c.res.status, (performance.now() - started) / 1000);
    }
  };
}
