// Sign-in and code attempts, counted per account and per IP in the database so that every web
// process shares the count. better-auth's own limiter counts per IP and path only: an attacker
// with many IPs passes it; the per-account count stops them.
import type pg from 'pg';

export type AttemptLimits = {
  /**
   * Counts one attempt against every key, atomically, before the attempt runs (so concurrent
   * attempts cannot slip past a check). Returns the first key now over its limit, else null.
   */
  consume(keys: { key: string; max: number }[]): Promise<string | null>;
  /** Forgets an account's count after a successful sign-in. */
  reset(key: string): Promise<void>;
  /** Takes back one counted attempt (a success from that IP). */
  release(key: string): Promise<void>;
};

export function createAttemptLimits(pool: pg.Pool, windowMinutes: number): AttemptLimits {
  const inWindow = `auth_attempts.window_start > now() - make_interval(mins => ${Math.trunc(windowMinutes)})`;
  return {
    async consume(keys) {
      if (keys.length === 0) return null;
      const { rows } = await pool.query<{ key: string; failures: number }>(
        `INSERT INTO auth_attempts (key, failures, window_start) SELECT k, 1, now() FROM unnest($1::text[]) AS k
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN ${inWindow} THEN auth_attempts.failures + 1 ELSE 1 END,
           window_start = CASE WHEN ${inWindow} THEN auth_attempts.window_start ELSE now() END
         RETURNING key, failures`,
        [keys.map((k) => k.key)],
      );
      for (const { key, max } of keys) {
        if ((rows.find((r) => r.key === key)?.failures ?? 0) > max) return key;
      }
      return null;
    },
    async reset(key) {
      await pool.query('DELETE FROM auth_attempts WHERE key = $1', [key]);
    },
    async release(key) {
      await pool.query('UPDATE auth_attempts SET failures = greatest(failures - 1, 0) WHERE key = $1', [key]);
    },
  };
}
