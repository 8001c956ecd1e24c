// The delivery loop of an outbox table (mail_outbox, channel_deliveries): one pass at a time per
// process, woken by the table's NOTIFY (a trigger on insert) and by a poll, which also catches rows
// coming due later (retries) and what was written while the listening connection was away. A wake-up
// during a pass runs one more pass after it, so no row waits for the next poll.
import { errorMessage, log } from '../lib/log.ts';
import { listen } from './listen.ts';

const POLL_MS = 5_000;

export type OutboxLoop = {
  /** Runs a pass now and waits until no pass is running (tests, shutdown). */
  drain(): Promise<void>;
  /** No new pass; waits for the one running and closes the listening connection. */
  stop(): Promise<void>;
};

export async function startOutboxLoop(opts: {
  /** For the LISTEN connection, which is not one of the pool's (db/listen.ts). */
  databaseUrl: string;
  /** The NOTIFY channel. */
  channel: string;
  /** The listening connection's application_name. */
  name: string;
  /** What the loop's failures are logged as, e.g. 'mail sender error'. */
  errorLabel: string;
  /** Claims and delivers what is due until nothing is, or `stopped()` says to stop between batches. */
  pass: (stopped: () => boolean) => Promise<void>;
}): Promise<OutboxLoop> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = opts
      .pass(() => stopped)
      .catch((err) => log.error(opts.errorLabel, { error: errorMessage(err) }))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  const listener = listen({
    databaseUrl: opts.databaseUrl,
    channel: opts.channel,
    name: opts.name,
    onNotification: kick,
    onReconnect: kick,
  });
  await listener.ready;
  const timer = setInterval(kick, POLL_MS);
  kick();

  return {
    async drain() {
      kick();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await listener.close();
    },
  };
}
