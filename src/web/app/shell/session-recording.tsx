// Session recording (spec 01 §4): decided by `recordingEnabled`; PostHog's code is loaded only for
// users it records, and recording pauses on the pages where a password is set.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePublicConfig } from '../../lib/public-config.ts';
import { isRecordablePath, recordingEnabled, sessionRecordingOptions } from '../../lib/recording.ts';
import { useSession } from '../../lib/session.ts';

type PostHog = typeof import('posthog-js').default;
let loaded: Promise<PostHog> | null = null;

export function SessionRecording() {
  const { data: config } = usePublicConfig();
  const { data: user } = useSession();
  const { pathname } = useLocation();
  const enabled = recordingEnabled(config?.posthogKey, user);

  useEffect(() => {
    if (!enabled || !config?.posthogKey || !user) return;
    const key = config.posthogKey;
    loaded ??= import('posthog-js').then(({ default: posthog }) => {
      posthog.init(key, {
        api_host: config.posthogHost,
        autocapture: false,
        capture_pageview: true,
        disable_session_recording: true,
        session_recording: sessionRecordingOptions,
      });
      posthog.identify(user.id);
      // Uncaught window errors go to error capture (spec 01 §4).
      window.addEventListener('error', (event) => posthog.captureException(event.error ?? event.message));
      return posthog;
    });
    void loaded.then((posthog) => {
      if (isRecordablePath(pathname)) posthog.startSessionRecording();
      else posthog.stopSessionRecording();
    });
    return () => {
      void loaded?.then((posthog) => posthog.stopSessionRecording());
    };
  }, [enabled, config, user, pathname]);

  return null;
}
