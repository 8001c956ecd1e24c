// Shared by the server and the browser. Written with `zod/mini` (zod 4's tree-shakable functional API)
// so the sign-in pages do not ship the whole of zod; the server's full-zod helpers accept these schemas too.
import * as z from 'zod/mini';
import { en } from 'zod/v4/locales';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { messages } from './messages.ts';

export { safeRedirectPath } from './redirect.ts';

// zod/mini ships without a locale (every default message would be "Invalid input"); full zod registers
// English on first use. Register it here so messages without a custom text stay exactly the same.
z.config(en());

const requiredText = (label: string) => z.string().check(z.trim(), z.minLength(1, `${label} is required`));

export const emailSchema = z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email('Enter a valid e-mail address'));
export const passwordSchema = z
  .string()
  .check(
    z.minLength(1, messages.passwords.required),
    z.minLength(PASSWORD_MIN_LENGTH, messages.passwords.tooShort),
    z.maxLength(PASSWORD_MAX_LENGTH, messages.passwords.tooLong),
  );

/** The /profile dialog's change-password call (better-auth's body); no password past the cap is worked on. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string()
    .check(z.minLength(1, messages.passwords.currentRequired), z.maxLength(PASSWORD_MAX_LENGTH, messages.passwords.tooLong)),
  newPassword: passwordSchema,
  revokeOtherSessions: z.optional(z.boolean()),
});

const urlSchema = z.pipe(
  z.string().check(z.trim(), z.minLength(1, 'LinkedIn URL is required')),
  z.url({ protocol: /^https?$/, error: 'Enter a valid URL (https://…)' }),
);

const phoneSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'Phone is required'), z.regex(/^\+?[0-9 ().-]{6,24}$/, 'Enter a valid phone number'));

const requiredEmail = () => z.pipe(z.string().check(z.trim(), z.minLength(1, 'Email is required')), emailSchema);

export const loginSchema = z.object({
  email: requiredEmail(),
  password: z.string().check(z.minLength(1, 'Password is required')),
});

export const registrationSchema = z.object({
  token: z.string().check(z.minLength(1, messages.registration.missingToken)),
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  email: requiredEmail(),
  password: passwordSchema,
  linkedinProfileUrl: urlSchema,
  phone: phoneSchema,
});
export type RegistrationInput = z.infer<typeof registrationSchema>;

/** Create-password and reset-password: both fields, same rules, must match. */
export const newPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().check(z.minLength(1, messages.passwords.required)) })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: messages.passwords.mismatch,
      path: ['confirmPassword'],
    }),
  );

/** 'merger, , layoffs ' → ['merger', 'layoffs']: split on commas, trimmed, blanks dropped. */
export const splitKeywords = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const commaList = z.pipe(
  z.pipe(z.string(), z.transform(splitKeywords)),
  z.array(z.string().check(z.maxLength(200))).check(z.minLength(1, 'Enter at least one industry'), z.maxLength(50)),
);

/** An optional e-mail address as typed: trimmed and lowercased; blank (or null) means none. */
export const optionalEmail = z.pipe(
  z.pipe(
    z.pipe(
      z.nullable(z.string({ error: 'Enter a valid e-mail address' }).check(z.trim(), z.maxLength(254, 'Enter a valid e-mail address'))),
      z.transform((s: string | null) => (s ?? '').toLowerCase()),
    ),
    z.union([z.literal(''), z.email('Enter a valid e-mail address')]),
  ),
  z.transform((s: string) => (s === '' ? null : s)),
);

/** The profile form, as the user types it (target industries as comma-separated text). */
export const profileFormSchema = z.object({
  firstName: requiredText('First name').check(z.maxLength(100)),
  lastName: requiredText('Last name').check(z.maxLength(100)),
  linkedinProfileUrl: urlSchema,
  phone: phoneSchema,
  jobTitle: requiredText('Job title').check(z.maxLength(200)),
  companyName: requiredText('Company name').check(z.maxLength(200)),
  solutionType: requiredText('Solution type').check(z.maxLength(200)),
  solutionDescription: requiredText('Solution description').check(z.maxLength(2000)),
  targetIndustries: z.pipe(z.string().check(z.minLength(1, 'Target industries are required')), commaList),
  primaryValueProp: requiredText('Primary value proposition').check(z.maxLength(2000)),
  alertsEmail: optionalEmail,
  posthogEnabled: z.optional(z.boolean()),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileUpdate = z.output<typeof profileFormSchema>;

/** A form asking only for an e-mail (code request, forgot password). */
export const emailFormSchema = z.object({ email: requiredEmail() });
export const otpVerifySchema = z.object({
  email: requiredEmail(),
  otp: z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code')),
});

export type Profile = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  linkedinProfileUrl: string | null;
  phone: string | null;
  jobTitle: string | null;
  companyName: string | null;
  solutionType: string | null;
  solutionDescription: string | null;
  targetIndustries: string[];
  primaryValueProp: string | null;
  alertsEmail: string | null;
  profileCompleted: boolean;
  posthogEnabled: boolean;
  /** Present for operators only (issue 28): the menu shows the operator console. */
  operator?: true;
  /** Present (on /api/profile/current) when the operator requires a second factor and the user has none yet (issue 30). */
  secondFactorSetupRequired?: true;
};

/** Whether AI can be used, for a screen's banner: the model a task would use, else what to configure. */
export type AiStatus = { configured: true; model: string } | { configured: false; message: string };

export type ApiError = { error: { code: string; message: string; title?: string; fields?: Record<string, string> } };
