export const BRAND = 'Enterprise OS';
export const VERSION_LABEL = 'v2.0.4';
export const PASSWORD_MIN_LENGTH = 6;
/** Longer passwords are refused before any work is done on them (the spec sets no maximum; better-auth's default is 128). */
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_RESEND_SECONDS = 60;
export const SIDEBAR_COLLAPSED_PX = 60;
export const SIDEBAR_EXPANDED_PX = 220;
export const TOAST_DURATION_MS = 5000;
