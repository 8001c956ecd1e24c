// The user's own security log (issue 30 §7): what the server records, and how the profile names it.

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
