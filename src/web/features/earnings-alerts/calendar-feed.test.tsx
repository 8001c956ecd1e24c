// @vitest-environment jsdom
// The earnings page's calendar block against a fake API: no link yet (create), the webcal:// link
// shown and copied, Regenerate (a new link replaces the old) and Revoke (back to none), a refusal
// toasted; and the card's status line (confirmed by the company or estimated, and the source).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EarningsAlertResult, earningsCalendarTexts as texts } from '../../../shared/earnings-alerts.ts';
import { CalendarFeedBlock } from './calendar-feed.tsx';
import { EarningsStatus } from './earnings-status.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = { status: number; body?: unknown };
const feed = (token: string) => ({
  webcalUrl: `webcal://eos.example.com/calendar/${token}.ics`,
  httpUrl: `https://eos.example.com/calendar/${token}.ics`,
  createdAt: '2026-11-27T18:00:00.000Z',
});
const none = { webcalUrl: null, httpUrl: null, createdAt: null };

/** Each "METHOD path" answers the next of its answers (the last one again); every request recorded. */
function renderWith(ui: ReactNode, answers: Record<string, Answer[]>) {
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const request = `${init.method ?? 'GET'} ${String(input)}`;
    requests.push(request);
    const queue = answers[request] ?? [{ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } }];
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { requests };
}

const PATH = '/api/earnings-alerts/calendar';

describe('the calendar block', () => {
  it('offers to create a link when there is none, then shows the webcal:// link', async () => {
    const { requests } = renderWith(<CalendarFeedBlock />, {
      [`GET ${PATH}`]: [{ status: 200, body: none }],
      [`POST ${PATH}`]: [{ status: 201, body: feed('a'.repeat(43)) }],
    });
    expect(screen.getByRole('region', { name: texts.heading })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: texts.create }));
    const input = (await screen.findByRole('textbox', { name: texts.linkLabel })) as HTMLInputElement;
    expect(input.value).toBe(`webcal://eos.example.com/calendar/${'a'.repeat(43)}.ics`);
    expect(await screen.findByText(texts.created)).toBeTruthy();
    expect(requests).toEqual([`GET ${PATH}`, `POST ${PATH}`]);
  });

  it('copies the link, regenerates it (a new one replaces it) and revokes it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { requests } = renderWith(<CalendarFeedBlock />, {
      [`GET ${PATH}`]: [{ status: 200, body: feed('old'.padEnd(43, 'x')) }],
      [`POST ${PATH}`]: [{ status: 201, body: feed('new'.padEnd(43, 'y')) }],
      [`DELETE ${PATH}`]: [{ status: 204 }],
    });
    const input = (await screen.findByRole('textbox', { name: texts.linkLabel })) as HTMLInputElement;
    expect(input.value).toContain('/calendar/old');

    fireEvent.click(screen.getByRole('button', { name: texts.copy }));
    expect(await screen.findByText(texts.copied)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(input.value);

    fireEvent.click(screen.getByRole('button', { name: texts.regenerate }));
    expect(await screen.findByText(texts.regenerated)).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: texts.linkLabel })) as HTMLInputElement).value).toContain('/calendar/new');

    fireEvent.click(screen.getByRole('button', { name: texts.revoke }));
    expect(await screen.findByText(texts.revoked)).toBeTruthy();
    expect(await screen.findByRole('button', { name: texts.create })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: texts.linkLabel })).toBeNull();
    expect(requests).toEqual([`GET ${PATH}`, `POST ${PATH}`, `DELETE ${PATH}`]);
  });

  it('says so when the server refuses the change, and keeps the link', async () => {
    renderWith(<CalendarFeedBlock />, {
      [`GET ${PATH}`]: [{ status: 200, body: feed('old'.padEnd(43, 'x')) }],
      [`DELETE ${PATH}`]: [{ status: 500, body: { error: { code: 'internal', message: 'boom' } } }],
    });
    fireEvent.click(await screen.findByRole('button', { name: texts.revoke }));
    expect(await screen.findByText(texts.failed)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: texts.linkLabel })).toBeTruthy();
  });
});

describe('the card status line', () => {
  const result = (over: Partial<EarningsAlertResult>): EarningsAlertResult => ({
    earningsDate: '2025-10-30T00:00:00.000Z',
    confidenceScore: 0.9,
    sourceUrl: 'https://www.nasdaq.com/market-activity/stocks/aapl/earnings',
    status: 'confirmed',
    notificationStatus: 'pending',
    transcriptStatus: 'pending',
    provider: 'Nasdaq',
    previousEarningsDate: null,
    ...over,
  });

  it('keeps Next Earnings, the badge and Verify, and adds the status and the source by name', () => {
    render(<EarningsStatus result={result({ previousEarningsDate: '2025-10-27T00:00:00.000Z' })} />);
    expect(screen.getByText('Next Earnings')).toBeTruthy();
    expect(screen.getByText('Confirmed')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Verify/ }).getAttribute('href')).toBe(result({}).sourceUrl);
    const line = screen.getByTestId('earnings-date-status');
    expect(line.textContent).toContain('Confirmed by the company');
    expect(line.textContent).toContain('Moved from Oct 27, 2025');
    expect(screen.getByRole('link', { name: 'Nasdaq' }).getAttribute('href')).toBe(result({}).sourceUrl);
  });

  it('calls a listing without a session and an SEC estimate estimated', () => {
    render(<EarningsStatus result={result({ status: 'scheduled', confidenceScore: 0.7 })} />);
    expect(screen.getByTestId('earnings-date-status').textContent).toContain('Estimated');
    cleanup();
    render(<EarningsStatus result={result({ status: 'estimated', confidenceScore: 0.3, provider: 'SEC EDGAR estimate' })} />);
    expect(screen.getByTestId('earnings-date-status').textContent).toMatch(/^Estimated · Source: SEC EDGAR/);
  });

  it('has no status line without a date', () => {
    render(<EarningsStatus result={result({ status: 'not_found', earningsDate: null })} />);
    expect(screen.queryByTestId('earnings-date-status')).toBeNull();
  });
});
