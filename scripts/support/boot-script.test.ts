// The boot script requests the code and the data of the screen at the path being opened, for the
// router's parameterised paths as for the others.
import { describe, expect, it } from 'vitest';
import { type BootRoute, bootScript } from './boot-script.ts';

const ROUTES: BootRoute[] = [
  { path: '/hello', files: ['hello-page-1.js'], data: [] },
  { path: '/library', files: ['app-shell-1.js', 'library-page-1.js'], data: ['/api/profile/current'] },
  { path: '/library/:id', files: ['app-shell-1.js', 'item-page-1.js'], data: ['/api/profile/current'] },
  { path: '/air/reports/:id', files: ['app-shell-1.js', 'report-page-1.js'], data: ['/api/profile/current'] },
  { path: '/homepage', files: ['app-shell-1.js', 'home-page-1.js'], data: ['/api/profile/current', '/api/dashboard'] },
];

/** Runs the script at this path: the chunks it preloads and the URLs it fetches. */
function bootAt(pathname: string) {
  const preloaded: string[] = [];
  const fetched: string[] = [];
  const document = {
    createElement: () => ({ rel: '', href: '' }),
    head: {
      appendChild: (link: { rel: string; href: string }) => {
        expect(link.rel).toBe('modulepreload');
        preloaded.push(link.href);
      },
    },
  };
  const window: { __eosEarly?: Record<string, unknown> } = {};
  const fetch = (url: string) => {
    fetched.push(url);
    return Promise.resolve(new Response('{}'));
  };
  new Function('location', 'document', 'window', 'fetch', bootScript(ROUTES))({ pathname }, document, window, fetch);
  return { preloaded, fetched, early: Object.keys(window.__eosEarly ?? {}) };
}

describe('the boot script', () => {
  it('preloads the chunks of a path and fetches its data', () => {
    expect(bootAt('/homepage')).toEqual({
      preloaded: ['/assets/app-shell-1.js', '/assets/home-page-1.js'],
      fetched: ['/api/profile/current', '/api/dashboard'],
      early: ['/api/profile/current', '/api/dashboard'],
    });
    expect(bootAt('/hello/').preloaded).toEqual(['/assets/hello-page-1.js']);
  });

  it.each([
    ['/library/3f1c9a52-6d1e-4b7a-9f2e-0a1b2c3d4e5f', 'item-page-1.js'],
    ['/library/x/', 'item-page-1.js'],
    ['/air/reports/42', 'report-page-1.js'],
    ['/Air/Reports/42', 'report-page-1.js'],
  ])('preloads the chunks of the parameterised route at %s', (pathname, page) => {
    const { preloaded, fetched } = bootAt(pathname);
    expect(preloaded).toEqual(['/assets/app-shell-1.js', `/assets/${page}`]);
    expect(fetched).toEqual(['/api/profile/current']);
  });

  it('a static path is not taken for a parameter', () => {
    expect(bootAt('/library').preloaded).toEqual(['/assets/app-shell-1.js', '/assets/library-page-1.js']);
  });

  it.each(['/library/x/y', '/air/reports', '/air/reports/', '/nope', '/'])('requests nothing at %s', (pathname) => {
    expect(bootAt(pathname)).toEqual({ preloaded: [], fetched: [], early: [] });
  });
});
