// @vitest-environment jsdom
// The Resource Library frame against a stubbed answer from our own API: the public configuration
// (/api/config) that carries CLIENT_PORTAL_URL. Signed-out visitors never reach it (the router's
// ProtectedRoute; tests/e2e/shell.spec.ts).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../lib/public-config.ts';
import { ResourceLibraryPage } from './resource-library-page.tsx';

const PORTAL = 'https://portal.example.com/library?team=42';
const config = (clientPortalUrl: string | null): PublicConfig => ({
  version: 'v2.0.4',
  buildId: null,
  waitlistUrl: null,
  posthogKey: null,
  posthogHost: 'https://posthog.example.com',
  clientPortalUrl,
  support: { email: null, chatUrl: null, chatName: 'WhatsApp' },
  companyLinkedinUrl: null,
  plan: { name: 'Tier 2: Professional', nextTier: 'Enterprise', airGenerations: 3 },
  devMailbox: false,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers our API's one read; anything else is a test bug. */
function stubApi(answers: { config: () => Response }) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    calls.push(path);
    if (path === '/api/config') return answers.config();
    throw new Error(`unexpected request ${path}`);
  });
  return calls;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/client-portal', element: <ResourceLibraryPage /> }], { initialEntries: ['/client-portal'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ResourceLibraryPage', () => {
  it('embeds the configured client portal in a frame titled Resource Library', async () => {
    const calls = stubApi({ config: () => json(200, config(PORTAL)) });
    renderPage();
    const frame = await screen.findByTitle('Resource Library');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(PORTAL);
    // Sandboxed: it may not navigate this tab away, and learns only our origin as referrer.
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('referrerpolicy')).toBe('strict-origin');
    expect(screen.getByRole('heading', { level: 1, name: 'Resource Library' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/homepage');
    // For portals that refuse to be framed: the same address in a new tab, without access to this one.
    const newTab = screen.getByRole('link', { name: 'Open in a new tab' });
    expect(newTab.getAttribute('href')).toBe(PORTAL);
    expect(newTab.getAttribute('target')).toBe('_blank');
    expect(newTab.getAttribute('rel')).toBe('noopener noreferrer');
    expect(calls).toEqual(['/api/config']);
  });

  it('says the portal is not configured when CLIENT_PORTAL_URL is unset', async () => {
    stubApi({ config: () => json(200, config(null)) });
    renderPage();
    const message = await screen.findByText(
      "The Resource Library is not configured. An operator sets CLIENT_PORTAL_URL to the client portal's address.",
    );
    expect(message.getAttribute('role')).toBe('status');
    expect(screen.queryByTitle('Resource Library')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open in a new tab' })).toBeNull();
  });

  it('says the library could not be loaded when the configuration request fails', async () => {
    stubApi({
      config: () => json(500, { error: { code: 'internal', message: 'Something went wrong' } }),
    });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('The Resource Library could not be loaded. Reload the page to try again.');
    expect(screen.queryByTitle('Resource Library')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open in a new tab' })).toBeNull();
  });
});
