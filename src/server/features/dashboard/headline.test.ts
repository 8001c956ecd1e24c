import { describe, expect, it } from 'vitest';
import { readHeadline } from './headline.ts';

const read = (stored: unknown) => readHeadline(stored);

describe('readHeadline', () => {
  it('reads analysis.headline from an object', () => {
    expect(read({ hasNews: true, analysis: { headline: 'Acme buys Globex' } })).toEqual({
      headline: 'Acme buys Globex',
      unreadable: false,
    });
    expect(read({ analysis: { headline: '  Trimmed  ' } }).headline).toBe('Trimmed');
  });

  it('reads JSON text holding the same object, once nested at most', () => {
    const text = JSON.stringify({ hasNews: true, analysis: { headline: 'From text' } });
    expect(read(text)).toEqual({ headline: 'From text', unreadable: false });
    expect(read(JSON.stringify(text))).toEqual({ headline: 'From text', unreadable: false });
    expect(read(JSON.stringify(JSON.stringify(text)))).toEqual({ headline: null, unreadable: true });
  });

  it('no response or no headline is simply empty', () => {
    for (const stored of [null, undefined, {}, { hasNews: false }, { analysis: null }, { analysis: {} }, { analysis: { headline: '' } }]) {
      expect(read(stored), JSON.stringify(stored)).toEqual({ headline: null, unreadable: false });
    }
    expect(read({ analysis: { headline: 42 } })).toEqual({ headline: null, unreadable: false });
    expect(read('{"hasNews":false}')).toEqual({ headline: null, unreadable: false });
  });

  it('anything else is unreadable', () => {
    for (const stored of [
      'not json',
      '{"analysis":',
      'null x',
      7,
      true,
      [1],
      ['{"analysis":{"headline":"x"}}'],
      { analysis: 'text' },
      { analysis: [] },
      '"plain"',
      '[]',
    ]) {
      expect(read(stored), JSON.stringify(stored)).toEqual({ headline: null, unreadable: true });
    }
  });
});
