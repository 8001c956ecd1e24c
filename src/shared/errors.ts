// Every error code the API answers with, in `{ error: { code, message } }`. Shared so that the server
// throws only these and the web compares codes, never message text. The HTTP status of each of our
// codes is decided once, at the HTTP edge (server/http/errors.ts).
const APP_ERROR_CODES = [
  'validation',
  'invalid_json',
  'body_too_large',
  'unsupported_media_type',
  'foreign_origin',
  'unauthorized',
  'not_found',
  'cannot_delete',
  'limit_reached',
  'no_credits',
  'air_daily_limit',
  'cannot_retry',
  'newsletter_exists',
  /** A second delivery channel of the same name (issue 29). */
  'name_taken',
  'profile_completed',
  'user_exists',
  /** The operator console (issue 28 §3). */
  'invite_pending',
  'invite_closed',
  'self_action',
  'user_state',
  'confirmation_mismatch',
  'user_not_created',
  'invite_invalid',
  'token_invalid',
  'weak_password',
  'invalid_otp_type',
  /** Spelled as better-auth spells its own refusal of an address, which the login screens already read. */
  'INVALID_EMAIL',
  'invalid_unsubscribe_link',
  'account_throttled',
  'too_many_attempts',
  'too_many_emails',
  'too_many_streams',
  'ai_not_configured',
  'ai_user_limit',
  'ai_rate_limited',
  'ai_timeout',
  'ai_unavailable',
  'ai_invalid_output',
  'validation_failed',
  'source_unavailable',
  'cancelled',
  'database_unavailable',
  'shutting_down',
  /** Two-factor sign-in (issue 30 §1). */
  'second_factor_setup_required',
  'second_factor_invalid',
  'second_factor_challenge_ended',
  'second_factor_locked',
  'second_factor_state',
  'internal',
] as const;

export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/** Codes better-auth answers with on the auth routes we show the user a message for. */
type AuthErrorCode =
  | 'INVALID_EMAIL_OR_PASSWORD'
  | 'INVALID_PASSWORD'
  | 'INVALID_OTP'
  | 'OTP_EXPIRED'
  | 'TOO_MANY_ATTEMPTS'
  /** A suspended user's sign-in (auth.ts's session hook). */
  | 'ACCOUNT_SUSPENDED';

export type ErrorCode = AppErrorCode | AuthErrorCode;
