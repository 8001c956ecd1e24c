import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SourceDocument } from '../web/types.ts';
import { SourceError } from '../web/types.ts';
import { stripPublisherSuffix } from './article-text.ts';
import {
  gdeltDate,
  gdeltSearchUrl,
  googleNewsSearchUrl,
  mergeStories,
  parseGdeltArticles,
  parseGoogleNewsRss,
  selectArticles,
  titleKey,
} from './news.ts';

const doc = (url: string, title: string, hoursAgo: number, now: number): SourceDocument => ({
  url,
  title,
  publisher: null,
  publishedAt: new Date(now - hoursAgo * 3_600_000).toISOString(),
  text: title,
  kind: 'news',
});

describe('stripPublisherSuffix', () => {
  it('removes " - Publisher" only when it names the publisher', () => {
    expect(stripPublisherSuffix('Apple beats estimates - Reuters', 'Reuters')).toBe('Apple beats estimates');
    expect(stripPublisherSuffix('Apple beats estimates - reuters', 'Reuters')).toBe('Apple beats estimates');
    expect(stripPublisherSuffix('Apple beats estimates - Bloomberg', 'Reuters')).toBe('Apple beats estimates - Bloomberg');
    expect(stripPublisherSuffix('Reuters', 'Reuters')).toBe('Reuters');
    expect(stripPublisherSuffix('Apple - Reuters', null)).toBe('Apple - Reuters');
  });
});

describe('selectArticles', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  it('keeps the timeframe, drops duplicate URLs and near-identical titles, newest first, capped', () => {
    const picked = selectArticles(
      [
        doc('https://a.example/1', 'Apple opens store', 5, now),
        doc('https://a.example/2', 'Apple beats estimates', 1, now),
        doc('https://a.example/2', 'Apple beats estimates (updated)', 2, now),
        doc('https://b.example/3', 'Apple Beats Estimates!', 3, now),
        doc('https://c.example/4', 'Old story', 24 * 10, now),
        { ...doc('https://d.example/5', 'Undated', 0, now), publishedAt: null },
      ],
      7,
      10,
      now,
    );
    expect(picked.map((d) => d.url)).toEqual(['https://a.example/2', 'https://a.example/1']);
    expect(selectArticles([doc('https://a.example/1', 'x', 1, now), doc('https://a.example/2', 'y', 2, now)], 7, 1, now)).toHaveLength(1);
  });

  it('treats titles differing in case and punctuation as one', () => {
    expect(titleKey('Apple: Beats, Estimates!')).toBe(titleKey('apple beats estimates'));
  });
});

describe('search URLs', () => {
  it('asks Google News for the edition of the region with a when: window', () => {
    const url = new URL(googleNewsSearchUrl('https://news.google.com/', { terms: { words: ['Apple Inc.'] }, days: 7, region: 'uk' }));
    expect(url.pathname).toBe('/rss/search');
    expect(url.searchParams.get('q')).toBe('Apple Inc. when:7d');
    expect(url.searchParams.get('gl')).toBe('GB');
    expect(url.searchParams.get('ceid')).toBe('GB:en');
    expect(
      new URL(googleNewsSearchUrl('https://news.google.com', { terms: { words: ['x'] }, days: 1, region: 'global' })).searchParams.get(
        'ceid',
      ),
    ).toBe('US:en');
  });

  it('clamps the GDELT timespan to three months', () => {
    const url = new URL(gdeltSearchUrl('https://api.gdeltproject.org', { terms: { words: ['Apple'] }, days: 180 }));
    expect(url.searchParams.get('timespan')).toBe('90d');
    expect(url.searchParams.get('mode')).toBe('ArtList');
    expect(url.searchParams.get('format')).toBe('json');
  });
});

