// The user's own security log (issue 30 §7) and sessions list (§3): what the server records, how the
// profile names it, and the answers of /api/security.

export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'sign_in_failed',
  'second_factor_failed',
  'second_factor_locked',
  'password_changed',
  'password_reset',
  'two_factor_enabled',
  'two_factor_disabled',
  'backup_codes_regenerated',
  'passkey_added',
  'passkey_removed',
  'session_revoked',
  'other_sessions_revoked',
  'export_requested',
  'export_downloaded',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/**
 * How a sign-in was made (the detail `method` of a sign_in event): a first factor alone, or an
 * authenticator code or backup code after it, or a passkey (two factors in one).
 */
export const SIGN_IN_METHODS = ['password', 'email_code', 'authenticator_app', 'backup_code', 'passkey'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** Security events are kept this long (the legal pages' period for system logs). */
export const SECURITY_LOG_DAYS = 90;

/** Events per page of the log; "Show more" loads the next page. */
export const SECURITY_LOG_PAGE_SIZE = 50;

/** The log's line for each kind. */
export const securityEventLabels: Record<SecurityEventKind, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  second_factor_failed: 'Wrong second-factor code',
  second_factor_locked: 'Second factor locked after too many wrong codes',
  password_changed: 'Password changed',
  password_reset: 'Password reset with an e-mailed link',
  two_factor_enabled: 'Authenticator app turned on',
  two_factor_disabled: 'Authenticator app turned off',
  backup_codes_regenerated: 'New backup codes made',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  session_revoked: 'Signed out a session',
  other_sessions_revoked: 'Signed out everywhere else',
  export_requested: 'Data export requested',
  export_downloaded: 'Data export downloaded',
};

export const signInMethodLabels: Record<SignInMethod, string> = {
  password: 'Password',
  email_code: 'E-mailed code',
  authenticator_app: 'Authenticator app code',
  backup_code: 'Backup code',
  passkey: 'Passkey',
};

export const isSignInMethod = (value: unknown): value is SignInMethod =>
  typeof value === 'string' && (SIGN_IN_METHODS as readonly string[]).includes(value);

/**
 * The line under an event's label, from the few detail fields meant to be shown: how a sign-in was
 * made, a passkey's name, which session was signed out, how many.
 */
export function securityEventNote(kind: SecurityEventKind, detail: Record<string, string>): string | null {
  if (kind === 'sign_in' && isSignInMethod(detail.method)) return `With: ${signInMethodLabels[detail.method]}`;
  if ((kind === 'passkey_added' || kind === 'passkey_removed') && detail.name) return `Passkey: ${detail.name}`;
  if (kind === 'session_revoked' && detail.session) return `Session: ${detail.session}`;
  if (kind === 'other_sessions_revoked' && detail.count) {
    return detail.count === '1' ? '1 other session signed out' : `${detail.count} other sessions signed out`;
  }
  return null;
}

/** One row of GET /api/security/log. Browser and device are read from the user agent on the server. */
export type SecurityLogEntry = {
  id: string;
  kind: SecurityEventKind;
  label: string;
  note: string | null;
  ipAddress: string | null;
  browser: string;
  device: string;
  at: string;
};
export type SecurityLogPage = { events: SecurityLogEntry[]; nextCursor: string | null };

/**
 * One row of GET /api/security/sessions. `lastRenewedAt` is when better-auth last moved the
 * session's expiry: it does so at most once a day, on the first request a day or more after the
 * previous time, so the session's last use lies between that moment and a day after it.
 */
export type ActiveSession = {
  id: string;
  current: boolean;
  browser: string;
  device: string;
  ipAddress: string | null;
  signedInAt: string;
  lastRenewedAt: string;
};

export const securityMessages = {
  sessionNotFound: 'This session is not among yours (it may have ended already).',
  currentSession: 'This is the session you are using: sign out from the menu instead.',
  badCursor: 'The log position is not valid: reload the page.',
  sessionsLoadError: 'Could not load your sessions',
  logLoadError: 'Could not load your security log',
  sessionSignedOut: 'Session signed out',
  othersSignedOut: 'Signed out everywhere else',
  signOutFailed: 'Could not sign out that session',
};
