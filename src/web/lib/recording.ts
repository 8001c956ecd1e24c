// Spec 01 §4 and §9: session recording only with PostHog configured, a signed-in user who opted in
// (posthog_enabled), and never on the pages where a password is set.
const UNRECORDED_PATHS = new Set(['/create-password', '/reset-password', '/unsubscribe']);

export function recordingEnabled(posthogKey: string | null | undefined, user: { posthogEnabled: boolean } | null | undefined): boolean {
  return Boolean(posthogKey && user?.posthogEnabled);
}

export const isRecordablePath = (pathname: string) => !UNRECORDED_PATHS.has(pathname.replace(/\/+$/, '') || '/');

/**
 * PostHog options: no network payloads (spec 01 §9), and every input masked, not only passwords
 * as the spec's minimum: sign-in codes, e-mail addresses and what users type about their accounts
 * are not for a recording.
 */
export const sessionRecordingOptions = {
  maskAllInputs: true,
  maskInputOptions: { password: true, email: true, text: true, tel: true, number: true, search: true, url: true, textarea: true },
  recordHeaders: false,
  recordBody: false,
} as const;
