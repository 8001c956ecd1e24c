// The home dashboard (spec 02 §2 "Home dashboard"): Sonar OS set-up at a glance, the user's and the
// platform's activity, and the features still to come. One query feeds the whole page.
import { useDeferredValue, useEffect } from 'react';
import { BRAND } from '../../../shared/constants.ts';
import { dashboardMessages } from '../../../shared/dashboard.ts';
import { LoadError } from '../../components/load-error.tsx';
import { toast } from '../../lib/toast.tsx';
import { AllTimeActivity, PlatformActivity, RecentActivity } from './activity.tsx';
import { AlertCards } from './alert-cards.tsx';
import { useDashboard } from './api.ts';
import { ComingSoon } from './coming-soon.tsx';
import { DashboardFooter } from './dashboard-footer.tsx';
import { DashboardSkeleton } from './dashboard-skeleton.tsx';

/** Until the first mount of the page in this visit: its first paint comes before the cards (below). */
let firstMount = true;

export function HomePage() {
  const { data: latest, isError, refetch, isRefetching } = useDashboard();
  // Issue 16: on a first visit the dashboard's data often comes with the page's code; the shell, the
  // welcome dialog and the skeleton then paint first, and the cards render right after in the
  // background (React yields to the browser), not in one long task before anything shows.
  const data = useDeferredValue(latest, firstMount ? null : undefined);

  useEffect(() => {
    firstMount = false;
  }, []);

  useEffect(() => {
    if (isError) toast.error(dashboardMessages.loadError, { description: dashboardMessages.loadErrorDescription });
  }, [isError]);

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{BRAND}</h1>
        <p className="mt-1 text-lg text-slate-600">Inbox-First Intelligence</p>
      </header>
      {data ? (
        <>
          <AlertCards alerts={data.alerts} />
          <AllTimeActivity allTime={data.allTime} freshness={data.freshness} />
          <RecentActivity recent={data.recent} />
          <PlatformActivity platform={data.platform} />
          <ComingSoon />
        </>
      ) : isError ? (
        <LoadError message={dashboardMessages.loadError} retrying={isRefetching} onRetry={() => refetch()} />
      ) : (
        <DashboardSkeleton />
      )}
      <DashboardFooter />
    </div>
  );
}
