import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ALLOW_ALL,
  DENY_ALL,
  MAX_CRAWL_DELAY_MS,
  MAX_MATCH_WORK,
  parseRobots,
  productToken,
  ROBOTS_MAX_BYTES,
  robotsUrlFor,
  rulesForStatus,
} from './robots.ts';

const UA = 'EnterpriseOS/1.0 (+https://example.com; ops@example.com)';

// robots.txt of five publishers as fetched in 2024 (tests/fakes/fixtures/real-formats/robots).
const rulesOf = (site: string, userAgent = UA) =>
  parseRobots(
    `https://www.${site}/robots.txt`,
    readFileSync(new URL(`../../../../tests/fakes/fixtures/real-formats/robots/${site}.robots.txt`, import.meta.url), 'utf8'),
    userAgent,
  );

const AI_CRAWLERS = ['GPTBot/1.2', 'ClaudeBot/1.0', 'anthropic-ai', 'CCBot/2.0', 'Google-Extended', 'PerplexityBot/1.0'];

describe('real publisher robots.txt for our user agent', () => {
  it('nytimes.com: articles allowed by the * group; search, /svc and share-tracking links are not', () => {
    const nyt = rulesOf('nytimes.com');
    expect(nyt.allows('https://www.nytimes.com/2024/05/01/business/some-story.html')).toBe(true);
    expect(nyt.allows('https://www.nytimes.com/2024/05/01/business/some-story.html?smid=url-share')).toBe(false);
    expect(nyt.allows('https://www.nytimes.com/search?query=apple')).toBe(false);
    expect(nyt.allows('https://www.nytimes.com/svc/news/v3/all/recent.json')).toBe(false);
    expect(nyt.allows('https://www.nytimes.com/svc/wordle/v2/2024-05-01.json')).toBe(true);
    expect(nyt.allows('https://www.nytimes.com/2024/05/01/business/report.pdf')).toBe(false);
    expect(nyt.crawlDelayMs).toBeNull();
    // Its AI-crawler groups disallow everything.
    for (const bot of AI_CRAWLERS) {
      expect(rulesOf('nytimes.com', bot).allows('https://www.nytimes.com/2024/05/01/business/some-story.html'), bot).toBe(false);
    }
  });

  it('reuters.com: articles allowed; search, commentary and /fr/ are not', () => {
    const reuters = rulesOf('reuters.com');
    expect(reuters.allows('https://www.reuters.com/business/some-story-2024-05-01/')).toBe(true);
    expect(reuters.allows('https://www.reuters.com/search/news?blob=apple')).toBe(false);
    expect(reuters.allows('https://www.reuters.com/commentary/some-column')).toBe(false);
    expect(reuters.allows('https://www.reuters.com/fr/some-story')).toBe(false);
    expect(reuters.crawlDelayMs).toBeNull();
    // It names only some AI crawlers: anthropic-ai, CCBot and Google-Extended are out, GPTBot falls to *.
    const article = 'https://www.reuters.com/business/some-story-2024-05-01/';
    for (const bot of ['anthropic-ai', 'CCBot/2.0', 'Google-Extended']) {
      expect(rulesOf('reuters.com', bot).allows(article), bot).toBe(false);
    }
    expect(rulesOf('reuters.com', 'GPTBot/1.2').allows(article)).toBe(true);
  });

  it('cnbc.com: articles allowed; search, preview and the pro player are not', () => {
    const cnbc = rulesOf('cnbc.com');
    expect(cnbc.allows('https://www.cnbc.com/2024/05/01/some-story.html')).toBe(true);
    expect(cnbc.allows('https://www.cnbc.com/search/?query=apple')).toBe(false);
    expect(cnbc.allows('https://www.cnbc.com/preview/some-story')).toBe(false);
    expect(cnbc.allows('https://www.cnbc.com/proplayer')).toBe(false);
    expect(cnbc.crawlDelayMs).toBeNull();
    for (const bot of AI_CRAWLERS) {
      expect(rulesOf('cnbc.com', bot).allows('https://www.cnbc.com/2024/05/01/some-story.html'), bot).toBe(false);
    }
  });

  it('theguardian.com: articles allowed; print views, discussion, search and /articles are not', () => {
    const guardian = rulesOf('theguardian.com');
    expect(guardian.allows('https://www.theguardian.com/business/2024/may/01/some-story')).toBe(true);
    expect(guardian.allows('https://www.theguardian.com/business/2024/may/01/some-story/print')).toBe(false);
    expect(guardian.allows('https://www.theguardian.com/discussion/p/abc12')).toBe(false);
    expect(guardian.allows('https://www.theguardian.com/search?q=apple')).toBe(false);
    expect(guardian.allows('https://www.theguardian.com/articles/some-id')).toBe(false);
    expect(guardian.crawlDelayMs).toBeNull();
    for (const bot of AI_CRAWLERS) {
      expect(rulesOf('theguardian.com', bot).allows('https://www.theguardian.com/business/2024/may/01/some-story'), bot).toBe(false);
    }
  });

  it('wsj.com: current articles allowed; newswire and legacy SB2-4 articles, search and /public/article are not', () => {
    const wsj = rulesOf('wsj.com');
    expect(wsj.allows('https://www.wsj.com/articles/some-story-12345')).toBe(true);
    expect(wsj.allows('https://www.wsj.com/articles/BT-CO-20240501-712345')).toBe(false);
    expect(wsj.allows('https://www.wsj.com/articles/SB20001424052702303')).toBe(false);
    expect(wsj.allows('https://www.wsj.com/search?query=apple')).toBe(false);
    expect(wsj.allows('https://www.wsj.com/public/article/some-story')).toBe(false);
    expect(wsj.crawlDelayMs).toBeNull();
    // Anthropic's, Common Crawl's, Google's AI and Perplexity's crawlers are out; GPTBot is not named.
    const article = 'https://www.wsj.com/articles/some-story-12345';
    for (const bot of AI_CRAWLERS.filter((b) => !b.startsWith('GPTBot'))) {
      expect(rulesOf('wsj.com', bot).allows(article), bot).toBe(false);
    }
    expect(rulesOf('wsj.com', 'GPTBot/1.2').allows(article)).toBe(true);
  });
});

