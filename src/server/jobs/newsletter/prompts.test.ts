import { describe, expect, it } from 'vitest';
import type { Retrieved } from '../../ai/grounding.ts';
import { newsletterMaxOutputTokens, newsletterOutput, newsletterPrompt, type PromptSection } from './prompts.ts';

const doc = (n: number, text?: string): Retrieved => ({
  url: `https://news.example.com/${n}`,
  title: `Story ${n}`,
  publisher: 'Reuters',
  publishedAt: '2026-11-22T10:00:00.000Z',
  text: text ?? `Story ${n} Reuters`,
});

const sections: PromptSection[] = [
  { kind: 'company', title: 'Apple', keywords: ['iPhone', 'services'], documents: [doc(1), doc(2, 'Sales rose 8% in the quarter.')] },
  { kind: 'company', title: 'Quiet Co', keywords: [], documents: [] },
  { kind: 'topic', title: 'Regulatory Changes', keywords: [], documents: [doc(3)] },
];
const base = { industry: 'Banking', regions: ['USA', 'UK'], periodLabel: 'Weekly · Nov 16 – Nov 23, 2026' };

describe('newsletterPrompt', () => {
  it('numbers sections in order (empty ones keep their number but are left out) and documents across the message', () => {
    const prompt = newsletterPrompt({ ...base, sections });
    expect(prompt).toContain('Industry: Banking\nRegions: USA, UK\nPeriod: Weekly · Nov 16 – Nov 23, 2026');
    expect(prompt).toContain('Section 1 (company): Apple (keywords: iPhone, services)\n\n[1] URL: https://news.example.com/1');
    expect(prompt).not.toContain('Quiet Co');
    expect(prompt).toContain('Section 3 (topic): Regulatory Changes\n\n[3] URL: https://news.example.com/3');
    expect(prompt).toContain('Leave "trends" empty.');
  });

  it('gives a snippet only when it says more than the title and publisher', () => {
    const prompt = newsletterPrompt({ ...base, sections });
    expect(prompt).toContain('Text: Sales rose 8% in the quarter.');
    expect(prompt).not.toContain('Text: Story 1');
  });

  it('asks for trends from the industry coverage, which is not a numbered section', () => {
    const prompt = newsletterPrompt({
      ...base,
      sections: [sections[0]!, { kind: 'trends', title: 'Banking trends', keywords: [], documents: [doc(4)] }],
    });
    expect(prompt).toContain('Industry coverage (identify trends from these): Banking trends\n\n[3] URL: https://news.example.com/4');
    expect(prompt).toContain('identify two to five distinct trends');
  });

  it('keeps the largest digest (25 companies, 12 topics, 5 articles each) under 100k characters', () => {
    const long = 'word '.repeat(400);
    const many: PromptSection[] = Array.from({ length: 37 }, (_, i) => ({
      kind: i < 25 ? 'company' : 'topic',
      title: `A section title of a fair length ${i}`,
      keywords: i < 25 ? ['keyword one', 'keyword two', 'keyword three'] : [],
      documents: Array.from({ length: 5 }, (_, j) => ({
        ...doc(i * 5 + j, long),
        title: `A headline of about the usual length, number ${i * 5 + j}`,
      })),
    }));
    const prompt = newsletterPrompt({ ...base, sections: many });
    expect(prompt.length).toBeLessThan(100_000);
    expect(prompt).toContain('[185] URL: https://news.example.com/184');
    expect(prompt).toMatch(/\nText: (word ){58}word…\n/);
  });
});

describe('newsletterOutput', () => {
  it('accepts sections and trends, and refuses an answer without items', () => {
    expect(
      newsletterOutput.safeParse({ sections: [{ section: 1, summary: 'S.', items: [{ url: 'u', whyItMatters: 'W.' }] }], trends: [] })
        .success,
    ).toBe(true);
    expect(newsletterOutput.safeParse({ sections: [{ section: 1, summary: 'S.' }], trends: [] }).success).toBe(false);
  });
});

describe('newsletterMaxOutputTokens', () => {
  it('grows with the sections that have documents, within a ceiling', () => {
    expect(newsletterMaxOutputTokens(sections)).toBe(1900);
    expect(newsletterMaxOutputTokens([...sections, { kind: 'trends', title: 't', keywords: [], documents: [doc(9)] }])).toBe(4150);
    expect(newsletterMaxOutputTokens(Array(50).fill(sections[0]))).toBe(16_000);
  });
});
