// Politeness for reading publishers' and companies' sites: what a site's robots.txt (RFC 9309) lets
// our user agent fetch, and how long it asks us to wait between requests. The caller fetches
// robots.txt, at most ROBOTS_MAX_BYTES of it; this module interprets the answer.
//
// Parsed and matched here rather than by robots-parser, which like Google's reference implementation
// matches a rule in time proportional to the rule's length times the address's, and tries every rule:
// a robots.txt of megabytes of `/*a*a*a…` rules held the event loop for seconds per address checked.
// Here a rule is matched greedily, one `*`-separated part after the other (each found at its first
// place after the previous one, which is enough for patterns with `*` as their only wildcard), so one
// rule costs at most one pass over the address; and the passes for one address are capped at
// MAX_MATCH_WORK characters. Only the rules of the group that applies to us are kept.

export type RobotsRules = { allows(url: string): boolean; crawlDelayMs: number | null };

export const ALLOW_ALL: RobotsRules = Object.freeze({ allows: () => true, crawlDelayMs: null });
export const DENY_ALL: RobotsRules = Object.freeze({ allows: () => false, crawlDelayMs: null });

/** A Crawl-delay larger than this is honoured as this: a site cannot park our queue for hours. */
export const MAX_CRAWL_DELAY_MS = 60_000;
/** RFC 9309 §2.5: a crawler "MUST be able to parse at least 500 kibibytes"; what follows is ignored. */
export const ROBOTS_MAX_BYTES = 500 * 1024;
/**
 * Addresses longer than this are not read: no page a report needs has one (browsers and search
 * engines stop near 2,000 characters), and the work of checking an address against robots.txt grows
 * with its length.
 */
export const MAX_CRAWLED_URL_CHARS = 2_000;
/**
 * The work of checking one address against the wildcard rules, all rules together: characters of the
 * address passed over and parts of patterns looked for (a millisecond or two). A real robots.txt
 * needs a small part of it (a hundred wildcard rules over a 200-character address: about 20,000);
 * an address whose rules need more is not read.
 */
export const MAX_MATCH_WORK = 1_000_000;

/**
 * The product token robots.txt groups are matched against: the leading `[a-zA-Z_-]+` of the user
 * agent (RFC 9309 §2.2.1), so `EnterpriseOS/1.0 (+https://…)` is `EnterpriseOS`; `*` when there is none.
 */
export function productToken(userAgent: string): string {
  return /^\s*([a-zA-Z_-]+)/.exec(userAgent)?.[1] ?? '*';
}

/** An allow or disallow rule: its pattern's length (the longest matching rule wins), its parts between `*`s. */
type Rule = { allow: boolean; length: number; parts: string[]; anchored: boolean };
type Group = { rules: Rule[]; crawlDelay: number | null };

/** The rules of a robots.txt that answered 2xx, for `userAgent`. */
export function parseRobots(robotsUrl: string, body: string, userAgent: string): RobotsRules {
  const origin = new URL(robotsUrl).origin;
  const { rules, crawlDelay } = groupFor(productToken(userAgent).toLowerCase(), firstBytes(body));
  return {
    allows(url) {
      let page: URL;
      try {
        page = new URL(url);
      } catch {
        return false;
      }
      // These rules say nothing about another origin: a caller that asks has a bug, so the answer is no.
      if (page.origin !== origin) return false;
      return allowedBy(rules, normalisedPattern(page.pathname + page.search));
    },
    crawlDelayMs:
      crawlDelay !== null && Number.isFinite(crawlDelay) && crawlDelay >= 0 ? Math.min(crawlDelay * 1000, MAX_CRAWL_DELAY_MS) : null,
  };
}

/** The first ROBOTS_MAX_BYTES of the body, in whole lines: a line cut in two (`Allow: /a` of `Allow: /about`) would say more than the site did. */
function firstBytes(body: string): string {
  if (Buffer.byteLength(body) < ROBOTS_MAX_BYTES) return body;
  const head = Buffer.from(body).subarray(0, ROBOTS_MAX_BYTES).toString('utf8');
  return head.slice(0, Math.max(head.lastIndexOf('\n'), head.lastIndexOf('\r')) + 1);
}

/**
 * The group for our product token, else the `*` group, else none (RFC 9309 §2.2.1). Consecutive
 * user-agent lines share the rules that follow them, and groups naming one agent are merged; as
 * with robots-parser (and Google), a group counts once it has a rule or a Crawl-delay line.
 */
