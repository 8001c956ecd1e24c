// @vitest-environment jsdom
// The screens without React Router's data router (issue 27): lazy screens, the first screen's code
// loaded before it renders, the error boundary that took the data router's errorElement's place.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Link, MemoryRouter, type RouteObject, useLocation, useRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { isSignedInScreen, lazyScreen } from './router.tsx';
import { ScreenErrorBoundary } from './shell/router-error-page.tsx';

afterEach(cleanup);

const ThePage = () => <h1>The page</h1>;
const PreloadedPage = () => <h1>Preloaded</h1>;
function Boom(): React.ReactNode {
  throw new Error('Boom');
}

function Screens({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  return <ScreenErrorBoundary location={location}>{useRoutes(routes)}</ScreenErrorBoundary>;
}

function app(path: string, routes: RouteObject[]) {
  return (
    <MemoryRouter initialEntries={[path]}>
      {/* Outside the screens, like the sidebar: a way away from a failed screen. */}
      <Link to="/elsewhere">Go elsewhere</Link>
      <Suspense fallback={<p>Loading</p>}>
        <Screens routes={routes} />
      </Suspense>
    </MemoryRouter>
  );
}

/** Renders inside act, awaited: a screen that suspends settles before the test looks. */
async function renderAt(path: string, routes: RouteObject[]) {
  await act(async () => {
    render(app(path, routes));
  });
}

/** console.error calls the test expects (the error boundary's report), kept from the failing check. */
function expectedConsoleErrors() {
  const spy = vi.mocked(console.error);
  const before = spy.getMockImplementation();
  const seen: unknown[][] = [];
  spy.mockImplementation((...args: unknown[]) => {
    seen.push(args);
  });
  return { seen, restore: () => spy.mockImplementation(before ?? (() => {})) };
}

describe('isSignedInScreen', () => {
  it.each(['/homepage', '/library/3f1c9a52', '/aurora-os/trends', '/client-portal', '/sandbox', '/profile-completion'])(
    '%s is signed in',
    (path) => {
      expect(isSignedInScreen(path)).toBe(true);
    },
  );
  it.each(['/', '/login', '/hello', '/email-otp', '/unsubscribe', '/nope'])('%s is public', (path) => {
    expect(isSignedInScreen(path)).toBe(false);
  });
});

describe('a lazy screen', () => {
  it('suspends until its code is in, then renders; loaded first, it renders at once', async () => {
    let resolve!: (module: { Page: () => React.ReactNode }) => void;
    const load = vi.fn(() => new Promise<{ Page: () => React.ReactNode }>((r) => (resolve = r)));
    const Page = lazyScreen(load, 'Page');
    await renderAt('/', [{ path: '/', Component: Page }]);
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => resolve({ Page: ThePage }));
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    cleanup();

    const Preloaded = lazyScreen(async () => ({ Page: PreloadedPage }), 'Page');
    await Preloaded.load();
    // Not awaited: the screen is there in the first render, no suspending.
    render(app('/', [{ path: '/', Component: Preloaded }]));
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Preloaded' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('whose code fails to load shows the error page, and a navigation renders afresh', async () => {
    const errors = expectedConsoleErrors();
    try {
      const Broken = lazyScreen(() => Promise.reject(new Error('Failed to fetch dynamically imported module')), 'Page');
      await renderAt('/broken', [
        { path: '/broken', Component: Broken },
        { path: '/elsewhere', element: <h1>Elsewhere</h1> },
      ]);
      expect(await screen.findByRole('heading', { name: messages.errors.routerDefault })).toBeTruthy();
      expect(screen.getByText('Failed to fetch dynamically imported module')).toBeTruthy();
      expect(errors.seen.length).toBeGreaterThan(0);
      await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Go elsewhere' })));
      expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: messages.errors.routerDefault })).toBeNull();
    } finally {
      errors.restore();
    }
  });
});

describe('the screens error boundary', () => {
  it('shows the error page for a screen that throws, until the next navigation', async () => {
    const errors = expectedConsoleErrors();
    try {
      await renderAt('/boom', [
        { path: '/boom', Component: Boom },
        { path: '/elsewhere', element: <h1>Elsewhere</h1> },
      ]);
      expect(screen.getByRole('heading', { name: messages.errors.routerDefault })).toBeTruthy();
      expect(screen.getByText('Boom')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
      await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Go elsewhere' })));
      expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
    } finally {
      errors.restore();
    }
  });
});
