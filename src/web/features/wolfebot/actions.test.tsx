// @vitest-environment jsdom
// The suggested actions do nothing until pressed, then go through the feature's own API and say
// what it answered in that page's words: the news alert limit, the AIR credits, a missing drafts API.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newsAlertMessages } from '../../../shared/news-alerts.ts';
import type { WolfebotAction } from '../../../shared/wolfebot.ts';
import { ActionList, DRAFT_UNAVAILABLE, draftTitleFor, KEEP_DRAFT_FAILED, watchAlertDraft } from './actions.tsx';
import { fakeApi } from './test-setup.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderActions(actions: WolfebotAction[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ActionList actions={actions} conversationTitle="Acme prep" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const overview = (remaining: number, solutionDraft: string) => ({
  status: 200,
  body: {
    credits: { limit: 3, used: 3 - remaining, remaining, refreshesOn: '2026-07-01' },
    ai: { configured: true, model: 'm' },
    reports: [],
    solutionDraft,
  },
});
const SOLUTION = 'Warehouse robots for operations and finance leaders';

describe('watch a company', () => {
  it('creates an active weekday news alert for it only on a click, and links to News Alerts', async () => {
    const requests = fakeApi({ 'POST /api/news-alerts': { status: 201, body: { alert: { id: 'al1', companyName: 'Acme Robotics' } } } });
    renderActions([{ type: 'watch_company', company: 'Acme Robotics' }]);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Create news alert for Acme Robotics' }));
    expect((await screen.findByRole('link', { name: 'Open News Alerts' })).getAttribute('href')).toBe('/sonar-os/news');
    expect(screen.getByRole('status').textContent).toContain(newsAlertMessages.created);
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual(watchAlertDraft('Acme Robotics'));
    expect(watchAlertDraft('Acme Robotics')).toMatchObject({
      active: true,
      deliveryDays: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
      deliveryHour: 9,
    });
  });

  it("shows the alert limit as the News Alerts page does, with the server's words", async () => {
    fakeApi({
      'POST /api/news-alerts': {
        status: 409,
        body: { error: { code: 'limit_reached', message: newsAlertMessages.limitReached, title: newsAlertMessages.createFailed } },
      },
    });
    renderActions([{ type: 'watch_company', company: 'Acme Robotics' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Create news alert for Acme Robotics' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`${newsAlertMessages.createFailed} ${newsAlertMessages.limitReached}`);
    expect(screen.getByRole('button', { name: 'Create news alert for Acme Robotics' })).toBeTruthy();
  });
});

describe('an AIR report', () => {
  it('prefills the solution from the profile, says what it costs, and starts the report on a click', async () => {
    const requests = fakeApi({
      'GET /api/air': overview(2, SOLUTION),
      'POST /api/air/reports': { status: 201, body: { report: { id: 'r1' } } },
    });
    renderActions([{ type: 'air_report', website: 'acme.com' }]);
    expect(screen.getByText('https://acme.com/')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set up the report' }));
    expect(await screen.findByText('This uses 1 of your 2 remaining credits.')).toBeTruthy();
    expect((screen.getByLabelText('Solution & Buying Centers') as HTMLTextAreaElement).value).toBe(SOLUTION);
    fireEvent.click(screen.getByRole('button', { name: 'Email me the report' }));
    expect((await screen.findByRole('link', { name: 'Follow the report' })).getAttribute('href')).toBe('/air/reports/r1');
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ website: 'https://acme.com/', solution: SOLUTION });
  });

  it('cannot start without a credit, or with too short a solution', async () => {
    fakeApi({ 'GET /api/air': overview(0, SOLUTION) });
    renderActions([{ type: 'air_report', website: 'acme.com' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Set up the report' }));
    expect(await screen.findByText(/^No credits left this month\. Your credits return on July 1, 2026\.$/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Email me the report' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    fakeApi({ 'GET /api/air': overview(2, 'Robots') });
    renderActions([{ type: 'air_report', website: 'acme.com' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Set up the report' }));
    expect(await screen.findByText(/at least 30 characters/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Email me the report' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal (the daily limit) with its title", async () => {
    fakeApi({
      'GET /api/air': overview(2, SOLUTION),
      'POST /api/air/reports': {
        status: 429,
        body: { error: { code: 'air_daily_limit', title: 'Daily limit reached', message: 'Try again in 3 hours.' } },
      },
    });
    renderActions([{ type: 'air_report', website: 'acme.com' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Set up the report' }));
    await screen.findByText('This uses 1 of your 2 remaining credits.');
    fireEvent.click(screen.getByRole('button', { name: 'Email me the report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Daily limit reached Try again in 3 hours.');
  });
});

describe('a LinkedIn draft', () => {
  it('keeps the answer without its markers as a library draft and links to it', async () => {
    const requests = fakeApi({ 'POST /api/library/drafts': { status: 201, body: { id: 'd1' } } });
    renderActions([{ type: 'linkedin_draft', text: 'Acme opened a plant [1].\n\nIt hires [2].' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Keep as a LinkedIn draft' }));
    expect((await screen.findByRole('link', { name: 'Saved to your library' })).getAttribute('href')).toBe('/library/d1');
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      title: draftTitleFor('Acme prep'),
      text: 'Acme opened a plant.\n\nIt hires.',
    });
  });

  it('says so when the server cannot keep drafts, and still offers Copy', async () => {
    fakeApi({});
    renderActions([{ type: 'linkedin_draft', text: 'Acme opened a plant [1].' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Keep as a LinkedIn draft' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`${KEEP_DRAFT_FAILED} ${DRAFT_UNAVAILABLE}`);
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy text' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Acme opened a plant.'));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });
});
