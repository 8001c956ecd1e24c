// What a log line is about, carried through async calls: the request it was written during, or the
// run or outgoing e-mail. Set once where the work starts (the HTTP middleware, the run engine, the
// mail sender); every line written inside, in any library or source called from there, carries it
// without being passed anything (AsyncLocalStorage).
import { AsyncLocalStorage } from 'node:async_hooks';

/** Ids only, never a person's address or name: these are written unmasked (log.ts). */
export type LogContext = {
  requestId?: string;
  runId?: string;
  /** The run's kind (news, newsletter, earnings…, air_report). */
  kind?: string;
  alertId?: string;
  outboxId?: string;
};

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `work` with `fields` added to the current context (an inner run inside a request keeps the request id). */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return storage.run({ ...storage.getStore(), ...fields }, work);
}

/**
 * Adds what became known part-way (a run's kind once it is claimed) to the context `withLogContext`
 * opened; outside one it does nothing. Each `withLogContext` has its own object, so this never
 * reaches the caller's context.
 */
export function addLogContext(fields: LogContext) {
  const store = storage.getStore();
  if (store) Object.assign(store, fields);
}

export const currentLogContext = (): LogContext | undefined => storage.getStore();
