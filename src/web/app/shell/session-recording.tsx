// Session recording (spec 01 §4): decided by `recordingEnabled`; PostHog's code is loaded only for
// users it records. When recording turns off (sign-out, opt-out, another user), PostHog stops
// capturing and forgets the identity; recording pauses on the pages where a password is set.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePublicConfigData, useSessionData } from '../../lib/first-screen-queries.ts';
import { isRecordablePath, recordingEnabled, sessionRecordingOptions } from '../../lib/recording.ts';

type PostHog = typeof import('posthog-js').default;
let loaded: Promise<PostHog> | null = null;
/** Read by the window error listener, which outlives any one render. */
let capturing = false;

function loadPostHog(key: string, host: string): Promise<PostHog> {
  loaded ??= import('posthog-js').then(({ default: posthog }) => {
    posthog.init(key, {
      api_host: host,
      autocapture: false,
      capture_pageview: true,
      disable_session_recording: true,
      session_recording: sessionRecordingOptions,
    });
    // Uncaught window errors go to error capture (spec 01 §4), only while recording is on.
    window.addEventListener('error', (event) => {
      if (capturing) posthog.captureException(event.error ?? event.message);
    });
    return posthog;
  });
  return loaded;
}

export function SessionRecording() {
  const config = usePublicConfigData();
  const user = useSessionData();
  const { pathname } = useLocation();
  const enabled = recordingEnabled(config?.posthogKey, user);
  const userId = user?.id;

  useEffect(() => {
    capturing = enabled;
    if (!enabled || !config?.posthogKey || !userId) {
      void loaded?.then((posthog) => {
        posthog.stopSessionRecording();
        posthog.opt_out_capturing();
        posthog.reset();
      });
      return;
    }
    void loadPostHog(config.posthogKey, config.posthogHost).then((posthog) => {
      posthog.opt_in_capturing();
      if (posthog.get_distinct_id() !== userId) posthog.identify(userId);
      if (isRecordablePath(pathname)) posthog.startSessionRecording();
      else posthog.stopSessionRecording();
    });
  }, [enabled, config?.posthogKey, config?.posthogHost, userId, pathname]);

  return null;
}
