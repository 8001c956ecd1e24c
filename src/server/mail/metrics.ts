// The outbox's metrics (issue 28): mails waiting and failed, counted in the database at each scrape.
import type pg from 'pg';
import type { outboxGauge } from '../lib/metrics.ts';

/** A scrape waits this long for the counts at most: a slow database must not hang Prometheus. */
const SCRAPE_QUERY_TIMEOUT_MS = 5_000;

/** Fills eos_outbox_mails at a scrape. Failed mails are kept 90 days (housekeeping): watch its increase. */
export function outboxGaugeSource(pool: pg.Pool) {
  return async (g: typeof outboxGauge) => {
    const { rows } = await pool.query<{ pending: number; retrying: number; failed: number }>({
      text: `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
                    count(*) FILTER (WHERE status = 'pending' AND attempts > 0)::int AS retrying,
                    count(*) FILTER (WHERE status = 'failed')::int AS failed
               FROM mail_outbox WHERE status IN ('pending', 'failed')`,
      // pg's own per-query timeout (@types/pg does not declare it).
      query_timeout: SCRAPE_QUERY_TIMEOUT_MS,
    } as pg.QueryConfig);
    const row = rows[0];
    for (const status of ['pending', 'retrying', 'failed'] as const) g.set({ status }, row?.[status] ?? 0);
  };
}
