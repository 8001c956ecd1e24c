import { describe, expect, it } from 'vitest';
import type { Source } from '../../../shared/research.ts';
import { Grounding, type Retrieved } from '../../ai/grounding.ts';
import { ResultStatements, SourceNumbers } from './statements.ts';

const doc = (slug: string, text: string, title = `About ${slug}`): Retrieved => ({
  url: `https://news.example.com/${slug}`,
  title,
  publisher: 'Example News',
  publishedAt: '2026-11-20T10:00:00Z',
  text,
  evidence: 'article',
});

const documents = [
  doc('acme-revenue', 'Acme Robotics said revenue rose 12% to $4.8 billion in the third quarter.'),
  doc('acme-hiring', 'Acme Robotics will hire 300 engineers in Denver next year, chief executive Jane Ortiz said.'),
  doc('acme-plant', 'The company opened a plant in Monterrey in March.'),
];

function setup(cited: string[]) {
  const grounding = new Grounding(documents);
  const numbers = new SourceNumbers(
    documents.map((d) => d.url),
    grounding.sources(cited),
    (url) => grounding.source(url),
  );
  return { numbers, statements: new ResultStatements(documents, numbers) };
}

describe('SourceNumbers', () => {
  it('numbers a prompt document by its place in the sources list, and appends one the list lacks', () => {
    const { numbers } = setup([documents[1]!.url, documents[0]!.url]);
    expect(numbers.numberOf(2)).toBe(1);
    expect(numbers.numberOf(1)).toBe(2);
    expect(numbers.numberOf(3)).toBe(3);
    expect(numbers.numberOf(3)).toBe(3);
    expect(numbers.sources.map((s: Source) => s.url)).toEqual([documents[1]!.url, documents[0]!.url, documents[2]!.url]);
  });

  it('has no number for a document that does not exist', () => {
    const { numbers } = setup([]);
    expect(numbers.numberOf(0)).toBeNull();
    expect(numbers.numberOf(4)).toBeNull();
    expect(numbers.sources).toEqual([]);
  });

  it('finds the document of a source address, its tracking query aside', () => {
    const { numbers } = setup([]);
    expect(numbers.documentOf(`${documents[2]!.url}?utm_source=feed`)).toBe(3);
    expect(numbers.documentOf('https://elsewhere.example.org/story')).toBeNull();
  });
});

describe('ResultStatements', () => {
  it('keeps supported sentences with their markers renumbered to the sources list, and drops the rest', () => {
    const { numbers, statements } = setup([documents[1]!.url]);
    const kept = statements.text(
      'Acme Robotics will hire 300 engineers in Denver [2]. Revenue rose 12% to $4.8 billion [1]. Revenue rose 40% [1]. Ask how they plan to staff it.',
    );
    expect(kept).toBe(
      'Acme Robotics will hire 300 engineers in Denver [1]. Revenue rose 12% to $4.8 billion [2]. Ask how they plan to staff it.',
    );
    expect(numbers.sources.map((s) => s.url)).toEqual([documents[1]!.url, documents[0]!.url]);
    expect(statements.count).toEqual({ sourced: 2, total: 3, dropped: 1 });
    expect(statements.noEvidence).toBe(false);
  });

  it('does not list a document that only a dropped sentence cites', () => {
    const { numbers, statements } = setup([]);
    expect(statements.text('The company opened a plant in Lisbon [3].')).toBe('');
    expect(numbers.sources).toEqual([]);
  });

  it('drops a sentence cited to a document that does not exist, and counts the invented citation once', () => {
    const { statements } = setup([]);
    expect(
      statements.texts(['Acme Robotics said revenue rose 12% [9].', 'Jane Ortiz leads Acme Robotics [9].', 'Jane Ortiz spoke [2].']),
    ).toEqual(['Jane Ortiz spoke [1].']);
    expect(statements.unknownCitations).toBe(1);
    expect(statements.count).toEqual({ sourced: 1, total: 3, dropped: 2 });
  });

  it('checks a market figure against the document its link names', () => {
    const { statements } = setup([]);
    expect(statements.figure({ statistic: 'Revenue rose 12% to $4.8 billion', source: documents[0]!.url })).toBe(true);
    expect(statements.figure({ statistic: 'Revenue rose 12% to $4.8 billion', source: documents[2]!.url })).toBe(false);
    expect(statements.figure({ statistic: '97% of buyers agree', source: documents[0]!.url })).toBe(false);
    expect(statements.count).toEqual({ sourced: 1, total: 3, dropped: 2 });
  });

  it('has no evidence when facts were stated and none is supported, but not when none was stated', () => {
    const none = setup([]).statements;
    none.text('Acme Robotics grew 500% in 2031 [1].');
    expect(none.noEvidence).toBe(true);
    const plain = setup([]).statements;
    expect(plain.text('Ask how they plan to staff it.')).toBe('Ask how they plan to staff it.');
    expect(plain.noEvidence).toBe(false);
  });
});
