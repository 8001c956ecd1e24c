// The small limits on failed sign-ins that the tests of those limits run with (hardening, limits).
import { startTestRuntime } from './runtime.ts';

/** Failures allowed per account (whatever the IP) and per IP (whatever the account). */
export const SIGN_IN_LIMITS = { perAccount: 5, perIp: 3 };

/** A test runtime that enforces SIGN_IN_LIMITS. */
export const startSignInLimitedRuntime = () =>
  startTestRuntime({
    AUTH_MAX_FAILURES_PER_ACCOUNT: String(SIGN_IN_LIMITS.perAccount),
    AUTH_MAX_FAILURES_PER_IP: String(SIGN_IN_LIMITS.perIp),
  });
