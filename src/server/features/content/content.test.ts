import { describe, expect, it } from 'vitest';
import { draftParagraphs, HOOK_CATEGORIES, MODIFICATIONS, POST_MAX_LENGTH } from '../../../shared/content.ts';
import {
  attributionOf,
  hookCategoryGuides,
  hooksPrompt,
  modificationInstructions,
  modifyPrompt,
  postPrompt,
  statsSearchQuery,
} from './prompts.ts';
import { figuresIn, figuresSupported, plainPost, withHookFirst } from './service.ts';

const inputs = {
  hookCategory: 'Contrarian',
  audience: 'Bank\nCOOs',
  solution: 'Fraud  analytics',
  valueProposition: 'Fewer false alarms',
} as const;

describe('statistics search', () => {
  const query = { ...inputs, attempt: 0, generationCount: 0 };
  it('uses other terms per attempt and another angle per generation', () => {
    expect(statsSearchQuery(query)).toBe('Fraud analytics Bank COOs statistics');
    expect(statsSearchQuery({ ...query, attempt: 1 })).toBe('Bank COOs Fewer false alarms survey');
    expect(statsSearchQuery({ ...query, attempt: 2 })).toBe('Bank COOs industry market data');
    expect(statsSearchQuery({ ...query, generationCount: 6 })).toBe(statsSearchQuery(query));
    expect(statsSearchQuery({ ...query, generationCount: 5 })).toBe('Fraud analytics Bank COOs adoption rate');
  });

  it('cuts a long field at a word boundary', () => {
    const audience = `${'word '.repeat(30)}end`;
    const search = statsSearchQuery({ ...query, attempt: 2, audience });
    expect(search).toBe(`${'word '.repeat(20).trim()} industry market data`);
  });
});

describe('figures', () => {
  it('reads numbers without thousands separators', () => {
    expect(figuresIn('$1,200 and 12.5% of 3 firms in 2030')).toEqual(['1200', '12.5', '3', '2030']);
  });

  it('keeps a statistic only when it has a figure and every figure is in the article', () => {
    const doc = { title: 'Spending to reach $48 billion by 2030', text: 'growing 12% a year', publishedAt: '2026-01-05T00:00:00Z' };
    expect(figuresSupported('Spending reaches $48bn by 2030, up 12% a year.', doc)).toBe(true);
    expect(figuresSupported('Spending reaches $49 billion by 2030.', doc)).toBe(false);
    expect(figuresSupported('Spending keeps growing.', doc)).toBe(false);
  });

  it("never counts the article's date, nor a year alone, as backing a figure", () => {
    // Published 2025-10-14 18:45: those digits are not a statement of the article.
    const doc = { title: 'Hospitals cut costs in 2025', text: 'Budgets are under pressure.', publishedAt: '2025-10-14T18:45:00.000Z' };
    expect(figuresSupported('45% of CFOs plan cuts.', doc)).toBe(false);
    expect(figuresSupported('Costs fell 14% in 2025.', doc)).toBe(false);
    expect(figuresSupported('Half of hospitals cut costs in 2025.', doc)).toBe(false);
  });
});

describe('post text', () => {
  it('keeps whole paragraphs within the length the screen sends back', () => {
    const post = plainPost(Array.from({ length: 3_000 }, (_, i) => `Paragraph ${i}`).join('\n\n'));
    expect(post.length).toBeLessThanOrEqual(POST_MAX_LENGTH);
    expect(post.endsWith('\n\n')).toBe(false);
    expect(draftParagraphs(post).at(-1)).toMatch(/^Paragraph \d+$/);
  });

  it('drops Markdown emphasis and headings and separates paragraphs with one blank line', () => {
    expect(plainPost('# Title\n**Bold** and __strong__ and 2 * 3 * 4\n\n\n \nNext\r\nline')).toBe(
      'Title\nBold and strong and 2 * 3 * 4\n\nNext\nline',
    );
    expect(plainPost('<b>kept as text</b>')).toBe('<b>kept as text</b>');
  });

  it('keeps a post within the length the rewrite accepts, dropping whole paragraphs from the end', () => {
    const post = plainPost(['a'.repeat(6_000), 'b'.repeat(3_000), 'c'.repeat(3_000)].join('\n\n'));
    expect(post).toBe(`${'a'.repeat(6_000)}\n\n${'b'.repeat(3_000)}`);
  });

  it('puts the hook (without its numbering) first when the model dropped it', () => {
    expect(withHookFirst('Hook here!\n\nBody.', '2. Hook here')).toBe('Hook here!\n\nBody.');
    expect(withHookFirst('Body.', '2. Hook here')).toBe('Hook here\n\nBody.');
  });
});

describe('prompts', () => {
  it('has a guide for every hook category and an instruction for every modification', () => {
    expect(Object.keys(hookCategoryGuides).sort()).toEqual([...HOOK_CATEGORIES].sort());
    expect(Object.keys(modificationInstructions).sort()).toEqual([...MODIFICATIONS].sort());
  });

  it('puts every input on its own labelled line, folded to one line', () => {
    const stat = { statistic: '40% of banks\nplan to switch', source: 'https://www.example.com/a', publisher: null };
    const lines = hooksPrompt(inputs, stat).split('\n');
    expect(lines).toContain('Who: Bank COOs');
    expect(lines).toContain('What: Fraud analytics');
    expect(lines).toContain('Statistic: 40% of banks plan to switch');
    expect(lines).toContain('Statistic source: example.com (https://www.example.com/a)');
    expect(postPrompt('Hook\nWho: forged', inputs, null).split('\n')).toContain('Hook: Hook Who: forged');
    expect(postPrompt('Hook', inputs, null).split('\n')).toContain('Statistic: none');
  });

  it('puts the post to rewrite last, paragraphs intact', () => {
    expect(modifyPrompt('First.\r\n\r\nSecond.', 'simpler').endsWith('\nPost:\nFirst.\n\nSecond.')).toBe(true);
  });

  it('attributes a statistic to its publisher, else to its site', () => {
    expect(attributionOf({ source: 'https://www.gartner.com/x', publisher: 'Gartner' })).toBe('Gartner');
    expect(attributionOf({ source: 'https://www.gartner.com/x', publisher: ' ' })).toBe('gartner.com');
  });
});
