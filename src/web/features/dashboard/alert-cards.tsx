import { CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { type DashboardSummary, dashboardMessages, isFullyConfigured } from '../../../shared/dashboard.ts';
import { cn } from '../../lib/cn.ts';

const CARDS = [
  { key: 'news', to: '/sonar-os/news', title: 'News Alerts' },
  { key: 'newsletter', to: '/sonar-os/newsletter', title: 'Newsletter' },
  { key: 'earnings', to: '/sonar-os/earnings', title: 'Earnings Alerts' },
] as const;

/** The three Sonar OS areas: active alerts of each limit, and whether all are set up. */
export function AlertCards({ alerts }: { alerts: DashboardSummary['alerts'] }) {
  const headingId = useId();
  const configured = isFullyConfigured(alerts);
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="sr-only">
        Sonar OS alerts
      </h2>
      <p
        className={cn(
          'rounded-xl border px-4 py-3 text-sm font-medium',
          configured ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-brand-100 bg-brand-50 text-brand-900',
        )}
      >
        {configured ? dashboardMessages.configured : dashboardMessages.getStarted}
      </p>
      <ul className="grid gap-4 sm:grid-cols-3">
        {CARDS.map(({ key, to, title }) => {
          const { active, limit } = alerts[key];
          const full = active >= limit;
          return (
            <li key={key}>
              <Link
                to={to}
                className="flex h-full items-start justify-between rounded-2xl border border-slate-200 bg-white/90 p-5 shadow-sm transition hover:border-brand-500 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <span className="space-y-1">
                  <span className="block text-sm font-semibold text-slate-600">{title}</span>
                  <span className="block text-3xl font-bold text-slate-900 tabular-nums">
                    {active}/{limit}
                  </span>
                </span>
                {full ? (
                  <span role="img" aria-label="Maximum reached" className="text-emerald-600">
                    <CircleCheck aria-hidden className="h-6 w-6" />
                  </span>
                ) : (
                  <span role="img" aria-label="Not at maximum" className="mt-1.5 block h-3 w-3 rounded-full bg-amber-400" />
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
