// The console's AI usage and cost (issue 28 §3): per user and per task for a month, from ai_usage
// (the rows the AI runner writes for every task run), priced from AI_PRICES per model. A model the
// table has no price for is counted in tokens and its cost stays unknown (null), never guessed.
import { sql } from 'drizzle-orm';
import type { AiUsageAnswer, UsageFigures } from '../../../shared/admin-ops.ts';
import { costOf, type PriceTable } from '../../ai/prices.ts';
import { type ModelUsageLine, usageByModel } from '../../ai/usage.ts';
import type { Database } from '../../db/client.ts';

/** Months are New York months, like the report credits (spec 02 §9: the product's wall clock). */
const ZONE = 'America/New_York';

type Tally = Omit<UsageFigures, 'cost' | 'unpricedModels'> & { unpriced: Set<string> };

const tally = (): Tally => ({ runs: 0, failures: 0, inputTokens: 0, outputTokens: 0, pricedCost: 0, unpriced: new Set() });

function add(t: Tally, line: ModelUsageLine, cost: number | null) {
  t.runs += line.runs;
  t.failures += line.failed;
  t.inputTokens += line.inputTokens;
  t.outputTokens += line.outputTokens;
  if (cost === null) t.unpriced.add(line.model);
  else t.pricedCost += cost;
}

const figures = ({ unpriced, ...t }: Tally): UsageFigures => ({
  ...t,
  cost: unpriced.size > 0 ? null : t.pricedCost,
  unpricedModels: [...unpriced].sort(),
});

/** The month's bounds as ISO instants, and the month itself ('YYYY-MM'; this month when not given). */
async function monthBounds(db: Pick<Database, 'execute'>, month: string | undefined) {
  const iso = (expr: ReturnType<typeof sql>) => sql`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
  const { rows } = await db.execute<{ month: string; from: string; to: string }>(sql`
    select m.month, ${iso(sql`(m.month || '-01')::timestamp at time zone ${ZONE}`)} as "from",
           ${iso(sql`((m.month || '-01')::timestamp + interval '1 month') at time zone ${ZONE}`)} as "to"
      from (select coalesce(${month ?? null}::text, to_char(now() at time zone ${ZONE}, 'YYYY-MM')) as month) m`);
  return rows[0]!;
}

export async function aiUsage(db: Database, prices: PriceTable, month: string | undefined): Promise<AiUsageAnswer> {
  const bounds = await monthBounds(db, month);
  const lines = await usageByModel(db, { from: new Date(bounds.from), to: new Date(bounds.to) });
  const perLine = new Map<string, { email: string; task: string; t: Tally }>();
  const perUser = new Map<string, Tally>();
  const perTask = new Map<string, Tally>();
  const total = tally();
  for (const line of lines) {
    const cost = costOf(prices, line.model, line.inputTokens, line.outputTokens);
    const key = JSON.stringify([line.email, line.task]);
    const entry = perLine.get(key) ?? { email: line.email, task: line.task, t: tally() };
    perLine.set(key, entry);
    add(entry.t, line, cost);
    if (!perUser.has(line.email)) perUser.set(line.email, tally());
    add(perUser.get(line.email)!, line, cost);
    if (!perTask.has(line.task)) perTask.set(line.task, tally());
    add(perTask.get(line.task)!, line, cost);
    add(total, line, cost);
  }
  const tokens = (f: UsageFigures) => f.inputTokens + f.outputTokens;
  const heaviest = <T extends UsageFigures>(a: T, b: T) => tokens(b) - tokens(a);
  return {
    month: bounds.month,
    from: bounds.from,
    to: bounds.to,
    lines: [...perLine.values()]
      .map(({ email, task, t }) => ({ email, task, ...figures(t) }))
      .sort((a, b) => heaviest(a, b) || a.email.localeCompare(b.email) || a.task.localeCompare(b.task)),
    users: [...perUser].map(([email, t]) => ({ email, ...figures(t) })).sort((a, b) => heaviest(a, b) || a.email.localeCompare(b.email)),
    tasks: [...perTask].map(([task, t]) => ({ task, ...figures(t) })).sort((a, b) => heaviest(a, b) || a.task.localeCompare(b.task)),
    totals: figures(total),
  };
}
