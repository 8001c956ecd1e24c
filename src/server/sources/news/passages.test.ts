import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractArticle } from './article-text.ts';
import { queryTerms, relevantPassages } from './passages.ts';

/** A real publisher page's extracted text (tests/fakes/fixtures/real-formats/articles). */
const article = (name: string) =>
  extractArticle(
    readFileSync(new URL(`../../../../tests/fakes/fixtures/real-formats/articles/${name}/source.html`, import.meta.url), 'utf8'),
    'https://publisher.example/story',
  );

describe('queryTerms', () => {
  it('keeps words and quoted phrases, not operators or filters', () => {
    expect(queryTerms('"Acme Corp" (cloud OR "data center")')).toEqual(['Acme Corp', 'cloud', 'data center']);
    expect(queryTerms('"Acme Corp" (cloud OR "data center") when:7d sourcecountry:US')).toEqual(['Acme Corp', 'cloud', 'data center']);
    expect(queryTerms('Nvidia AND earnings NOT rumor -"stock split" -tiktok')).toEqual(['Nvidia', 'earnings', 'rumor']);
    expect(queryTerms('Apple, apple  site:reuters.com')).toEqual(['Apple']);
    expect(queryTerms('')).toEqual([]);
  });
});

describe('relevantPassages', () => {
  const filler = (i: number) => `Paragraph ${i} is about nothing in particular and goes on for a while to take up room.`;
  const story = [
    'Acme Corp said on Monday that quarterly revenue rose 12 percent.',
    filler(1),
    filler(2),
    'The cloud business grew fastest, while the data center unit was flat.',
    filler(3),
    filler(4),
    'Analysts expect Acme Corp to raise its cloud guidance; Acme’s shares rose.',
    filler(5),
  ].join('\n\n');

  it('returns the whole text when it fits', () => {
    expect(relevantPassages(story, ['cloud'], story.length)).toBe(story);
    expect(relevantPassages(`${' '.repeat(50)}\n\n\n`, ['cloud'], 10)).toBe('');
    expect(relevantPassages(story, ['cloud'], 0)).toBe('');
  });

  it('keeps the lead and the paragraphs that mention the terms, in the article’s order', () => {
    const passages = relevantPassages(story, ['Acme Corp', 'cloud', 'data center'], 230);
    expect(passages).toBe(
      [
        'Acme Corp said on Monday that quarterly revenue rose 12 percent.',
        'The cloud business grew fastest, while the data center unit was flat.',
        'Analysts expect Acme Corp to raise its cloud guidance; Acme’s shares rose.',
      ].join('\n\n'),
    );
  });

  it('matches whole words, whatever their case', () => {
    const passages = relevantPassages(story, ['CLOUD'], 150);
    expect(passages).toContain('The cloud business');
    expect(relevantPassages('Said the chairman.\n\nNothing here.\n\nAI is here.', ['ai'], 35)).toBe('Said the chairman.\n\nAI is here.');
  });

  it('fills the budget with what follows the lead when few paragraphs match', () => {
    const passages = relevantPassages(story, [], 200);
    expect(passages.startsWith(`Acme Corp said on Monday that quarterly revenue rose 12 percent.\n\n${filler(1)}`)).toBe(true);
  });

  it('never exceeds the budget, cutting the last paragraph at a word boundary', () => {
    const text = article('readability-seattletimes-1').text;
    for (const max of [1, 50, 99, 500, 1_000, 2_345, 4_000, 10_000]) {
      const passages = relevantPassages(text, ['Amazon', 'Whole Foods', 'halibut'], max);
      expect(passages.length).toBeLessThanOrEqual(max);
      expect(relevantPassages(text, ['Amazon', 'Whole Foods', 'halibut'], max)).toBe(passages);
    }
    // Each passage is one of the article's paragraphs, whole or (the last one taken) its opening.
    const whole = new Set(text.split('\n\n'));
    let cuts = 0;
    for (const max of [1_000, 2_500, 4_000, 6_000]) {
      const passages = relevantPassages(text, ['halibut'], max);
      expect(passages.startsWith('From the deck of his 106-year-old halibut schooner')).toBe(true);
      expect(passages.length).toBeGreaterThan(max - 200);
      const cut = passages.split('\n\n').filter((passage) => !whole.has(passage));
      expect(cut.length).toBeLessThanOrEqual(1);
      for (const passage of cut) {
        expect(passage).toMatch(/\S…$/);
        expect(text).toContain(passage.slice(0, -1));
        cuts += 1;
      }
    }
    expect(cuts).toBeGreaterThan(0);
  });

  it('reads a text without paragraph breaks as passages of sentences', () => {
    const text = article('trafilatura-scmp.com.playbook').text;
    const passages = relevantPassages(text, ['Carrie Lam'], 1_500);
    expect(passages.length).toBeLessThanOrEqual(1_500);
    expect(passages.split('\n\n').length).toBeGreaterThan(1);
    expect(passages).toContain('Lam');
  });
});
