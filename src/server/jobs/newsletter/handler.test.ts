import { describe, expect, it } from 'vitest';
import type { Retrieved } from '../../ai/grounding.ts';
import { googleNewsQuery } from '../../sources/news/news.ts';
import { groundDigest, newsletterPeriod, newsletterSearches, searchRegion } from './handler.ts';
import type { PromptSection } from './prompts.ts';

const DAY = 86_400_000;

describe('newsletterPeriod', () => {
  const now = new Date('2026-11-23T14:00:00Z');

  it('goes back one frequency when there was no digest yet', () => {
    const period = newsletterPeriod('7d', null, now);
    expect(period.start).toEqual(new Date(now.getTime() - 7 * DAY));
    expect(period.days).toBe(7);
    expect(period.label).toBe('Weekly · Nov 16 – Nov 23, 2026');
    expect(newsletterPeriod('14d', null, now).label).toBe('Bi-weekly · Nov 9 – Nov 23, 2026');
    expect(newsletterPeriod('30d', null, now).days).toBe(30);
  });

  it('starts at the last digest, rounding the search window up to whole days', () => {
    const period = newsletterPeriod('30d', new Date('2026-11-20T20:00:00Z'), now);
    expect(period.start).toEqual(new Date('2026-11-20T20:00:00Z'));
    expect(period.days).toBe(3);
    expect(period.label).toBe('Monthly · Nov 20 – Nov 23, 2026');
  });

  it('never covers more than 30 days', () => {
    const period = newsletterPeriod('7d', new Date('2026-06-01T00:00:00Z'), now);
    expect(period.start).toEqual(new Date(now.getTime() - 30 * DAY));
    expect(period.days).toBe(30);
  });

  it('ignores a last digest in the future (a clock set wrong)', () => {
    expect(newsletterPeriod('7d', new Date(now.getTime() + DAY), now).days).toBe(7);
  });

  it('names both years when the period spans New Year, in New York time', () => {
    expect(newsletterPeriod('7d', null, new Date('2027-01-04T15:00:00Z')).label).toBe('Weekly · Dec 28, 2026 – Jan 4, 2027');
    // 02:00 UTC on Nov 24 is still Nov 23 in New York.
    expect(newsletterPeriod('7d', null, new Date('2026-11-24T02:00:00Z')).label).toBe('Weekly · Nov 16 – Nov 23, 2026');
  });
});

describe("a company's search", () => {
  const companyQuery = (company_name: string, keywords: string[]) =>
    googleNewsQuery(newsletterSearches('Banking', [{ company_name, keywords }], [])[0]!.terms);

  it('quotes the company and joins its keywords with OR', () => {
    expect(companyQuery('Apple', ['iPhone', 'services'])).toBe('"Apple" iPhone OR services');
    expect(companyQuery('Apple', [])).toBe('"Apple"');
  });

  it('quotes keywords of several words and removes quotes that would break the phrase', () => {
    expect(companyQuery(' Acme "Robotics" Inc ', ['App Store', 'say "hi"', ' ', '"'])).toBe('"Acme Robotics Inc" "App Store" OR "say hi"');
  });
});

describe('newsletterSearches', () => {
  const portfolio = [
    { company_name: 'Apple', keywords: ['iPhone'] },
    { company_name: '  ', keywords: ['ignored'] },
    { company_name: 'Microsoft', keywords: [] },
  ];

  it('searches each company (portfolio order, limit 5), then each topic with the industry (limit 5)', () => {
    const searches = newsletterSearches('Commercial Banking', portfolio, ['regulatory_changes', 'innovation_rd']);
    expect(searches.map((s) => [s.section.kind, s.section.title, googleNewsQuery(s.terms), s.limit])).toEqual([
      ['company', 'Apple', '"Apple" iPhone', 5],
      ['company', 'Microsoft', '"Microsoft"', 5],
      ['topic', 'Regulatory Changes', 'Commercial Banking Regulatory Changes', 5],
      ['topic', 'Innovation & R&D', 'Commercial Banking Innovation & R&D', 5],
    ]);
    expect(searches[0]!.section.keywords).toEqual(['iPhone']);
  });

  it('searches the industry once (limit 15) for the AI to find trends in when no topic is chosen', () => {
    const searches = newsletterSearches('Commercial Banking', portfolio, []);
    expect({ ...searches.at(-1), query: googleNewsQuery(searches.at(-1)!.terms) }).toMatchObject({
      section: { kind: 'trends', title: 'Commercial Banking trends' },
      query: 'Commercial Banking trends',
      limit: 15,
    });
  });

  it('searches at most 25 companies', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ company_name: `Company ${i + 1}`, keywords: [] }));
    expect(newsletterSearches('Banking', many, ['leadership_changes']).filter((s) => s.section.kind === 'company')).toHaveLength(25);
  });
});

