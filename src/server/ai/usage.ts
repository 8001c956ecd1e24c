// Token usage per user and task, for the operator: `npm run admin -- ai-usage` (usageReport) and the
// console's AI usage and cost (issue 28 §3), which prices each model's tokens (usageByModel).
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

type UsageLine = {
  email: string;
  task: string;
  runs: number;
  failed: number;
  inputTokens: number;
  outputTokens: number;
};

/** A line per user, task and model: a price is per model, so the cost is made from these. */
export type ModelUsageLine = UsageLine & { model: string };

/** Runs started in [from, to), per user, task and model (one query, grouped in PostgreSQL). */
export async function usageByModel(db: Pick<Database, 'execute'>, range: { from: Date; to: Date }): Promise<ModelUsageLine[]> {
  const { rows } = await db.execute<ModelUsageLine>(sql`
    select u.email,
           a.task,
           a.model,
           count(*)::int as "runs",
           (count(*) filter (where a.status = 'failed'))::int as "failed",
           coalesce(sum(a.input_tokens), 0)::bigint::float8 as "inputTokens",
           coalesce(sum(a.output_tokens), 0)::bigint::float8 as "outputTokens"
      from ai_usage a
      join users u on u.id = a.user_id
     where a.started_at >= ${range.from.toISOString()}::timestamptz and a.started_at < ${range.to.toISOString()}::timestamptz
     group by u.email, a.task, a.model`);
  return rows;
}

/** Runs started in the last `days` days, per user and task, the heaviest users first. */
export async function usageReport(db: Database, days: number): Promise<UsageLine[]> {
  const to = new Date();
  const lines = new Map<string, UsageLine>();
  for (const l of await usageByModel(db, { from: new Date(to.getTime() - days * 86_400_000), to: new Date(to.getTime() + 1) })) {
    const key = `${l.email}\u0000${l.task}`;
    const line = lines.get(key) ?? { email: l.email, task: l.task, runs: 0, failed: 0, inputTokens: 0, outputTokens: 0 };
    line.runs += l.runs;
    line.failed += l.failed;
    line.inputTokens += l.inputTokens;
    line.outputTokens += l.outputTokens;
    lines.set(key, line);
  }
  const tokens = (l: UsageLine) => l.inputTokens + l.outputTokens;
  return [...lines.values()].sort((a, b) => tokens(b) - tokens(a) || a.email.localeCompare(b.email) || a.task.localeCompare(b.task));
}
