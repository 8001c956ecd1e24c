// @vitest-environment jsdom
// The app's history keeps the data router's order: the address changes once the code of the screens
// it names is in, and of navigations asked for meanwhile only the newest happens.
import { afterEach, describe, expect, it } from 'vitest';
import { createAppHistory } from './history.ts';

afterEach(() => window.history.replaceState(null, '', '/'));

/** A loader whose loadings the test settles; paths in `loaded` have their code in. */
function fakeScreens(loaded: string[] = []) {
  const waiting = new Map<string, { promise: Promise<void>; resolve: () => void; reject: (err: Error) => void }>();
  const load = (pathname: string) => {
    if (loaded.includes(pathname)) return null;
    let entry = waiting.get(pathname);
    if (!entry) {
      let resolve!: () => void;
      let reject!: (err: Error) => void;
      const promise = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      entry = { promise, resolve, reject };
      waiting.set(pathname, entry);
    }
    return entry.promise;
  };
  return { load, waiting };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the app history', () => {
  it('changes the address at once when the screens are in, else once their code is', async () => {
    const screens = fakeScreens(['/login']);
    const history = createAppHistory(screens.load, window);
    history.push('/login?redirect_to=%2Fhomepage');
    expect(window.location.pathname + window.location.search).toBe('/login?redirect_to=%2Fhomepage');

    history.push({ pathname: '/library', search: '?q=acme' });
    await settle();
    expect(window.location.pathname).toBe('/login');
    screens.waiting.get('/library')!.resolve();
    await settle();
    expect(window.location.pathname + window.location.search).toBe('/library?q=acme');
    expect(history.location.pathname).toBe('/library');
  });

  it('replaces as it pushes, and a chunk that fails still goes to its address (the error page shows there)', async () => {
    const screens = fakeScreens();
    const history = createAppHistory(screens.load, window);
    const length = window.history.length;
    history.replace('/air');
    screens.waiting.get('/air')!.reject(new Error('Failed to fetch dynamically imported module'));
    await settle();
    expect(window.location.pathname).toBe('/air');
    expect(window.history.length).toBe(length);
  });

  it('of navigations asked for meanwhile, only the newest happens', async () => {
    const screens = fakeScreens(['/']);
    const history = createAppHistory(screens.load, window);
    const length = window.history.length;
    history.push('/air');
    history.push('/library');
    screens.waiting.get('/library')!.resolve();
    screens.waiting.get('/air')!.resolve();
    await settle();
    expect(window.location.pathname).toBe('/library');
    expect(window.history.length).toBe(length + 1);

    history.push('/wolfebot');
    history.push('/');
    screens.waiting.get('/wolfebot')!.resolve();
    await settle();
    expect(window.location.pathname).toBe('/');
  });
});
