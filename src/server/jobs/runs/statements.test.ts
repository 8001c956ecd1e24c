import { describe, expect, it } from 'vitest';
import { addCounts, checkText, droppedOnly, withoutMarkers } from './statements.ts';

const documents = [
  { id: 1, text: 'Acme Robotics said revenue rose 8% from a year earlier as services sales reached an all-time high.' },
  { id: 2, text: 'Chief financial officer Dana Whitfield said services revenue reached $24.2 billion in the quarter.' },
];

describe('checkText', () => {
  it('keeps supported and non-factual sentences without their markers, drops the rest, and counts', () => {
    const checked = checkText(
      documents,
      'Acme Robotics said revenue rose 8% [1]. Services revenue reached $31 billion [2]. Ask how they plan to grow.',
    );
    expect(checked.text).toBe('Acme Robotics said revenue rose 8%. Ask how they plan to grow.');
    expect(checked.count).toEqual({ sourced: 1, total: 2, dropped: 1 });
    expect(checked.unsupported).toBe(false);
  });

  it('checks an unmarked sentence against the document it is about', () => {
    expect(checkText(documents, 'Dana Whitfield reported $24.2 billion.', [2])).toMatchObject({
      text: 'Dana Whitfield reported $24.2 billion.',
      count: { sourced: 1, total: 1, dropped: 0 },
    });
    // The same sentence cited to the wrong document fails.
    expect(checkText(documents, 'Dana Whitfield reported $24.2 billion [1].').unsupported).toBe(true);
  });

  it('says so when every fact fails, and keeps a text that states none as written', () => {
    expect(checkText(documents, 'Bartholomew Quince joined [1].')).toEqual({
      text: '',
      count: { sourced: 0, total: 1, dropped: 1 },
      unsupported: true,
    });
    expect(checkText(documents, 'Ask how this changes their plans.')).toEqual({
      text: 'Ask how this changes their plans.',
      count: { sourced: 0, total: 0, dropped: 0 },
      unsupported: false,
    });
  });
});

describe('counts and markers', () => {
  it('adds counts, and a part left out whole counts only its dropped statements', () => {
    expect(addCounts({ sourced: 2, total: 3, dropped: 1 }, undefined, { sourced: 1, total: 1, dropped: 0 })).toEqual({
      sourced: 3,
      total: 4,
      dropped: 1,
    });
    expect(droppedOnly({ sourced: 2, total: 3, dropped: 1 })).toEqual({ sourced: 0, total: 1, dropped: 1 });
  });

  it('removes [n] markers and keeps paragraphs', () => {
    expect(withoutMarkers('Hi Dana [1, 3],\n\nWorth a call [2]?')).toBe('Hi Dana,\n\nWorth a call?');
  });
});
