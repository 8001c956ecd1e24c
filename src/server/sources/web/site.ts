// The one identity of a site and of a page, for every room and whoever reads their results (issue 26:
// there were five, and the `www.` strip was written ten times in five slightly different ways).
// - A site is a host name without its `www.`: "www.initech.example", "www2.initech.example" and
//   "initech.example" are one site, whatever the scheme, port or path.
// - A server is a site and the port it is served on: two servers on one host (local ones) are two
//   places to crawl.
// - A page is a server's path and the query that chooses its content: scheme, `www.`, a trailing
//   slash, the fragment, the order of parameters and the parameters that only say where the reader
//   came from (utm_…, fbclid…) do not make another page. Its key is stored (articles.url_key,
//   sent_articles.url_key), so changing what it gives means keys already stored no longer match.

/** A host name as a site is named and compared: lower case, without a leading `www.` (or `www2.`…). */
export function siteName(hostname: string): string {
  return hostname.toLowerCase().replace(/^www\d*\./, '');
}

/**
 * An http(s) address as a person or a register writes one: "initech.example" is https://initech.example.
 * Nobody writes a site with a user name in it: "mailto:ceo@initech.example" is not the site initech.example.
 */
export function webAddress(value: string | null | undefined): URL | null {
  const raw = value?.trim();
  if (!raw) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

/** The site of an address or a bare host: "initech.example" for https://www.initech.example/about; null for no web address. */
export function siteOf(address: string | URL | null | undefined): string | null {
  const url = address instanceof URL ? address : webAddress(address);
  return url ? siteName(url.hostname) || null : null;
}

/** One site is the other or under it: investors.initech.example is initech.example's. */
export const withinOneSite = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);

/** The site and its port when not the scheme's own: "initech.example", "127.0.0.1:8080". */
export function serverOf(url: URL): string {
  return `${siteName(url.hostname)}${url.port ? `:${url.port}` : ''}`;
}

/** Query parameters that only say where a reader came from. */
const TRACKING = /^(utm_.+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|ocid|cmpid|smid|taid|guccounter|guce_referrer.*|_ga|oc)$/i;

/**
 * One key per page however it is linked: the server, the path without a trailing slash and the
 * query without tracking parameters, sorted ("reuters.com/markets/acme?id=7&page=2"); null for what
 * is not an http(s) address.
 */
export function pageKey(address: string | URL): string | null {
  let url: URL;
  try {
    url = new URL(typeof address === 'string' ? address.trim() : address);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const path = url.pathname.replace(/\/+$/, '');
  const params = [...url.searchParams].filter(([name]) => !TRACKING.test(name)).sort(([a], [b]) => a.localeCompare(b));
  const query = params.length ? `?${new URLSearchParams(params)}` : '';
  return `${serverOf(url)}${path}${query}`;
}
