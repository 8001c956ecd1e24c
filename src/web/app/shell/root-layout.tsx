import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { safeRedirectPath } from '../../../shared/redirect.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePublicConfigData, useSessionData } from '../../lib/first-screen-queries.ts';
import { recordingEnabled } from '../../lib/recording.ts';
import { documentTitle } from '../page-titles.ts';
import { NewVersionReload } from './new-version-reload.tsx';

// PostHog's session recording (spec 01 §4), for the users it records: its code comes once recording
// is on for someone in this tab (issue 27), and stays to stop it when it turns off. Code that fails
// to load records nothing.
const SessionRecording = lazy(() =>
  import('./session-recording.tsx').then(
    (module) => ({ default: module.SessionRecording }),
    () => ({ default: () => null }),
  ),
);

function SessionRecordingOnceEnabled() {
  const enabled = recordingEnabled(usePublicConfigData()?.posthogKey, useSessionData());
  const [wanted, setWanted] = useState(enabled);
  if (enabled && !wanted) setWanted(true);
  return wanted ? (
    // Its own boundary: the screen does not wait for it.
    <Suspense fallback={null}>
      <SessionRecording />
    </Suspense>
  ) : null;
}

/** Pages that read redirect_to themselves (as the post-sign-in destination). */
const SIGN_IN_PATHS = new Set(['/login', '/email-otp', '/two-factor']);

export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = documentTitle(location.pathname);
  }, [location.pathname]);

  useEffect(() => {
    // An invite or recovery token in the URL hash (links in the original backend's format).
    const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
    const accessToken = hash.get('access_token');
    if (accessToken) {
      const target = hash.get('type') === 'invite' ? '/create-password' : '/reset-password';
      const query = new URLSearchParams({ token: accessToken });
      const refresh = hash.get('refresh_token');
      if (refresh) query.set('refresh_token', refresh);
      navigate(`${target}?${query}`, { replace: true });
      return;
    }
    // redirect_to sends the user to that same-origin path, keeping the other query parameters.
    const search = new URLSearchParams(location.search);
    const redirectTo = search.get('redirect_to');
    if (redirectTo && !SIGN_IN_PATHS.has(location.pathname)) {
      search.delete('redirect_to');
      const target = safeRedirectPath(redirectTo, location.pathname);
      const rest = search.toString();
      navigate(rest ? `${target}${target.includes('?') ? '&' : '?'}${rest}` : target, { replace: true });
    }
  }, [location.hash, location.search, location.pathname, navigate]);

  return (
    <Suspense fallback={<Spinner />}>
      <SessionRecordingOnceEnabled />
      <NewVersionReload />
      <Outlet />
    </Suspense>
  );
}
