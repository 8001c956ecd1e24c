// A LISTEN connection that outlives the database going away: its own client (not one of the pool's,
// which have no error handler while checked out, so a lost connection would be an unhandled
// 'error' event and end the process), reconnecting with backoff from 0.5 s up to 15 s for as long
// as it runs. Notifications sent while it was away are lost: `onReconnect` lets the owner catch up.
import pg from 'pg';
import { backoffMs } from '../lib/backoff.ts';
import { errorMessage, log } from '../lib/log.ts';

const RECONNECT = { firstMs: 500, maxMs: 15_000 };

export type Listener = {
  /**
   * Resolves once the first LISTEN is in place. A first connection that fails (the database went
   * away while the process was starting) is retried like a lost one, so start-up waits instead of dying.
   */
  readonly ready: Promise<void>;
  close(): Promise<void>;
};

export function listen(opts: {
  databaseUrl: string;
  channel: string;
  name: string;
  onNotification: (payload: string | undefined) => void;
  /** Called after a lost connection was replaced (announcements may have been missed meanwhile). */
  onReconnect?: () => void;
}): Listener {
  let client: pg.Client | null = null;
  let closed = false;
  /** Connection attempts failed in a row. */
  let failures = 0;
  let listening: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    listening = resolve;
  });
  let timer: NodeJS.Timeout | undefined;

  async function connect(isReconnect: boolean): Promise<void> {
    const next = new pg.Client({ connectionString: opts.databaseUrl, application_name: opts.name });
    next.on('notification', (message) => {
      if (message.channel === opts.channel) opts.onNotification(message.payload);
    });
    // A connection lost during LISTEN both rejects the query and emits 'error': reconnect once.
    let failed = false;
    const fail = (err: unknown, message: string) => {
      if (failed) return;
      failed = true;
      log.warn(message, { listener: opts.name, error: errorMessage(err) });
      void next.end().catch(() => {});
      if (client === next) client = null;
      scheduleReconnect();
    };
    next.on('error', (err) => fail(err, 'listening connection lost'));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(opts.channel)}`);
    } catch (err) {
      fail(err, isReconnect ? 'listening connection: reconnect failed' : 'listening connection: could not connect; retrying');
      return;
    }
    if (failed) return;
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    failures = 0;
    listening();
    if (isReconnect) {
      log.info('listening connection restored', { listener: opts.name });
      opts.onReconnect?.();
    }
  }

  function scheduleReconnect() {
    if (closed) return;
    failures++;
    timer = setTimeout(() => void connect(true), backoffMs(failures, RECONNECT));
    timer.unref();
  }

  void connect(false);
  return {
    ready,
    async close() {
      closed = true;
      // Nobody waits on a start-up that will not happen any more.
      listening();
      clearTimeout(timer);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
