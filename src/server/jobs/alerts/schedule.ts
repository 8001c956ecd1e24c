// Which (alert, slot) pairs are due, as SQL: the tick inserts one alert_runs row per pair, and the
// table's unique key (kind, alert_id, slot) makes every later tick, and every other worker's tick,
// insert nothing for the same pair. All wall-clock rules are America/New_York (spec 02 §9), with
// PostgreSQL's time-zone data doing daylight saving.
//
// - news: each delivery day at the delivery hour (ADR 009: the hour of delivery_time in New York).
// - newsletter: the delivery day and time, when it is the occurrence closest to `frequency` days
//   after the last delivery (7d → every week, 14d → every other week, 30d → every fourth week: the
//   chosen weekday 28 days on is nearer to 30 than 35 days on). A save restarts the count.
// - earnings_check: once a New York day per tracking, and again after a save (at most every 5 minutes).
// - earnings_reminder: from `timing` before the earnings date until the date, once per date, for
//   dates with a confidence of 0.5 or more (a red 'Tentative' guess is not worth an e-mail).
// - earnings_summary: from 2 hours after the earnings date for 4 days, once per date.
//
// A slot missed because no worker ran (deploy, outage) is still taken up to CATCH_UP_HOURS late;
// a slot before the alert's last save is not (saving at 9:30 does not send the 9:00 alert).
import type pg from 'pg';

