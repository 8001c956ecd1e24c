// The source pollers' loop (jobs/triggers/poller.ts) on the real database: two workers sharing one
// source poll it once per period between them, at a fixed rate from each pass's start (a slow pass
// does not push the next one back), and stop waits for the pass under way.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/db/client.ts';
import { startPolling } from '../../../src/server/jobs/triggers/poller.ts';
import { until } from '../../support/server-process.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

let database: ReturnType<typeof createDatabase>;
beforeAll(() => {
  database = createDatabase(testDatabaseUrl(), 4);
});
afterAll(async () => {
  await database?.pool.end();
});

describe('source pollers', () => {
  it('two workers poll a source once per period between them, each pass starting a period after the last began', {
    timeout: 30_000,
  }, async () => {
    const name = `test-${randomUUID()}`;
    const starts: number[] = [];
    let running = 0;
    let overlapped = false;
    // A pass that takes most of the period: with the period counted from its end, passes would start 1.9 s apart.
    const poll = async () => {
      starts.push(Date.now());
      running += 1;
      if (running > 1) overlapped = true;
      await new Promise((r) => setTimeout(r, 900));
      running -= 1;
      return 'done';
    };
    const a = startPolling({ db: database.db, name, seconds: 1, poll });
    const b = startPolling({ db: database.db, name, seconds: 1, poll });
    try {
      await until('five passes', async () => starts.length >= 5, 20_000);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(overlapped).toBe(false);
    const gaps = starts.slice(1).map((at, i) => at - starts[i]!);
    // One pass per period (never two in one), and none further apart than a period and its timer's slack.
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(850);
      expect(gap).toBeLessThan(1_700);
    }
    const { rows } = await database.db.execute<{ outcome: string }>(sql`select outcome from source_polls where name = ${name}`);
    expect(rows[0]?.outcome).toBe('done');
  });

  it('a worker that stops hands the source to the other, whose next turn polls it', { timeout: 30_000 }, async () => {
    const name = `test-${randomUUID()}`;
    const polledBy: string[] = [];
    const poller = (who: string) =>
      startPolling({
        db: database.db,
        name,
        seconds: 1,
        poll: async () => {
          polledBy.push(who);
          return who;
        },
      });
    const a = poller('a');
    await until('a first pass', async () => polledBy.length === 1);
    const b = poller('b');
    try {
      await a.stop();
      const stoppedAt = polledBy.length;
      const stopped = Date.now();
      // At its next turn, within a period: without the hand-back it would wait out the lease (1.5 periods).
      await until('the other worker polling', async () => polledBy.slice(stoppedAt).includes('b'), 5_000);
      expect(Date.now() - stopped).toBeLessThan(1_600);
    } finally {
      await b.stop();
    }
    expect(polledBy[0]).toBe('a');
  });

  it('stop waits for the pass under way, and no pass starts after it', { timeout: 30_000 }, async () => {
    const name = `test-${randomUUID()}`;
    let finished = 0;
    let started = 0;
    const poller = startPolling({
      db: database.db,
      name,
      seconds: 1,
      poll: async (signal) => {
        started += 1;
        await new Promise((r) => setTimeout(r, 300));
        finished += 1;
        return signal.aborted ? 'stopped' : 'done';
      },
    });
    await until('a pass under way', async () => started === 1);
    await poller.stop();
    expect(finished).toBe(1);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(started).toBe(1);
  });
});
