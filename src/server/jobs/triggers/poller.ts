// A poller of one source for the whole cluster (issue 31): every `seconds`, whichever worker takes
// the source's lease (a row in source_polls) polls, so two workers never ask EDGAR or Google News
// twice for the same period. A failed poll (the source down, the database away) is logged and the
// next period tries again: nothing is lost, as the sources still list what they listed and the
// ledgers tell what was read.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { errorMessage, log } from '../../lib/log.ts';

/** Takes `name`'s lease for `seconds` when nobody holds it; returns whether this process polls now. */
export async function takeLease(db: Pick<Database, 'execute'>, name: string, seconds: number): Promise<boolean> {
  const { rows } = await db.execute<{ name: string }>(sql`
    insert into source_polls (name, leased_until) values (${name}, now() + make_interval(secs => ${seconds}))
    on conflict (name) do update set leased_until = excluded.leased_until where source_polls.leased_until <= now()
    returning name`);
  return rows.length > 0;
}

async function recordOutcome(db: Pick<Database, 'execute'>, name: string, outcome: string) {
  await db.execute(sql`update source_polls set outcome = ${outcome.slice(0, 500)} where name = ${name}`);
}

/** Polls `name` every `seconds` while this process holds its lease; `poll` answers the outcome in a sentence. */
export function startPolling(opts: {
  db: Pick<Database, 'execute'>;
  name: string;
  seconds: number;
  poll: (signal: AbortSignal) => Promise<string>;
}): { stop: () => Promise<void> } {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const turn = async () => {
    try {
      if (!(await takeLease(opts.db, opts.name, opts.seconds))) return;
      await recordOutcome(opts.db, opts.name, await opts.poll(controller.signal));
    } catch (err) {
      if (controller.signal.aborted) return;
      log.warn('source poll failed; the next one tries again', { source: opts.name, error: errorMessage(err) });
      await recordOutcome(opts.db, opts.name, `failed: ${errorMessage(err)}`).catch(() => {});
    }
  };
  const schedule = () => {
    if (controller.signal.aborted) return;
    timer = setTimeout(() => {
      running = turn().finally(schedule);
    }, opts.seconds * 1000);
  };
  running = turn().finally(schedule);
  return {
    async stop() {
      controller.abort();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
