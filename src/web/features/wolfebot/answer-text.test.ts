import { describe, expect, it } from 'vitest';
import type { AnswerSentence } from '../../../shared/wolfebot.ts';
import { isUnsupported, segmentAnswer, splitMarkers, withoutMarkers } from './answer-text.ts';

const sentence = (text: string, verdict: AnswerSentence['verdict'], cites: number[] = []): AnswerSentence => ({ text, cites, verdict });

describe('splitMarkers', () => {
  it('keeps the words and takes each [n] apart, in order', () => {
    expect(splitMarkers('Acme opened a plant [1][3]. It hires [2]')).toEqual([
      { text: 'Acme opened a plant ' },
      { cite: 1 },
      { cite: 3 },
      { text: '. It hires ' },
      { cite: 2 },
    ]);
  });

  it('leaves brackets that are not a citation as text', () => {
    expect(splitMarkers('Q[a] and [1234] and []')).toEqual([{ text: 'Q[a] and [1234] and []' }]);
    expect(splitMarkers('')).toEqual([]);
  });
});

describe('segmentAnswer', () => {
  const text = 'Acme opened a plant in Toledo [1]. It will double revenue.\n\nWant talking points?';
  const sentences = [
    sentence('Acme opened a plant in Toledo [1].', 'supported', [1]),
    sentence('It will double revenue.', 'uncited'),
    sentence('Want talking points?', 'not_factual'),
  ];

  it('cuts a checked answer into its sentences with their verdicts, keeping the text between them', () => {
    const segments = segmentAnswer(text, sentences);
    expect(segments.map((s) => s.verdict)).toEqual(['supported', null, 'uncited', null, 'not_factual']);
    // Nothing is lost or added: the line break between paragraphs is still there.
    const joined = segments.map((s) => s.parts.map((p) => ('text' in p ? p.text : `[${p.cite}]`)).join('')).join('');
    expect(joined).toBe(text);
    expect(segments[0]!.parts).toEqual([{ text: 'Acme opened a plant in Toledo ' }, { cite: 1 }, { text: '.' }]);
  });

  it('greys only the sentences no cited source supports', () => {
    expect(['supported', 'supported', 'unsupported', 'uncited', 'not_factual', null].map((v) => isUnsupported(v as never))).toEqual([
      false,
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it('is one plain segment while the answer streams (no sentences yet)', () => {
    expect(segmentAnswer('Acme opened [1', undefined)).toEqual([{ parts: [{ text: 'Acme opened [1' }], verdict: null }]);
  });

  it('leaves a sentence it cannot find as plain text rather than guessing', () => {
    const segments = segmentAnswer('One [1]. Two.', [sentence('Missing.', 'uncited'), sentence('Two.', 'uncited')]);
    expect(segments.map((s) => s.verdict)).toEqual([null, 'uncited']);
    expect(segments[0]!.parts).toEqual([{ text: 'One ' }, { cite: 1 }, { text: '. ' }]);
  });

  it('finds a repeated sentence at its own place', () => {
    const segments = segmentAnswer('Yes [1]. Yes.', [sentence('Yes [1].', 'supported', [1]), sentence('Yes.', 'uncited')]);
    expect(segments.map((s) => s.verdict)).toEqual(['supported', null, 'uncited']);
  });
});

describe('withoutMarkers', () => {
  it('drops the markers and the space before them, keeping paragraphs', () => {
    expect(withoutMarkers('Acme opened a plant [1][2].\n\nIt hires [3] now.')).toBe('Acme opened a plant.\n\nIt hires now.');
  });
});