describe('parseRobots', () => {
  const robotsUrl = 'https://news.example/robots.txt';
  const txt = 'User-agent: *\nDisallow: /\n\nUser-agent: enterpriseos\nDisallow: /private/\nCrawl-delay: 5\n';

  it('matches groups on our product token, case-insensitively, with or without a version', () => {
    expect(productToken(UA)).toBe('EnterpriseOS');
    expect(productToken('EnterpriseOS (+https://example.com/bot)')).toBe('EnterpriseOS');
    expect(productToken('')).toBe('*');
    for (const userAgent of [UA, 'EnterpriseOS (+https://example.com/bot)', 'enterpriseos']) {
      const rules = parseRobots(robotsUrl, txt, userAgent);
      expect(rules.allows('https://news.example/2024/story'), userAgent).toBe(true);
      expect(rules.allows('https://news.example/private/x'), userAgent).toBe(false);
      expect(rules.crawlDelayMs).toBe(5000);
    }
    // Another crawler falls to the * group.
    expect(parseRobots(robotsUrl, txt, 'OtherBot/2.0').allows('https://news.example/2024/story')).toBe(false);
  });

  it('reads Crawl-delay in seconds, capped, and null when absent or invalid', () => {
    const delay = (value: string) => parseRobots(robotsUrl, `User-agent: *\nCrawl-delay: ${value}\nDisallow: /x\n`, UA).crawlDelayMs;
    expect(delay('0.5')).toBe(500);
    expect(delay('3600')).toBe(MAX_CRAWL_DELAY_MS);
    expect(delay('soon')).toBeNull();
    expect(delay('-1')).toBeNull();
    expect(parseRobots(robotsUrl, 'User-agent: *\nDisallow: /x\n', UA).crawlDelayMs).toBeNull();
  });

  it('allows everything for an empty or non-robots body, and nothing on another origin', () => {
    expect(parseRobots(robotsUrl, '', UA).allows('https://news.example/a')).toBe(true);
    expect(parseRobots(robotsUrl, '<!doctype html><html><body>Not found</body></html>', UA).allows('https://news.example/a')).toBe(true);
    const rules = parseRobots(robotsUrl, txt, UA);
    expect(rules.allows('https://other.example/2024/story')).toBe(false);
    expect(rules.allows('http://news.example/2024/story')).toBe(false);
  });
});

