// @vitest-environment jsdom
// "Your data" against a fake API: the export's states (preparing, ready with its link and expiry,
// failed) and the once-a-day rule; the deletion dialog's field messages, the server's refusals shown
// on their fields, the code asked for by e-mail, and a deletion that signs out and lands on /login.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountDataMessages, type DataExportAnswer, type DataExportState } from '../../../shared/account-data.ts';
import { AccountDataSection } from './account-data-section.tsx';

type Answer = { status: number; body?: unknown };
type Handler = Answer | ((body: unknown) => Answer);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection(answers: Record<string, Handler>) {
  const requests: { request: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const request = `${init.method ?? 'GET'} ${String(input)}`;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ request, body });
    const found = answers[request];
    const answer =
      typeof found === 'function' ? found(body) : (found ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route path="/profile" element={<AccountDataSection />} />
          <Route path="/login" element={<h1>Sign in</h1>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { requests };
}

const exportState = (overrides: Partial<DataExportState> = {}): DataExportState => ({
  id: 'e1',
  status: 'pending',
  createdAt: '2026-11-27T18:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  sizeBytes: null,
  downloadUrl: null,
  ...overrides,
});
const latest = (state: DataExportState | null, nextExportAt: string | null = null): Answer => ({
  status: 200,
  body: { latest: state, nextExportAt } satisfies DataExportAnswer,
});
const refusal = (status: number, code: string, message: string, fields?: Record<string, string>): Answer => ({
  status,
  body: { error: { code, message, fields } },
});

describe('exporting', () => {
  it('asks for an export and shows it being prepared', async () => {
    const next = '2026-11-28T18:00:00.000Z';
    const { requests } = renderSection({
      'GET /api/account/exports/latest': latest(null),
      'POST /api/account/exports': {
        status: 202,
        body: { message: accountDataMessages.exportRequested, latest: exportState(), nextExportAt: next },
      },
    });
    const button = await screen.findByRole('button', { name: 'Export my data' });
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(button));
    expect(await screen.findByText(accountDataMessages.exportRequested)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^Preparing your export/);
    expect((screen.getByRole('button', { name: 'Export my data' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Your next export is possible on/)).toBeTruthy();
    expect(requests.map((r) => r.request)).toContain('POST /api/account/exports');
  });

  it('shows a ready export with its download link and expiry', async () => {
    renderSection({
      'GET /api/account/exports/latest': latest(
        exportState({
          status: 'ready',
          readyAt: '2026-11-27T18:01:00.000Z',
          expiresAt: '2026-12-04T18:01:00.000Z',
          sizeBytes: 20_480,
          downloadUrl: 'http://localhost:3000/api/account/exports/tok',
        }),
        '2026-11-28T18:00:00.000Z',
      ),
    });
    const link = await screen.findByRole('link', { name: 'Download your data' });
    expect(link.getAttribute('href')).toBe('http://localhost:3000/api/account/exports/tok');
    expect(screen.getByText(/Your export is ready \(20 KB\)/)).toBeTruthy();
    expect(screen.getByText(/The link expires on Dec 4, 2026/)).toBeTruthy();
  });

  it('says when the last export failed, and shows the server’s once-a-day refusal', async () => {
    const message = accountDataMessages.exportTooSoon(new Date('2026-11-28T18:00:00.000Z'));
    renderSection({
      'GET /api/account/exports/latest': latest(exportState({ status: 'failed' })),
      'POST /api/account/exports': refusal(429, 'export_too_soon', message),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Your last export could not be prepared. Please ask for a new one.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export my data' })));
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

describe('deleting the account', () => {
  const openDialog = async () => {
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete my account' })));
    return screen.getByRole('dialog', { name: 'Delete your account' });
  };
  const submit = (dialog: HTMLElement) =>
    act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' })));
  const type = (dialog: HTMLElement, label: string | RegExp, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

  it('marks the fields left wrong before asking the server', async () => {
    const { requests } = renderSection({ 'GET /api/account/exports/latest': latest(null) });
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText('Type DELETE to confirm')).toBeTruthy();
    type(dialog, 'Type DELETE to confirm', 'delete');
    await submit(dialog);
    expect(within(dialog).getByText(accountDataMessages.secretRequired)).toBeTruthy();
    expect(within(dialog).getByText(accountDataMessages.confirmationMismatch)).toBeTruthy();
    expect(requests.some((r) => r.request === 'POST /api/account/delete')).toBe(false);
  });

  it('shows a wrong password on its field', async () => {
    renderSection({
      'GET /api/account/exports/latest': latest(null),
      'POST /api/account/delete': refusal(400, 'INVALID_PASSWORD', accountDataMessages.wrongPassword, {
        password: accountDataMessages.wrongPassword,
      }),
    });
    const dialog = await openDialog();
    type(dialog, 'Your password', 'nope-nope');
    type(dialog, 'Type DELETE to confirm', 'DELETE');
    await submit(dialog);
    expect(await within(dialog).findByText(accountDataMessages.wrongPassword)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
  });

  it('sends a code by e-mail and deletes with it, then signs out and lands on /login', async () => {
    const { requests } = renderSection({
      'GET /api/account/exports/latest': latest(null),
      'POST /api/account/deletion-code': { status: 200, body: { message: accountDataMessages.codeSent('ada@example.com') } },
      'POST /api/account/delete': { status: 200, body: { deleted: true } },
      'POST /api/auth/sign-out': { status: 200, body: { success: true } },
    });
    const dialog = await openDialog();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'E-mail me a code instead' })));
    expect(await within(dialog).findByText(accountDataMessages.codeSent('ada@example.com'))).toBeTruthy();
    type(dialog, 'Code from the e-mail', '123456');
    type(dialog, 'Type DELETE to confirm', 'DELETE');
    await submit(dialog);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(await screen.findByText(accountDataMessages.deleted)).toBeTruthy();
    expect(requests.find((r) => r.request === 'POST /api/account/delete')!.body).toEqual({ code: '123456', confirmation: 'DELETE' });
    expect(requests.map((r) => r.request)).toContain('POST /api/auth/sign-out');
  });
});
