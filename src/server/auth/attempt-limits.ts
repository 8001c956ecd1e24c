// Sign-in and code attempts, counted per account and per IP in the database so that every web
// process shares the count. better-auth's own limiter counts every request per IP and path, which
// locks out an office behind one address; ours counts failures (a success gives its attempt back)
// and, per account, stops an attacker whatever their IPs.
import type pg from 'pg';

/** The key over its limit, and how long until its window ends. */
export type Throttled = { key: string; retryAfterSeconds: number };

/** What a wrong one-time code answers, decided the same way for every address (see `codeFailed`). */
export type CodeFailure = 'invalid' | 'expired' | 'too_many';

export type AttemptLimits = {
  /**
   * Counts one attempt against every key, atomically, before the attempt runs (so concurrent
   * attempts cannot slip past a check). Returns the first key now over its limit, else null.
   */
  consume(keys: { key: string; max: number }[]): Promise<Throttled | null>;
  /** Forgets an account's count after a successful sign-in. */
  reset(key: string): Promise<void>;
  /** Takes back one counted attempt (a success from that IP). */
  release(key: string): Promise<void>;
  /** A sign-in code was requested for this address (known or not): a new code, no wrong tries yet. */
  codeIssued(email: string): Promise<void>;
  /** A wrong code for this address: what to answer, from the request count, not from whether the account exists. */
  codeFailed(email: string, rules: { lifetimeSeconds: number; allowedAttempts: number }): Promise<CodeFailure>;
};

export function createAttemptLimits(pool: pg.Pool, windowMinutes: number): AttemptLimits {
  const minutes = Math.trunc(windowMinutes);
  const inWindow = `auth_attempts.window_start > now() - make_interval(mins => ${minutes})`;
  const codeKey = (email: string) => `code:${email}`;
  return {
    async consume(keys) {
      if (keys.length === 0) return null;
      const { rows } = await pool.query<{ key: string; failures: number; retry_after: number }>(
        `INSERT INTO auth_attempts (key, failures, window_start) SELECT k, 1, now() FROM unnest($1::text[]) AS k
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN ${inWindow} THEN auth_attempts.failures + 1 ELSE 1 END,
           window_start = CASE WHEN ${inWindow} THEN auth_attempts.window_start ELSE now() END
         RETURNING key, failures,
           ceil(extract(epoch FROM window_start + make_interval(mins => ${minutes}) - now()))::int AS retry_after`,
        [keys.map((k) => k.key)],
      );
      for (const { key, max } of keys) {
        const row = rows.find((r) => r.key === key);
        if (row && row.failures > max) return { key, retryAfterSeconds: Math.max(1, row.retry_after) };
      }
      return null;
    },
    async reset(key) {
      await pool.query('DELETE FROM auth_attempts WHERE key = $1', [key]);
    },
    async release(key) {
      await pool.query('UPDATE auth_attempts SET failures = greatest(failures - 1, 0) WHERE key = $1', [key]);
    },
    async codeIssued(email) {
      await pool.query(
        `INSERT INTO auth_attempts (key, failures, window_start) VALUES ($1, 0, now())
         ON CONFLICT (key) DO UPDATE SET failures = 0, window_start = now()`,
        [codeKey(email)],
      );
    },
    async codeFailed(email, { lifetimeSeconds, allowedAttempts }) {
      // The same steps as better-auth's for a real code: expired first (then gone), then the try
      // after the allowed ones is refused (then gone), else invalid.
      const { rows } = await pool.query<{ failures: number; expired: boolean }>(
        `UPDATE auth_attempts SET failures = failures + 1 WHERE key = $1
         RETURNING failures, window_start < now() - make_interval(secs => $2) AS expired`,
        [codeKey(email), lifetimeSeconds],
      );
      const row = rows[0];
      if (!row) return 'invalid';
      if (row.expired || row.failures > allowedAttempts) await pool.query('DELETE FROM auth_attempts WHERE key = $1', [codeKey(email)]);
      return row.expired ? 'expired' : row.failures > allowedAttempts ? 'too_many' : 'invalid';
    },
  };
}