describe('matching (RFC 9309 §2.2.2)', () => {
  const site = 'https://news.example';
  const allows = (rules: string, path: string) => parseRobots(`${site}/robots.txt`, `User-agent: *\n${rules}`, UA).allows(site + path);

  it('matches `*` anywhere and `$` at the end, from the start of the path and query', () => {
    expect(allows('Disallow: /fish*', '/fishheads/yummy.html')).toBe(false);
    expect(allows('Disallow: /fish*', '/Fish.asp')).toBe(true);
    expect(allows('Disallow: /*.php$', '/folder/filename.php')).toBe(false);
    expect(allows('Disallow: /*.php$', '/filename.php?parameters')).toBe(true);
    expect(allows('Disallow: /*.php$', '/filename.php5')).toBe(true);
    expect(allows('Disallow: /fish*.php', '/fish/salmon.php?lang=en')).toBe(false);
    expect(allows('Disallow: /fish*.php', '/fishheads/catfish.PHP')).toBe(true);
    expect(allows('Disallow: /*?smid=', '/2024/story.html?smid=url-share')).toBe(false);
    expect(allows('Disallow: /a*b*c$', '/a-b-c-b-c')).toBe(false);
    expect(allows('Disallow: /a*b*c$', '/a-c-b')).toBe(true);
    expect(allows('Disallow: /a*bb*bc$', '/abbc')).toBe(true);
    expect(allows('Disallow: /a*bb*bc$', '/abbbc')).toBe(false);
    expect(allows('Disallow: /a*a$', '/a')).toBe(true);
    // `$` elsewhere is a character like any other.
    expect(allows('Disallow: /a$b', '/a$b/c')).toBe(false);
    expect(allows('Disallow: /a$b', '/a')).toBe(true);
  });

  it('lets the longest matching rule decide, allow winning a tie, and compares escapes and non-ASCII as octets', () => {
    expect(allows('Disallow: /p\nAllow: /page', '/page')).toBe(true);
    expect(allows('Allow: /p\nDisallow: /page', '/page')).toBe(false);
    expect(allows('Disallow: /page\nAllow: /page', '/page')).toBe(true);
    expect(allows('Disallow: /*.htm$\nAllow: /page.htm', '/page.htm')).toBe(true);
    expect(allows('Disallow: /\nAllow: /$', '/')).toBe(true);
    expect(allows('Disallow: /\nAllow: /$', '/page')).toBe(false);
    expect(allows('Disallow: /foo/bar/ツ', '/foo/bar/%E3%83%84')).toBe(false);
    expect(allows('Disallow: /foo/bar/%e3%83%84', '/foo/bar/ツ')).toBe(false);
  });

  it('compares a rule and a page in one form: characters the URL parser leaves as they are, and escaped unreserved ones', () => {
    // The URL parser keeps `[`, `]` and `|` in a path; a rule's are percent-encoded like any character outside a URI.
    expect(allows('Disallow: /a[1]', '/a[1]')).toBe(false);
    expect(allows('Disallow: /a%5B1%5D', '/a[1]')).toBe(false);
    expect(allows('Disallow: /x|y', '/x|y')).toBe(false);
    // An escaped unreserved character is that character (`%41` is `A`, `%7E` is `~`), on either side.
    expect(allows('Disallow: /A', '/%41')).toBe(false);
    expect(allows('Disallow: /%7Euser', '/~user/page')).toBe(false);
    expect(allows('Disallow: /~user', '/%7euser/page')).toBe(false);
    // An escaped reserved character is not the character: `%2F` is no path separator.
    expect(allows('Disallow: /a/b', '/a%2Fb')).toBe(true);
  });
});

