import { describe, expect, it } from 'vitest';
import {
  gdeltDate,
  gdeltSearchUrl,
  googleNewsSearchUrl,
  parseGdeltArticles,
  parseGoogleNewsRss,
  selectArticles,
  stripPublisherSuffix,
  titleKey,
} from './news.ts';
import type { SourceDocument } from './types.ts';
import { SourceError } from './types.ts';

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
    const url = new URL(googleNewsSearchUrl('https://news.google.com/', { query: 'Apple Inc.', days: 7, region: 'uk' }));
    expect(url.pathname).toBe('/rss/search');
    expect(url.searchParams.get('q')).toBe('Apple Inc. when:7d');
    expect(url.searchParams.get('gl')).toBe('GB');
    expect(url.searchParams.get('ceid')).toBe('GB:en');
    expect(
      new URL(googleNewsSearchUrl('https://news.google.com', { query: 'x', days: 1, region: 'global' })).searchParams.get('ceid'),
    ).toBe('US:en');
  });

  it('clamps the GDELT timespan to three months', () => {
    const url = new URL(gdeltSearchUrl('https://api.gdeltproject.org', { query: 'Apple', days: 180 }));
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
      },
    ]);
    expect(parseGdeltArticles({})).toEqual([]);
    expect(() => parseGdeltArticles('error')).toThrow(SourceError);
    expect(() => parseGdeltArticles({ articles: 'x' })).toThrow(SourceError);
  });
});
