// The browser history the app's router uses. React Router's data router, which the app used before
// (issue 27), loaded the code of the screens a navigation goes to before it changed the address and
// the screen together; the declarative router would change the address at once, and show the new
// screen only once its code is in, so for a moment the address would name a screen while the one
// left is still there and still takes the typing. This history keeps the data router's order: a push
// or a replace waits for the code of the screens at its path (none to wait for: at once), and of the
// navigations asked for meanwhile only the newest happens, as the data router's newest navigation
// cancelled the one in progress. Back and Forward are the browser's: the screen follows once its
// code is in (React Router renders navigations in a transition, so the screen left stays till then).
import { UNSAFE_createBrowserHistory as createBrowserHistory, parsePath } from 'react-router';

type History = ReturnType<typeof createBrowserHistory>;

/** `load(pathname)`: the loading of the code of the screens at this path, or null when it is in. */
export function createAppHistory(load: (pathname: string) => Promise<unknown> | null, window?: Window): History {
  const history = createBrowserHistory({ window, v5Compat: true });
  let newest = 0;
  const waitingFor =
    <Args extends Parameters<History['push']>>(go: (...args: Args) => void) =>
    (...args: Args) => {
      const [to] = args;
      const ticket = ++newest;
      const loading = load((typeof to === 'string' ? parsePath(to) : to).pathname ?? history.location.pathname);
      if (!loading) return go(...args);
      // A screen whose code fails to load is the screens' error boundary's to show, at its address.
      void loading
        .catch(() => {})
        .then(() => {
          if (ticket === newest) go(...args);
        });
    };
  history.push = waitingFor(history.push);
  history.replace = waitingFor(history.replace);
  return history;
}
