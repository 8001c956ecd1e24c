// Every user-facing text of spec 01 §8 (and the shared ones of spec 02), word for word.
// Both sides import these so the server's error messages and the web's toasts never drift.
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { loginMessages, routerDefaultError } from './first-screen-messages.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const messages = {
  login: loginMessages,
  registration: {
    missingToken: 'Invalid invite link - missing token',
    inviteMismatch: 'Invalid invite token or email mismatch',
    userNotCreated: 'Failed to create user.',
    unexpected: 'An unexpected error occurred.',
    success: 'Registration successful!',
    successDescription: 'Your account is ready.',
  },
  reset: {
    authErrorTitle: 'Authentication Error',
    authError: 'We could not verify your session. Your reset link may have expired.',
    updated: 'Password Updated',
    failed: 'Failed to reset password',
  },
  forgot: {
    sentTitle: 'Sent',
    sent: 'You should have a reset link in your inbox.',
    failed: "Hmm.. that didn't work. Is that the right email?",
  },
  passwords: {
    mismatchTitle: "Passwords don't match",
    mismatch: 'Ensure both passwords are identical.',
    mismatchAlt: 'Please ensure both passwords are identical.',
    required: 'Password required',
    requiredDescription: 'Please enter a new password',
    tooShort: 'Password must be at least 6 characters',
    /** Ours: the spec sets no maximum. */
    tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    currentRequired: 'Enter your current password',
    weakTitle: 'Password too weak',
    weak: 'This password is too easy to guess.',
  },
  invite: {
    authErrorTitle: 'Authentication error',
    authError: 'Unable to verify your invite. Please try again.',
    passwordSet: 'Password set successfully',
  },
  profile: {
    loadError: 'Error loading profile',
    updated: 'Profile updated',
    updateFailed: 'Update failed',
    passwordFailed: 'Failed to update password',
    authRequiredTitle: 'Authentication required',
    authRequired: 'Please login to complete your profile.',
    alreadyCompleted: 'Profile already completed',
  },
  otp: {
    sendError: 'Error sending OTP',
    sent: 'OTP Sent',
    verifyError: 'Error verifying OTP',
    noSession: 'No session returned',
    successTitle: 'Success',
    success: 'You are now logged in!',
  },
  auth: {
    requiredTitle: 'Authentication required',
    required: 'Please login to continue.',
    tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
    tooManyAttemptsFor: (minutes: number) => `Too many attempts. Please try again in ${plural(minutes, 'minute')}.`,
    passwordPausedTitle: 'Password sign-in paused',
    passwordPaused: (minutes: number) =>
      `Too many wrong passwords were tried for this account, so password sign-in is paused for ${plural(minutes, 'minute')}. You can still sign in with a one-time code sent to your e-mail.`,
    tooManyEmails: (minutes: number) =>
      `Too many e-mails were requested for this address. Please try again in ${plural(minutes, 'minute')}.`,
    foreignOrigin: 'Cross-site request refused.',
    suspended: 'Your account is suspended. Please contact your administrator.',
  },
  flags: {
    notAvailable: 'This feature is not available yet',
    sandboxDisabled: 'Navigation restructure sandbox is not enabled',
  },
  errors: {
    aiNotConfigured:
      'AI is not configured on this server. An operator sets AI_PROVIDER, AI_MODEL and AI_API_KEY (or AI_BASE_URL for a local OpenAI-compatible server such as Ollama) and restarts it.',
    routerDefault: routerDefaultError,
    notFound: 'Not found',
    internal: 'Something went wrong on our side. Please try again.',
    databaseUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
    badRequest: 'The request is not valid.',
    bodyTooLarge: 'The request is too large.',
    nulCharacter: 'Text must not contain NUL characters.',
    tooDeep: 'The request is nested too deeply.',
  },
} as const;
