export const BRAND = 'Enterprise OS';
export const VERSION_LABEL = 'v2.0.4';
export const PASSWORD_MIN_LENGTH = 6;
export const OTP_RESEND_SECONDS = 60;
export const SIDEBAR_COLLAPSED_PX = 60;
export const SIDEBAR_EXPANDED_PX = 220;
export const TOAST_DURATION_MS = 5000;