function groupFor(token: string, body: string): Group {
  const groups = new Map<'ours' | 'anyone', Group>();
  // Which of the two the lines being read are for, and whether the line before was a user-agent line.
  const addressed = new Set<'ours' | 'anyone'>();
  let agentLines = false;
  const forEachAddressed = (apply: (group: Group) => void) => {
    for (const who of addressed) {
      const group = groups.get(who) ?? { rules: [], crawlDelay: null };
      groups.set(who, group);
      apply(group);
    }
  };
  for (const raw of body.split(/\r\n|\r|\n/)) {
    const comment = raw.indexOf('#');
    const line = comment < 0 ? raw : raw.slice(0, comment);
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (!key) continue;
    if (key === 'user-agent') {
      if (!agentLines) addressed.clear();
      // As robots-parser reads it: lower case, without a version (`Bot/2.0`).
      const agent = value.toLowerCase().split('/')[0]!.trim();
      if (agent === token) addressed.add('ours');
      if (agent === '*') addressed.add('anyone');
    } else if (key === 'allow' || key === 'disallow') {
      const rule = value ? ruleOf(value, key === 'allow') : null;
      forEachAddressed((group) => rule && group.rules.push(rule));
    } else if (key === 'crawl-delay') {
      const delay = Number(value);
      forEachAddressed((group) => {
        if (!Number.isNaN(delay)) group.crawlDelay = delay;
      });
    }
    agentLines = key === 'user-agent';
  }
  return groups.get('ours') ?? groups.get('anyone') ?? { rules: [], crawlDelay: null };
}

function ruleOf(path: string, allow: boolean): Rule {
  const pattern = normalisedPattern(path);
  const anchored = pattern.endsWith('$');
  return { allow, length: pattern.length, parts: (anchored ? pattern.slice(0, -1) : pattern).split('*'), anchored };
}

/**
 * The longest matching rule decides, an allow rule winning a tie; no matching rule allows (RFC 9309
 * §2.2.2). Rules that cannot beat the best match so far are not tried. Past MAX_MATCH_WORK, no.
 */
function allowedBy(rules: Rule[], path: string): boolean {
  let best: Rule | null = null;
  const work = { left: MAX_MATCH_WORK };
  for (const rule of rules) {
    if (best && (rule.length < best.length || (rule.length === best.length && (best.allow || !rule.allow)))) continue;
    if (matches(rule, path, work)) best = rule;
    if (work.left < 0) return false;
  }
  return best?.allow ?? true;
}

/**
 * Whether the rule matches the start of the path (all of it, for a pattern ending in `$`): each part
 * at its first place after the previous one. Charges `work` the rest of the path after the first part,
 * which the searches for the other parts pass over at most once, and one for each of those searches.
 */
function matches({ parts, anchored }: Rule, path: string, work: { left: number }): boolean {
  const first = parts[0]!;
  if (!path.startsWith(first)) return false;
  if (parts.length === 1) return !anchored || path.length === first.length;
  work.left -= path.length - first.length + parts.length - 1;
  if (work.left < 0) return false;
  let at = first.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const found = path.indexOf(parts[i]!, at);
    if (found < 0) return false;
    at = found + parts[i]!.length;
  }
  const last = parts.at(-1)!;
  return anchored ? path.length - last.length >= at && path.endsWith(last) : path.indexOf(last, at) >= 0;
}

const URI_CHARACTERS = /^[\w;,/?:@&=+$\-.!~*'()#]*$/;

/**
 * A rule's path, or a page's, in the one form they are compared in (RFC 9309 §2.2.2): characters
 * outside US-ASCII and outside what a URI may hold percent-encoded (the URL parser leaves `[`, `]`
 * and `|` in a path as they are; encodeURI does not), escapes of unreserved characters decoded
 * (`/%41` is `/A`), the other escapes in upper case (`%2f` and `%2F` are one octet).
 */
function normalisedPattern(path: string): string {
  // Most rules and pages are written in characters encodeURI keeps: no need to rewrite them (a large file has thousands).
  let encoded = path;
  if (!URI_CHARACTERS.test(path)) {
    try {
      encoded = encodeURI(path).replace(/%25/g, '%');
    } catch {
      // A lone surrogate: kept as written, matching nothing a URL can contain.
      return path;
    }
  }
  return encoded.includes('%') ? encoded.replace(/%[0-9a-fA-F]{2}/g, canonicalEscape) : encoded;
}

function canonicalEscape(octet: string): string {
  const character = String.fromCharCode(Number.parseInt(octet.slice(1), 16));
  return /^[A-Za-z0-9\-._~]$/.test(character) ? character : octet.toUpperCase();
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
