// The sign-in form's check, the same as loginSchema's (shared/schemas.ts: same messages, same order,
// same output) without zod, so the sign-in page does not load zod for two fields (issue 16).
// login-form.test.ts holds the two to each other.
import type { FieldErrors } from '../../lib/form-values.ts';

/** zod's e-mail pattern (zod/v4/core regexes.email), which z.email() checks. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type LoginInput = { email: string; password: string };

export function validateLogin(
  values: Record<string, string | undefined>,
): { data: LoginInput; errors: null } | { data: null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  // Trimmed, required, then lower-cased and checked as an address.
  const email = (values.email ?? '').trim();
  if (!email) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(email.toLowerCase())) errors.email = 'Enter a valid e-mail address';
  const password = values.password ?? '';
  if (!password) errors.password = 'Password is required';
  if (errors.email || errors.password) return { data: null, errors };
  return { data: { email: email.toLowerCase(), password }, errors: null };
}