describe('parseGoogleNewsRss', () => {
  it('reads publisher from <source>, strips the suffix and the HTML of the description', () => {
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>x</title>
      <item><title>Apple &lt;b&gt;wins&lt;/b&gt; - Reuters</title><link>https://news.example.com/a?oc=5</link>
      <pubDate>Mon, 02 Jun 2025 10:00:00 GMT</pubDate>
      <description>&lt;a href="https://news.example.com/a"&gt;Apple wins&lt;/a&gt;&amp;nbsp;&lt;font color="#6f6f6f"&gt;Reuters&lt;/font&gt;</description>
      <source url="https://www.reuters.com">Reuters</source></item>
      <item><title>Bad link</title><link>javascript:alert(1)</link><pubDate>Mon, 02 Jun 2025 10:00:00 GMT</pubDate></item>
      </channel></rss>`;
    const [first, ...rest] = parseGoogleNewsRss(xml);
    expect(rest).toEqual([]);
    expect(first).toEqual({
      url: 'https://news.example.com/a?oc=5',
      title: 'Apple wins',
      publisher: 'Reuters',
      publishedAt: '2025-06-02T10:00:00.000Z',
      text: 'Apple wins Reuters',
      kind: 'news',
      evidence: 'headline',
      googleLink: false,
      providers: ['google-news'],
    });
  });

  it('throws on XML that is not a feed', () => {
    expect(() => parseGoogleNewsRss('<html><body>captcha</body></html>')).toThrow();
    expect(() => parseGoogleNewsRss('<rss><channel><item>')).toThrow();
  });
});

describe('GDELT', () => {
  it('reads dates like 20250203T140000Z', () => {
    expect(gdeltDate('20250203T140000Z')).toBe('2025-02-03T14:00:00.000Z');
    expect(gdeltDate('yesterday')).toBeNull();
  });

  it('maps articles, treats {} as no results and other shapes as a failure', () => {
    expect(
      parseGdeltArticles({
        articles: [{ url: 'https://x.example/a', title: 'A <i>b</i>', seendate: '20250203T140000Z', domain: 'x.example' }],
      }),
    ).toEqual([
      {
        url: 'https://x.example/a',
        title: 'A b',
        publisher: 'x.example',
        publishedAt: '2025-02-03T14:00:00.000Z',
        text: 'A b',
        kind: 'news',
        evidence: 'headline',
        googleLink: false,
        providers: ['gdelt'],
      },
    ]);
    expect(parseGdeltArticles({})).toEqual([]);
    expect(() => parseGdeltArticles('error')).toThrow(SourceError);
    expect(() => parseGdeltArticles({ articles: 'x' })).toThrow(SourceError);
  });
});

describe('mergeStories', () => {
  const item = (url: string, title: string, provider: 'google-news' | 'gdelt', googleLink = false): SourceDocument => ({
    url,
    title,
    publisher: null,
    publishedAt: null,
    text: title,
    kind: 'news',
    evidence: 'headline',
    googleLink,
    providers: [provider],
  });

  it("merges one story found by both providers, taking the publisher's link over Google's redirect", () => {
    const merged = mergeStories([
      item('https://news.google.com/rss/articles/CBMiAAA?oc=5', 'Acme buys Beta for $2 billion', 'google-news', true),
      item('https://www.reuters.com/markets/acme-buys-beta/', 'Acme buys Beta for $2 billion', 'gdelt'),
    ]);
    expect(merged).toEqual([
      {
        ...item('https://www.reuters.com/markets/acme-buys-beta/', 'Acme buys Beta for $2 billion', 'google-news'),
        providers: ['google-news', 'gdelt'],
      },
    ]);
  });

  it("keeps Google News' publisher name over GDELT's domain and lists Google News first, whichever provider's copy came first", () => {
    const merged = mergeStories([
      {
        ...item('https://www.reuters.com/markets/acme-buys-beta/', 'Acme buys Beta for $2 billion', 'gdelt'),
        publisher: 'www.reuters.com',
      },
      {
        ...item('https://news.google.com/rss/articles/CBMiAAA?oc=5', 'Acme buys Beta for $2 billion', 'google-news', true),
        publisher: 'Reuters',
      },
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({
      url: 'https://www.reuters.com/markets/acme-buys-beta/',
      publisher: 'Reuters',
      providers: ['google-news', 'gdelt'],
    });
  });

  it('merges one address reached through tracking parameters, www. or a trailing slash', () => {
    const merged = mergeStories([
      item('https://www.reuters.com/markets/acme-buys-beta/?utm_source=rss&utm_medium=feed', 'Acme buys Beta', 'google-news'),
      item('https://reuters.com/markets/acme-buys-beta', 'Acme to acquire Beta in $2 billion deal', 'gdelt'),
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.providers).toEqual(['google-news', 'gdelt']);
  });

  it('merges near-identical titles and keeps different stories apart', () => {
    const merged = mergeStories([
      item('https://a.example/1', 'Acme reports record revenue, beating estimates', 'google-news'),
      item('https://b.example/2', 'ACME Reports Record Revenue — Beating Estimates', 'gdelt'),
      item('https://c.example/3', 'Beta reports record revenue, beating estimates', 'gdelt'),
      item('https://news.google.com/rss/articles/CBMiBBB', 'Acme shares fall', 'google-news', true),
      item('https://news.google.com/rss/articles/CBMiCCC', 'Acme opens Berlin office', 'google-news', true),
    ]);
    expect(merged.map((d) => d.url)).toEqual([
      'https://a.example/1',
      'https://c.example/3',
      'https://news.google.com/rss/articles/CBMiBBB',
      'https://news.google.com/rss/articles/CBMiCCC',
    ]);
  });
});

describe('Google News RSS as Google really sends it', () => {
  const xml = readFileSync(
    new URL('../../../../tests/fakes/fixtures/real-formats/google-news/2026-09-25-breaking.xml', import.meta.url),
    'utf8',
  );

  it("keeps Google's redirect link, marked as Google's, and the headline as the only text", () => {
    const [first, second] = parseGoogleNewsRss(xml);
    expect(first).toMatchObject({
      url: 'https://news.google.com/rss/articles/CBMinwFBVV95cUxObDNTMW1VT3pC?oc=5',
      title: 'Fall Related Emergency Visits for Older Adults Continue to Climb',
      publisher: 'countynewscenter.com',
      publishedAt: '2026-09-25T13:53:48.000Z',
      googleLink: true,
      evidence: 'headline',
      providers: ['google-news'],
    });
    // The description is the headline again and the publisher: nothing more to read.
    expect(first!.text).toBe('Fall Related Emergency Visits for Older Adults Continue to Climb countynewscenter.com');
    expect(second!.title).toBe('Ketanji Brown Jackson criticizes supreme court’s handling of emergency docket');
  });
});

describe('GDELT as GDELT really answers', () => {
  const fixture = (name: string) =>
    readFileSync(new URL(`../../../../tests/fakes/fixtures/real-formats/gdelt/${name}`, import.meta.url), 'utf8');

  it("carries the publisher's own link and no text beyond the title", () => {
    const documents = parseGdeltArticles(JSON.parse(fixture('2024-vizhinjam.json')));
    expect(documents.length).toBe(4);
    for (const doc of documents) {
      expect(doc.googleLink).toBe(false);
      expect(doc.evidence).toBe('headline');
      expect(doc.text).toBe(doc.title ?? '');
      expect(doc.url).toMatch(/^https?:\/\//);
    }
  });
});