describe('searchRegion', () => {
  it('uses the first region; global and unknown values search without one', () => {
    expect(searchRegion(['uk', 'europe'])).toBe('uk');
    expect(searchRegion(['global'])).toBeUndefined();
    expect(searchRegion(['mars'])).toBeUndefined();
    expect(searchRegion([])).toBeUndefined();
  });
});

describe('groundDigest', () => {
  const doc = (url: string, title: string): Retrieved => ({
    url,
    title,
    publisher: 'Reuters',
    publishedAt: '2026-11-22T10:00:00.000Z',
    text: title,
  });
  const apple = doc('https://news.example.com/apple-1', 'Apple opens a store');
  const apple2 = doc('https://news.example.com/apple-2', 'Apple ships a phone');
  const rules = doc('https://news.example.com/rules', 'New banking rules');
  const sections: PromptSection[] = [
    { kind: 'company', title: 'Apple', keywords: [], documents: [apple, apple2] },
    { kind: 'company', title: 'Quiet Co', keywords: [], documents: [] },
    { kind: 'topic', title: 'Regulatory Changes', keywords: [], documents: [rules] },
  ];

  it("keeps each section's own retrieved articles, with the retrieved title, publisher and date", () => {
    const digest = groundDigest(sections, {
      sections: [
        {
          section: 1,
          summary: 'Apple <b>expands</b>.',
          items: [
            { url: 'https://www.news.example.com/apple-2/', whyItMatters: 'Phones <script>x</script>sell.' },
            { url: 'https://invented.example.com/x', whyItMatters: 'Invented.' },
            { url: rules.url, whyItMatters: 'Belongs to another section.' },
            { url: apple2.url, whyItMatters: 'Cited twice.' },
          ],
        },
        { section: 3, summary: 'Rules change.', items: [{ url: rules.url, whyItMatters: 'Compliance costs.' }] },
      ],
      trends: [],
    });
    expect(digest).toEqual([
      {
        kind: 'company',
        title: 'Apple',
        summary: 'Apple expands .',
        items: [{ title: apple2.title, url: apple2.url, publisher: 'Reuters', publishedAt: apple2.publishedAt, summary: 'Phones sell.' }],
      },
      {
        kind: 'topic',
        title: 'Regulatory Changes',
        summary: 'Rules change.',
        items: [{ title: rules.title, url: rules.url, publisher: 'Reuters', publishedAt: rules.publishedAt, summary: 'Compliance costs.' }],
      },
    ]);
  });

  it('drops sections the model left out, or left with nothing retrieved', () => {
    const digest = groundDigest(sections, {
      sections: [
        { section: 1, summary: 'Nothing real.', items: [{ url: 'https://invented.example.com/y', whyItMatters: 'Invented.' }] },
        { section: 2, summary: 'No documents here.', items: [{ url: apple.url, whyItMatters: 'Not this section.' }] },
      ],
      trends: [],
    });
    expect(digest).toEqual([]);
  });

  it('turns AI-identified trends into topic sections titled by the model, from the industry coverage only', () => {
    const trendSections: PromptSection[] = [
      { kind: 'company', title: 'Apple', keywords: [], documents: [apple] },
      { kind: 'trends', title: 'Banking trends', keywords: [], documents: [rules, apple2] },
    ];
    const digest = groundDigest(trendSections, {
      sections: [{ section: 1, summary: 'Apple news.', items: [{ url: apple.url, whyItMatters: 'A store.' }] }],
      trends: [
        {
          title: 'Tighter rules',
          summary: 'Rules tighten.',
          items: [
            { url: rules.url, whyItMatters: 'Costs.' },
            { url: apple.url, whyItMatters: 'Not coverage.' },
          ],
        },
        {
          title: 'Invented trend',
          summary: 'Nothing real.',
          items: [{ url: 'https://invented.example.com/z', whyItMatters: 'Invented.' }],
        },
        { title: 'T'.repeat(200), summary: 'Devices.', items: [{ url: apple2.url, whyItMatters: 'Phones.' }] },
      ],
    });
    expect(digest.map((s) => [s.kind, s.title.slice(0, 13), s.items.map((i) => i.url)])).toEqual([
      ['company', 'Apple', [apple.url]],
      ['topic', 'Tighter rules', [rules.url]],
      ['topic', 'TTTTTTTTTTTTT', [apple2.url]],
    ]);
    expect(digest[2]!.title).toMatch(/^T{79}…$/);
  });
});
