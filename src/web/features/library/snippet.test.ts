import { describe, expect, it } from 'vitest';
import { HIGHLIGHT } from '../../../shared/library.ts';
import { splitSnippet } from './snippet.ts';

const { start: S, stop: E } = HIGHLIGHT;

describe('splitSnippet', () => {
  it('splits a snippet into plain and marked text, in order', () => {
    expect(splitSnippet(`Acme ${S}robots${E} ship … record ${S}robots${E}`)).toEqual([
      { text: 'Acme ', marked: false },
      { text: 'robots', marked: true },
      { text: ' ship … record ', marked: false },
      { text: 'robots', marked: true },
    ]);
  });

  it('returns plain text without marks as one part, and nothing for an empty snippet', () => {
    expect(splitSnippet('No match shown')).toEqual([{ text: 'No match shown', marked: false }]);
    expect(splitSnippet('')).toEqual([]);
  });

  it('keeps markup as text: the marks are the only thing with a meaning', () => {
    expect(splitSnippet(`<b>${S}<img src=x onerror=alert(1)>${E}</b>`)).toEqual([
      { text: '<b>', marked: false },
      { text: '<img src=x onerror=alert(1)>', marked: true },
      { text: '</b>', marked: false },
    ]);
  });

  it('never shows a mark as a character when they do not pair up', () => {
    expect(splitSnippet(`a${E}b ${S}c${S}d`)).toEqual([
      { text: 'ab ', marked: false },
      { text: 'cd', marked: true },
    ]);
    expect(splitSnippet(`${S}${E}${S}word${E}${E}`)).toEqual([{ text: 'word', marked: true }]);
  });

  it('merges matches that touch, such as two marked words in a row', () => {
    expect(splitSnippet(`${S}record${E}${S}revenue${E} up`)).toEqual([
      { text: 'recordrevenue', marked: true },
      { text: ' up', marked: false },
    ]);
  });
});
