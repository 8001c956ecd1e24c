// What the benchmarks that time code in-process against PostgreSQL share: percentiles, the time
// spent waiting for a CPU on a busy machine, and the SQL statements a piece of code sends (for
// EXPLAIN ANALYZE of them as sent).
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** The p-th percentile of `values` (nearest rank); NaN when there are none. */
export function pct(values: number[], p: number) {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export function fmt(ms: number) {
  return `${ms.toFixed(1).padStart(6)} ms`;
}

/**
 * Nanoseconds a process spent on a CPU and runnable but waiting for one (/proc/<pid>/schedstat;
 * null when the server is not on this machine): the wait is what other processes on a busy
 * machine add to a measured time.
 */
export function schedstat(pid: number | 'self'): { cpu: number; wait: number } | null {
  try {
    const [cpu, wait] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { cpu: cpu!, wait: wait! };
  } catch {
    return null;
  }
}

export type SentStatement = { text: string; values: unknown[] };

/** The statements `run` sends through any pg client, as sent (text and parameters). */
export async function capturedStatements(run: () => Promise<unknown>): Promise<SentStatement[]> {
  const query = pg.Client.prototype.query;
  const seen: SentStatement[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...rest: unknown[]) {
    const [first, second] = rest;
    if (typeof first === 'string') seen.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as pg.QueryConfig;
      seen.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) });
    }
    return (query as (...a: unknown[]) => unknown).apply(this, rest);
  } as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return seen;
}
