// Which (alert, slot) pairs are due, as SQL: the tick inserts one alert_runs row per pair, and the
// table's unique key (kind, alert_id, slot) makes every later tick, and every other worker's tick,
// insert nothing for the same pair. All wall-clock rules are America/New_York (spec 02 §9), with
// PostgreSQL's time-zone data doing daylight saving.
//
// - news: each delivery day at the delivery hour (ADR 009: the hour of delivery_time in New York);
//   the tick creates the run up to ALERT_PREPARE_MINUTES before, to be prepared ahead (ADR 016).
// - newsletter: the delivery day and time, when it is the occurrence closest to `frequency` days
//   after the last delivery (7d → every week, 14d → every other week, 30d → every fourth week: the
//   chosen weekday 28 days on is nearer to 30 than 35 days on). A save restarts the count.
// - earnings_check: every 15 minutes per tracking (each at its own second of the quarter hour), so that a
//   moved date reaches the user within 30 minutes (issue 29 §2; the request budget is in
//   docs/decisions/029-earnings-calendar.md), and again after a save (at most every 5 minutes); not
//   while an earlier check of the tracking is still unfinished (a source down retries that one).
// - earnings_reminder: from `timing` before the earnings date until the date, once per date, for
//   dates with a confidence of 0.5 or more (a red 'Tentative' guess is not worth an e-mail).
// - earnings_summary: from 2 hours after the earnings date for 4 days, once per date.
//
// A slot missed because no worker ran (deploy, outage) is still taken up to CATCH_UP_HOURS late;
// a slot before the alert's last save is not (saving at 9:30 does not send the 9:00 alert).
import { and, isNull, lt, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { alertRuns, earningsTracking, earningsTrackingResults, newsletterAlerts, sonarAlerts, users } from '../../db/schema.ts';
import type { DbExecutor } from './types.ts';

const CATCH_UP_HOURS = 6;
/** How often each tracked company's earnings date is looked up again (earnings_check). */
export const EARNINGS_POLL_MINUTES = 15;
const EARNINGS_POLL = sql.raw(`interval '${EARNINGS_POLL_MINUTES} minutes'`);
/**
 * Each tracking's own second within the poll interval, from its id: the checks spread evenly over
 * the quarter hour instead of all asking the keyed calendars (Finnhub: 60 a minute) in one minute.
 */
const pollPhase = (id: AnyPgColumn) =>
  sql`timestamptz '2000-01-01 00:00:00+00' + make_interval(secs => abs(hashtext(${id}::text)) % ${EARNINGS_POLL_MINUTES * 60})`;
const NY = sql`'America/New_York'`;
const iso = (expr: SQLWrapper) => sql`to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Where the statements run: drizzle (the database, a transaction), or a checked-out node-postgres
 * client, e.g. the one the tick's transaction is open on (worker.ts: pg-boss's job inserts go through it too). */
type RunsExecutor = Pick<DbExecutor, 'execute' | 'update'> | pg.PoolClient;

const onDrizzle = (on: RunsExecutor): Pick<DbExecutor, 'execute' | 'update'> => ('execute' in on ? on : drizzle(on));

/** `INSERT INTO alert_runs (kind, alert_id, user_id, slot)`: the column list takes bare names. */
const insertRun = sql`INSERT INTO ${alertRuns} (${sql.join(
  [alertRuns.kind, alertRuns.alertId, alertRuns.userId, alertRuns.slot].map((column) => sql.identifier(column.name)),
  sql`, `,
)})`;

/**
 * One user's rows, or everyone's when `userId` is null; never a suspended user's (issue 28: an
 * operator's suspension pauses their alerts, and resuming lets the next slot run).
 */
const ofUser = (column: AnyPgColumn, userId: string | null) =>
  sql`(${userId}::text IS NULL OR ${column} = ${userId})
      AND NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${column} AND ${users.suspendedAt} IS NOT NULL)`;

const catchUpFrom = (now: Date) => sql`${now}::timestamptz - make_interval(hours => ${CATCH_UP_HOURS})`;

function newsDue(now: Date, userId: string | null, leadMinutes: number) {
  const a = sonarAlerts;
  return sql`
  ${insertRun}
  SELECT 'news', ${a.id}, ${a.userId}, ${iso(sql`h.slot`)}
    FROM ${a}
    JOIN generate_series(date_trunc('hour', ${now}::timestamptz) - make_interval(hours => ${CATCH_UP_HOURS}),
                         date_trunc('hour', ${now}::timestamptz + make_interval(mins => ${leadMinutes})), interval '1 hour') AS h(slot)
      ON extract(hour FROM h.slot AT TIME ZONE ${NY}) = extract(hour FROM ${a.deliveryTime} AT TIME ZONE ${NY})
     AND ${a.deliveryDays} @> ARRAY[to_char(h.slot AT TIME ZONE ${NY}, 'DY')]
   WHERE ${a.active} AND btrim(${a.companyName}) <> '' AND ${a.deliveryTime} IS NOT NULL
     AND h.slot >= ${a.updatedAt} AND ${ofUser(a.userId, userId)}
  ON CONFLICT DO NOTHING
  RETURNING ${alertRuns.id}`;
}

function newsletterDue(now: Date, userId: string | null) {
  const n = newsletterAlerts;
  const r = alertRuns;
  return sql`
  ${insertRun}
  SELECT 'newsletter', ${n.id}, ${n.userId}, ${iso(sql`s.slot`)}
    FROM ${n}
   CROSS JOIN LATERAL (
     SELECT ((date_trunc('day', ${now}::timestamptz AT TIME ZONE ${NY}) - make_interval(days => d))
             + (${n.deliverySchedule}->>'delivery_time')::time) AT TIME ZONE ${NY} AS slot
       FROM generate_series(0, 1) AS d
   ) s
   WHERE ${n.active} AND jsonb_array_length(${n.portfolio}) > 0
     AND to_char(s.slot AT TIME ZONE ${NY}, 'DY') = ${n.deliverySchedule}->>'delivery_day'
     AND s.slot <= ${now}::timestamptz AND s.slot > ${catchUpFrom(now)}
     AND s.slot >= ${n.updatedAt} AND ${ofUser(n.userId, userId)}
     AND NOT EXISTS (
       SELECT 1 FROM ${r}
        WHERE ${r.alertId} = ${n.id} AND ${r.kind} = 'newsletter' AND ${r.status} = 'succeeded' AND ${r.finishedAt} > ${n.updatedAt}
          AND ${r.finishedAt} > s.slot - make_interval(days => replace(${n.deliverySchedule}->>'frequency', 'd', '')::int)
                                       + interval '3 days 12 hours')
  ON CONFLICT DO NOTHING
  RETURNING ${alertRuns.id}`;
}

function earningsCheckDue(now: Date, userId: string | null) {
  const t = earningsTracking;
  const r = earningsTrackingResults;
  return sql`
  ${insertRun}
  SELECT 'earnings_check', ${t.id}, ${t.userId},
         to_char(date_bin(${EARNINGS_POLL}, ${now}::timestamptz, ${pollPhase(t.id)}) AT TIME ZONE ${NY}, 'YYYY-MM-DD HH24:MI:SS')
           || ' after save ' || ${iso(t.updatedAt)}
    FROM ${t}
    LEFT JOIN ${r} ON ${r.trackingId} = ${t.id}
   WHERE ${t.active} AND btrim(${t.companyName}) <> '' AND ${ofUser(t.userId, userId)}
     AND NOT EXISTS (
       SELECT 1 FROM ${alertRuns} ar
        WHERE ar.alert_id = ${t.id} AND ar.kind = 'earnings_check' AND ar.status IN ('queued', 'running', 'prepared'))
     -- a minute short of the poll: the tracking's 15-minute slot decides, whatever the run's own duration
     AND (${r.checkedAt} IS NULL OR ${r.checkedAt} < ${now}::timestamptz - ${EARNINGS_POLL}::interval + interval '1 minute'
          -- after a save, but not more than once in 5 minutes however often the card is saved
          OR (${r.checkedAt} < ${t.updatedAt} AND ${r.checkedAt} < ${now}::timestamptz - interval '5 minutes'))
  ON CONFLICT DO NOTHING
  RETURNING ${alertRuns.id}`;
}

function earningsReminderDue(now: Date, userId: string | null) {
  const t = earningsTracking;
  const r = earningsTrackingResults;
  return sql`
  ${insertRun}
  SELECT 'earnings_reminder', ${t.id}, ${t.userId}, ${iso(r.earningsDate)}
    FROM ${t}
    JOIN ${r} ON ${r.trackingId} = ${t.id}
   WHERE ${t.active} AND ${ofUser(t.userId, userId)}
     AND ${r.earningsDate} IS NOT NULL AND ${r.confidenceScore} >= 0.5
     AND coalesce(${r.status}, '') NOT IN ('not_found', 'error', 'pending')
     AND ${now}::timestamptz < ${r.earningsDate}
     AND ${now}::timestamptz >= ${r.earningsDate} - CASE ${t.notificationTiming}
           WHEN '48h' THEN interval '48 hours' WHEN '1w' THEN interval '7 days' ELSE interval '24 hours' END
  ON CONFLICT DO NOTHING
  RETURNING ${alertRuns.id}`;
}

function earningsSummaryDue(now: Date, userId: string | null) {
  const t = earningsTracking;
  const r = earningsTrackingResults;
  return sql`
  ${insertRun}
  SELECT 'earnings_summary', ${t.id}, ${t.userId}, ${iso(r.earningsDate)}
    FROM ${t}
    JOIN ${r} ON ${r.trackingId} = ${t.id}
   WHERE ${t.active} AND ${ofUser(t.userId, userId)}
     AND ${r.earningsDate} IS NOT NULL
     AND coalesce(${r.status}, '') NOT IN ('not_found', 'error', 'pending')
     AND ${now}::timestamptz >= ${r.earningsDate} + interval '2 hours'
     AND ${now}::timestamptz < ${r.earningsDate} + interval '4 days'
  ON CONFLICT DO NOTHING
  RETURNING ${alertRuns.id}`;
}

const DUE: ((now: Date, userId: string | null, leadMinutes: number) => SQL)[] = [
  newsDue,
  newsletterDue,
  earningsCheckDue,
  earningsReminderDue,
  earningsSummaryDue,
];

/**
 * Inserts the runs due at `now` (for one user, or everyone) and returns their ids; with a lead,
 * also the news slots that come within it, to be prepared before them (ADR 016).
 */
export async function insertDueRuns(on: RunsExecutor, now: Date, userId: string | null = null, leadMinutes = 0): Promise<string[]> {
  const db = onDrizzle(on);
  const ids: string[] = [];
  for (const statement of DUE) {
    const { rows } = await db.execute<{ id: string }>(statement(now, userId, leadMinutes));
    for (const row of rows) ids.push(row.id);
  }
  return ids;
}

/**
 * The operator's "run now" (admin run-alerts): one manual run per active alert, whatever its
 * schedule says, and the earnings reminders and summaries that are due. Manual slots never collide
 * with scheduled ones.
 */
export async function insertManualRuns(on: RunsExecutor, now: Date, userId: string | null): Promise<string[]> {
  const slot = `manual:${now.toISOString()}`;
  const { rows } = await onDrizzle(on).execute<{ id: string }>(sql`
    ${insertRun}
    SELECT 'news', ${sonarAlerts.id}, ${sonarAlerts.userId}, ${slot} FROM ${sonarAlerts}
     WHERE ${sonarAlerts.active} AND btrim(${sonarAlerts.companyName}) <> '' AND ${ofUser(sonarAlerts.userId, userId)}
    UNION ALL
    SELECT 'newsletter', ${newsletterAlerts.id}, ${newsletterAlerts.userId}, ${slot} FROM ${newsletterAlerts}
     WHERE ${newsletterAlerts.active} AND jsonb_array_length(${newsletterAlerts.portfolio}) > 0 AND ${ofUser(newsletterAlerts.userId, userId)}
    UNION ALL
    SELECT 'earnings_check', ${earningsTracking.id}, ${earningsTracking.userId}, ${slot} FROM ${earningsTracking}
     WHERE ${earningsTracking.active} AND btrim(${earningsTracking.companyName}) <> '' AND ${ofUser(earningsTracking.userId, userId)}
    ON CONFLICT DO NOTHING
    RETURNING ${alertRuns.id}`);
  return rows.map((r) => r.id);
}

/** Of the unfinished runs, those no worker finished long after they were due (every retry spent on crashes): the engine fails them. */
export const abandonedRuns = (now: Date) =>
  and(lt(alertRuns.createdAt, catchUpFrom(now)), or(isNull(alertRuns.notBefore), lt(alertRuns.notBefore, catchUpFrom(now))));
export const ABANDONED_REASON = `abandoned: no worker finished it within ${CATCH_UP_HOURS} hours`;
