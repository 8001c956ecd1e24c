// Token usage per user and task, for the operator (`npm run admin -- ai-usage`).
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

/** Runs started in the last `days` days, per user and task, the heaviest users first. */
export async function usageReport(db: Database, days: number): Promise<UsageLine[]> {
  const { rows } = await db.execute<UsageLine>(sql`
    select u.email,
           a.task,
           count(*)::int as "runs",
           (count(*) filter (where a.status = 'failed'))::int as "failed",
           coalesce(sum(a.input_tokens), 0)::int as "inputTokens",
           coalesce(sum(a.output_tokens), 0)::int as "outputTokens"
      from ai_usage a
      join users u on u.id = a.user_id
     where a.started_at > now() - make_interval(days => ${days})
     group by u.email, a.task
     order by sum(a.input_tokens + a.output_tokens) desc, u.email, a.task`);
  return rows;
}
