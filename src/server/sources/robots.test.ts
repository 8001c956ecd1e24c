import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALLOW_ALL, DENY_ALL, MAX_CRAWL_DELAY_MS, parseRobots, productToken, robotsUrlFor, rulesForStatus } from './robots.ts';

const UA = 'EnterpriseOS/1.0 (+https://example.com; ops@example.com)';

// robots.txt of five publishers as fetched in 2024 (tests/fakes/fixtures/real-formats/robots).
const rulesOf = (site: string, userAgent = UA) =>
  parseRobots(
    `https://www.${site}/robots.txt`,
    readFileSync(new URL(`../../../tests/fakes/fixtures/real-formats/robots/${site}.robots.txt`, import.meta.url), 'utf8'),
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
