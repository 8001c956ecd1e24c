// One key per article address, so the same story reached through different links (a feed's tracking
// parameters, 'www.' or not, a trailing slash) is stored, fetched and recognised once.
import { siteName } from '../web/site.ts';

/** Query parameters that only say where a reader came from. */
const TRACKING = /^(utm_.+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|ocid|cmpid|smid|taid|guccounter|guce_referrer.*|_ga|oc)$/i;

/** Host without 'www.', path without a trailing slash, the query without tracking parameters (sorted); null for non-http(s). */
export function articleKey(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = siteName(parsed.hostname);
  const path = parsed.pathname.replace(/\/+$/, '');
  const params = [...parsed.searchParams].filter(([name]) => !TRACKING.test(name)).sort(([a], [b]) => a.localeCompare(b));
  const query = params.length ? `?${new URLSearchParams(params)}` : '';
  return `${host}${parsed.port ? `:${parsed.port}` : ''}${path}${query}`;
}
