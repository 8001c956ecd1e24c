// What a model's tokens cost, from the operator's price table (AI_PRICES): for the operator
// console's AI usage and the metrics' cost per task. A model without a price has no cost (null),
// never a guessed one.
import type { Config } from '../config.ts';

export type PriceTable = Config['AI_PRICES'];

/** US dollars for these tokens of this model, or null when the table has no price for it. */
export function costOf(prices: PriceTable, model: string, inputTokens: number, outputTokens: number): number | null {
  const price = prices[model];
  if (!price) return null;
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}