describe('bounded work on hostile robots.txt', () => {
  const robotsUrl = 'https://hostile.example/robots.txt';
  /** `User-agent: *` and as many lines of `rule(n)` as fit in `bytes`. */
  const robotsOf = (bytes: number, rule: (n: number) => string) => {
    const lines = ['User-agent: *'];
    for (let n = 0, size = 0; size < bytes; n++) {
      lines.push(rule(n));
      size += lines.at(-1)!.length + 1;
    }
    return `${lines.join('\n')}\n`;
  };

  // robots-parser took 0.8 s to answer this for an 800-character address, and would take minutes for an 8 KB one.
  it('answers for an 8 KB address under 500 KiB of wildcard rules: not allowed, as the rules would take too much work to check', () => {
    const rules = parseRobots(
      robotsUrl,
      robotsOf(ROBOTS_MAX_BYTES, (n) => `Disallow: /${'*a'.repeat(25)}*b${n}`),
      UA,
    );
    expect(rules.allows(`https://hostile.example/${'a'.repeat(8192)}`)).toBe(false);
    expect(rules.allows('https://hostile.example/about')).toBe(true);
  });

  it('answers for an 8 KB address under 500 KiB of rules that all begin like it', () => {
    const rules = parseRobots(
      robotsUrl,
      robotsOf(ROBOTS_MAX_BYTES, (n) => `Allow: /${'a'.repeat(30)}${n}`),
      UA,
    );
    expect(rules.allows(`https://hostile.example/${'a'.repeat(8192)}`)).toBe(true);
    const disallowing = parseRobots(
      robotsUrl,
      `${robotsOf(ROBOTS_MAX_BYTES - 100, (n) => `Allow: /${'a'.repeat(30)}${n}`)}Disallow: /a\n`,
      UA,
    );
    expect(disallowing.allows(`https://hostile.example/${'a'.repeat(8192)}`)).toBe(false);
  });

  it('still checks an ordinary long address against hundreds of wildcard rules', () => {
    const path = `/2024/05/01/${'story-'.repeat(300)}`;
    const wildcards = Array.from({ length: 300 }, (_, n) => `Disallow: /*?utm_${n}=`).join('\n');
    expect(300 * path.length).toBeLessThan(MAX_MATCH_WORK);
    const rules = parseRobots(robotsUrl, `User-agent: *\n${wildcards}\nDisallow: /*story-story-$\n`, UA);
    expect(rules.allows(`https://hostile.example${path}`)).toBe(false);
    expect(rules.allows(`https://hostile.example${path}x`)).toBe(true);
  });

  it('keeps only the rules of the group that applies: thousands of agents sharing thousands of rules are read in one pass', () => {
    const agents = Array.from({ length: 10_000 }, (_, n) => `User-agent: bot${n}`).join('\n');
    const body = `${agents}\n${robotsOf(250_000, (n) => `Disallow: /${n}/`).replace('User-agent: *\n', '')}User-agent: *\nDisallow: /private/\n`;
    expect(body.length).toBeLessThan(ROBOTS_MAX_BYTES);
    const rules = parseRobots(robotsUrl, body, UA);
    expect(rules.allows('https://hostile.example/1/')).toBe(true);
    expect(rules.allows('https://hostile.example/private/x')).toBe(false);
  });

  it('reads the first 500 KiB only, and not the line the limit cuts through', () => {
    const filler = robotsOf(ROBOTS_MAX_BYTES - 1000, (n) => `Disallow: /x${n}`);
    // Up to 14 bytes before the limit, where `Disallow: /dir` ends.
    const padding = `${'#'.repeat(ROBOTS_MAX_BYTES - 14 - Buffer.byteLength(filler) - 1)}\n`;
    const cut = `${filler}${padding}Disallow: /directory/\nDisallow: /late\n`;
    const rules = parseRobots(robotsUrl, cut, UA);
    // The line across the limit would read `Disallow: /dir…` cut short, a rule the site never wrote.
    expect(rules.allows('https://hostile.example/dir')).toBe(true);
    expect(rules.allows('https://hostile.example/late')).toBe(true);
    expect(rules.allows('https://hostile.example/x1')).toBe(false);
  });
});

describe('robotsUrlFor', () => {
  it("is the robots.txt at the page's scheme, host and port", () => {
    expect(robotsUrlFor('https://www.nytimes.com/2024/05/01/business/some-story.html?smid=url-share#top')).toBe(
      'https://www.nytimes.com/robots.txt',
    );
    expect(robotsUrlFor('http://127.0.0.1:4010/a/b')).toBe('http://127.0.0.1:4010/robots.txt');
    expect(() => robotsUrlFor('not a url')).toThrow();
  });
});

describe('rulesForStatus (RFC 9309 §2.3.1)', () => {
  it('parses 2xx, allows all on 4xx and exhausted redirects, disallows all on 5xx and 429', () => {
    expect(rulesForStatus(200)).toBeNull();
    expect(rulesForStatus(204)).toBeNull();
    for (const status of [400, 401, 403, 404, 410, 301, 308]) expect(rulesForStatus(status), String(status)).toBe(ALLOW_ALL);
    for (const status of [429, 500, 502, 503, 504, 0, 101]) expect(rulesForStatus(status), String(status)).toBe(DENY_ALL);
    expect(ALLOW_ALL.allows('https://news.example/a')).toBe(true);
    expect(DENY_ALL.allows('https://news.example/a')).toBe(false);
  });
});
