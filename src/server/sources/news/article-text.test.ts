import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeBody } from '../web/http.ts';
import { htmlToText } from '../web/text.ts';
import { ARTICLE_MAX_CHARS, type ExtractedArticle, extractArticle, isoDate } from './article-text.ts';

// Real publisher pages: mozilla/readability's test pages (with the text and metadata it extracts),
// postlight/parser's and trafilatura's (with the values their tests assert).
const fixture = (name: string, file: string) =>
  readFileSync(new URL(`../../../../tests/fakes/fixtures/real-formats/articles/${name}/${file}`, import.meta.url), 'utf8');
const extracted = new Map<string, ExtractedArticle>();
function article(name: string): ExtractedArticle {
  let found = extracted.get(name);
  if (!found) {
    found = extractArticle(fixture(name, 'source.html'), 'https://publisher.example/story');
    extracted.set(name, found);
  }
  return found;
}
/** Layout aside (expected.html puts spaces around inline tags): whether `text` has `passage`. */
const hasPassage = (text: string, passage: string) => text.replace(/\s+/g, '').includes(passage.replace(/\s+/g, ''));

type ReadabilityMetadata = { title: string; siteName: string | null; publishedTime: string | null };

describe('extractArticle on mozilla/readability test pages', () => {
  const pages: Array<{ name: string; status: 'ok' | 'paywalled'; publishedAt: string | null }> = [
    { name: 'readability-bbc-1', status: 'ok', publishedAt: '2015-07-24T04:36:09.000Z' },
    // Readability reports no date for these; the pages' own meta tags give one.
    { name: 'readability-cnn', status: 'ok', publishedAt: '2016-02-01T01:28:49' },
    { name: 'readability-nytimes-2', status: 'ok', publishedAt: '2016-07-29T20:42:34.000Z' },
    { name: 'readability-telegraph', status: 'ok', publishedAt: '2017-11-16T14:15:00.000Z' },
    // No zone on the page: its own wall time.
    { name: 'readability-seattletimes-1', status: 'ok', publishedAt: '2019-04-28T06:01:07' },
    { name: 'readability-wapo-1', status: 'ok', publishedAt: null },
    // Its only date is "Fri Mar 13 21:30:09 EST 2015", which is not guessed at.
    { name: 'readability-herald-sun-1', status: 'paywalled', publishedAt: null },
  ];

  it.each(pages)('$name: the article text, from its first paragraph to its last', ({ name, status }) => {
    const expected = htmlToText(fixture(name, 'expected.html'))
      .split(/\n+/)
      .map((line) => line.trim())
      .filter((line) => line.length >= 60);
    const { text, status: got } = article(name);
    expect(got).toBe(status);
    expect(hasPassage(text, expected[0]!.slice(0, 120))).toBe(true);
    expect(hasPassage(text, expected.at(-1)!.slice(-120))).toBe(true);
    // About what Readability's own output holds: not the page's menus, related links or comments.
    const expectedLength = expected.join('\n\n').length;
    expect(text.length).toBeGreaterThan(expectedLength * 0.8);
    expect(text.length).toBeLessThan(expectedLength * 1.3);
    expect(text).not.toMatch(/<[a-z/]|\n{3}| {2}/i);
  });

  it.each(pages)('$name: title, publisher and date', ({ name, publishedAt }) => {
    const metadata = JSON.parse(fixture(name, 'expected-metadata.json')) as ReadabilityMetadata;
    const found = article(name);
    expect(found.title).toBe(metadata.title);
    expect(found.publisher).toBe(metadata.siteName);
    expect(found.publishedAt).toBe(publishedAt);
    if (metadata.publishedTime) expect(Date.parse(found.publishedAt!)).toBe(Date.parse(metadata.publishedTime.replace(' ', 'T')));
    expect(found.canonicalUrl).toMatch(/^https?:\/\/[^/]+\/./);
  });

  it('reads the Herald Sun story in full, its paywall being put up by script', () => {
    const { text } = article('readability-herald-sun-1');
    expect(text).toContain('Memories of the grief Conroy brought down on his head would undoubtedly make Abbott sit up and take notice.');
  });
});

