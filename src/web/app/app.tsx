import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { unstable_HistoryRouter as HistoryRouter, useLocation, useRoutes } from 'react-router';
import { dashboardQuery } from '../features/dashboard/dashboard-query.ts';
import { ApiRequestError } from '../lib/api-client.ts';
import { firstPaint, holdUntilFirstPaint } from '../lib/first-paint.ts';
import { fetchPublicConfig, publicConfigQuery } from '../lib/public-config.ts';
import { fetchSession, sessionQuery, sessionQueryKey } from '../lib/session.ts';
import { Toasts } from '../lib/toast.tsx';
import { createAppHistory } from './history.ts';
import { isSignedInScreen, loadScreens, routes } from './router.tsx';
import { ScreenErrorBoundary } from './shell/router-error-page.tsx';

// A 401 anywhere means the session is gone (expired, revoked by a password reset elsewhere):
// forget the cached user so the guards send the person to /login instead of showing stale pages.
const forgetSessionOn401 = (error: unknown) => {
  if (error instanceof ApiRequestError && error.status === 401) queryClient.setQueryData(sessionQueryKey, null);
};

// Spec 01 §9: queries retry 3 times (1 s doubling, capped at 30 s), mutations never; 5-minute cache.
// A 4xx is an answer, not a failure to retry.
const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: forgetSessionOn401 }),
  mutationCache: new MutationCache({ onError: forgetSessionOn401 }),
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      retry: (failures, error) => !(error instanceof ApiRequestError && error.status < 500) && failures < 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    },
    mutations: { retry: false },
  },
});

// A signed-in first screen's data starts now, with its code (the routes' chunks), not after it has
// rendered: the session (the shell and the guards wait for it), the dashboard on /homepage. What no
// first screen needs to paint is asked for once it is on screen (first-paint.ts): the session on a
// public one (issue 27), the config; asked for now all the same, so that the screens' queries find
// them on the way rather than asking themselves.
holdUntilFirstPaint();
const afterFirstPaint =
  <T,>(fetch: () => Promise<T>) =>
  () =>
    firstPaint().then(fetch);
if (isSignedInScreen(window.location.pathname)) {
  void queryClient.prefetchQuery(sessionQuery);
  // The first number or date a page formats loads the browser's formatting data for its language:
  // tens of milliseconds on a phone, in the middle of the first render (the dashboard's figures).
  // A signed-in first screen waits for its data with the main thread free: load it then.
  const warmUp = () => {
    new Intl.NumberFormat().format(0);
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(0);
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(warmUp, { timeout: 1000 });
  else setTimeout(warmUp);
} else {
  void queryClient.prefetchQuery({ ...sessionQuery, queryFn: afterFirstPaint(fetchSession) });
}
void queryClient.prefetchQuery({ ...publicConfigQuery, queryFn: afterFirstPaint(fetchPublicConfig) });
if (window.location.pathname.replace(/\/+$/, '') === '/homepage') void queryClient.prefetchQuery(dashboardQuery);

const history = createAppHistory(loadScreens);

/** The screen at the address, behind the error boundary that was the data router's errorElement. */
function Screens() {
  const location = useLocation();
  return <ScreenErrorBoundary location={location}>{useRoutes(routes)}</ScreenErrorBoundary>;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <HistoryRouter history={history}>
        <Screens />
      </HistoryRouter>
      <Toasts />
    </QueryClientProvider>
  );
}
