// Session recording (spec 01 §4): on only when PostHog is configured, a session exists and the
// user opted in (posthog_enabled). Password inputs are masked, and recording pauses on the pages
// where a password is set. PostHog's code is loaded only for those users.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePublicConfig } from '../../lib/public-config.ts';
import { useSession } from '../../lib/session.ts';

const UNRECORDED_PATHS = new Set(['/create-password', '/reset-password']);

type PostHog = typeof import('posthog-js').default;
let loaded: Promise<PostHog> | null = null;

export function SessionRecording() {
  const { data: config } = usePublicConfig();
  const { data: user } = useSession();
  const { pathname } = useLocation();
  const enabled = Boolean(config?.posthogKey && user?.posthogEnabled);

  useEffect(() => {
    if (!enabled || !config?.posthogKey || !user) return;
    loaded ??= import('posthog-js').then(({ default: posthog }) => {
      posthog.init(config.posthogKey!, {
        api_host: config.posthogHost,
        autocapture: false,
        capture_pageview: true,
        disable_session_recording: true,
        session_recording: { maskAllInputs: false, maskInputOptions: { password: true }, recordHeaders: false, recordBody: false },
      });
      posthog.identify(user.id);
      window.addEventListener('error', (event) => posthog.captureException(event.error ?? event.message));
      return posthog;
    });
    void loaded.then((posthog) => {
      if (UNRECORDED_PATHS.has(pathname)) posthog.stopSessionRecording();
      else posthog.startSessionRecording();
    });
    return () => {
      void loaded?.then((posthog) => posthog.stopSessionRecording());
    };
  }, [enabled, config, user, pathname]);

  return null;
}
