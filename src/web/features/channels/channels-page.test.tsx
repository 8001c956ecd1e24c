// @vitest-environment jsdom
// The Delivery Channels page (issue 29) against a fake channels API: the add form's messages inline
// (the client's checks and the server's refusals), the webhook secret shown once, pause and resume,
// test message, rename and new address, rotate, and remove with a confirmation. Below the channels,
// the "As it happens" settings (their own tests: trigger-settings.test.tsx).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_LIMIT, channelMessages } from '../../../shared/channels.ts';
import { triggerSettingsMessages } from '../../../shared/triggers.ts';
import { fakeChannelsApi } from '../../lib/test-channels-api.ts';
import { fakeTriggersApi } from '../../lib/test-triggers-api.ts';
import { ChannelsPage } from './channels-page.tsx';

const SLACK = 'https://hooks.slack.com/services/T000/B000/XXXX';
const toasts = { success: vi.spyOn(toast, 'success'), error: vi.spyOn(toast, 'error') };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toasts.success.mockClear();
  toasts.error.mockClear();
});

async function openPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  render(
    <QueryClientProvider client={client}>
      <ChannelsPage />
    </QueryClientProvider>,
  );
  const form = within(await screen.findByRole('form', { name: 'Add a channel' }));
  const field = (scope: typeof form, label: string) => scope.getByLabelText(new RegExp(`^${label}\\*?$`)) as HTMLInputElement;
  return {
    form,
    fill: (values: { kind?: string; name?: string; url?: string }) => {
      if (values.kind) fireEvent.change(field(form, 'Type'), { target: { value: values.kind } });
      if (values.name !== undefined) fireEvent.change(field(form, 'Name'), { target: { value: values.name } });
      if (values.url !== undefined) fireEvent.change(field(form, 'Webhook address'), { target: { value: values.url } });
    },
    add: () => fireEvent.click(form.getByRole('button', { name: 'Add channel' })),
    /** The message shown under a field of the add form. */
    errorOf: (label: string) => {
      const input = field(form, label);
      return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    },
    card: async (name: string) => within(await screen.findByRole('region', { name })),
    field,
  };
}

