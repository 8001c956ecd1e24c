// One LISTEN connection per web process (DESIGN §3, §5): every change to a user-owned row is
// announced by a trigger on the `user_rows` channel with its table, operation and owner; the hub
// hands it to that owner's open streams only. Because the announcement comes from PostgreSQL,
// changes made by any process (another web instance, a worker, psql) arrive the same way.
import pg from 'pg';
import { type LiveChange, USER_TABLES, type UserTable } from '../../shared/live.ts';
import { errorMessage, log } from '../lib/log.ts';

/** What a stream receives: a change, or `resync` after the hub missed announcements (reconnect). */
export type HubEvent = LiveChange | { table: '*'; op: 'RESYNC' };
type Listener = (event: HubEvent) => void;

/** Open streams per user and process: plenty of tabs, but one script cannot hold thousands. */
export const MAX_STREAMS_PER_USER = 20;

export type RealtimeHub = {
  /** Registers a stream's listener; null when the user already has MAX_STREAMS_PER_USER open. */
  subscribe(userId: string, listener: Listener): (() => void) | null;
  /** Aborted when the hub closes: open streams end so the HTTP server can stop. */
  readonly closed: AbortSignal;
  readonly ready: Promise<void>;
  close(): Promise<void>;
};

const tables = new Set<string>(USER_TABLES);

export function parseAnnouncement(payload: string | undefined): (LiveChange & { userId: string }) | null {
  try {
    const { table, op, userId } = JSON.parse(payload ?? '') as Record<string, unknown>;
    if (typeof table !== 'string' || !tables.has(table) || typeof userId !== 'string') return null;
    if (op !== 'INSERT' && op !== 'UPDATE' && op !== 'DELETE') return null;
    return { table: table as UserTable, op, userId };
  } catch {
    return null;
  }
}

export function createRealtimeHub(databaseUrl: string): RealtimeHub {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 500;
  const closedController = new AbortController();

  const broadcastAll = (event: HubEvent) => {
    for (const set of listeners.values()) for (const listener of set) listener(event);
  };

  async function connect(isReconnect: boolean): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: 'eos-realtime' });
    next.on('notification', (message) => {
      const change = parseAnnouncement(message.payload);
      if (!change) return;
      const set = listeners.get(change.userId);
      if (set) for (const listener of set) listener({ table: change.table, op: change.op });
    });
    // A connection lost during LISTEN both rejects the query and emits 'error': reconnect once.
    let failed = false;
    const fail = (err: unknown, message: string) => {
      if (failed) return;
      failed = true;
      log.warn(message, { error: errorMessage(err) });
      void next.end().catch(() => {});
      if (client === next) client = null;
      scheduleReconnect();
    };
    next.on('error', (err) => fail(err, 'realtime connection lost'));
    try {
      await next.connect();
      await next.query('LISTEN user_rows');
    } catch (err) {
      if (!isReconnect) {
        failed = true;
        await next.end().catch(() => {});
        throw err;
      }
      fail(err, 'realtime reconnect failed');
      return;
    }
    if (failed) return;
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = 500;
    // Announcements made while we were not listening are lost: tell every stream to reload.
    if (isReconnect) broadcastAll({ table: '*', op: 'RESYNC' });
  }

  function scheduleReconnect() {
    if (closed) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, 15_000);
    setTimeout(() => void connect(true), wait).unref();
  }

  const ready = connect(false);

  return {
    ready,
    closed: closedController.signal,
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set<Listener>();
      if (set.size >= MAX_STREAMS_PER_USER) return null;
      listeners.set(userId, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    async close() {
      closed = true;
      closedController.abort();
      listeners.clear();
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
