// @vitest-environment jsdom
// The operator console's page against a fake API: the section menu from its one list, the 404 page
// for anyone but an operator, the empty and failed states, the invites' CSV report, the users'
// confirmations (delete only with the address typed again), and users' text shown as text.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../../../shared/admin.ts';
import { OperatorOnly } from '../../app/shell/operator-only.tsx';
import { ADMIN_SECTIONS, AdminPage } from './admin-page.tsx';

type Answer = { status: number; body?: unknown };
type Asked = { method: string; path: string; body: unknown };

const page = (items: unknown[], total = items.length): Answer => ({ status: 200, body: { items, total, page: 1, pageSize: 50 } });
const OPERATOR = { id: 'op-1', email: 'olive@example.com', operator: true };

/** Answers requests by method and path ('GET /api/…'); unknown GETs with an empty page. */
function fakeApi(answers: Record<string, Answer | ((body: unknown) => Answer)>) {
  const asked: Asked[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input);
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    asked.push({ method, path, body });
    const found = answers[`${method} ${path}`];
    const answer = typeof found === 'function' ? found(body) : (found ?? page([]));
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
  });
  return asked;
}

function renderConsole(at: string, answers: Record<string, Answer | ((body: unknown) => Answer)>, profile: unknown = OPERATOR) {
  const asked = fakeApi({ 'GET /api/profile/current': { status: 200, body: { profile } }, ...answers });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        Component: OperatorOnly,
        children: [
          { path: '/admin', element: <AdminPage /> },
          { path: '/admin/:section', element: <AdminPage /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { asked, router };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: 'u-1',
  email: 'dana@example.com',
  name: 'Dana Reyes',
  role: 'user',
  createdAt: '2026-11-01T10:00:00Z',
  suspendedAt: null,
  lastSignInAt: '2026-11-20T10:00:00Z',
  alerts: 3,
  aiRuns: 2,
  aiTokens: 1234,
  ...overrides,
});

describe('the operator console', () => {
  it('shows the 404 page to a signed-in user who is not an operator, and to no one signed in', async () => {
    renderConsole('/admin', {}, { id: 'u-2', email: 'user@example.com' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Operator console' })).toBeNull();
    cleanup();
    renderConsole('/admin/users', {}, null);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('lists its sections from one list, opens on the first, and moves between them', async () => {
    const { router } = renderConsole('/admin', {});
    expect(await screen.findByRole('heading', { name: 'Operator console', level: 1 })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Console sections' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(ADMIN_SECTIONS.map((s) => s.label));
    expect(within(menu).getByRole('link', { name: 'Invites' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('No invitations yet.')).toBeTruthy();
    await act(async () => fireEvent.click(within(menu).getByRole('link', { name: 'Users' })));
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(await screen.findByText('No users yet.')).toBeTruthy();
    await act(async () => router.navigate('/admin/nope'));
    expect(screen.getByText('The console has no such section.')).toBeTruthy();
  });

  it('says when a list could not be loaded, and tries again', async () => {
    let fail = true;
    renderConsole('/admin/audit', {
      'GET /api/admin/audit': () => (fail ? { status: 500, body: { error: { code: 'internal', message: 'Boom' } } } : page([])),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the audit log');
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText('No operator action yet.')).toBeTruthy();
  });

  it("sends a CSV file's text and shows the report line by line", async () => {
    const { asked } = renderConsole('/admin/invites', {
      'POST /api/admin/invites/csv': {
        status: 200,
        body: {
          created: 1,
          skipped: 1,
          lines: [
            { line: 1, email: 'a@example.com', outcome: 'created' },
            { line: 2, email: 'nope', outcome: 'skipped', reason: 'Not a valid e-mail address' },
          ],
        },
      },
    });
    const input = (await screen.findByLabelText('CSV file')) as HTMLInputElement;
    const file = new File(['a@example.com\nnope\n'], 'people.csv', { type: 'text/csv' });
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Invite everyone in the file' })));
    const report = await screen.findByRole('list', { name: 'Lines of the file' });
    expect(
      within(report)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 1: a@example.com — invited', 'Line 2: nope — skipped: Not a valid e-mail address']);
    expect(asked.find((a) => a.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/admin/invites/csv',
      body: { csv: 'a@example.com\nnope\n' },
    });
  });

  it('deletes a user only once their address is typed again, and shows names as text', async () => {
    const hostile = user({ name: '<img src=x onerror=alert(1)>' });
    const { asked } = renderConsole('/admin/users', {
      'GET /api/admin/users': page([hostile, user({ id: OPERATOR.id, email: OPERATOR.email, role: 'operator' })]),
      'DELETE /api/admin/users/u-1': { status: 200, body: { id: 'u-1', email: hostile.email } },
    });
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    // No action on the operator's own row.
    expect(screen.queryByRole('button', { name: `Delete ${OPERATOR.email}` })).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: `Delete ${hostile.email}` })));
    const dialog = screen.getByRole('dialog', { name: `Delete ${hostile.email}?` });
    const confirm = within(dialog).getByRole('button', { name: 'Delete for good' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const typed = within(dialog).getByLabelText("Type the user's e-mail address to confirm");
    await act(async () => fireEvent.change(typed, { target: { value: 'dana@example' } }));
    expect(confirm.disabled).toBe(true);
    await act(async () => fireEvent.change(typed, { target: { value: 'Dana@Example.com' } }));
    expect(confirm.disabled).toBe(false);
    await act(async () => fireEvent.click(confirm));
    expect(asked.find((a) => a.method === 'DELETE')).toEqual({
      method: 'DELETE',
      path: '/api/admin/users/u-1',
      body: { confirmEmail: 'Dana@Example.com' },
    });
  });

  it('suspends only after the confirmation', async () => {
    const { asked } = renderConsole('/admin/users', {
      'GET /api/admin/users': page([user()]),
      'POST /api/admin/users/u-1/suspend': { status: 200, body: { id: 'u-1', email: 'dana@example.com' } },
    });
    const suspend = await screen.findByRole('button', { name: 'Suspend dana@example.com' });
    await act(async () => fireEvent.click(suspend));
    expect(asked.some((a) => a.method === 'POST')).toBe(false);
    const dialog = screen.getByRole('dialog', { name: 'Suspend dana@example.com?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' })));
    expect(asked.filter((a) => a.method === 'POST').map((a) => a.path)).toEqual(['/api/admin/users/u-1/suspend']);
  });
});
