// @vitest-environment jsdom
// The alert cards' "As it happens" (issue 31) against a fake triggers API: nothing is fetched until
// it is opened, off shows the default kinds once turned on, the choice is saved with its own
// button (an empty choice refused before any request), the server's refusal is shown as it says,
// and the setting follows live updates.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TRIGGER_KINDS, TRIGGER_KINDS, triggerKindLabels, triggerMessages } from '../../shared/triggers.ts';
import { refreshLiveQueries } from '../lib/live-updates.ts';
import { fakeTriggersApi } from '../lib/test-triggers-api.ts';
import { AlertTriggers } from './alert-triggers.tsx';

const ALERT = '11111111-1111-4111-8111-111111111111';
const PATH = `/api/triggers/alerts/earnings/${ALERT}`;
const toasts = { success: vi.spyOn(toast, 'success'), error: vi.spyOn(toast, 'error') };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toasts.success.mockClear();
  toasts.error.mockClear();
});

function renderTriggers() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  render(
    <QueryClientProvider client={client}>
      <AlertTriggers type="earnings" alertId={ALERT} />
    </QueryClientProvider>,
  );
  return {
    open: () => fireEvent.click(screen.getByRole('button', { name: triggerMessages.disclosure })),
    liveUpdate: () =>
      act(async () => {
        await refreshLiveQueries(client, 'trigger_subscriptions');
      }),
  };
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const toggle = () => box(triggerMessages.toggle);
const kinds = () => screen.queryByRole('group', { name: triggerMessages.kindsLegend });
const saveButton = () => screen.queryByRole('button', { name: 'Save events' });
const ticked = () => TRIGGER_KINDS.filter((kind) => box(triggerKindLabels[kind]).checked);
const puts = (api: ReturnType<typeof fakeTriggersApi>) => api.requests.filter((r) => r.method === 'PUT');

