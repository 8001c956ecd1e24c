import { describe, expect, it } from 'vitest';
import { companiesIn, newsKindsOf } from './news-classify.ts';

describe('newsKindsOf', () => {
  it.each([
    ['Apple Inc. appoints Jane Doe as chief financial officer', ['leadership']],
    ['AT&T CEO John Stankey to step down', ['leadership']],
    ['Acme names interim CFO after abrupt exit', ['leadership']],
    ['Alphabet agrees to buy Wiz for $32 billion', ['acquisition']],
    ['Acme Robotics raises $40 million in Series B funding', ['funding']],
    ['Microsoft to cut 10,000 jobs', ['restructuring']],
    ['Initech announces layoffs of 300 staff', ['restructuring']],
    ['Apple unveils new iPhone', ['product_launch']],
  ])('%s → %j', (headline, kinds) => {
    expect(newsKindsOf(headline)).toEqual(kinds);
  });

  it('finds nothing in stories that are no trigger event', () => {
    for (const headline of [
      'Apple reports record quarterly revenue, beating estimates',
      'Apple shares rise after earnings',
      'Regulators open review of Apple app store rules',
      'Microsoft opens a new office in Dublin',
    ])
      expect(newsKindsOf(headline)).toEqual([]);
  });
});

describe('companiesIn', () => {
  it('names the watched companies a headline names, as company names compare', () => {
    const names = ['Apple', 'AT&T', 'Acme Robotics', 'Micro'];
    expect(companiesIn('Apple Inc. appoints a CFO', names)).toEqual(['Apple']);
    expect(companiesIn('AT and T names new CEO', names)).toEqual(['AT&T']);
    // A word inside another is not the company.
    expect(companiesIn('Microsoft acquires Acme Robotics', names)).toEqual(['Acme Robotics']);
    expect(companiesIn('Pineapple growers raise prices', names)).toEqual([]);
  });
});
