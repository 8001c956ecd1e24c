// Batched searches (issue 31): one search for up to ten companies and a set of event words, in each
// provider's syntax, split into batches whose queries stay within the providers' limits.
import { describe, expect, it } from 'vitest';
import {
  batchNames,
  GDELT_MIN_NAME_CHARS,
  gdeltQuery,
  gdeltSearchUrl,
  googleNewsQuery,
  googleNewsSearchUrl,
  MAX_BATCH_NAMES,
  MAX_BATCH_QUERY_CHARS,
  searchTerms,
} from './news.ts';

const events = ['appoints', 'acquires', 'funding round', 'layoffs'];

describe('a batch of names', () => {
  it('asks Google News for any one of the names and any one of the event words, each a parenthesised group', () => {
    const terms = { anyPhrases: ['Apple', 'Microsoft', 'Alphabet'], anyOf: events };
    expect(googleNewsQuery(terms)).toBe('("Apple" OR "Microsoft" OR "Alphabet") (appoints OR acquires OR "funding round" OR layoffs)');
    const url = new URL(googleNewsSearchUrl('https://news.google.com', { terms, days: 1 }));
    expect(url.searchParams.get('q')).toBe(
      '("Apple" OR "Microsoft" OR "Alphabet") (appoints OR acquires OR "funding round" OR layoffs) when:1d',
    );
  });

  it('asks GDELT the same, every OR inside parentheses', () => {
    const terms = { anyPhrases: ['Apple', 'Microsoft', 'Alphabet'], anyOf: events };
    expect(gdeltQuery(terms)).toBe('("Apple" OR "Microsoft" OR "Alphabet") (appoints OR acquires OR "funding round" OR layoffs)');
    const url = new URL(gdeltSearchUrl('https://api.gdeltproject.org', { terms, days: 1, region: 'usa' }));
    expect(url.searchParams.get('query')).toBe(
      '("Apple" OR "Microsoft" OR "Alphabet") (appoints OR acquires OR "funding round" OR layoffs) sourcecountry:US',
    );
  });

  it('writes a batch without event words, and a batch of one without parentheses (GDELT refuses them around a lone term)', () => {
    expect(googleNewsQuery({ anyPhrases: ['Apple', 'Microsoft'] })).toBe('("Apple" OR "Microsoft")');
    expect(gdeltQuery({ anyPhrases: ['Apple', 'Microsoft'] })).toBe('("Apple" OR "Microsoft")');
    expect(googleNewsQuery({ anyPhrases: ['Apple'], anyOf: events })).toBe('"Apple" (appoints OR acquires OR "funding round" OR layoffs)');
    expect(gdeltQuery({ anyPhrases: ['Apple'], anyOf: ['appoints'] })).toBe('"Apple" appoints');
    expect(googleNewsQuery({ anyPhrases: ['Apple'], anyOf: ['appoints'] })).toBe('"Apple" appoints');
  });

  it('drops quotes inside a name, keeps ampersands (encoded in the URL), and leaves out blank and repeated names', () => {
    const terms = { anyPhrases: ['Procter & Gamble', 'The "Acme" Co', '  ', 'procter  &  gamble', 'AT&T'], anyOf: ['acquires'] };
    expect(googleNewsQuery(terms)).toBe('("Procter & Gamble" OR "The Acme Co" OR "AT&T") acquires');
    expect(gdeltQuery(terms)).toBe('("Procter & Gamble" OR "The Acme Co" OR "AT&T") acquires');
    const url = googleNewsSearchUrl('https://news.google.com', { terms, days: 1 });
    expect(url).toContain('q=%28%22Procter+%26+Gamble%22+OR+%22The+Acme+Co%22+OR+%22AT%26T%22%29+acquires+when%3A1d');
    expect(new URL(url).searchParams.get('q')).toBe('("Procter & Gamble" OR "The Acme Co" OR "AT&T") acquires when:1d');
  });

  it('leaves names GDELT finds too short out of its group only, unless they are all the group has', () => {
    expect(GDELT_MIN_NAME_CHARS).toBe(3);
    const terms = { anyPhrases: ['HP', 'Apple', '3M', 'IBM'], anyOf: ['layoffs'] };
    expect(googleNewsQuery(terms)).toBe('("HP" OR "Apple" OR "3M" OR "IBM") layoffs');
    expect(gdeltQuery(terms)).toBe('("Apple" OR "IBM") layoffs');
    expect(gdeltQuery({ anyPhrases: ['HP', 'Apple'] })).toBe('"Apple"');
    expect(gdeltQuery({ anyPhrases: ['HP', '3M'] })).toBe('("HP" OR "3M")');
  });

  it('keeps the phrases and words of a search around the batch', () => {
    const terms = {
      phrases: ['chief financial officer'],
      anyPhrases: ['Apple', 'Microsoft'],
      words: ['names'],
      anyOf: ['CFO', 'finance chief'],
    };
    expect(googleNewsQuery(terms)).toBe('"chief financial officer" ("Apple" OR "Microsoft") names (CFO OR "finance chief")');
    expect(gdeltQuery(terms)).toBe('"chief financial officer" ("Apple" OR "Microsoft") names (CFO OR "finance chief")');
  });

  it('gives the reader the names to pick passages by, quotes dropped, each once', () => {
    expect(searchTerms({ anyPhrases: ['Apple', 'The "Acme" Co', 'apple'], anyOf: ['acquires'] })).toEqual([
      'Apple',
      'The Acme Co',
      'acquires',
    ]);
  });
});

