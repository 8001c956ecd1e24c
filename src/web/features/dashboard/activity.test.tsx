// @vitest-environment jsdom
// The dashboard's activity rows link to what the alert's e-mail said, when it is kept in the library (issue 27).
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecentScan } from '../../../shared/dashboard.ts';
import { AllTimeActivity, RecentActivity } from './activity.tsx';

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

describe('all-time activity: found → delivered (issue 31 §3)', () => {
  const allTime = { newsAlertsSent: 12, newslettersSent: 3, earningsAlertsSent: 1 };

  it('says the median and the 95th percentile of the last 30 days, and of how many messages, under the stats', () => {
    render(<AllTimeActivity allTime={allTime} freshness={{ p50Seconds: 72, p95Seconds: 184, count: 42 }} />);
    const line = screen.getByText('Found → delivered, last 30 days: median 1 min 12 s · 95th percentile 3 min 4 s (42 messages)');
    const region = screen.getByRole('region', { name: 'All-Time Activity' });
    expect(region.contains(line)).toBe(true);
    // Under the figures, not among them.
    const figures = within(region).getByText('News alerts sent').closest('dl')!;
    expect(figures.contains(line)).toBe(false);
    expect(figures.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('counts one message in the singular', () => {
    render(<AllTimeActivity allTime={allTime} freshness={{ p50Seconds: 0.2, p95Seconds: 0.2, count: 1 }} />);
    expect(screen.getByTestId('dashboard-freshness').textContent).toBe(
      'Found → delivered, last 30 days: median under 1 s · 95th percentile under 1 s (1 message)',
    );
  });

  it('says nothing without a delivered message, or from a server that sends no such figure', () => {
    const { unmount } = render(<AllTimeActivity allTime={allTime} freshness={null} />);
    expect(screen.queryByTestId('dashboard-freshness')).toBeNull();
    expect(screen.queryByText(/Found → delivered/)).toBeNull();
    unmount();
    render(<AllTimeActivity allTime={allTime} />);
    expect(screen.getByText('News alerts sent')).toBeTruthy();
    expect(screen.queryByText(/Found → delivered/)).toBeNull();
  });
});
