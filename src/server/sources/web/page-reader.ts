// The one way a page of someone else's site is read, as a polite crawler reads it: publishers'
// articles and companies' own sites alike. A page is asked for only when the site's robots.txt
// (RFC 9309) lets our user agent read it, at the Crawl-delay it asks for, and kept only when it is
// HTML. What the page says is the caller's to extract; here it is the HTML, or why there is none in
// words a user may read.
import { errorMessage } from '../../lib/log.ts';
import { createCache } from './cache.ts';
import type { SourceHttp } from './http.ts';
import { countSourceRequest, type SourceService } from './request-counts.ts';
import {
  ALLOW_ALL,
  DENY_ALL,
  MAX_CRAWLED_URL_CHARS,
  parseRobots,
  ROBOTS_MAX_BYTES,
  type RobotsRules,
  robotsUrlFor,
  rulesForStatus,
} from './robots.ts';
import { SourceBusyError, SourceError } from './types.ts';

export type PageRead =
  /** `url`: the address read, after redirects. */
  | { outcome: 'read'; url: string; html: string }
  /**
   * Not ours to read, and no use asking again: robots.txt disallows it (`byRobots`), the site refused
   * us (401, 403, 451), or the address is too long to check.
   */
  | { outcome: 'blocked'; url: string; reason: string; byRobots: boolean }
  /** The site asked for payment (402). */
  | { outcome: 'paywalled'; url: string; reason: string }
  /**
   * Not read this time (no answer, an error status, not HTML). `siteDown`: the site, not only the
   * page — no answer at all, or no robots.txt to go by (it did not answer, or answered a server error).
   */
  | { outcome: 'failed'; url: string; reason: string; siteDown: boolean }
  /** Our own queue for the host was full: the page was not asked for, and nothing is known about it. */
  | { outcome: 'busy'; url: string; reason: string };

/** Every end of a read but the page's HTML. */
export type PageUnread = Exclude<PageRead, { outcome: 'read' }>;

export type PageReader = {
  /** Throws only the caller's abort reason; every other end is a PageRead. */
  read(url: string): Promise<PageRead>;
};

/** robots.txt is read again after an hour, like most crawlers. */
export const ROBOTS_TTL_MS = 3_600_000;
/** Sites whose robots.txt is kept (the oldest read go first). */
export const ROBOTS_CACHE_SITES = 2_000;
const HTML = /^(text\/html|application\/xhtml\+xml)/i;
const ACCEPT_HTML = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';

/** A site's robots.txt rules, and why they deny everything when the site did not give us its rules. */
type SiteRules = { rules: RobotsRules; trouble: string | null };

/**
 * Reads pages at `userAgent`'s robots.txt rules, each site's kept ROBOTS_TTL_MS by this reader: one
 * reader per process for the news (a publisher's rules serve every search of the hour), one per run
 * for a company's site (each report reads the rules as they are then). `signal` ends every request of
 * the reader (a run's).
 */
export function createPageReader(opts: { http: SourceHttp; userAgent: string; signal?: AbortSignal; service?: SourceService }): PageReader {
  const { http, userAgent, signal } = opts;
  const service = opts.service ?? 'publisher';
  const robots = createCache<SiteRules>({ ttlMs: ROBOTS_TTL_MS, maxEntries: ROBOTS_CACHE_SITES });

  async function readRobots(robotsUrl: string): Promise<SiteRules> {
    try {
      const body = await http.getText(robotsUrl, { accept: 'text/plain', maxBytes: ROBOTS_MAX_BYTES, signal, service });
      return { rules: parseRobots(robotsUrl, body, userAgent), trouble: null };
    } catch (error) {
      // RFC 9309 §2.3.1: an answered status decides (4xx: no rules; 5xx: nothing allowed until a later
      // read succeeds). No answer at all is not kept: the next page asks again.
      const status = error instanceof SourceError ? error.status : undefined;
      if (!status) throw error;
      const rules = rulesForStatus(status) ?? ALLOW_ALL;
      return { rules, trouble: rules === DENY_ALL ? `robots.txt answered ${status}` : null };
    }
  }

  /** The rules that let us read `url`, or why we may not. */
  async function permission(url: string): Promise<RobotsRules | PageUnread> {
    let site: SiteRules;
    try {
      const robotsUrl = robotsUrlFor(url);
      site = await robots.get(robotsUrl, () => readRobots(robotsUrl));
    } catch (error) {
      return unread(url, error);
    }
    if (site.trouble) return { outcome: 'failed', url, reason: site.trouble, siteDown: true };
    if (site.rules.allows(url)) return site.rules;
    // Not asked for: counted with the requests, so the console shows how often robots.txt says no.
    countSourceRequest(service, new URL(url), 'robots', 0);
    return { outcome: 'blocked', url, reason: 'robots.txt disallows this page', byRobots: true };
  }

  /**
   * Why a request for `url` (or its robots.txt, whose answered statuses readRobots keeps) left it
   * unread. The caller's abort goes through: it is not the site's doing.
   */
  function unread(url: string, error: unknown): PageUnread {
    signal?.throwIfAborted();
    const reason = reasonOf(error);
    if (error instanceof SourceBusyError) return { outcome: 'busy', url, reason };
    const status = error instanceof SourceError ? error.status : undefined;
    if (status === 401 || status === 403 || status === 451)
      return { outcome: 'blocked', url, reason: `the site answered ${status}`, byRobots: false };
    if (status === 402) return { outcome: 'paywalled', url, reason: 'the site answered 402' };
    return { outcome: 'failed', url, reason, siteDown: !status };
  }

  return {
    async read(url) {
      if (url.length > MAX_CRAWLED_URL_CHARS)
        return { outcome: 'blocked', url, reason: `an address longer than ${MAX_CRAWLED_URL_CHARS} characters`, byRobots: false };
      const rules = await permission(url);
      if ('outcome' in rules) return rules;
      let page: { url: string; contentType: string; body: string };
      try {
        page = await http.getPage(url, { accept: ACCEPT_HTML, minIntervalMs: rules.crawlDelayMs ?? undefined, signal, service });
      } catch (error) {
        return unread(url, error);
      }
      // The client follows redirects to other hosts (bare host to www.): the page read must be one that host's robots.txt allows.
      if (new URL(page.url).origin !== new URL(url).origin) {
        const landing = await permission(page.url);
        if ('outcome' in landing) return landing;
      }
      if (!HTML.test(page.contentType))
        return { outcome: 'failed', url: page.url, reason: `not an HTML page (${page.contentType || 'no content type'})`, siteDown: false };
      return { outcome: 'read', url: page.url, html: page.body };
    },
  };
}

/** A source error's message without the host it starts with (whoever shows it names the page or the site once). */
function reasonOf(error: unknown): string {
  if (error instanceof SourceError) return error.message.replace(`${error.source}: `, '');
  return errorMessage(error);
}
