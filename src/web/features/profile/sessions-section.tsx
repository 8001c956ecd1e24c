// "Where you're signed in" (issue 30 §3): the user's live sessions with the browser, device and IP
// address each was signed in from, this one marked "This device", and a sign-out for each other one
// and for all of them. No place is shown: the server has no offline location database (README).
import { toast } from 'sonner';
import { type ActiveSession, securityMessages } from '../../../shared/security-log.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useActiveSessions, useRevokeOtherSessions, useRevokeSession } from './security-api.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const DAY_MS = 86_400_000;

/**
 * The server knows a session's last use to within a day (security-log.ts, ActiveSession): say no
 * more than that.
 */
export function lastActive(session: Pick<ActiveSession, 'current' | 'lastRenewedAt'>, now = Date.now()): string {
  if (session.current) return 'Active now';
  const renewed = new Date(session.lastRenewedAt);
  if (now - renewed.getTime() < DAY_MS) return 'Last active in the past 24 hours';
  return `Last active around ${dateOnly.format(renewed)}`;
}

const failed = (err: unknown) =>
  toast.error(securityMessages.signOutFailed, { description: err instanceof ApiRequestError ? err.message : undefined });

export function SessionsSection() {
  const sessions = useActiveSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Card className="mt-6">
      <section aria-labelledby="sessions-heading">
        <h3 id="sessions-heading" className="text-lg font-semibold text-slate-900">
          Where you're signed in
        </h3>
        <p className="mt-1 text-sm text-slate-600">Sign out any session you do not recognise, then change your password.</p>
        {sessions.isError ? (
          <div className="mt-4">
            <p role="alert" className="text-sm text-red-700">
              {securityMessages.sessionsLoadError}. Please try again later.
            </p>
            <Button className="mt-3" variant="secondary" busy={sessions.isRefetching} onClick={() => sessions.refetch()}>
              Try again
            </Button>
          </div>
        ) : !sessions.data ? (
          <output className="mt-4 block text-sm text-slate-600">Loading your sessions…</output>
        ) : sessions.data.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">No active sessions.</p>
        ) : (
          <>
            <ul className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {sessions.data.map((session) => (
                <li
                  key={session.id}
                  aria-label={`${session.browser} on ${session.device}${session.current ? ' (this device)' : ''}`}
                  className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm"
                >
                  <div className="min-w-0 space-y-0.5">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      <span className="wrap-break-word">
                        {session.browser} · {session.device}
                      </span>
                      {session.current && (
                        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">This device</span>
                      )}
                    </p>
                    <p className="break-all text-xs text-slate-600">IP address {session.ipAddress ?? 'unknown'}</p>
                    <p className="text-xs text-slate-600">
                      Signed in {dateTime.format(new Date(session.signedInAt))} · {lastActive(session)}
                    </p>
                  </div>
                  {!session.current && (
                    <Button
                      variant="secondary"
                      className="px-3 py-1 text-xs"
                      // Named for its session: the shell's own "Sign out" is another button.
                      aria-label={`Sign out ${session.browser} on ${session.device}`}
                      busy={revoke.isPending && revoke.variables === session.id}
                      onClick={() =>
                        revoke.mutate(session.id, { onSuccess: () => toast.success(securityMessages.sessionSignedOut), onError: failed })
                      }
                    >
                      Sign out
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-xs text-slate-500">A session's activity is recorded once a day, when it is renewed.</p>
            {others > 0 && (
              <Button
                className="mt-4"
                variant="secondary"
                busy={revokeOthers.isPending}
                onClick={() =>
                  revokeOthers.mutate(undefined, { onSuccess: () => toast.success(securityMessages.othersSignedOut), onError: failed })
                }
              >
                Sign out everywhere else
              </Button>
            )}
          </>
        )}
      </section>
    </Card>
  );
}
