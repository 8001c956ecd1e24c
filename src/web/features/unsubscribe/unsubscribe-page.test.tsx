// @vitest-environment jsdom
// The unsubscribe page against a fake /api/unsubscribe: a trigger e-mail's link (issue 31) asks
// about "as it happens" of the alerts it names and, after the click, says exactly which alerts the
// server turned it off for (a roll-up's: all the user's, as the POST answers them); the alert's
// own link keeps its words. Loading the page asks (GET) and changes nothing until the click.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type UnsubscribeAlert, unsubscribeMessages } from '../../../shared/unsubscribe.ts';
import { UnsubscribePage } from './unsubscribe-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server's answers: GET describes, POST answers with what it turned off. */
function fakeUnsubscribeApi(answers: { get: UnsubscribeAlert; post: UnsubscribeAlert }) {
  const requests: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url });
      return new Response(JSON.stringify(method === 'POST' ? answers.post : answers.get), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={['/unsubscribe?token=t.k.s']}>
      <QueryClientProvider client={client}>
        <UnsubscribePage />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** The page says this as its status (the spinner before it is a status too, without words). */
const said = async (text: string) => expect((await screen.findByText(text)).getAttribute('role')).toBe('status');

const appleAndBanking = [
  { type: 'news' as const, name: 'Apple' },
  { type: 'newsletter' as const, name: 'Banking' },
];

describe('UnsubscribePage', () => {
  it('a trigger link names the alerts whose “as it happens” it turns off, and says so after the click', async () => {
    const requests = fakeUnsubscribeApi({
      get: { kind: 'trigger', alerts: appleAndBanking, active: true },
      post: { kind: 'trigger', alerts: appleAndBanking, active: false },
    });
    renderPage();
    expect(
      await screen.findByRole('heading', {
        name: 'Stop events as they happen from your news alert for Apple and your Banking newsletter?',
      }),
    ).toBeTruthy();
    expect(screen.getByText(unsubscribeMessages.triggerNote)).toBeTruthy();
    expect(requests.map((r) => r.method)).toEqual(['GET']);

    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await said(
      "You're unsubscribed from events as they happen from your news alert for Apple and your Banking newsletter. The alerts themselves are still on.",
    );
    expect(requests.map((r) => r.method)).toEqual(['GET', 'POST']);
    expect(requests[1]!.url).toBe('/api/unsubscribe?token=t.k.s');
    expect(screen.getByRole('link', { name: unsubscribeMessages.manage }).getAttribute('href')).toBe('/sonar-os/news');
  });

  it('a roll-up’s link asks about all the alerts and names those the server turned off', async () => {
    fakeUnsubscribeApi({
      get: { kind: 'triggers', alerts: appleAndBanking, active: true },
      // One more was turned on between the page's load and the click: the answer names what was turned off.
      post: { kind: 'triggers', alerts: [...appleAndBanking, { type: 'earnings', name: 'Nvidia' }], active: false },
    });
    renderPage();
    expect(
      await screen.findByRole('heading', {
        name: 'Stop events as they happen from all your alerts (your news alert for Apple and your Banking newsletter)?',
      }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await said(
      "You're unsubscribed from events as they happen from your news alert for Apple, your Banking newsletter and your earnings alert for Nvidia. The alerts themselves are still on.",
    );
  });

  it('says when nothing sends events as they happen any more, with nothing to click', async () => {
    const requests = fakeUnsubscribeApi({
      get: { kind: 'triggers', alerts: [], active: false },
      post: { kind: 'triggers', alerts: [], active: false },
    });
    renderPage();
    await said("You're already unsubscribed: none of your alerts sends events as they happen.");
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('a trigger link whose alert is already off says so, singular', async () => {
    fakeUnsubscribeApi({
      get: { kind: 'trigger', alerts: [{ type: 'earnings', name: 'Nvidia' }], active: false },
      post: { kind: 'trigger', alerts: [{ type: 'earnings', name: 'Nvidia' }], active: false },
    });
    renderPage();
    await said("You're already unsubscribed from events as they happen from your earnings alert for Nvidia.");
    expect(screen.getByRole('link', { name: unsubscribeMessages.manage }).getAttribute('href')).toBe('/sonar-os/earnings');
  });

  it('an alert’s own link keeps its question and its answer', async () => {
    fakeUnsubscribeApi({ get: { kind: 'news', name: 'Apple', active: true }, post: { kind: 'news', name: 'Apple', active: false } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Unsubscribe from news alerts about Apple?' })).toBeTruthy();
    expect(screen.getByText(unsubscribeMessages.alertNote)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await said(unsubscribeMessages.done);
  });
});