describe('extractArticle on postlight/parser test pages', () => {
  type Expected = { title: string; date_published: string; content_first_13_words: string };
  const expected = (name: string) => JSON.parse(fixture(name, 'expected.json')) as Expected;

  it('CNBC: title, date and opening words', () => {
    const cnbc = article('postlight-www.cnbc.com');
    const { title, date_published, content_first_13_words } = expected('postlight-www.cnbc.com');
    expect(cnbc).toMatchObject({ status: 'ok', title, publishedAt: date_published, publisher: 'CNBC' });
    expect(cnbc.text.startsWith(content_first_13_words)).toBe(true);
    expect(cnbc.canonicalUrl).toBe(
      'https://www.cnbc.com/2016/12/20/coals-us-stronghold-is-losing-steam-even-as-trump-aims-for-a-revival.html',
    );
  });

  it('Bloomberg: metered (article:content_tier), so paywalled, with the text the page carried', () => {
    const bloomberg = article('postlight-www.bloomberg.com');
    const { title, date_published, content_first_13_words } = expected('postlight-www.bloomberg.com');
    expect(bloomberg).toMatchObject({ status: 'paywalled', title, publishedAt: date_published, publisher: 'Bloomberg.com' });
    expect(bloomberg.text.startsWith(content_first_13_words)).toBe(true);
  });
});

describe('extractArticle on trafilatura test pages', () => {
  it('Reuters (mostly Next.js script): the story without the page furniture', () => {
    const reuters = article('trafilatura-reuters.com.parasite');
    const expected = JSON.parse(fixture('trafilatura-reuters.com.parasite', 'expected.json')) as {
      text_must_contain: string[];
      text_must_not_contain: string[];
      title_endswith: string;
      sitename: string;
      canonical_url: string;
    };
    expect(reuters.status).toBe('ok');
    for (const phrase of expected.text_must_contain) expect(reuters.text).toContain(phrase);
    for (const phrase of expected.text_must_not_contain) expect(reuters.text).not.toContain(phrase);
    expect(reuters.title!.endsWith(expected.title_endswith)).toBe(true);
    // JSON-LD's publisher; og:site_name says "U.S.".
    expect(reuters.publisher).toBe(expected.sitename);
    expect(reuters.canonicalUrl).toBe(expected.canonical_url);
    // trafilatura reports the revision date (2020-01-20); this is the publication.
    expect(reuters.publishedAt).toBe('2020-01-19T12:25:36.000Z');
  });

  it('SCMP (paywalled, the text only in JSON-LD): paywalled, with the articleBody rather than captions', () => {
    const scmp = article('trafilatura-scmp.com.playbook');
    const expected = JSON.parse(fixture('trafilatura-scmp.com.playbook', 'expected.json')) as { title: string };
    expect(scmp).toMatchObject({ status: 'paywalled', title: expected.title, publisher: 'South China Morning Post' });
    expect(scmp.publishedAt).toBe('2020-01-20T02:00:08.000Z');
    expect(scmp.text.startsWith('Taiwanese President Tsai Ing-wen’s spectacular re-election was no easy feat.')).toBe(true);
    expect(scmp.text).toContain('Alice Wu is a political consultant');
    expect(scmp.text).not.toContain('READ FULL ARTICLE');
  });
});

