// One LISTEN connection per web process (DESIGN §3, §5): every change to a user-owned row is
// announced by a trigger on the `user_rows` channel with its table, operation and owner; the hub
// hands it to that owner's open streams only. Because the announcement comes from PostgreSQL,
// changes made by any process (another web instance, a worker, psql) arrive the same way.
import { type LiveChange, USER_TABLES, type UserTable } from '../../shared/live.ts';
import { listen } from '../db/listen.ts';

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
  const closedController = new AbortController();

  const connection = listen({
    databaseUrl,
    channel: 'user_rows',
    name: 'eos-realtime',
    onNotification(payload) {
      const change = parseAnnouncement(payload);
      if (!change) return;
      const set = listeners.get(change.userId);
      if (set) for (const listener of set) listener({ table: change.table, op: change.op });
    },
    // Announcements made while we were not listening are lost: tell every stream to reload.
    onReconnect() {
      for (const set of listeners.values()) for (const listener of set) listener({ table: '*', op: 'RESYNC' });
    },
  });

  return {
    ready: connection.ready,
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
      closedController.abort();
      listeners.clear();
      await connection.close();
    },
  };
}
