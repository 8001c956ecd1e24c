// @vitest-environment jsdom
// The two-factor card's password-confirm dialogs (confirm-dialog.tsx) against a fake API: each asks
// for the password first (checked here, no request), shows a wrong password under the field, is
// busy while its request runs, and opens again with no message left over; new backup codes are
// shown once and closing reloads the status; turning off needs the password and a code.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type TwoFactorStatus, twoFactorTexts } from '../../../shared/two-factor.ts';
import { TwoFactorSection } from './two-factor-section.tsx';

type Answer = { status: number; body?: unknown };
const STATUS = 'GET /api/profile/two-factor';
const CODES = 'POST /api/auth/two-factor/generate-backup-codes';
const DISABLE = 'POST /api/auth/two-factor/disable';

const ok = (body: unknown): Answer => ({ status: 200, body });
const wrongPassword: Answer = { status: 400, body: { error: { code: 'INVALID_PASSWORD', message: 'Invalid password' } } };
const on: TwoFactorStatus = { enabled: true, backupCodesLeft: 2, required: false };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders the card; each path answers what its list says next ('pending': never). */
function renderCard(answers: Record<string, (Answer | 'pending')[]>) {
  const requests: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const key = `${method} ${String(input)}`;
    requests.push({ method, path: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const list = answers[key] ?? [];
    const answer = (list.length > 1 ? list.shift() : list[0]) ?? { status: 404, body: { error: { code: 'not_found', message: 'x' } } };
    if (answer === 'pending') return new Promise<Response>(() => {});
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TwoFactorSection />
    </QueryClientProvider>,
  );
  return requests;
}

async function openDialog(trigger: string, name: string) {
  fireEvent.click(await screen.findByRole('button', { name: trigger }));
  return within(await screen.findByRole('dialog', { name }));
}

const fieldError = (dialog: ReturnType<typeof within>, label: string) => {
  const field = dialog.getByLabelText(label);
  return document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
};

describe('TwoFactorSection dialogs', () => {
  it('new backup codes: the password first, a wrong one under the field, then the codes; closing reloads the status', async () => {
    const requests = renderCard({
      [STATUS]: [ok(on), ok({ ...on, backupCodesLeft: 10 })],
      [CODES]: [wrongPassword, ok({ backupCodes: ['aaaa-1111', 'bbbb-2222'] })],
    });
    let dialog = await openDialog('New backup codes', 'New backup codes');
    expect(dialog.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');

    fireEvent.click(dialog.getByRole('button', { name: 'Make new codes' }));
    await waitFor(() => expect(fieldError(dialog, 'Password')).toBe(twoFactorTexts.passwordRequired));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Make new codes' }));
    await waitFor(() => expect(fieldError(dialog, 'Password')).toBe(twoFactorTexts.wrongPassword));

    // Closed and opened again: no message left over.
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openDialog('New backup codes', 'New backup codes');
    expect(fieldError(dialog, 'Password')).toBeFalsy();

    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Make new codes' }));
    expect(
      within(await dialog.findByRole('list', { name: 'Backup codes' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['aaaa-1111', 'bbbb-2222']);
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ password: 'wrong' }, { password: 'right' }]);

    fireEvent.click(dialog.getByRole('button', { name: 'I saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/10 of 10 backup codes left/)).toBeTruthy();
  });

  it('turning off: the password and a code, the action busy while it runs', async () => {
    const requests = renderCard({ [STATUS]: [ok(on)], [DISABLE]: ['pending'] });
    const dialog = await openDialog('Turn off', 'Turn off two-factor sign-in');
    fireEvent.click(dialog.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(fieldError(dialog, 'Password')).toBe(twoFactorTexts.passwordRequired));
    expect(fieldError(dialog, 'Code from your app, or a backup code')).toBeTruthy();

    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.change(dialog.getByLabelText('Code from your app, or a backup code'), { target: { value: '123456' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Turn off' }).getAttribute('aria-busy')).toBe('true'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ password: 'secret', code: '123456' }]);
  });
});
