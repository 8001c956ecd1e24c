import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeHackerNews, startFakeHackerNews } from '../../../../tests/fakes/hacker-news.ts';
import { createSourceHttp } from '../web/http.ts';
import { SourceError } from '../web/types.ts';
import {
  combineAnswers,
  createSocialSource,
  hackerNewsSearchUrl,
  parseHackerNewsHits,
  rankPosts,
  relevanceFilter,
  type SocialPost,
  searchPhrase,
  siteDomain,
} from './social.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const INITECH = { name: 'Initech, Inc.', domain: 'www.initech.example' };
const discussion = (id: string) => `https://news.ycombinator.com/item?id=${id}`;
/** Real answers of the API (provenance in tests/fakes/hacker-news.ts). */
const recorded = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../tests/fakes/fixtures/hacker-news/${name}`, import.meta.url), 'utf8')) as unknown;

describe('Hacker News search against the fake service over HTTP', () => {
  let fake: FakeHackerNews;
  const source = () =>
    createSocialSource({
      hackerNewsBaseUrl: fake.url,
      http: createSourceHttp({ userAgent: 'Enterprise OS test@example.com', allowPrivateAddresses: true }),
    });
  beforeAll(async () => {
    fake = await startFakeHackerNews();
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  it('keeps only stories about the company, once each, best first, with every field mapped', async () => {
    const before = Date.now();
    const found = await source().search(INITECH, { days: 30 });

    expect(found.searched).toEqual(['Hacker News']);
    expect(found.unavailable).toEqual([]);
    // Each story comes from two or three searches (relevance, date, domain) and is listed once; the
    // blog post names Initech only in its link, the Ask HN only in its text. User "initech"'s story
    // about an "initiative" (230 points) and the Series B from 400 days ago are not in.
    expect(found.posts.map((p) => p.url)).toEqual([
      discussion('49120311'),
      discussion('49087712'),
      discussion('49102233'),
      discussion('49131020'),
    ]);

    const [showHn, , blog, askHn] = found.posts as [SocialPost, SocialPost, SocialPost, SocialPost];
    expect(showHn).toMatchObject({
      platform: 'Hacker News',
      title: "Show HN: Waypoint – Initech's open-source vehicle routing library",
      linkUrl: 'https://github.com/initech/waypoint',
      points: 187,
      comments: 64,
    });
    expect(Date.parse(showHn.postedAt!)).toBeGreaterThan(before - 50 * HOUR_MS - 2000);
    expect(Date.parse(showHn.postedAt!)).toBeLessThanOrEqual(Date.now() - 50 * HOUR_MS);
    // story_text is HTML: entities decoded, tags gone, paragraphs kept as lines, the link's address kept.
    expect(showHn.text).toContain("Hi HN! We're the routing team at Initech. Waypoint is the solver behind our dispatch product & we've");
    expect(showHn.text).toContain('"soft" capacity limits');
    expect(showHn.text).toContain('Docs and benchmarks: https://www.initech.example/waypoint');
    expect(showHn.text).not.toMatch(/<|&#x|&quot;|&amp;/);
    expect(showHn.text.split('\n')).toHaveLength(4);
    expect(blog).toMatchObject({ linkUrl: 'https://www.initech.example/blog/time-window-batching', text: '' });
    expect(askHn).toMatchObject({
      title: 'Ask HN: Has anyone moved their dispatch off a legacy TMS?',
      linkUrl: null,
      points: 12,
      comments: 9,
    });
    expect(askHn.text).toContain("We're evaluating Initech, Routely");
  });

  it('asks for the name as an exact phrase (by relevance and by date) and the domain among links, within the window', async () => {
    const before = Math.floor((Date.now() - 30 * DAY_MS) / 1000);
    await source().search(INITECH, { days: 30 });

    const asked = fake.requests.map((r) => ({
      path: r.path,
      query: r.query.get('query'),
      tags: r.query.get('tags'),
      restrict: r.query.get('restrictSearchableAttributes'),
    }));
    expect(asked).toEqual(
      expect.arrayContaining([
        { path: '/api/v1/search', query: '"Initech"', tags: 'story', restrict: null },
        { path: '/api/v1/search_by_date', query: '"Initech"', tags: 'story', restrict: null },
        { path: '/api/v1/search', query: '"initech.example"', tags: 'story', restrict: 'url' },
      ]),
    );
    expect(fake.requests).toHaveLength(3);
    for (const request of fake.requests) {
      const since = Number(request.query.get('numericFilters')?.match(/^created_at_i>(\d+)$/)?.[1]);
      expect(since - before).toBeGreaterThanOrEqual(0);
      expect(since - before).toBeLessThan(5);
      expect(request.query.get('typoTolerance')).toBe('false');
      expect(request.headers['user-agent']).toBe('Enterprise OS test@example.com');
    }
  });

  it('searches the domain among links: a company named otherwise is found by its site alone', async () => {
    const found = await source().search({ name: 'Zzyzx Holdings', domain: 'https://initech.example' }, { days: 30 });
    expect(found.posts.map((p) => p.url)).toEqual([discussion('49102233')]);

    fake.reset();
    const byName = await source().search({ name: 'Initech', domain: null }, { days: 30 });
    expect(fake.requests.map((r) => r.path).sort()).toEqual(['/api/v1/search', '/api/v1/search_by_date']);
    expect(byName.posts).toHaveLength(4);
  });

  it('reaches older stories with a longer window, and caps at the limit', async () => {
    const longer = await source().search(INITECH, { days: 500 });
    expect(longer.posts.map((p) => p.url)).toContain(discussion('48211045'));

    const capped = await source().search(INITECH, { days: 30, limit: 2 });
    expect(capped.posts.map((p) => p.url)).toEqual([discussion('49120311'), discussion('49087712')]);
  });

  it('has nothing for a company Hacker News never mentioned', async () => {
    const found = await source().search({ name: 'Globex Corporation', domain: 'globex.example' }, { days: 30 });
    expect(found).toEqual({ searched: ['Hacker News'], posts: [], unavailable: [] });
    expect(fake.requests.map((r) => r.query.get('query'))).toContain('"Globex"');
  });

  it('resolves with Hacker News unavailable and no posts when the service is down', async () => {
    fake.mode.down = true;
    const found = await source().search(INITECH, { days: 30 });
    expect(found).toEqual({ searched: ['Hacker News'], posts: [], unavailable: [{ source: 'Hacker News', reason: 'HTTP 503' }] });
  });

  it('resolves with Hacker News unavailable when it rate-limits us (429 with its JSON error)', async () => {
    fake.mode.rateLimited = true;
    const found = await source().search(INITECH, { days: 30 });
    expect(found.posts).toEqual([]);
    expect(found.unavailable).toEqual([{ source: 'Hacker News', reason: 'rate limited (HTTP 429)' }]);
  });

  it('resolves with Hacker News unavailable when it answers with something other than JSON', async () => {
    fake.mode.malformed = true;
    const found = await source().search(INITECH, { days: 30 });
    expect(found.posts).toEqual([]);
    expect(found.unavailable).toHaveLength(1);
    expect(found.unavailable[0]!.reason).toMatch(/did not answer with JSON$/);
  });

  it('lets the caller’s cancellation through rather than reporting the source unavailable', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(source().search(INITECH, { days: 30, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('reading real answers', () => {
  it('maps an Ask HN hit: no url key, story_text as plain text, the discussion as the address', () => {
    const [post, ...rest] = parseHackerNewsHits(recorded('recorded-search-ask-hn.json'), 'hn.algolia.com');
    expect(rest).toEqual([]);
    expect(post).toMatchObject({
      platform: 'Hacker News',
      title: 'Ask HN: How would I visualize URL propagation in the blogosphere?',
      url: discussion('13133437'),
      linkUrl: null,
      postedAt: '2016-12-08T19:39:07.000Z',
      points: 1,
      comments: 0,
    });
    expect(post!.text).toMatch(/^I want to map the dynamics of the blogosphere using URLs or keywords\. .* I don't know how/);
    expect(post!.text).toContain('the HN discussion and/or the original article');
    expect(post!.text).not.toMatch(/<p>|&#x/);
    expect(post!.text.length).toBeLessThanOrEqual(1000);
    expect(post!.text.endsWith('…')).toBe(true);
  });

  it('maps a link story without story_text', () => {
    expect(parseHackerNewsHits(recorded('recorded-search-phrase-link.json'), 'hn.algolia.com')).toEqual([
      {
        platform: 'Hacker News',
        title: 'Bye Bye Mongo, Hello Postgres',
        url: discussion('18717168'),
        linkUrl: 'https://www.theguardian.com/info/2018/nov/30/bye-bye-mongo-hello-postgres',
        postedAt: '2018-12-19T17:08:53.000Z',
        points: 1562,
        comments: 417,
        text: '',
      },
    ]);
  });

  it('reads the older shape (nulls, empty strings, milliseconds) and skips what is not a story', () => {
    const posts = parseHackerNewsHits(
      {
        hits: [
          {
            created_at: '2014-02-09T16:03:59.000Z',
            title: 'Show HN: A &quot;tiny&quot; <b>thing</b>',
            url: '',
            points: null,
            num_comments: null,
            story_text: null,
            objectID: '7205759',
          },
          { created_at: '2014-02-09T16:03:59.000Z', title: null, url: null, comment_text: 'a comment', objectID: '7205875' },
          { title: 'No id', objectID: 'abc' },
          { title: 'Bad link', url: 'javascript:alert(1)', objectID: 1234 },
          null,
        ],
      },
      'hn.algolia.com',
    );
    expect(posts).toEqual([
      {
        platform: 'Hacker News',
        title: 'Show HN: A "tiny" thing',
        url: discussion('7205759'),
        linkUrl: null,
        postedAt: '2014-02-09T16:03:59.000Z',
        points: null,
        comments: null,
        text: '',
      },
      {
        platform: 'Hacker News',
        title: 'Bad link',
        url: discussion('1234'),
        linkUrl: null,
        postedAt: null,
        points: null,
        comments: null,
        text: '',
      },
    ]);
  });

  it('takes a page past the 1,000-hit window as no results, and refuses what has no hits list', () => {
    // As recorded by others: Algolia answers 200 with an empty page and a message.
    const pastEnd = {
      hits: [],
      nbHits: 0,
      page: 60,
      nbPages: 0,
      hitsPerPage: 20,
      message: 'you can only fetch the 1000 hits for this query',
      query: 'rust',
    };
    expect(parseHackerNewsHits(pastEnd, 'hn.algolia.com')).toEqual([]);
    expect(() => parseHackerNewsHits({ message: 'Too many requests', status: 429 }, 'hn.algolia.com')).toThrow(SourceError);
    expect(() => parseHackerNewsHits('<html>', 'hn.algolia.com')).toThrow(/unexpected answer/);
  });
});

describe('relevanceFilter', () => {
  const post = (title: string, text = '', linkUrl: string | null = null) => ({ title, text, linkUrl });

  it('accepts the name as a whole word in the title, link or text, whatever the case, form or possessive', () => {
    const aboutInitech = relevanceFilter({ name: 'Initech Inc.', domain: null });
    expect(aboutInitech(post("Initech's routing library"))).toBe(true);
    expect(aboutInitech(post('INITECH LAYS OFF 10%'))).toBe(true);
    expect(aboutInitech(post('Pickwell acquired by Initech, Inc.'))).toBe(true);
    expect(aboutInitech(post('Ask HN: TMS vendors?', 'We looked at initech and others'))).toBe(true);
    expect(aboutInitech(post('Waypoint 1.0', '', 'https://github.com/initech/waypoint'))).toBe(true);
  });

  it('refuses words that only start like the name, and a name that appears nowhere but the author', () => {
    const aboutInitech = relevanceFilter({ name: 'Initech', domain: null });
    expect(aboutInitech(post('How do you keep an initiative alive?', 'company-wide initiatives'))).toBe(false);
    expect(aboutInitech(post('Initechnology is a word now'))).toBe(false);
    expect(aboutInitech(post('Nothing here', '', 'https://notinitech.example/x'))).toBe(false);
  });

  it('accepts the domain and its subdomains, not lookalikes', () => {
    const byDomain = relevanceFilter({ name: 'Zzyzx Unrelated', domain: 'https://www.initech.example/' });
    expect(byDomain(post('A blog post', '', 'https://www.initech.example/blog/x'))).toBe(true);
    expect(byDomain(post('A blog post', '', 'https://eng.initech.example/x'))).toBe(true);
    expect(byDomain(post('Docs', 'See initech.example.'))).toBe(true);
    expect(byDomain(post('Lookalike', '', 'https://notinitech.example/x'))).toBe(false);
    expect(byDomain(post('Another TLD', 'initech.example.org is someone else'))).toBe(false);
  });

  it('matches multi-word names and ampersands as the normalised names do', () => {
    expect(relevanceFilter({ name: 'JPMorgan Chase & Co.', domain: null })(post("JPMorgan Chase's new API"))).toBe(true);
    expect(relevanceFilter({ name: 'JPMorgan Chase & Co.', domain: null })(post('Chase Bank outage'))).toBe(false);
    expect(relevanceFilter({ name: 'AT&T Inc.', domain: null })(post('AT&T outage hits millions'))).toBe(true);
  });
});

describe('what is asked', () => {
  it('drops the legal form from the searched phrase, keeping the name as written', () => {
    expect(searchPhrase('Initech, Inc.')).toBe('Initech');
    expect(searchPhrase('JPMorgan Chase & Co.')).toBe('JPMorgan Chase');
    expect(searchPhrase('The Coca-Cola Co')).toBe('Coca-Cola');
    expect(searchPhrase('AT&T Inc.')).toBe('AT&T');
    expect(searchPhrase('Say "Cheese" Ltd')).toBe('Say Cheese');
  });

  it('reduces a domain to the site', () => {
    expect(siteDomain('www.initech.example')).toBe('initech.example');
    expect(siteDomain('https://WWW.Initech.example/about')).toBe('initech.example');
    expect(siteDomain('initech')).toBeNull();
    expect(siteDomain('  ')).toBeNull();
    expect(siteDomain(null)).toBeNull();
    expect(siteDomain('http://127.0.0.1:4000/')).toBeNull();
  });

  it('builds the search URL with the exact phrase, stories only, the window and the url restriction', () => {
    const url = new URL(
      hackerNewsSearchUrl('https://hn.algolia.com/', { endpoint: 'search', phrase: 'initech.example', urlOnly: true }, 1700000000, 30),
    );
    expect(url.pathname).toBe('/api/v1/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: '"initech.example"',
      tags: 'story',
      numericFilters: 'created_at_i>1700000000',
      hitsPerPage: '30',
      advancedSyntax: 'true',
      typoTolerance: 'false',
      restrictSearchableAttributes: 'url',
    });
  });
});

describe('rankPosts', () => {
  const now = Date.parse('2026-06-30T12:00:00Z');
  const post = (id: string, points: number | null, hoursAgo: number | null): SocialPost => ({
    platform: 'Hacker News',
    title: id,
    url: discussion(id),
    linkUrl: null,
    postedAt: hoursAgo === null ? null : new Date(now - hoursAgo * HOUR_MS).toISOString(),
    points,
    comments: null,
    text: '',
  });

  it('weighs points and recency together: neither the most voted nor the newest alone decides', () => {
    const popularButOld = post('1', 200, 25 * 24); // log10(201) + 1/6 ≈ 2.47
    const freshButQuiet = post('2', 9, 1); // log10(10) + ~1 ≈ 2.00
    const olderAndQuiet = post('3', 12, 20 * 24); // log10(13) + 1/3 ≈ 1.45
    const ranked = rankPosts([olderAndQuiet, freshButQuiet, popularButOld], { days: 30, limit: 10, now });
    expect(ranked.map((p) => p.title)).toEqual(['1', '2', '3']);
  });

  it('drops duplicates and posts older than the window, keeps undated ones last, and caps', () => {
    const ranked = rankPosts([post('1', 5, 2), post('1', 5, 2), post('2', 500, 31 * 24), post('3', null, null), post('4', 1, 3)], {
      days: 30,
      limit: 10,
      now,
    });
    expect(ranked.map((p) => p.title)).toEqual(['1', '4', '3']);
    expect(rankPosts([post('1', 5, 2), post('4', 1, 3)], { days: 30, limit: 1, now }).map((p) => p.title)).toEqual(['1']);
  });
});

describe('combineAnswers', () => {
  const one: SocialPost[] = [
    { platform: 'Hacker News', title: 'x', url: discussion('1'), linkUrl: null, postedAt: null, points: null, comments: null, text: '' },
  ];
  const limited = new SourceError('hn.algolia.com', 'hn.algolia.com/api/v1/search answered 429', 429);

  it('keeps what answered: a source that answered some searches is not unavailable', () => {
    const partly = (value: SocialPost[]) =>
      combineAnswers([
        { status: 'fulfilled', value },
        { status: 'rejected', reason: limited },
      ]);
    expect(partly(one)).toEqual({ posts: one, failure: null });
    expect(partly([])).toEqual({ posts: [], failure: null });
  });

  it('gives one reason per kind of failure when nothing answered', () => {
    const timeout = new SourceError('hn.algolia.com', 'no complete answer from hn.algolia.com/api/v1/search within 15000 ms');
    expect(
      combineAnswers([
        { status: 'rejected', reason: limited },
        { status: 'rejected', reason: limited },
        { status: 'rejected', reason: timeout },
      ]),
    ).toEqual({
      posts: [],
      failure: 'rate limited (HTTP 429); no complete answer from hn.algolia.com/api/v1/search within 15000 ms',
    });
  });

  it('lets anything but a source failure through: that is a bug, not an outage', () => {
    expect(() => combineAnswers([{ status: 'rejected', reason: new TypeError('boom') }])).toThrow(TypeError);
  });
});
