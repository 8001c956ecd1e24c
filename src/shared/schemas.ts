import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { messages } from './messages.ts';

export { safeRedirectPath } from './redirect.ts';

const requiredText = (label: string) => z.string().trim().min(1, `${label} is required`);

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address'));
export const passwordSchema = z
  .string()
  .min(1, messages.passwords.required)
  .min(PASSWORD_MIN_LENGTH, messages.passwords.tooShort)
  .max(128, 'Password must be at most 128 characters');

export const urlSchema = z
  .string()
  .trim()
  .min(1, 'LinkedIn URL is required')
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter a valid URL (https://…)' }));

export const phoneSchema = z
  .string()
  .trim()
  .min(1, 'Phone is required')
  .regex(/^\+?[0-9 ().-]{6,24}$/, 'Enter a valid phone number');

export const loginSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(emailSchema),
  password: z.string().min(1, 'Password is required'),
});

export const registrationSchema = z.object({
  token: z.string().min(1, messages.registration.missingToken),
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  email: z.string().trim().min(1, 'Email is required').pipe(emailSchema),
  password: passwordSchema,
  linkedinProfileUrl: urlSchema,
  phone: phoneSchema,
});
export type RegistrationInput = z.infer<typeof registrationSchema>;

/** Create-password and reset-password: both fields, same rules, must match. */
export const newPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().min(1, messages.passwords.required) })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwords.mismatch,
    path: ['confirmPassword'],
  });

const commaList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().max(200)).min(1, 'Enter at least one industry').max(50));

const optionalEmail = z
  .string()
  .trim()
  .transform((s) => s.toLowerCase())
  .pipe(z.union([z.literal(''), z.email('Enter a valid e-mail address')]))
  .transform((s) => (s === '' ? null : s));

/** The profile form, as the user types it (target industries as comma-separated text). */
export const profileFormSchema = z.object({
  firstName: requiredText('First name').max(100),
  lastName: requiredText('Last name').max(100),
  linkedinProfileUrl: urlSchema,
  phone: phoneSchema,
  jobTitle: requiredText('Job title').max(200),
  companyName: requiredText('Company name').max(200),
  solutionType: requiredText('Solution type').max(200),
  solutionDescription: requiredText('Solution description').max(2000),
  targetIndustries: z.string().min(1, 'Target industries are required').pipe(commaList),
  primaryValueProp: requiredText('Primary value proposition').max(2000),
  alertsEmail: optionalEmail,
  posthogEnabled: z.boolean().optional(),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileUpdate = z.output<typeof profileFormSchema>;

export const changePasswordSchema = z.object({
  newPassword: z.string().min(1, messages.passwords.requiredDescription).pipe(passwordSchema),
});

export const otpRequestSchema = z.object({ email: z.string().trim().min(1, 'Email is required').pipe(emailSchema) });
export const otpVerifySchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(emailSchema),
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
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
};

export type ApiError = { error: { code: string; message: string; title?: string; fields?: Record<string, string> } };
