// Waiting longer after each failure: one formula for every place that tries again (a LISTEN
// connection, a mail delivery, the migrations at start-up, an alert run from the CLI). pg-boss and
// the AI SDK retry with their own backoff; these are the waits they do not cover.
import { setTimeout as sleep } from 'node:timers/promises';

export type Backoff = {
  /** The wait after the first failure. */
  firstMs: number;
  /** No wait is longer than this. */
  maxMs: number;
};

/** The wait after failure number `failures` (from 1): `firstMs`, doubled after each further failure, at most `maxMs`. */
export function backoffMs(failures: number, { firstMs, maxMs }: Backoff): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, failures - 1));
}

/**
 * `work` until it succeeds, waiting `backoffMs` after each failure, for as long as `retryIf` says
 * the failure may pass (given the error, how many tries failed, and the wait that would follow);
 * otherwise its error is thrown.
 */
export async function retry<T>(
  work: () => Promise<T>,
  opts: Backoff & {
    retryIf: (err: unknown, failures: number, waitMs: number) => boolean;
    onRetry?: (err: unknown, waitMs: number) => void;
  },
): Promise<T> {
  for (let failures = 1; ; failures++) {
    try {
      return await work();
    } catch (err) {
      const waitMs = backoffMs(failures, opts);
      if (!opts.retryIf(err, failures, waitMs)) throw err;
      opts.onRetry?.(err, waitMs);
      await sleep(waitMs);
    }
  }
}
