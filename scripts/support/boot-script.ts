// The boot script's source (vite.config.ts route-preload): run ahead of the app's main file, it
// requests the code and the data of the screen at the path being opened. A route's path may have
// parameters (/library/:id, /air/reports/:id): the script matches the path as React Router does,
// segment by segment, a parameter standing for any one segment, letters in any case.

/** What the boot script requests for one route of the router. */
export type BootRoute = {
  /** The route's path as the router declares it. */
  path: string;
  /** The chunks to modulepreload, file names under /assets/. */
  files: string[];
  /** URLs to GET at once, taken over by the app's first request for them (lib/api-client.ts earlyResponse). */
  data: string[];
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The source of a regular expression matching the paths (without trailing slashes) of this route path. */
export function routePattern(path: string): string {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)));
  return `^/${segments.join('/')}$`;
}

export function bootScript(routes: BootRoute[]): string {
  const files = [...new Set(routes.flatMap((route) => route.files))];
  // Static paths first: a parameter must not win over a path spelled out (as in React Router's ranking).
  const ordered = [...routes].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));
  const table = ordered
    .filter((route) => route.files.length || route.data.length)
    .map((route) => [routePattern(route.path), route.files.map((name) => files.indexOf(name)), route.data]);
  return `(function () {
  var files = ${JSON.stringify(files)};
  var routes = ${JSON.stringify(table)};
  var path = location.pathname.replace(/[/]+$/, '') || '/';
  var route;
  for (var i = 0; i < routes.length && !route; i++) if (new RegExp(routes[i][0], 'i').test(path)) route = routes[i];
  if (!route) return;
  route[1].forEach(function (i) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = '/assets/' + files[i];
    document.head.appendChild(link);
  });
  var early = (window.__eosEarly = {});
  route[2].forEach(function (url) {
    var response = fetch(url, { credentials: 'same-origin' });
    response.catch(function () {});
    early[url] = response;
  });
})();
`;
}