describe('AlertTriggers', () => {
  it('loads nothing until opened; then the toggle (off), described by the intro, and no kinds while off', async () => {
    const api = fakeTriggersApi();
    const view = renderTriggers();
    const disclosure = screen.getByRole('button', { name: triggerMessages.disclosure });
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    expect(api.requests).toEqual([]);

    view.open();
    expect(disclosure.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(disclosure.getAttribute('aria-controls')!)).not.toBeNull();
    await screen.findByRole('checkbox', { name: triggerMessages.toggle });
    expect(api.requests).toEqual([{ method: 'GET', path: PATH, body: null }]);
    expect(toggle().checked).toBe(false);
    expect(document.getElementById(toggle().getAttribute('aria-describedby')!)?.textContent).toBe(triggerMessages.intro);
    expect(kinds()).toBeNull();
    expect(saveButton()).toBeNull();

    view.open();
    expect(screen.queryByRole('checkbox', { name: triggerMessages.toggle })).toBeNull();
  });

  it('turned on, shows every kind with the defaults ticked, and saves them with its own button', async () => {
    const api = fakeTriggersApi();
    const view = renderTriggers();
    view.open();
    await screen.findByRole('checkbox', { name: triggerMessages.toggle });
    fireEvent.click(toggle());
    const group = within(kinds()!);
    expect(group.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(
      TRIGGER_KINDS.map((kind) => triggerKindLabels[kind]),
    );
    expect(ticked()).toEqual([...DEFAULT_TRIGGER_KINDS]);
    // On an earnings alert, its own "date moved" e-mail is said to tell the move (once).
    const moved = box(triggerKindLabels.earnings_moved);
    expect(document.getElementById(moved.getAttribute('aria-describedby')!)?.textContent).toBe(triggerMessages.earningsOwnMove);

    fireEvent.click(box(triggerKindLabels.results));
    fireEvent.click(box(triggerKindLabels.bankruptcy));
    fireEvent.click(saveButton()!);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(triggerMessages.saved));
    expect(puts(api)).toEqual([
      {
        method: 'PUT',
        path: PATH,
        body: { enabled: true, kinds: [...DEFAULT_TRIGGER_KINDS.filter((kind) => kind !== 'bankruptcy'), 'results'] },
      },
    ]);
    await waitFor(() => expect(saveButton()).toBeNull());
    expect(toggle().checked).toBe(true);
    expect(ticked()).toEqual(TRIGGER_KINDS.filter((kind) => kind !== 'bankruptcy'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses saving no kind at all without a request, and the message goes once a kind is ticked', async () => {
    const api = fakeTriggersApi();
    api.subscriptions.set(`earnings/${ALERT}`, ['funding']);
    const view = renderTriggers();
    view.open();
    await screen.findByRole('group', { name: triggerMessages.kindsLegend });
    expect(toggle().checked).toBe(true);
    expect(ticked()).toEqual(['funding']);

    fireEvent.click(box(triggerKindLabels.funding));
    fireEvent.click(saveButton()!);
    expect(screen.getByRole('alert').textContent).toBe(triggerMessages.kindsRequired);
    expect(puts(api)).toEqual([]);

    fireEvent.click(box(triggerKindLabels.ipo));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('turns it off (the kinds hidden) with its own message', async () => {
    const api = fakeTriggersApi();
    api.subscriptions.set(`earnings/${ALERT}`, ['leadership', 'activist']);
    const view = renderTriggers();
    view.open();
    await screen.findByRole('group', { name: triggerMessages.kindsLegend });
    fireEvent.click(toggle());
    expect(kinds()).toBeNull();
    fireEvent.click(saveButton()!);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(triggerMessages.turnedOff));
    expect(puts(api)[0]?.body).toEqual({ enabled: false, kinds: ['leadership', 'activist'] });
    expect(api.subscriptions.has(`earnings/${ALERT}`)).toBe(false);
    await waitFor(() => expect(saveButton()).toBeNull());
    expect(toggle().checked).toBe(false);
  });

  it('turning off after unticking every kind still saves (the hidden kinds go as the defaults)', async () => {
    const api = fakeTriggersApi();
    api.subscriptions.set(`earnings/${ALERT}`, ['funding']);
    const view = renderTriggers();
    view.open();
    await screen.findByRole('group', { name: triggerMessages.kindsLegend });
    fireEvent.click(box(triggerKindLabels.funding));
    fireEvent.click(toggle());
    fireEvent.click(saveButton()!);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(triggerMessages.turnedOff));
    expect(puts(api)[0]?.body).toEqual({ enabled: false, kinds: [...DEFAULT_TRIGGER_KINDS] });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('no Save for a change undone: on and off again is the saved "off"', async () => {
    fakeTriggersApi();
    const view = renderTriggers();
    view.open();
    await screen.findByRole('checkbox', { name: triggerMessages.toggle });
    fireEvent.click(toggle());
    expect(saveButton()).not.toBeNull();
    fireEvent.click(box(triggerKindLabels.ipo));
    fireEvent.click(toggle());
    expect(saveButton()).toBeNull();
  });

  it('shows the server’s refusal as text and keeps the change to try again', async () => {
    const api = fakeTriggersApi();
    const view = renderTriggers();
    view.open();
    await screen.findByRole('checkbox', { name: triggerMessages.toggle });
    api.answerNext('PUT', api.refusal(404, 'not_found', `${triggerMessages.alertNotFound} <b>gone</b>`));
    fireEvent.click(toggle());
    fireEvent.click(saveButton()!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`${triggerMessages.alertNotFound} <b>gone</b>`));
    expect(document.querySelector('b')).toBeNull();
    expect(toasts.success).not.toHaveBeenCalled();
    expect(toggle().checked).toBe(true);
    expect(saveButton()).not.toBeNull();
  });

  it('shows loading until the setting comes, and the load error when it cannot', async () => {
    const api = fakeTriggersApi();
    api.answerNext('GET', 'pending');
    const view = renderTriggers();
    view.open();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    cleanup();

    api.answerNext('GET', api.refusal(500, 'internal', 'Something went wrong on our side. Please try again.'));
    const again = renderTriggers();
    again.open();
    expect(await screen.findByText(triggerMessages.loadError)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('follows live updates: a change saved elsewhere shows without a reload', async () => {
    const api = fakeTriggersApi();
    const view = renderTriggers();
    view.open();
    await screen.findByRole('checkbox', { name: triggerMessages.toggle });
    expect(toggle().checked).toBe(false);

    api.subscriptions.set(`earnings/${ALERT}`, ['acquisition']);
    await view.liveUpdate();
    await waitFor(() => expect(toggle().checked).toBe(true));
    expect(ticked()).toEqual(['acquisition']);
  });
});