describe('Delivery Channels', () => {
  it('shows the empty state, checks the form inline and adds a Slack channel, showing only its hint', async () => {
    const api = fakeChannelsApi();
    const page = await openPage();
    expect(screen.getByRole('heading', { name: 'Delivery Channels' })).toBeTruthy();
    expect(screen.getByText(channelMessages.empty)).toBeTruthy();

    page.add();
    expect(page.errorOf('Name')).toBe(channelMessages.nameRequired);
    expect(page.errorOf('Webhook address')).toBe(channelMessages.urlRequired);
    page.fill({ name: 'Deals desk', url: 'https://hooks.slack.com.evil.com/services/T0/B0/X' });
    page.add();
    expect(page.errorOf('Webhook address')).toBe(channelMessages.urlSlack);
    page.fill({ url: 'http://hooks.slack.com/services/T0/B0/X' });
    page.add();
    expect(page.errorOf('Webhook address')).toBe(channelMessages.urlHttps);
    page.fill({ kind: 'teams', url: 'https://evil.com/workflows/a/triggers/manual' });
    page.add();
    expect(page.errorOf('Webhook address')).toBe(channelMessages.urlTeams);
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);

    page.fill({ kind: 'slack', url: SLACK });
    page.add();
    const card = await page.card('Deals desk');
    expect(card.getByText('hooks.slack.com/…XXXX')).toBeTruthy();
    expect(card.getByText('Active')).toBeTruthy();
    expect(toasts.success).toHaveBeenCalledWith(channelMessages.created);
    expect(document.body.textContent).not.toContain('T000/B000');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(page.field(page.form, 'Name').value).toBe('');
  });

  it('puts the server’s refusal under its field: a name in use', async () => {
    const api = fakeChannelsApi();
    api.add('slack', 'Deals desk', SLACK);
    const page = await openPage();
    page.fill({ name: 'deals DESK', url: SLACK });
    page.add();
    await waitFor(() => expect(page.errorOf('Name')).toBe(channelMessages.nameTaken));
  });

  it(`stops adding at ${CHANNEL_LIMIT} channels`, async () => {
    const api = fakeChannelsApi();
    for (let i = 1; i <= CHANNEL_LIMIT; i++) api.add('slack', `Channel ${i}`, SLACK);
    const page = await openPage();
    const button = page.form.getByRole('button', { name: 'Add channel' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe(channelMessages.limitReached);
  });

  it('shows a webhook’s signing secret once, copies it, and shows a new one on rotate', async () => {
    const api = fakeChannelsApi();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const page = await openPage();
    page.fill({ kind: 'webhook', name: 'CRM', url: 'https://hooks.example.com/in' });
    page.add();
    const dialog = within(await screen.findByRole('dialog', { name: 'Signing secret for CRM' }));
    expect(dialog.getByText(channelMessages.secretOnce)).toBeTruthy();
    expect(dialog.getByText('whsec_fake1')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('whsec_fake1'));
    expect(dialog.getByRole('button', { name: 'Copied' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain('whsec_fake1');

    fireEvent.click((await page.card('CRM')).getByRole('button', { name: 'Rotate signing secret' }));
    const rotated = within(await screen.findByRole('dialog', { name: 'Signing secret for CRM' }));
    expect(rotated.getByText('whsec_fake2')).toBeTruthy();
    expect(toasts.success).toHaveBeenCalledWith(channelMessages.secretRotated);
    expect(api.channels[0]!.secret).toBe('whsec_fake2');
  });

  it('a Slack channel has no secret to rotate', async () => {
    const api = fakeChannelsApi();
    api.add('slack', 'Deals desk', SLACK);
    const page = await openPage();
    expect((await page.card('Deals desk')).queryByRole('button', { name: 'Rotate signing secret' })).toBeNull();
  });

  it('a paused channel says why and resumes', async () => {
    const api = fakeChannelsApi();
    api.add('slack', 'Deals desk', SLACK, { status: 'paused', pausedAt: '2030-01-01T00:00:00.000Z', pauseReason: 'HTTP 404: no_service' });
    const page = await openPage();
    const card = await page.card('Deals desk');
    expect(card.getByText(channelMessages.paused)).toBeTruthy();
    expect(card.getByText('HTTP 404: no_service')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(card.getByText('Active')).toBeTruthy());
    expect(card.queryByText(channelMessages.paused)).toBeNull();
    expect(toasts.success).toHaveBeenCalledWith(channelMessages.resumed);
  });

  it('sends a test message and shows it in the channel’s log', async () => {
    const api = fakeChannelsApi();
    const channel = api.add('slack', 'Deals desk', SLACK);
    const page = await openPage();
    const card = await page.card('Deals desk');
    fireEvent.click(card.getByRole('button', { name: 'Send test message' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(channelMessages.testQueued));
    expect(api.requests.some((r) => r.method === 'POST' && r.path === `/api/channels/${channel.id}/test`)).toBe(true);
    fireEvent.click(card.getByRole('button', { name: new RegExp(channelMessages.logTitle) }));
    const entry = within(await card.findByRole('listitem', { name: 'Test message for "Deals desk" to Deals desk' }));
    expect(entry.getByText('Sending')).toBeTruthy();
  });

  it('renames, and refuses a bad new address inline', async () => {
    const api = fakeChannelsApi();
    api.add('slack', 'Deals desk', SLACK);
    const page = await openPage();
    const card = await page.card('Deals desk');
    fireEvent.click(card.getByRole('button', { name: 'Edit' }));
    const edit = within(card.getByRole('form', { name: 'Edit Deals desk' }));
    fireEvent.change(page.field(edit, 'New webhook address'), { target: { value: 'https://evil.com/services/T/B/X' } });
    fireEvent.click(edit.getByRole('button', { name: 'Save channel' }));
    expect(edit.getByText(channelMessages.urlSlack)).toBeTruthy();
    fireEvent.change(page.field(edit, 'New webhook address'), { target: { value: '' } });
    fireEvent.change(page.field(edit, 'Name'), { target: { value: 'Deals' } });
    fireEvent.click(edit.getByRole('button', { name: 'Save channel' }));
    await page.card('Deals');
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'Deals' });
    expect(toasts.success).toHaveBeenCalledWith(channelMessages.updated);
  });

  it('removes a channel only once confirmed', async () => {
    const api = fakeChannelsApi();
    api.add('slack', 'Deals desk', SLACK);
    const page = await openPage();
    fireEvent.click((await page.card('Deals desk')).getByRole('button', { name: 'Remove' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Deals desk?' }));
    expect(dialog.getByText(channelMessages.deleteConfirm)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.channels).toHaveLength(1);

    fireEvent.click((await page.card('Deals desk')).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove channel' }));
    await screen.findByText(channelMessages.empty);
    expect(api.channels).toHaveLength(0);
    expect(toasts.success).toHaveBeenCalledWith(channelMessages.deleted);
  });

  it('shows the "As it happens" settings below the channel list', async () => {
    const channels = fakeChannelsApi();
    channels.add('slack', 'Deals desk', SLACK);
    const triggers = fakeTriggersApi();
    const page = await openPage();
    const card = await page.card('Deals desk');
    const settings = await screen.findByRole('form', { name: triggerSettingsMessages.title });
    expect(screen.getByRole('region', { name: triggerSettingsMessages.title }).textContent).toContain(triggerSettingsMessages.intro);
    expect(screen.getByRole('checkbox', { name: triggerSettingsMessages.quietToggle })).toBeTruthy();
    expect(card.getByText('Active').compareDocumentPosition(settings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(triggers.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/triggers/settings']);
    expect(channels.requests.some((r) => r.path === '/api/channels')).toBe(true);
  });
});
