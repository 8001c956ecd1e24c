// /unsubscribe?token=… (public; works signed out): the page behind the 'Unsubscribe' link of every
// alert e-mail. It names the alert, turns it off with one button, and links to the alert's screen. A
// trigger e-mail's link names the alerts whose "as it happens" it turns off, and says which it did.
import { Link, useSearchParams } from 'react-router';
import {
  alreadyUnsubscribed,
  manageScreen,
  type UnsubscribeAlert,
  unsubscribed,
  unsubscribeMessages,
  unsubscribeNote,
  unsubscribeQuestion,
} from '../../../shared/unsubscribe.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useUnsubscribe, useUnsubscribeAlert } from './api.ts';

export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const alert = useUnsubscribeAlert(token);
  const turnOff = useUnsubscribe(token);

  if (!token) return <Problem title={unsubscribeMessages.invalidLink} />;
  if (alert.isPending) return <Spinner label="Loading unsubscribe link" />;
  if (alert.isError) {
    const status = alert.error instanceof ApiRequestError ? alert.error.status : 0;
    if (status === 400) return <Problem title={unsubscribeMessages.invalidLink} />;
    if (status === 404) return <Problem title={unsubscribeMessages.alertGone} />;
    return (
      <AuthCard title="Unsubscribe">
        <p role="alert" className="text-sm text-slate-800">
          {unsubscribeMessages.loadFailed}. Please try again later.
        </p>
        <Button className="mt-4" variant="secondary" busy={alert.isFetching} onClick={() => alert.refetch()}>
          Try again
        </Button>
      </AuthCard>
    );
  }

  if (turnOff.isSuccess) return <Done alert={turnOff.data} message={unsubscribed(turnOff.data)} />;
  if (!alert.data.active) return <Done alert={alert.data} message={alreadyUnsubscribed(alert.data)} />;

  const failure =
    turnOff.error instanceof ApiRequestError && turnOff.error.status < 500 ? turnOff.error.message : unsubscribeMessages.failed;
  return (
    <AuthCard title={unsubscribeQuestion(alert.data)}>
      <p className="text-sm text-slate-700">{unsubscribeNote(alert.data)}</p>
      {turnOff.isError && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {failure}
        </p>
      )}
      <Button className="mt-6 w-full" busy={turnOff.isPending} onClick={() => turnOff.mutate()}>
        {turnOff.isPending ? 'Unsubscribing…' : unsubscribeMessages.button}
      </Button>
    </AuthCard>
  );
}

function Done({ alert, message }: { alert: UnsubscribeAlert; message: string }) {
  return (
    <AuthCard title="Unsubscribe">
      <p role="status" className="text-slate-800">
        {message}
      </p>
      <Link to={manageScreen(alert)} className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
        {unsubscribeMessages.manage}
      </Link>
    </AuthCard>
  );
}

function Problem({ title }: { title: string }) {
  return (
    <AuthCard title="Unsubscribe">
      <p role="alert" className="text-slate-800">
        {title}
      </p>
      <Link to="/login" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
        Sign in to manage your alerts
      </Link>
    </AuthCard>
  );
}
