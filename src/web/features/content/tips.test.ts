import { describe, expect, it } from 'vitest';
import { LOADING_TIPS } from './tips.ts';

describe('LOADING_TIPS', () => {
  it('has more than 100 tips (spec 02 §9)', () => {
    expect(LOADING_TIPS.length).toBeGreaterThan(100);
  });

  it('has no duplicates, ignoring case and surrounding spaces', () => {
    const seen = new Map<string, number>();
    const duplicates = LOADING_TIPS.filter((tip, index) => {
      const key = tip.trim().toLowerCase();
      if (seen.has(key)) return true;
      seen.set(key, index);
      return false;
    });
    expect(duplicates).toEqual([]);
  });

  it('keeps every tip to one trimmed line of readable length', () => {
    const bad = LOADING_TIPS.filter((tip) => tip.length < 20 || tip.length > 180 || tip !== tip.trim() || /[\r\n]/.test(tip));
    expect(bad).toEqual([]);
  });

  it('uses US spelling, like the rest of the app', () => {
    // The British forms a writer slips into most often; each has a US twin (-ize, -or, -er, elevator).
    const british =
      /\b\w*(?:alis|aris|oris|ognis|imis|anis)(?:e|ed|es|ing|ation)\b|\b\w*(?:colour|favour|behaviour|humour|honour|labour|neighbour)\w*|\b(?:analys(?:e|ed|es|ing)|centre|programme|whilst|amongst|lift)\b/gi;
    const found = LOADING_TIPS.flatMap((tip) => tip.match(british) ?? []);
    expect(found).toEqual([]);
  });
});