describe('queries without a batch are as they were', () => {
  it('writes an alert search and a research search byte for byte as before', () => {
    expect(googleNewsQuery({ phrases: ['Acme'], anyOf: ['iPhone', 'cloud services'] })).toBe('"Acme" iPhone OR "cloud services"');
    expect(gdeltQuery({ phrases: ['Acme'], anyOf: ['iPhone', 'cloud services'] })).toBe('"Acme" (iPhone OR "cloud services")');
    expect(gdeltQuery({ phrases: ['Acme'], anyOf: ['iPhone'] })).toBe('"Acme" iPhone');
    expect(googleNewsQuery({ phrases: ['Acme "Robotics"'], words: ['Banking  news'] })).toBe('"Acme Robotics" Banking news');
    expect(googleNewsQuery({ anyPhrases: [' ', ''], phrases: ['Acme'], anyOf: ['a', 'b'] })).toBe('"Acme" a OR b');
  });
});

describe('batchNames', () => {
  const names = (n: number, prefix = 'Company') => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);

  it('puts at most ten names in a batch, in the order given', () => {
    expect(MAX_BATCH_NAMES).toBe(10);
    const batches = batchNames(names(23), events);
    expect(batches.map((b) => b.length)).toEqual([10, 10, 3]);
    expect(batches.flat()).toEqual(names(23));
  });

  it("keeps every batch's query, Google's with when:1d and GDELT's, within the bound", () => {
    const long = names(40, 'International Consolidated Holdings and Industrial Manufacturing Group');
    const batches = batchNames(long, events);
    expect(batches.flat()).toEqual(long);
    expect(batches.length).toBeGreaterThan(4);
    for (const batch of batches) {
      expect(`${googleNewsQuery({ anyPhrases: batch, anyOf: events })} when:1d`.length).toBeLessThanOrEqual(MAX_BATCH_QUERY_CHARS);
      expect(gdeltQuery({ anyPhrases: batch, anyOf: events }).length).toBeLessThanOrEqual(MAX_BATCH_QUERY_CHARS);
    }
    // Full batches: one more name would have gone over.
    for (const [i, batch] of batches.slice(0, -1).entries()) {
      const more = [...batch, batches[i + 1]![0]!];
      expect(`${googleNewsQuery({ anyPhrases: more, anyOf: events })} when:1d`.length).toBeGreaterThan(MAX_BATCH_QUERY_CHARS);
    }
  });

  it('searches a name too long for any batch alone, leaves out blank names and keeps names as given', () => {
    const huge = `Acme ${'x'.repeat(MAX_BATCH_QUERY_CHARS)}`;
    expect(batchNames(['Apple', huge, ' ', 'The "Acme" Co'], events)).toEqual([['Apple'], [huge], ['The "Acme" Co']]);
    expect(batchNames([], events)).toEqual([]);
  });
});
