import { unstable_HistoryRouter as HistoryRouter, useLocation, useRoutes } from 'react-router';
import { holdUntilFirstPaint } from '../lib/first-paint.ts';
import { fetchQueries, loadQueryClient } from '../lib/first-screen-queries.ts';
import { Toasts } from '../lib/toast.tsx';
import { createAppHistory } from './history.ts';
import { isSignedInScreen, loadScreens, routes } from './router.tsx';
import { ScreenErrorBoundary } from './shell/router-error-page.tsx';

// A signed-in first screen's data starts now, with its code (the routes' chunks, TanStack Query's
// among them), not after it has rendered: the session (the shell and the guards wait for it), the
// dashboard on /homepage. What no first screen needs to paint is asked for once it is on screen
// (first-paint.ts): the session on a public one (issue 27), the config; asked for all the same, so
// that the screens' queries find them on the way rather than asking themselves. The landing and
// sign-in pages ask with plain requests, without TanStack Query's code (lib/first-screen-queries.ts).
holdUntilFirstPaint();
const signedInFirstScreen = isSignedInScreen(window.location.pathname);
if (signedInFirstScreen) {
  const client = loadQueryClient();
  void client.then(({ prefetch }) => prefetch('session'));
  if (window.location.pathname.replace(/\/+$/, '') === '/homepage') {
    void Promise.all([client, import('../features/dashboard/dashboard-query.ts')]).then(([{ queryClient }, { dashboardQuery }]) =>
      queryClient.prefetchQuery(dashboardQuery),
    );
  }
}
fetchQueries(signedInFirstScreen ? ['publicConfig'] : ['session', 'publicConfig']);

const history = createAppHistory(loadScreens);

/** The screen at the address, behind the error boundary that was the data router's errorElement. */
function Screens() {
  const location = useLocation();
  return <ScreenErrorBoundary location={location}>{useRoutes(routes)}</ScreenErrorBoundary>;
}

export function App() {
  return (
    <>
      <HistoryRouter history={history}>
        <Screens />
      </HistoryRouter>
      <Toasts />
    </>
  );
}
