// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ComingSoon } from './coming-soon.tsx';

afterEach(cleanup);

function renderBlock() {
  const router = createMemoryRouter([{ path: '*', element: <ComingSoon /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('ComingSoon', () => {
  it('links to AIR, which is live, instead of offering a notification', () => {
    renderBlock();
    const air = screen.getByRole('article', { name: 'Account Intelligence Report (AIR)' });
    expect(air.textContent).toContain('Live');
    expect(air.textContent).not.toContain('Under Development');
    expect(within(air).queryByRole('button')).toBeNull();
    expect(within(air).getByRole('link', { name: 'Request a report' }).getAttribute('href')).toBe('/air');
  });

  it('links to Wolfebot, which is live, instead of offering a notification', () => {
    renderBlock();
    const wolfebot = screen.getByRole('article', { name: 'Wolfebot' });
    expect(wolfebot.textContent).toContain('Live');
    expect(wolfebot.textContent).not.toContain('Coming Soon');
    expect(within(wolfebot).queryByRole('button')).toBeNull();
    expect(within(wolfebot).getByRole('link', { name: 'Ask Wolfebot' }).getAttribute('href')).toBe('/wolfebot');
  });
});
