import { describe, expect, it } from 'vitest';
import { documentsBlock } from './documents.ts';
import { Grounding, mailText, normaliseWords } from './grounding.ts';

const docs = [
  {
    url: 'https://www.reuters.com/acme/earnings/',
    title: 'Acme beats estimates',
    publisher: 'Reuters',
    publishedAt: '2026-11-20T10:00:00.000Z',
    text: '“We delivered record revenue this quarter,” said Jane Roe, chief executive officer of Acme.',
  },
  { url: 'https://news.example.com/a?id=7', title: 'Acme expands', publisher: null, publishedAt: null, text: 'Acme opens a plant.' },
];

describe('Grounding', () => {
  const grounding = new Grounding(docs, ['https://perplexity-cited.example.org/page']);

  it('keeps retrieved sources (as retrieved, once) and drops invented ones', () => {
    expect(
      grounding.sources([
        'https://reuters.com/acme/earnings',
        'https://invented.example.net/story',
        'https://www.reuters.com/acme/earnings/',
        'https://news.example.com/a?id=7',
      ]),
    ).toEqual([
      {
        url: 'https://www.reuters.com/acme/earnings/',
        title: 'Acme beats estimates',
        publisher: 'Reuters',
        publishedAt: '2026-11-20T10:00:00.000Z',
      },
      { url: 'https://news.example.com/a?id=7', title: 'Acme expands', publisher: null, publishedAt: null },
    ]);
  });

  it('knows a retrieved page cited without its tracking parameters, or with its parameters in another order', () => {
    const fromFeed = new Grounding([{ ...docs[1]!, url: 'https://news.example.com/b?id=7&page=2&utm_source=rss&utm_medium=feed' }]);
    expect(fromFeed.source('https://news.example.com/b?page=2&id=7')?.url).toBe(
      'https://news.example.com/b?id=7&page=2&utm_source=rss&utm_medium=feed',
    );
    expect(fromFeed.source('https://news.example.com/b?id=7')).toBeNull();
  });

  it("counts the provider's own citations as retrieved", () => {
    expect(grounding.sources(['https://perplexity-cited.example.org/page'])).toHaveLength(1);
  });

  it('keeps market data only with a retrieved source', () => {
    expect(
      grounding.marketData([
        { statistic: ' 40% growth ', sourceUrl: 'https://news.example.com/a?id=7' },
        { statistic: '90% of CIOs agree', sourceUrl: 'https://made-up.example.com/survey' },
      ]),
    ).toEqual([{ statistic: '40% growth', source: 'https://news.example.com/a?id=7' }]);
  });

  it('keeps quotes found in a document, whatever the quote marks and case, and drops invented ones', () => {
    const kept = grounding.quotes([
      { text: 'We delivered record revenue this quarter', speaker: 'Jane Roe', context: 'Opening remarks' },
      { text: '"we DELIVERED record revenue this quarter,"', speaker: 'Jane Roe', context: 'Same, other marks' },
      { text: 'We will double revenue next year', speaker: 'Jane Roe', context: 'Invented' },
      { text: 'record', speaker: 'Jane Roe', context: 'Too short to prove anything' },
    ]);
    expect(kept.map((q) => q.context)).toEqual(['Opening remarks', 'Same, other marks']);
  });
});

describe('normaliseWords', () => {
  it('keeps letters and digits of any script', () => {
    expect(normaliseWords('Über-Growth: 40%, “Q3”!')).toBe('über growth 40 q3');
  });
});

describe('mailText', () => {
  it('drops tags but keeps comparisons', () => {
    expect(mailText('Revenue < $1B while costs > $2B; <b>bold</b> <!-- x --> <img src=x onerror=alert(1)>')).toBe(
      'Revenue < $1B while costs > $2B; bold',
    );
  });

  it('removes web addresses and tags a document may have talked the model into writing', () => {
    expect(mailText('Acme: verify your account at https://evil.example/login now')).toBe('Acme: verify your account at now');
    expect(mailText('See www.evil.example/x or HTTP://EVIL.example')).toBe('See or');
    expect(mailText('<b>Acme</b> buys  Beta\nfor $2bn')).toBe('Acme buys Beta for $2bn');
    expect(mailText('Amazon.com reports results')).toBe('Amazon.com reports results');
  });
});

describe('headline-only documents', () => {
  it('are marked to the model and labelled as sources', () => {
    const doc = {
      url: 'https://news.google.com/rss/articles/CBMi',
      title: 'Acme wins',
      publisher: 'Reuters',
      publishedAt: null,
      text: 'Acme wins Reuters',
    };
    const block = documentsBlock([
      { ...doc, evidence: 'headline', googleLink: true },
      { ...doc, url: 'https://a.example/x', evidence: 'article' },
    ]);
    expect(block.match(/Evidence: headline only/g)).toHaveLength(1);
    expect(new Grounding([{ ...doc, evidence: 'headline', googleLink: true }]).source(doc.url)).toEqual({
      url: doc.url,
      title: 'Acme wins',
      publisher: 'Reuters',
      publishedAt: null,
      headlineOnly: true,
      googleLink: true,
    });
    expect(new Grounding([{ ...doc, evidence: 'article' }]).source(doc.url)).toEqual({
      url: doc.url,
      title: 'Acme wins',
      publisher: 'Reuters',
      publishedAt: null,
    });
  });
});