export const CATCH_UP_HOURS = 6;
const NY = `'America/New_York'`;
const iso = (expr: string) => `to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const newsDue = `
  INSERT INTO alert_runs (kind, alert_id, user_id, slot)
  SELECT 'news', a.id, a.user_id, ${iso('h.slot')}
    FROM sonar_alerts a
    JOIN generate_series(date_trunc('hour', $1::timestamptz) - make_interval(hours => ${CATCH_UP_HOURS}),
                         date_trunc('hour', $1::timestamptz), interval '1 hour') AS h(slot)
      ON extract(hour FROM h.slot AT TIME ZONE ${NY}) = extract(hour FROM a.delivery_time AT TIME ZONE ${NY})
     AND a.delivery_days @> ARRAY[to_char(h.slot AT TIME ZONE ${NY}, 'DY')]
   WHERE a.active AND btrim(a.company_name) <> '' AND a.delivery_time IS NOT NULL
     AND h.slot >= a.updated_at AND ($2::text IS NULL OR a.user_id = $2)
  ON CONFLICT DO NOTHING
  RETURNING id`;

const newsletterDue = `
  INSERT INTO alert_runs (kind, alert_id, user_id, slot)
  SELECT 'newsletter', n.id, n.user_id, ${iso('s.slot')}
    FROM newsletter_alerts n
   CROSS JOIN LATERAL (
     SELECT ((date_trunc('day', $1::timestamptz AT TIME ZONE ${NY}) - make_interval(days => d))
             + (n.delivery_schedule->>'delivery_time')::time) AT TIME ZONE ${NY} AS slot
       FROM generate_series(0, 1) AS d
   ) s
   WHERE n.active AND jsonb_array_length(n.portfolio) > 0
     AND to_char(s.slot AT TIME ZONE ${NY}, 'DY') = n.delivery_schedule->>'delivery_day'
     AND s.slot <= $1::timestamptz AND s.slot > $1::timestamptz - make_interval(hours => ${CATCH_UP_HOURS})
     AND s.slot >= n.updated_at AND ($2::text IS NULL OR n.user_id = $2)
     AND NOT EXISTS (
       SELECT 1 FROM alert_runs r
        WHERE r.alert_id = n.id AND r.kind = 'newsletter' AND r.status = 'succeeded' AND r.finished_at > n.updated_at
          AND r.finished_at > s.slot - make_interval(days => replace(n.delivery_schedule->>'frequency', 'd', '')::int)
                                     + interval '3 days 12 hours')
  ON CONFLICT DO NOTHING
  RETURNING id`;

const earningsCheckDue = `
  INSERT INTO alert_runs (kind, alert_id, user_id, slot)
  SELECT 'earnings_check', t.id, t.user_id,
         to_char($1::timestamptz AT TIME ZONE ${NY}, 'YYYY-MM-DD') || ' after save ' || ${iso('t.updated_at')}
    FROM earnings_tracking t
    LEFT JOIN earnings_tracking_results r ON r.tracking_id = t.id
   WHERE t.active AND btrim(t.company_name) <> '' AND ($2::text IS NULL OR t.user_id = $2)
     AND (r.checked_at IS NULL OR r.checked_at < $1::timestamptz - interval '20 hours'
          -- after a save, but not more than once in 5 minutes however often the card is saved
          OR (r.checked_at < t.updated_at AND r.checked_at < $1::timestamptz - interval '5 minutes'))
  ON CONFLICT DO NOTHING
  RETURNING id`;

const earningsReminderDue = `
  INSERT INTO alert_runs (kind, alert_id, user_id, slot)
  SELECT 'earnings_reminder', t.id, t.user_id, ${iso('r.earnings_date')}
    FROM earnings_tracking t
    JOIN earnings_tracking_results r ON r.tracking_id = t.id
   WHERE t.active AND ($2::text IS NULL OR t.user_id = $2)
     AND r.earnings_date IS NOT NULL AND r.confidence_score >= 0.5
     AND coalesce(r.status, '') NOT IN ('not_found', 'error', 'pending')
     AND $1::timestamptz < r.earnings_date
     AND $1::timestamptz >= r.earnings_date - CASE t.notification_timing
           WHEN '48h' THEN interval '48 hours' WHEN '1w' THEN interval '7 days' ELSE interval '24 hours' END
  ON CONFLICT DO NOTHING
  RETURNING id`;

const earningsSummaryDue = `
  INSERT INTO alert_runs (kind, alert_id, user_id, slot)
  SELECT 'earnings_summary', t.id, t.user_id, ${iso('r.earnings_date')}
    FROM earnings_tracking t
    JOIN earnings_tracking_results r ON r.tracking_id = t.id
   WHERE t.active AND ($2::text IS NULL OR t.user_id = $2)
     AND r.earnings_date IS NOT NULL
     AND coalesce(r.status, '') NOT IN ('not_found', 'error', 'pending')
     AND $1::timestamptz >= r.earnings_date + interval '2 hours'
     AND $1::timestamptz < r.earnings_date + interval '4 days'
  ON CONFLICT DO NOTHING
  RETURNING id`;

type Queryable = Pick<pg.PoolClient, 'query'>;

/** Inserts the runs due at `now` (for one user, or everyone) and returns their ids. */
export async function insertDueRuns(client: Queryable, now: Date, userId: string | null = null): Promise<string[]> {
  const ids: string[] = [];
  for (const statement of [newsDue, newsletterDue, earningsCheckDue, earningsReminderDue, earningsSummaryDue]) {
    const { rows } = await client.query<{ id: string }>(statement, [now, userId]);
    for (const row of rows) ids.push(row.id);
  }
  return ids;
}

/**
 * The operator's "run now" (admin run-alerts): one manual run per active alert, whatever its
 * schedule says, and the earnings reminders and summaries that are due. Manual slots never collide
 * with scheduled ones.
 */
export async function insertManualRuns(client: Queryable, now: Date, userId: string | null): Promise<string[]> {
  const slot = `manual:${now.toISOString()}`;
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO alert_runs (kind, alert_id, user_id, slot)
     SELECT 'news', id, user_id, $1 FROM sonar_alerts
      WHERE active AND btrim(company_name) <> '' AND ($2::text IS NULL OR user_id = $2)
     UNION ALL
     SELECT 'newsletter', id, user_id, $1 FROM newsletter_alerts
      WHERE active AND jsonb_array_length(portfolio) > 0 AND ($2::text IS NULL OR user_id = $2)
     UNION ALL
     SELECT 'earnings_check', id, user_id, $1 FROM earnings_tracking
      WHERE active AND btrim(company_name) <> '' AND ($2::text IS NULL OR user_id = $2)
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [slot, userId],
  );
  return rows.map((r) => r.id);
}

/** Runs no worker finished long after they were due (every retry spent on crashes): recorded as failed. */
export async function failAbandonedRuns(client: Queryable, now: Date): Promise<number> {
  const { rowCount } = await client.query(
    `UPDATE alert_runs SET status = 'failed', finished_at = now(),
            reason = coalesce(reason || '; ', '') || 'abandoned: no worker finished it within ${CATCH_UP_HOURS} hours'
      WHERE status IN ('queued', 'running') AND created_at < $1::timestamptz - make_interval(hours => ${CATCH_UP_HOURS})
        AND (not_before IS NULL OR not_before < $1::timestamptz - make_interval(hours => ${CATCH_UP_HOURS}))`,
    [now],
  );
  return rowCount ?? 0;
}
