import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { costOf } from './prices.ts';

describe('AI prices', () => {
  it('costs tokens per million at the model price, and has no cost for a model without one', () => {
    const prices = { 'gpt-4o-mini': { input: 0.15, output: 0.6 } };
    expect(costOf(prices, 'gpt-4o-mini', 2_000_000, 500_000)).toBeCloseTo(0.6);
    expect(costOf(prices, 'llama3.1', 1000, 1000)).toBeNull();
  });

  it('reads AI_PRICES as JSON and refuses a table it cannot use, naming the variable', () => {
    expect(loadConfig({ AI_PRICES: '{"m":{"input":1,"output":2}}' }).AI_PRICES).toEqual({ m: { input: 1, output: 2 } });
    expect(loadConfig({}).AI_PRICES).toEqual({});
    expect(() => loadConfig({ AI_PRICES: '{m:1}' })).toThrow(/AI_PRICES must be JSON/);
    expect(() => loadConfig({ AI_PRICES: '{"m":{"input":-1,"output":2}}' })).toThrow(/AI_PRICES must map each model/);
    expect(() => loadConfig({ AI_PRICES: '{"m":{"input":1}}' })).toThrow(/AI_PRICES must map each model/);
  });
});
