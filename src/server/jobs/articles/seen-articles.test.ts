import { describe, expect, it } from 'vitest';
import { nearIdenticalTitles, titleKey } from '../../sources/news/news.ts';
import { pageKey } from '../../sources/web/site.ts';
import { SeenArticles } from './seen-articles.ts';

const SPENDING = 'Acme spending to reach $48 billion by 2030, growing 12% a year';

describe('nearIdenticalTitles', () => {
  it('treats case, punctuation and spacing as the same title', () => {
    expect(nearIdenticalTitles('Acme reports record revenue, beating estimates', 'ACME Reports Record Revenue — Beating Estimates')).toBe(
      true,
    );
    expect(nearIdenticalTitles('Acme earnings', 'acme EARNINGS!')).toBe(true);
  });

  it('treats a long headline with one word added as the same story', () => {
    // 12 of 13 words (92%).
    expect(nearIdenticalTitles(SPENDING, 'Acme Inc spending to reach $48 billion by 2030, growing 12% a year')).toBe(true);
  });

  it('keeps headlines apart that differ in more than a tenth of their words', () => {
    // 11 of 13 words: another company's identical-looking story.
    expect(nearIdenticalTitles(SPENDING, 'Beta spending to reach $48 billion by 2030, growing 12% a year')).toBe(false);
    // 7 of 8 words.
    expect(
      nearIdenticalTitles(
        'Acme reports record quarterly revenue, beating estimates',
        'Acme Inc reports record quarterly revenue, beating estimates',
      ),
    ).toBe(false);
    expect(nearIdenticalTitles('Acme shares rise after earnings', 'Acme shares fall after earnings')).toBe(false);
    expect(nearIdenticalTitles('Acme earnings', 'Acme earnings call')).toBe(false);
  });

  it('never matches an empty title', () => {
    expect(nearIdenticalTitles('', '')).toBe(false);
    expect(nearIdenticalTitles('!!!', '???')).toBe(false);
  });
});

describe('SeenArticles', () => {
  const sent = 'Acme reports record quarterly revenue of $48 billion, beating the estimates of analysts';
  const stored = [{ urlKey: pageKey('https://www.reuters.com/acme/record-revenue/')!, titleKey: titleKey(sent) }];

  it('knows a sent URL whatever its scheme, www or trailing slash', () => {
    const seen = SeenArticles.fromKeys(stored);
    expect(seen.has('http://reuters.com/acme/record-revenue', 'A different title altogether here')).toBe(true);
    expect(seen.has('https://reuters.com/acme/other-story', 'A different title altogether here')).toBe(false);
  });

  it('knows a sent URL linked again with tracking parameters', () => {
    const seen = SeenArticles.fromKeys(stored);
    expect(
      seen.has('https://reuters.com/acme/record-revenue?utm_source=newsletter&utm_medium=email', 'A different title altogether here'),
    ).toBe(true);
  });

  it('knows the same or a near-identical title under another address', () => {
    const seen = SeenArticles.fromKeys(stored);
    expect(
      seen.has(
        'https://finance.yahoo.com/acme-1',
        'ACME Reports Record Quarterly Revenue Of $48 Billion — Beating The Estimates Of Analysts',
      ),
    ).toBe(true);
    expect(seen.has('https://finance.yahoo.com/acme-2', `${sent} today`)).toBe(true);
    expect(
      seen.has(
        'https://finance.yahoo.com/acme-3',
        'Beta reports record quarterly revenue of $48 billion, beating the estimates of analysts',
      ),
    ).toBe(false);
  });

  it('remembers what is added, for the rest of the mail being built', () => {
    const seen = new SeenArticles();
    const title = 'Acme opens a new plant in Ohio, its largest in the United States';
    expect(seen.has('https://example.com/a', title)).toBe(false);
    seen.add('https://example.com/a', title);
    expect(seen.has('https://www.example.com/a/', null)).toBe(true);
    expect(seen.has('https://example.com/b', 'Acme opens new plant in Ohio, its largest in the United States')).toBe(true);
    expect(seen.has('https://example.com/c', 'Acme opens a new plant in Texas')).toBe(false);
    expect(seen.has('https://example.com/d', null)).toBe(false);
  });
});
