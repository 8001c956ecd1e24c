// @vitest-environment jsdom
// "Sign in with a passkey" against a fake API and a fake browser (jsdom has no WebAuthn:
// navigator.credentials.get is stubbed, @simplewebauthn/browser runs for real on it): the autofill
// request started on load and ended when the page is left, the prompt closed said calmly, the
// server's refusal shown, and a success handed to what every sign-in does next.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginMessages } from '../../../shared/first-screen-messages.ts';
import { PASSKEY_ERRORS, passkeyMessages } from '../../../shared/passkeys.ts';
import { PasskeySignIn } from './passkey-sign-in.tsx';

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [], userVerification: 'preferred' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

type Get = (options: CredentialRequestOptions) => Promise<unknown>;

function setup({ autofill, get, verify }: { autofill: boolean; get: Get; verify: { status: number; body: unknown } }) {
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    requests.push(`${init.method ?? 'GET'} ${input}`);
    const answer = String(input).endsWith('generate-authenticate-options') ? { status: 200, body: OPTIONS } : verify;
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('PublicKeyCredential', Object.assign(class {}, { isConditionalMediationAvailable: async () => autofill }));
  const getSpy = vi.fn(get);
  vi.stubGlobal('navigator', { ...navigator, credentials: { get: getSpy } });
  const onSignedIn = vi.fn(async () => {});
  const view = render(
    <>
      <input aria-label="Email" autoComplete="username webauthn" />
      <PasskeySignIn onSignedIn={onSignedIn} />
      <Toaster />
    </>,
  );
  return { requests, getSpy, onSignedIn, view };
}

const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const assertion = {
  id: 'Y3JlZA',
  rawId: bytes('cred'),
  type: 'public-key',
  authenticatorAttachment: 'platform',
  getClientExtensionResults: () => ({}),
  response: { clientDataJSON: bytes('{}'), authenticatorData: bytes('auth'), signature: bytes('sig'), userHandle: null },
};
const notAllowed = () => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));

describe('PasskeySignIn', () => {
  it('signs in with the button and hands over to the next step', async () => {
    const { requests, onSignedIn } = setup({ autofill: false, get: async () => assertion, verify: { status: 200, body: {} } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' })));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(requests).toEqual(['GET /api/auth/passkey/generate-authenticate-options', 'POST /api/auth/passkey/verify-authentication']);
  });

  it('says calmly that the sign-in was cancelled when the browser’s prompt is closed', async () => {
    const { onSignedIn } = setup({ autofill: false, get: notAllowed, verify: { status: 200, body: {} } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' })));
    expect(await screen.findByText(passkeyMessages.signInCancelled)).toBeTruthy();
    expect(screen.queryByText(loginMessages.otherFailure)).toBeNull();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('shows the server’s words when the passkey does not sign in', async () => {
    setup({
      autofill: false,
      get: async () => assertion,
      verify: { status: 401, body: { error: { code: PASSKEY_ERRORS.signInFailed, message: passkeyMessages.signInFailed } } },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' })));
    expect(await screen.findByText(loginMessages.otherFailure)).toBeTruthy();
    expect(await screen.findByText(passkeyMessages.signInFailed)).toBeTruthy();
  });

  it('starts the autofill request as the page loads and ends it when the page is left', async () => {
    let signal: AbortSignal | undefined;
    const { getSpy, view } = setup({
      autofill: true,
      get: (options) =>
        new Promise((_, reject) => {
          signal = options.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
      verify: { status: 200, body: {} },
    });
    await waitFor(() => expect(getSpy).toHaveBeenCalledTimes(1));
    expect(getSpy.mock.calls[0]![0]).toMatchObject({ mediation: 'conditional' });
    view.unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('shows nothing in a browser without passkeys', () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    render(<PasskeySignIn onSignedIn={async () => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
