import { describe, expect, it } from 'vitest';
import { digestArticle, openingSentences } from './digest.ts';

describe('openingSentences', () => {
  it('keeps whole sentences within the limit', () => {
    const text = 'Acme said revenue rose 8%. Services reached a record. Analysts expect more growth next year, the company said.';
    expect(openingSentences(text, 60)).toBe('Acme said revenue rose 8%. Services reached a record.');
    expect(openingSentences(text, 500)).toBe(text);
  });

  it('cuts one overlong sentence at a word, and flattens paragraphs', () => {
    expect(openingSentences('One two three four five six seven eight nine ten', 20)).toBe('One two three four…');
    expect(openingSentences('First paragraph.\n\nSecond one.', 100)).toBe('First paragraph. Second one.');
  });
});

describe('digestArticle', () => {
  const doc = {
    url: 'https://www.reuters.com/a',
    title: 'Acme beats estimates',
    publisher: 'Reuters',
    publishedAt: '2026-11-24T10:00:00.000Z',
    text: 'Acme said revenue rose 8%. It was a record quarter.',
  };

  it("shows the article's opening when its text was read", () => {
    expect(digestArticle({ ...doc, evidence: 'article', googleLink: false })).toEqual({
      title: 'Acme beats estimates',
      url: 'https://www.reuters.com/a',
      publisher: 'Reuters',
      publishedAt: '2026-11-24T10:00:00.000Z',
      summary: 'Acme said revenue rose 8%. It was a record quarter.',
    });
  });

  it("never passes a feed's snippet off as the article: headline only, and Google's link said to be Google's", () => {
    expect(
      digestArticle({ ...doc, url: 'https://news.google.com/rss/articles/CBMi', evidence: 'headline', googleLink: true }),
    ).toMatchObject({
      summary: null,
      headlineOnly: true,
      googleLink: true,
    });
  });
});
