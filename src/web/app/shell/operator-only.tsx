import { Outlet } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/session.ts';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * The operator console's routes (issue 28 §3): operators see them; anyone else the app's 404 page,
 * the page the server's 404 for this path says is there. The server refuses the console's API to
 * them anyway; this keeps the console's screens from being drawn at all.
 */
export function OperatorOnly() {
  const { data: user, isPending } = useSession();
  if (isPending) return <Spinner label="Checking your session" />;
  return user?.operator ? <Outlet /> : <NotFoundPage />;
}