describe('extractArticle leaves out what a reader skips, on the real pages', () => {
  const paragraphsOf = (name: string) => article(name).text.split('\n\n');

  it('CNN: the related stories between the paragraphs and the widget credit are gone, the story around them stays', () => {
    const text = article('readability-cnn').text;
    expect(text).not.toContain('Related: Rich are paying more in taxes');
    expect(text).not.toContain("Related: Chicago is America's most segregated city");
    expect(text).not.toContain('Powered by SmartAsset.com');
    expect(text).toContain(
      "But this wasn't the only finding that suggests the U.S. isn't quite living up to its reputation as a country where everyone has an equal chance to get ahead through sheer will and hard work.\n\nThe report also suggested",
    );
    expect(paragraphsOf('readability-cnn')).toContain('10. United States');
  });

  it('BBC: links to the transcript and to other stories are gone; a list item with a link in it stays', () => {
    const paragraphs = paragraphsOf('readability-bbc-1');
    for (const link of [
      'Read the full transcript of his interview',
      'Five things we learned from Obama interview',
      'The presidential body swerve',
    ]) {
      expect(paragraphs).not.toContain(link);
    }
    expect(paragraphs).toContain('He would speak "bluntly" against corruption and human rights violations in Kenya');
    expect(paragraphs).toContain('Analysis: Jon Sopel, BBC News, Washington');
  });

  it('Washington Post: the "[Read: …]" links set between the paragraphs are gone', () => {
    const text = article('readability-wapo-1').text;
    expect(text).not.toContain('[Read: Why Tunisia');
    expect(text).not.toContain('[Bardo museum houses amazing Roman treasures]');
    expect(text).toContain('Tunisia, a mostly Muslim nation of about 11 million people');
  });

  it('Bloomberg: the newsletter promo, written once per screen size, is gone', () => {
    const text = article('postlight-www.bloomberg.com').text;
    expect(text).not.toContain('The latest in global politics');
    expect(text).not.toContain('Balance of Power newsletter');
    expect(text).not.toContain('Sign up to this newsletter');
    expect(text).toContain('It’s unclear whether Trump’s criticism of Boeing');
  });

  it('NYT: the illustration’s credit is gone', () => {
    expect(article('readability-nytimes-2').text).not.toContain('Harry Campbell');
  });
});

