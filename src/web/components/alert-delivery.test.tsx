// @vitest-environment jsdom
// The alert cards' "Deliver to" (issue 29) against a fake channels API: nothing is fetched until it
// is opened, the choice is saved with its own button, and the log shows each delivery and attempt
// (the receiver's answer as text), retries a failed one and follows live updates.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { channelMessages } from '../../shared/channels.ts';
import { refreshLiveQueries } from '../lib/live-updates.ts';
import { fakeChannelsApi } from '../lib/test-channels-api.ts';
import { AlertDelivery } from './alert-delivery.tsx';

const ALERT = '11111111-1111-4111-8111-111111111111';
const toasts = { success: vi.spyOn(toast, 'success'), error: vi.spyOn(toast, 'error') };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toasts.success.mockClear();
  toasts.error.mockClear();
});

function renderDelivery() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <AlertDelivery type="news" alertId={ALERT} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return {
    open: () => fireEvent.click(screen.getByRole('button', { name: 'Deliver to' })),
    liveUpdate: (table: 'channel_deliveries' | 'channels') =>
      act(async () => {
        await refreshLiveQueries(client, table);
      }),
  };
}

const box = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

describe('AlertDelivery', () => {
  it('loads nothing until opened, then shows e-mail and every channel, and links to the channels page', async () => {
    const api = fakeChannelsApi();
    api.add('slack', 'Deals desk', 'https://hooks.slack.com/services/T0/B0/XXXX');
    api.add('teams', 'Sales team', 'https://prod.westus.logic.azure.com/workflows/a/triggers/manual/paths/invoke', {
      status: 'paused',
      pausedAt: '2030-01-01T00:00:00.000Z',
      pauseReason: 'HTTP 404',
    });
    const view = renderDelivery();
    expect(api.requests).toEqual([]);
    view.open();
    await screen.findByRole('checkbox', { name: channelMessages.emailLabel });
    expect(box(channelMessages.emailLabel).checked).toBe(true);
    expect(box('Deals desk').checked).toBe(false);
    expect(screen.getByText(`Microsoft Teams · ${channelMessages.paused}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage channels' }).getAttribute('href')).toBe('/sonar-os/channels');
    expect(screen.queryByRole('button', { name: 'Save delivery' })).toBeNull();
  });

  it('saves channels instead of e-mail with its own button, and refuses neither', async () => {
    const api = fakeChannelsApi();
    const slack = api.add('slack', 'Deals desk', 'https://hooks.slack.com/services/T0/B0/XXXX');
    const view = renderDelivery();
    view.open();
    await screen.findByRole('checkbox', { name: channelMessages.emailLabel });
    fireEvent.click(box(channelMessages.emailLabel));
    fireEvent.click(screen.getByRole('button', { name: 'Save delivery' }));
    expect(screen.getByRole('alert').textContent).toBe(channelMessages.nothingChosen);
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.click(box('Deals desk'));
    fireEvent.click(screen.getByRole('button', { name: 'Save delivery' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(channelMessages.deliverySaved));
    expect(api.requests.find((r) => r.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `/api/channels/alerts/news/${ALERT}`,
      body: { email: false, channelIds: [slack.id] },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save delivery' })).toBeNull());
    expect(box(channelMessages.emailLabel).checked).toBe(false);
    expect(box('Deals desk').checked).toBe(true);
  });

  it('the delivery log: statuses, attempts with the answer as text, Retry on a failed one, and live updates', async () => {
    const api = fakeChannelsApi();
    const slack = api.add('slack', 'Deals desk', 'https://hooks.slack.com/services/T0/B0/XXXX');
    api.addDelivery(slack, { alert: `news/${ALERT}`, title: 'Acme buys Beta', status: 'sent', sentAt: '2030-01-02T10:00:00.000Z' });
    const failed = api.addDelivery(slack, {
      alert: `news/${ALERT}`,
      title: 'Acme sued',
      status: 'failed',
      attempts: [
        { attempt: 1, outcome: 'retrying', httpStatus: 500, answer: '<b>boom</b>', durationMs: 10, at: '2030-01-02T10:00:00.000Z' },
        { attempt: 2, outcome: 'failed', httpStatus: null, answer: 'connection refused', durationMs: 10, at: '2030-01-02T10:05:00.000Z' },
      ],
    });
    api.addDelivery(slack, { alert: 'news/another-alert', title: 'Not this alert' });
    const view = renderDelivery();
    view.open();
    fireEvent.click(await screen.findByRole('button', { name: channelMessages.logTitle }));
    const sued = within(await screen.findByRole('listitem', { name: 'Acme sued to Deals desk' }));
    expect(sued.getByText('Failed')).toBeTruthy();
    expect(sued.getByText(/Attempt 1: HTTP 500/)).toBeTruthy();
    expect(sued.getByText(/<b>boom<\/b>/)).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
    expect(sued.getByText(/Attempt 2: no answer/)).toBeTruthy();
    const sent = within(screen.getByRole('listitem', { name: 'Acme buys Beta to Deals desk' }));
    expect(sent.getByText('Sent')).toBeTruthy();
    expect(sent.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByText('Not this alert')).toBeNull();

    fireEvent.click(sued.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(channelMessages.retryQueued));
    expect(api.requests.some((r) => r.method === 'POST' && r.path === `/api/channels/deliveries/${failed.id}/retry`)).toBe(true);
    await waitFor(() => expect(sued.getByText('Retrying')).toBeTruthy());

    // The sender delivers it: the change to channel_deliveries reaches the open log.
    failed.status = 'sent';
    await view.liveUpdate('channel_deliveries');
    await waitFor(() => expect(sued.getByText('Sent')).toBeTruthy());
  });
});
