// @vitest-environment jsdom
// The dashboard's activity rows link to what the alert's e-mail said, when it is kept in the library (issue 27).
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecentScan } from '../../../shared/dashboard.ts';
import { RecentActivity } from './activity.tsx';

afterEach(cleanup);

// Cast: with or without the library's field, whichever shared/dashboard.ts this is built with.
const scan = (overrides: Partial<RecentScan> & { libraryItemId?: string | null }) =>
  ({
    id: 's',
    processedAt: '2026-03-02T14:00:00Z',
    companyName: 'Acme Robotics',
    hasNews: true,
    sent: true,
    headline: 'Acme posts record revenue',
    ...overrides,
  }) as RecentScan;

describe('recent activity', () => {
  it("links a row's headline to its library item, and leaves the others as text", () => {
    const recent = [
      scan({ id: 'a', libraryItemId: 'item-1' }),
      scan({ id: 'b', headline: null, libraryItemId: 'item-2' }),
      scan({ id: 'c', headline: 'Not kept', libraryItemId: null }),
      // A server from before the library sends no such field.
      scan({ id: 'd', headline: 'Older server' }),
    ];
    const router = createMemoryRouter([{ path: '*', element: <RecentActivity recent={recent} /> }]);
    render(<RouterProvider router={router} />);
    const [, ...rows] = screen.getAllByRole('row');
    expect(within(rows[0]!).getByRole('link', { name: 'Acme posts record revenue' }).getAttribute('href')).toBe('/library/item-1');
    expect(within(rows[1]!).getByRole('link', { name: 'Open in library' }).getAttribute('href')).toBe('/library/item-2');
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
    expect(within(rows[2]!).getByText('Not kept')).toBeTruthy();
    expect(within(rows[3]!).queryByRole('link')).toBeNull();
  });
});
