// @vitest-environment jsdom
// The profile's Passkeys section against a fake API and a fake browser authenticator (jsdom has no
// WebAuthn: navigator.credentials.create is stubbed, @simplewebauthn/browser runs for real on it):
// loading, empty, the list's labels, a failed load, a browser without passkeys, adding (named, the
// name checked first, the prompt closed, a stale sign-in, the server's refusal), renaming, removing.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_ERRORS, PASSKEY_NAME_MAX_LENGTH, type PasskeyView, passkeyMessages } from '../../../shared/passkeys.ts';
import { refreshLiveQueries } from '../../lib/live-updates.ts';
import { PasskeysSection } from './passkeys-section.tsx';

type Answer = { status: number; body?: unknown };
type Request = { method: string; path: string; body?: unknown };

const LIST = 'GET /api/auth/passkey/list-user-passkeys';
const OPTIONS = 'GET /api/auth/passkey/generate-register-options';
const VERIFY = 'POST /api/auth/passkey/verify-registration';

const ok = (body: unknown): Answer => ({ status: 200, body });
const failure = (status: number, code: string, message: string): Answer => ({ status, body: { error: { code, message } } });

const passkey = (overrides: Partial<PasskeyView> = {}): PasskeyView => ({
  id: 'pk-1',
  name: 'Work laptop',
  authenticatorName: null,
  deviceType: 'singleDevice',
  backedUp: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const registrationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Enterprise OS', id: 'localhost' },
  user: { id: 'dXNlci1pZA', name: 'ada@example.com', displayName: 'ada@example.com' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  excludeCredentials: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders the section; a request without an answer is a 404; answers may change between calls. */
function renderSection(answers: Record<string, Answer | (() => Answer) | 'pending'>, { webauthn = true } = {}) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, path: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const found = answers[`${method} ${String(input)}`];
    if (found === 'pending') return new Promise<Response>(() => {});
    const answer = typeof found === 'function' ? found() : (found ?? failure(404, 'not_found', 'Not found'));
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  if (webauthn) vi.stubGlobal('PublicKeyCredential', class {});
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (ui: ReactNode) => (
    <MemoryRouter>
      <QueryClientProvider client={client}>
        {ui}
        <Toaster />
      </QueryClientProvider>
    </MemoryRouter>
  );
  render(wrap(<PasskeysSection />));
  return { requests, client };
}

/** The browser's authenticator: creates a credential, or fails as the browser would. */
function authenticator(outcome: 'create' | DOMException) {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer;
  const create = vi.fn(async () => {
    if (outcome instanceof DOMException) throw outcome;
    return {
      id: 'Y3JlZA',
      rawId: bytes('cred'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      getClientExtensionResults: () => ({}),
      response: { clientDataJSON: bytes('{}'), attestationObject: bytes('att'), getTransports: () => ['internal'] },
    };
  });
  vi.stubGlobal('navigator', { ...navigator, credentials: { create } });
  return create;
}

async function openAddDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
  return screen.findByRole('dialog', { name: 'Add a passkey' });
}

async function submitName(dialog: HTMLElement, name: string) {
  fireEvent.change(within(dialog).getByLabelText('Name (optional)'), { target: { value: name } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' })));
}

describe('the Passkeys section', () => {
  it('shows that the passkeys are loading', () => {
    renderSection({ [LIST]: 'pending' });
    expect(screen.getByRole('heading', { level: 3, name: 'Passkeys' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading your passkeys…');
  });

  it('says when there are none yet, and what a passkey is', async () => {
    renderSection({ [LIST]: ok([]) });
    expect(await screen.findByText(passkeyMessages.empty)).toBeTruthy();
    expect(screen.getByText(passkeyMessages.intro)).toBeTruthy();
  });

  it('lists each passkey by its name, else its maker’s, else "Passkey", with when it was added and where it is kept', async () => {
    const odd = '<img src=x onerror=alert(1)> Laptop';
    renderSection({
      [LIST]: ok([
        passkey({ id: 'a', name: odd }),
        passkey({ id: 'b', name: null, authenticatorName: 'Google Password Manager', deviceType: 'multiDevice', backedUp: true }),
        passkey({ id: 'c', name: null }),
      ]),
    });
    const items = within(await screen.findByRole('list', { name: 'Your passkeys' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([odd, 'Google Password Manager', 'Passkey']);
    expect(document.querySelector('li img')).toBeNull();
    expect(items[0]!.textContent).toContain('This device only');
    expect(items[0]!.textContent).toMatch(/Added .*2026/);
    expect(items[1]!.textContent).toContain('Synced');
    expect(within(items[1]!).getByRole('button', { name: 'Rename Google Password Manager' })).toBeTruthy();
  });

  it('says when the passkeys could not be loaded, and tries again', async () => {
    let fail = true;
    renderSection({ [LIST]: () => (fail ? failure(503, 'database_unavailable', 'The database is not reachable.') : ok([])) });
    expect((await screen.findByRole('alert')).textContent).toBe(`${passkeyMessages.loadError}. Please try again later.`);
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText(passkeyMessages.empty)).toBeTruthy();
  });

  it('tells a browser without passkeys so, and offers no button', async () => {
    renderSection({ [LIST]: ok([passkey()]) }, { webauthn: false });
    expect((await screen.findByRole('note')).textContent).toBe(passkeyMessages.unsupported);
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    // Its passkeys made elsewhere can still be renamed and removed.
    expect(await screen.findByRole('button', { name: 'Remove Work laptop' })).toBeTruthy();
  });

  it('adds a named passkey through the browser’s prompt and shows it', async () => {
    const list: PasskeyView[] = [];
    const create = authenticator('create');
    const { requests } = renderSection({
      [LIST]: () => ok(list),
      [OPTIONS]: ok(registrationOptions),
      [VERIFY]: () => {
        list.push(passkey({ name: 'Work laptop' }));
        return ok({ id: 'pk-1' });
      },
    });
    await submitName(await openAddDialog(), '  Work laptop ');
    expect(create).toHaveBeenCalledTimes(1);
    const verify = requests.find((r) => r.path === '/api/auth/passkey/verify-registration');
    expect(verify?.body).toMatchObject({ name: 'Work laptop', response: { id: 'Y3JlZA', type: 'public-key' } });
    expect(await screen.findByText(passkeyMessages.added)).toBeTruthy();
    expect(await screen.findByText('Work laptop')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the name’s length before opening the browser’s prompt, and shows the server’s refusal under the field', async () => {
    const create = authenticator('create');
    const { requests } = renderSection({
      [LIST]: ok([]),
      [OPTIONS]: ok(registrationOptions),
      [VERIFY]: failure(400, 'validation', 'The server refused this name.'),
    });
    const dialog = await openAddDialog();
    await submitName(dialog, 'x'.repeat(PASSKEY_NAME_MAX_LENGTH + 1));
    expect(within(dialog).getByRole('alert').textContent).toBe(passkeyMessages.nameTooLong);
    expect(create).not.toHaveBeenCalled();
    expect(requests.filter((r) => r.path !== '/api/auth/passkey/list-user-passkeys')).toEqual([]);

    await submitName(dialog, 'Laptop');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The server refused this name.');
  });

  it('says calmly that no passkey was added when the browser’s prompt is closed', async () => {
    authenticator(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    const { requests } = renderSection({ [LIST]: ok([]), [OPTIONS]: ok(registrationOptions) });
    const dialog = await openAddDialog();
    await submitName(dialog, 'Laptop');
    expect((await within(dialog).findByRole('status')).textContent).toBe(passkeyMessages.registrationCancelled);
    expect(requests.some((r) => r.path === '/api/auth/passkey/verify-registration')).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('says when this device already holds a passkey for the account', async () => {
    authenticator(
      new DOMException(
        'The user attempted to register an authenticator that contains one of the credentials already registered',
        'InvalidStateError',
      ),
    );
    renderSection({ [LIST]: ok([]), [OPTIONS]: ok(registrationOptions) });
    const dialog = await openAddDialog();
    await submitName(dialog, '');
    expect((await within(dialog).findByRole('status')).textContent).toBe(passkeyMessages.alreadyRegistered);
  });

  it('asks a user signed in long ago to sign in again, with a button for it', async () => {
    const create = authenticator('create');
    const { requests } = renderSection({
      [LIST]: ok([]),
      [OPTIONS]: failure(403, PASSKEY_ERRORS.notFresh, passkeyMessages.notFresh),
      'POST /api/auth/sign-out': ok({ success: true }),
    });
    const dialog = await openAddDialog();
    await submitName(dialog, 'Laptop');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(passkeyMessages.notFresh);
    expect(create).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Sign in again' })));
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/auth/sign-out')).toBe(true);
  });

  it('renames a passkey; an empty or too long name is refused first', async () => {
    let name = 'Work laptop';
    const { requests } = renderSection({
      [LIST]: () => ok([passkey({ name })]),
      'POST /api/auth/passkey/update-passkey': () => {
        name = 'Home desktop';
        return ok({ passkey: {} });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const field = within(dialog).getByLabelText(/^Name/);
    expect((field as HTMLInputElement).value).toBe('Work laptop');
    for (const [value, message] of [
      ['  ', passkeyMessages.nameRequired],
      ['y'.repeat(PASSKEY_NAME_MAX_LENGTH + 1), passkeyMessages.nameTooLong],
    ]) {
      fireEvent.change(field, { target: { value } });
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
      expect(within(dialog).getByRole('alert').textContent).toBe(message);
    }
    expect(requests.some((r) => r.path === '/api/auth/passkey/update-passkey')).toBe(false);
    fireEvent.change(field, { target: { value: 'Home desktop' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(requests.find((r) => r.path === '/api/auth/passkey/update-passkey')?.body).toEqual({ id: 'pk-1', name: 'Home desktop' });
    expect(await screen.findByText(passkeyMessages.renamed)).toBeTruthy();
    expect(await screen.findByText('Home desktop')).toBeTruthy();
  });

  it('removes a passkey after asking', async () => {
    let gone = false;
    const { requests } = renderSection({
      [LIST]: () => ok(gone ? [] : [passkey()]),
      'POST /api/auth/passkey/delete-passkey': () => {
        if (gone) return failure(404, PASSKEY_ERRORS.notFound, passkeyMessages.notFound);
        gone = true;
        return ok({ status: true });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “Work laptop”?' });
    expect(requests.some((r) => r.path === '/api/auth/passkey/delete-passkey')).toBe(false);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' })));
    expect(requests.find((r) => r.path === '/api/auth/passkey/delete-passkey')?.body).toEqual({ id: 'pk-1' });
    expect(await screen.findByText(passkeyMessages.removed)).toBeTruthy();
    expect(await screen.findByText(passkeyMessages.empty)).toBeTruthy();
  });

  it('says so when the passkey to remove was already removed elsewhere', async () => {
    renderSection({
      [LIST]: ok([passkey()]),
      'POST /api/auth/passkey/delete-passkey': failure(404, PASSKEY_ERRORS.notFound, passkeyMessages.notFound),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “Work laptop”?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' })));
    expect(await screen.findByText(passkeyMessages.removeFailed)).toBeTruthy();
    expect(await screen.findByText(passkeyMessages.notFound)).toBeTruthy();
  });
  it('says when the passkey was not added, or not renamed, with the server’s words', async () => {
    authenticator('create');
    renderSection({
      [LIST]: ok([passkey()]),
      [OPTIONS]: ok(registrationOptions),
      [VERIFY]: failure(400, PASSKEY_ERRORS.challengeExpired, passkeyMessages.challengeExpired),
      'POST /api/auth/passkey/update-passkey': failure(404, PASSKEY_ERRORS.notFound, 'Removed in another tab.'),
    });
    await submitName(await openAddDialog(), 'Laptop');
    expect(await screen.findByText(passkeyMessages.addFailed)).toBeTruthy();
    expect(await screen.findByText(passkeyMessages.challengeExpired)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: 'Rename Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(await screen.findByText(passkeyMessages.renameFailed)).toBeTruthy();
    expect(await screen.findByText('Removed in another tab.')).toBeTruthy();
  });
  it('follows live updates: a passkey added in another tab shows', async () => {
    const list: PasskeyView[] = [];
    const { client } = renderSection({ [LIST]: () => ok(list) });
    expect(await screen.findByText(passkeyMessages.empty)).toBeTruthy();
    list.push(passkey({ name: 'Added elsewhere' }));
    await act(() => refreshLiveQueries(client, 'passkeys'));
    expect(await screen.findByText('Added elsewhere')).toBeTruthy();
  });
});
