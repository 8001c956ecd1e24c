// A poller of one source for the whole cluster (issue 31): every `seconds`, whichever worker takes
// the source's lease (a row in source_polls) polls, so two workers never ask EDGAR or Google News
// twice for the same period. A failed poll (the source down, the database away) is logged and the
// next period tries again: nothing is lost, as the sources still list what they listed and the
// ledgers tell what was read.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { errorMessage, log } from '../../lib/log.ts';

/**
 * How long a lease lasts, in periods. The holder takes it again at each of its turns (it knows the
 * lease it holds), so however long a pass runs no other worker starts one beside it; another worker
 * takes over only once the holder has missed its turn (stopped, or cut off from the database).
 */
const LEASE_PERIODS = 1.5;

/**
 * Takes `name`'s lease for `seconds` when nobody holds it, or when `held` (what this process took
 * last time) is still the lease; answers the lease taken, to be passed as `held` next time, or
 * null when another process holds it. The lease's own end, to the microsecond, is the holder's token.
 */
export async function takeLease(
  db: Pick<Database, 'execute'>,
  name: string,
  seconds: number,
  held: string | null = null,
): Promise<string | null> {
  const { rows } = await db.execute<{ leased_until: string }>(sql`
    insert into source_polls (name, leased_until) values (${name}, now() + make_interval(secs => ${seconds}))
    on conflict (name) do update set leased_until = excluded.leased_until
      where source_polls.leased_until <= now() or source_polls.leased_until = ${held}::timestamptz
    returning leased_until::text`);
  return rows[0]?.leased_until ?? null;
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
  let held: string | null = null;
  const turn = async () => {
    try {
      held = await takeLease(opts.db, opts.name, opts.seconds * LEASE_PERIODS, held);
      if (!held) return;
      await recordOutcome(opts.db, opts.name, await opts.poll(controller.signal));
    } catch (err) {
      if (controller.signal.aborted) return;
      log.warn('source poll failed; the next one tries again', { source: opts.name, error: errorMessage(err) });
      await recordOutcome(opts.db, opts.name, `failed: ${errorMessage(err)}`).catch(() => {});
    }
  };
  // At a fixed rate, from each turn's start: a pass that takes minutes (the news watch list, paced)
  // must not push the next one back, or "every 15 minutes" becomes 15 plus the pass.
  const periodMs = opts.seconds * 1000;
  let startedAt = Date.now();
  const start = () => {
    startedAt = Date.now();
    running = turn().finally(schedule);
  };
  const schedule = () => {
    if (controller.signal.aborted) return;
    timer = setTimeout(start, Math.max(0, startedAt + periodMs - Date.now()));
  };
  start();
  return {
    async stop() {
      controller.abort();
      if (timer) clearTimeout(timer);
      await running;
      // Handed back, so another worker's next turn polls rather than waiting for the lease to end.
      if (held) {
        await opts.db
          .execute(sql`update source_polls set leased_until = now() where name = ${opts.name} and leased_until = ${held}::timestamptz`)
          .catch(() => {});
      }
    },
  };
}
