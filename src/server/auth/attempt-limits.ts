// Failed sign-in and code attempts, counted per account and per IP in the database so that every
// web process shares the count. better-auth's own limiter counts per IP and path only; an attacker
// with many IPs would pass it, the per-account count stops them.
import type pg from 'pg';

export type AttemptLimits = {
  /** The first key that is over its limit, or null when every key may try again. */
  blocked(keys: { key: string; max: number }[]): Promise<string | null>;
  recordFailure(keys: string[]): Promise<void>;
  reset(key: string): Promise<void>;
};

export function createAttemptLimits(pool: pg.Pool, windowMinutes: number): AttemptLimits {
  const window = `make_interval(mins => ${Math.trunc(windowMinutes)})`;
  return {
    async blocked(keys) {
      if (keys.length === 0) return null;
      const { rows } = await pool.query<{ key: string; failures: number }>(
        `SELECT key, failures FROM auth_attempts WHERE key = ANY($1) AND window_start > now() - ${window}`,
        [keys.map((k) => k.key)],
      );
      for (const { key, max } of keys) {
        const row = rows.find((r) => r.key === key);
        if (row && row.failures >= max) return key;
      }
      return null;
    },
    async recordFailure(keys) {
      await pool.query(
        `INSERT INTO auth_attempts (key, failures, window_start) SELECT k, 1, now() FROM unnest($1::text[]) AS k
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN auth_attempts.window_start > now() - ${window} THEN auth_attempts.failures + 1 ELSE 1 END,
           window_start = CASE WHEN auth_attempts.window_start > now() - ${window} THEN auth_attempts.window_start ELSE now() END`,
        [keys],
      );
    },
    async reset(key) {
      await pool.query('DELETE FROM auth_attempts WHERE key = $1', [key]);
    },
  };
}
