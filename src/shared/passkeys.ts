// Passkeys (issue 30 §2): what the profile's list shows of one, the name's limit, and the words the
// server (server/auth/passkeys.ts) and the web use. Without zod: the sign-in page imports this file
// and does not load zod (issue 16); the name's schemas are in passkey-schemas.ts.

/** A passkey's name is a label the user reads in a list: short enough for one line on a phone. */
export const PASSKEY_NAME_MAX_LENGTH = 50;

/** One passkey as GET /api/auth/passkey/list-user-passkeys answers (no key material: the list never needs it). */
export type PasskeyView = {
  id: string;
  /** The user's name for it, or null when none was given. */
  name: string | null;
  /** The maker's name known from its AAGUID (e.g. "Google Password Manager"), or null. */
  authenticatorName: string | null;
  /** 'multiDevice': synced between the user's devices by a password manager; 'singleDevice': kept on one. */
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
  createdAt: string | null;
};

/** What the list calls a passkey: its name, else its maker's, else "Passkey". */
export const passkeyLabel = (p: Pick<PasskeyView, 'name' | 'authenticatorName'>) => p.name || p.authenticatorName || 'Passkey';

/** A synced (backed-up) passkey survives the loss of the device; a device-bound one does not. */
export const passkeyStorage = (p: Pick<PasskeyView, 'deviceType' | 'backedUp'>) =>
  p.deviceType === 'multiDevice' || p.backedUp ? 'Synced' : 'This device only';

export const passkeyMessages = {
  nameTooLong: `Keep the name to ${PASSKEY_NAME_MAX_LENGTH} characters or fewer.`,
  nameRequired: 'Give the passkey a name.',
  notFound: 'This passkey is not on your account (it may have been removed already).',
  notFresh: 'For your security, adding a passkey needs a recent sign-in. Sign out, sign in again, then add it.',
  challengeExpired: 'The passkey request took too long and expired. Try again.',
  registrationFailed: 'The browser’s answer could not be verified, so no passkey was added. Try again.',
  signInFailed: 'That passkey did not sign you in. Try again, or sign in with your password or an e-mailed code.',
  /** The profile's texts. */
  title: 'Passkeys',
  intro: 'Sign in with your fingerprint, face or screen lock instead of a password. A passkey counts as two factors.',
  empty: 'No passkeys yet. A passkey lets this device (or your password manager) sign you in without a password.',
  unsupported: 'This browser cannot use passkeys. Open your profile in a recent browser to add one.',
  loadError: 'Your passkeys could not be loaded',
  added: 'Passkey added',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  addFailed: 'The passkey was not added',
  renameFailed: 'The passkey was not renamed',
  removeFailed: 'The passkey was not removed',
  registrationCancelled: 'No passkey was added: the browser’s prompt was closed. Try again when you are ready.',
  alreadyRegistered: 'This device already holds a passkey for your account.',
  signInCancelled: 'Passkey sign-in was cancelled. Try again, or sign in with your password.',
} as const;

/** Error codes of our answers on the passkey paths (server/auth/passkeys.ts); the web compares these. */
export const PASSKEY_ERRORS = {
  notFound: 'passkey_not_found',
  notFresh: 'session_not_fresh',
  challengeExpired: 'passkey_challenge_expired',
  registrationFailed: 'passkey_registration_failed',
  signInFailed: 'passkey_sign_in_failed',
} as const;

/**
 * Whether a WebAuthn ceremony ended without an answer because the user closed the browser's prompt
 * (or it timed out, or another ceremony replaced it): said calmly, not shown as a failure.
 */
export function isCeremonyCancelled(err: unknown) {
  if (!(err instanceof Error)) return false;
  return err.name === 'NotAllowedError' || err.name === 'AbortError' || (err as { code?: unknown }).code === 'ERROR_CEREMONY_ABORTED';
}

/** The authenticator already holds a passkey of this account (the server's list of them was excluded). */
export const isAlreadyRegistered = (err: unknown) =>
  err instanceof Error && (err as { code?: unknown }).code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED';
