// Politeness for fetching publisher article pages: what a site's robots.txt lets our user agent
// fetch, and how long it asks us to wait between requests. The caller fetches robots.txt (and caps
// its size: RFC 9309 §2.5 asks crawlers to parse at least the first 500 KiB); this module only
// interprets the answer. Matching (longest match wins, allow wins ties, `*` and `$`) is robots-parser's,
// which follows Google's reference implementation.
import robotsParser from 'robots-parser';

export type RobotsRules = { allows(url: string): boolean; crawlDelayMs: number | null };

export const ALLOW_ALL: RobotsRules = Object.freeze({ allows: () => true, crawlDelayMs: null });
export const DENY_ALL: RobotsRules = Object.freeze({ allows: () => false, crawlDelayMs: null });

/** A Crawl-delay larger than this is honoured as this: a site cannot park our queue for hours. */
export const MAX_CRAWL_DELAY_MS = 60_000;

/**
 * The product token robots.txt groups are matched against: the leading `[a-zA-Z_-]+` of the user
 * agent (RFC 9309 §2.2.1), so `EnterpriseOS/1.0 (+https://…)` is `EnterpriseOS`. robots-parser
 * would cut the string at its first `/` itself, which goes wrong for a user agent without a version
 * (`Bot (+https://…)` would become `bot (+https:`) and then match no group but `*`.
 */
export function productToken(userAgent: string): string {
  return /^\s*([a-zA-Z_-]+)/.exec(userAgent)?.[1] ?? '*';
}

/** The rules of a robots.txt that answered 2xx, for `userAgent`. */
export function parseRobots(robotsUrl: string, body: string, userAgent: string): RobotsRules {
  const robots = robotsParser(robotsUrl, body);
  const token = productToken(userAgent);
  const delay = robots.getCrawlDelay(token);
  return {
    // robots-parser answers undefined for a URL on another origin: those rules say nothing about it,
    // and a caller that asks has a bug, so the answer is no.
    allows: (url) => robots.isAllowed(url, token) === true,
    crawlDelayMs: typeof delay === 'number' && Number.isFinite(delay) && delay >= 0 ? Math.min(delay * 1000, MAX_CRAWL_DELAY_MS) : null,
  };
}

/** The robots.txt that governs a page: same scheme, host and port (RFC 9309 §2.3). Throws on an invalid URL. */
export function robotsUrlFor(pageUrl: string): string {
  return new URL('/robots.txt', pageUrl).toString();
}

/**
 * What a robots.txt answer's final status means (after the caller followed redirects), per RFC 9309:
 * - 2xx: null, parse the body (§2.3.1.1).
 * - 3xx: still redirecting after the caller gave up (more than five hops); "MAY assume that the
 *   robots.txt file is unavailable" (§2.3.1.2), so allow all.
 * - 4xx: "unavailable", and "the crawler MAY access any resources on the server" (§2.3.1.3), 401 and
 *   403 included: a site that locks its robots.txt has not stated a rule.
 * - 429 is the exception we make: it means "slow down", not "there are no rules". Google treats it
 *   like a server error, and so do we.
 * - 5xx (and anything else): "unreachable", "the crawler MUST assume complete disallow" (§2.3.1.4),
 *   until a later fetch succeeds.
 */
export function rulesForStatus(status: number): RobotsRules | null {
  if (status >= 200 && status <= 299) return null;
  if (status === 429) return DENY_ALL;
  if (status >= 300 && status <= 499) return ALLOW_ALL;
  return DENY_ALL;
}
