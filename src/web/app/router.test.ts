// The server knows the router's paths from shared/web-routes.ts (it answers the others 404): the list
// must be the router's, and match a path exactly when the router does.
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isWebRoute, WEB_ROUTES } from '../../shared/web-routes.ts';
import { routes } from './router.tsx';

const pathsOf = (tree: RouteObject[]): string[] =>
  tree.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);

/** Whether the router draws a page of its own at this path, not its catch-all 404 page. */
const routerHasPage = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.path !== '*';

describe('the web routes', () => {
  it('are exactly the paths the router routes (and its catch-all)', () => {
    expect(pathsOf(routes).sort()).toEqual([...WEB_ROUTES, '*'].sort());
  });

  it.each([
    ...WEB_ROUTES.map((route) => route.replace(':id', '3f1c9a52-6d1e-4b7a-9f2e-0a1b2c3d4e5f').replace(':section', 'users')),
    '/admin/users/x',
    '/administrator',
    '/login/',
    '/LOGIN',
    '/Air/Reports/x//',
    '/hell%6F',
    '/air/reports/a%2Fb',
    '//login',
    '/nope',
    '/metrics',
    '/air/reports',
    '/air/reports/',
    '/air/reports/x/y',
    '/homepage/x',
    '/loginx',
    '/api',
    '/assets/app.js',
  ])('%s: the server and the router agree', (pathname) => {
    expect(isWebRoute(pathname)).toBe(routerHasPage(pathname));
  });
});
