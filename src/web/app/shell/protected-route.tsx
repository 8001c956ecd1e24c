import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { toast } from 'sonner';
import { messages } from '../../../shared/messages.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/session.ts';

/** Signed-in users only: a spinner while checking, else /login remembering where they came from. */
export function ProtectedRoute() {
  const { data: user, isPending, isError } = useSession();
  const location = useLocation();
  const toasted = useRef(false);
  const signedOut = !isPending && !user;

  useEffect(() => {
    if (signedOut && !isError && !toasted.current) {
      toasted.current = true;
      toast.error(messages.auth.requiredTitle, { description: messages.auth.required });
    }
  }, [signedOut, isError]);

  if (isPending) return <Spinner label="Checking your session" />;
  if (isError) return <Navigate to="/login" replace />;
  if (!user) {
    const from = location.pathname + location.search + location.hash;
    return <Navigate to={`/login?redirect_to=${encodeURIComponent(from)}`} replace />;
  }
  return <Outlet />;
}
