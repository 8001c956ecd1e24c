// "Sign in with a passkey" on /login (issue 30 §2), and the passkey offered in the e-mail field's
// autofill where the browser can (WebAuthn conditional UI). A passkey is two factors in one: the
// server signs the user in without asking for a second factor.
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useEffect, useRef, useState } from 'react';
import { loginMessages } from '../../../shared/first-screen-messages.ts';
import { isCeremonyCancelled, passkeyMessages } from '../../../shared/passkeys.ts';
import { Button } from '../../components/ui/button.tsx';
import { ApiRequestError, api } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.tsx';

/**
 * The WebAuthn library, loaded after the sign-in page has painted: the page's first download stays
 * as it was (issue 27; no icon library either). The button shows at once, on the check the library itself makes
 * (browserSupportsWebAuthn: the browser has PublicKeyCredential).
 */
const webauthn = () => import('@simplewebauthn/browser');
const supportsWebAuthn = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

type Props = {
  /** Called once the server has set the session: does what every sign-in does next (finish-sign-in.ts). */
  onSignedIn: () => Promise<void>;
};

export function PasskeySignIn({ onSignedIn }: Props) {
  const [supported] = useState(supportsWebAuthn);
  const [busy, setBusy] = useState(false);
  // Each request (the autofill one, the button's) takes the next number; only the latest may go on,
  // and leaving the page takes one too. (React's development mode mounts the page twice.)
  const current = useRef(0);
  const lib = useRef<Awaited<ReturnType<typeof webauthn>> | null>(null);
  // The options fetch in flight: each one replaces the challenge cookie, so a new request waits for
  // the previous one's (else its late answer would replace the new request's challenge).
  const optionsInFlight = useRef<Promise<unknown> | null>(null);

  /** Runs one passkey request; false when a newer request or leaving the page replaced it. */
  async function ceremony(autofill: boolean) {
    const turn = ++current.current;
    await optionsInFlight.current;
    lib.current ??= await webauthn();
    const { startAuthentication, browserSupportsWebAuthnAutofill } = lib.current;
    if (autofill && !(await browserSupportsWebAuthnAutofill())) return false;
    if (turn !== current.current) return false;
    const fetching = api<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkey/generate-authenticate-options');
    optionsInFlight.current = fetching.catch(() => {});
    const optionsJSON = await fetching;
    if (turn !== current.current) return false;
    // Starting a request aborts the one before it (the library allows one at a time).
    const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
    await api('/api/auth/passkey/verify-authentication', { body: { response } });
    await onSignedIn();
    return true;
  }

  function failed(err: unknown) {
    // The server's words when it answered: the passkey not recognised, the request expired, an account suspended.
    toast.error(loginMessages.otherFailure, { description: err instanceof ApiRequestError ? err.message : undefined });
  }

  /** The passkey offered in the e-mail field's autofill, until one is picked, the button is used or the page is left. */
  function offerInAutofill() {
    const turn = current.current + 1;
    ceremony(true).catch((err: unknown) => {
      // Replaced by the button or by leaving the page: quietly.
      if (turn !== current.current || isCeremonyCancelled(err)) return;
      failed(err);
      offerInAutofill();
    });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: started once per page visit.
  useEffect(() => {
    if (!supported) return;
    offerInAutofill();
    return () => {
      current.current += 1;
      lib.current?.WebAuthnAbortService.cancelCeremony();
    };
  }, [supported]);

  async function onClick() {
    setBusy(true);
    const turn = current.current + 1;
    let signedIn = false;
    try {
      signedIn = await ceremony(false);
    } catch (err) {
      if (turn !== current.current) return;
      if (isCeremonyCancelled(err)) toast.info(passkeyMessages.signInCancelled);
      else failed(err);
    } finally {
      if (turn === current.current) setBusy(false);
    }
    if (!signedIn && turn === current.current) offerInAutofill();
  }

  if (!supported) return null;
  return (
    <div className="mt-4 space-y-4">
      <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button variant="secondary" className="w-full" busy={busy} onClick={onClick}>
        {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
    </div>
  );
}
