import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { messages } from '../../../shared/messages.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.tsx';

// The first number or date a page formats loads the browser's formatting data for its language:
// tens of milliseconds on a phone, in the middle of the first render (the dashboard's figures). A
// signed-in screen waits for the session with the main thread free: load it then, once, as this
// code comes (at start on a signed-in first screen, with the routes' chunks).
const warmUpFormatting = () => {
  new Intl.NumberFormat().format(0);
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(0);
};
if (typeof requestIdleCallback === 'function') requestIdleCallback(warmUpFormatting, { timeout: 1000 });
else setTimeout(warmUpFormatting);

/** The sign-in prompt per page; the profile form has its own words (spec 01 §8). */
const signInPrompt = (pathname: string) => (pathname === '/profile-completion' ? messages.profile.authRequired : messages.auth.required);

/**
 * Signed-in users only: a spinner while checking, else /login remembering where they came from.
 * When the check itself fails (server down, not "signed out"), the page renders and reports its
 * own loading error; the server refuses data to anyone without a session anyway.
 */
export function ProtectedRoute() {
  const { data: user, isPending, isError } = useSession();
  const location = useLocation();
  const toasted = useRef(false);
  const signedOut = !isPending && !isError && !user;

  useEffect(() => {
    if (signedOut && !toasted.current) {
      toasted.current = true;
      toast.error(messages.auth.requiredTitle, { description: signInPrompt(location.pathname) });
    }
  }, [signedOut, location.pathname]);

  if (isPending) return <Spinner label="Checking your session" />;
  if (signedOut) {
    const from = location.pathname + location.search + location.hash;
    return <Navigate to={`/login?redirect_to=${encodeURIComponent(from)}`} replace />;
  }
  // The operator requires a second factor and this user has none: setting one up is all there is.
  if (user?.secondFactorSetupRequired && location.pathname !== '/two-factor-setup') return <Navigate to="/two-factor-setup" replace />;
  return <Outlet />;
}