describe('extractArticle', () => {
  const page = (head: string, body: string) => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
  const paragraphs = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => `<p>Paragraph ${i + 1} of the story says something about the quarter, the market and the outlook.</p>`,
    ).join('');
  const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

  it('finds no article on a page of links', () => {
    expect(extractArticle('<html><body><nav>Home</nav></body></html>', 'https://publisher.example/')).toEqual({
      status: 'failed',
      title: null,
      publisher: null,
      publishedAt: null,
      canonicalUrl: null,
      text: '',
    });
    expect(extractArticle('', 'https://publisher.example/').status).toBe('failed');
    expect(extractArticle('not html at all', 'https://publisher.example/').status).toBe('failed');
  });

  it('keeps paragraphs, headings and list items apart and inline markup in its sentence', () => {
    const body = `<article><h1>Results</h1><p>Revenue <b>grew</b> 12%, to <a href="/x">$3&nbsp;billion</a>.</p><h2>Outlook</h2>${paragraphs(4)}<ul><li>One item</li><li>Another item</li></ul></article>`;
    const { text, status } = extractArticle(page('<title>Results</title>', body), 'https://publisher.example/');
    expect(status).toBe('ok');
    expect(text).toContain('Revenue grew 12%, to $3 billion.\n\nOutlook\n\nParagraph 1');
    expect(text).toContain('\n\nOne item\n\nAnother item');
  });

  it('takes the text from JSON-LD articleBody (in @graph) when the page has none', () => {
    const body = 'First paragraph of the story, long enough to count as one of its paragraphs.\nSecond paragraph. '.repeat(4);
    const html = page(
      jsonLd({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'WebSite', name: 'Site' },
          { '@type': ['NewsArticle'], headline: 'The headline', articleBody: body, publisher: { '@type': 'Organization', name: 'Wire' } },
        ],
      }),
      '<div id="root"></div><script>window.__NEXT_DATA__ = {}</script>',
    );
    const found = extractArticle(html, 'https://publisher.example/story');
    expect(found).toMatchObject({ status: 'ok', title: 'The headline', publisher: 'Wire' });
    expect(found.text.split('\n\n')[0]).toBe('First paragraph of the story, long enough to count as one of its paragraphs.');
  });

  it('is paywalled when the publisher says so, and keeps the teaser', () => {
    const teaser = '<p>The first paragraph, all a visitor sees before the subscription offer.</p>';
    const locked = (head: string) => extractArticle(page(head, `<article>${teaser}</article>`), 'https://publisher.example/');
    for (const head of [
      jsonLd({ '@type': 'NewsArticle', headline: 'H', isAccessibleForFree: false }),
      jsonLd({ '@type': 'NewsArticle', headline: 'H', hasPart: [{ '@type': 'WebPageElement', isAccessibleForFree: 'False' }] }),
      '<meta property="article:content_tier" content="locked">',
    ]) {
      const found = locked(head);
      expect(found.status).toBe('paywalled');
      expect(found.text).toBe('The first paragraph, all a visitor sees before the subscription offer.');
    }
    expect(locked('<meta property="article:content_tier" content="free">').status).toBe('failed');
  });

  it('resolves the canonical address against the page, http(s) only', () => {
    const at = (head: string) => extractArticle(page(head, paragraphs(5)), 'https://publisher.example/news/story?utm=x').canonicalUrl;
    expect(at('<link rel="canonical" href="/news/story">')).toBe('https://publisher.example/news/story');
    expect(at('<meta property="og:url" content="https://publisher.example/a">')).toBe('https://publisher.example/a');
    expect(at('<link rel="canonical" href="javascript:alert(1)">')).toBeNull();
  });

  it('caps the text', () => {
    const long = `<article>${'<p>A sentence that goes on and on about the same thing, again and again.</p>'.repeat(1_500)}</article>`;
    const { text } = extractArticle(page('', long), 'https://publisher.example/');
    expect(text.length).toBeLessThanOrEqual(ARTICLE_MAX_CHARS);
    expect(text.length).toBeGreaterThan(ARTICLE_MAX_CHARS * 0.9);
  });

  it('does not stall on deeply nested markup', () => {
    const started = performance.now();
    // Unguarded, Readability takes about 10 s on the first and linkedom 20 s on the second.
    for (const html of ['<div><p>text'.repeat(5_000), '<div>'.repeat(100_000)]) {
      expect(extractArticle(html, 'https://publisher.example/').status).toBe('failed');
    }
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('isoDate', () => {
  it('reads ISO 8601 as publishers write it', () => {
    expect(isoDate('2015-07-24T05:36:09+01:00')).toBe('2015-07-24T04:36:09.000Z');
    expect(isoDate('2017-11-16T14:15+0000')).toBe('2017-11-16T14:15:00.000Z');
    expect(isoDate('2016-12-07T10:00:00.011Z')).toBe('2016-12-07T10:00:00.011Z');
    expect(isoDate('2019-04-28 06:01:07')).toBe('2019-04-28T06:01:07');
    expect(isoDate('2020-01-20')).toBe('2020-01-20');
    expect(isoDate('Fri Mar 13 21:30:09 EST 2015')).toBeNull();
    expect(isoDate('2020-13-45T10:00:00Z')).toBeNull();
  });
});

describe('a page in another encoding than UTF-8', () => {
  it('gives the same article as its UTF-8 original once the kit decoded it (SCMP written in windows-1252)', () => {
    const page = fixture('trafilatura-scmp.com.playbook', 'source.html');
    const bytes = iconv.encode(page.replace('<meta charset="utf-8">', '<meta charset="windows-1252">'), 'windows-1252');
    const article = (html: string) => extractArticle(html, 'https://www.scmp.com/story').text;
    expect(article(decodeBody(bytes, 'text/html'))).toBe(article(page));
    expect(article(page)).toMatch(/[’“”—]/);
  });
});
