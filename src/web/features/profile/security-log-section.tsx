// The security log (issue 30 §7): the user's own sign-ins, failures and changes to how they sign in,
// newest first, kept 90 days; "Show more" pages back. Every text comes from the server's labels
// (shared/security-log.ts) and the user agent as parsed there, rendered as text.
import { useInfiniteQuery } from '@tanstack/react-query';
import { SECURITY_LOG_DAYS, securityMessages } from '../../../shared/security-log.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { securityLogQuery } from './security-api.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function SecurityLogSection() {
  const log = useInfiniteQuery(securityLogQuery);
  const events = log.data?.pages.flatMap((page) => page.events);

  return (
    <Card className="mt-6">
      <section aria-labelledby="security-log-heading">
        <h3 id="security-log-heading" className="text-lg font-semibold text-slate-900">
          Security log
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          Sign-ins and changes to how you sign in, newest first, kept for {SECURITY_LOG_DAYS} days.
        </p>
        {log.isError && !events ? (
          <div className="mt-4">
            <p role="alert" className="text-sm text-red-700">
              {securityMessages.logLoadError}. Please try again later.
            </p>
            <Button className="mt-3" variant="secondary" busy={log.isRefetching} onClick={() => log.refetch()}>
              Try again
            </Button>
          </div>
        ) : !events ? (
          <output className="mt-4 block text-sm text-slate-600">Loading your security log…</output>
        ) : events.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">Nothing in your security log yet.</p>
        ) : (
          <>
            <ol aria-label="Security events" className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {events.map((event) => (
                <li key={event.id} className="space-y-0.5 p-3 text-sm">
                  <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-medium text-slate-900">{event.label}</span>
                    <time dateTime={event.at} className="text-xs text-slate-500">
                      {dateTime.format(new Date(event.at))}
                    </time>
                  </p>
                  {event.note && <p className="wrap-break-word text-xs text-slate-700">{event.note}</p>}
                  <p className="break-all text-xs text-slate-600">
                    {event.browser} · {event.device} · IP address {event.ipAddress ?? 'unknown'}
                  </p>
                </li>
              ))}
            </ol>
            {log.isFetchNextPageError && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {securityMessages.logLoadError}. Please try again later.
              </p>
            )}
            {log.hasNextPage && (
              <Button className="mt-4" variant="secondary" busy={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
                Show more
              </Button>
            )}
          </>
        )}
      </section>
    </Card>
  );
}
