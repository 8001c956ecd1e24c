// The run engine's metrics (issue 28): runs by kind and state counted in the database at each
// scrape, and each successful run's lateness after its slot. The moment a run is for and when it is
// late are said once, in log.ts, for the metrics and the operator console alike: a run is due once
// that moment has come, and late LATE_AFTER_MINUTES after it while unfinished. A run waiting on
// purpose (not_before in the future: an earnings release not out yet) is neither due nor late.
import type pg from 'pg';
import { ALERT_RUN_KINDS } from '../../db/schema.ts';
import { runLateness, type runsGauge } from '../../lib/metrics.ts';
import { LATE_AFTER_MINUTES, RUN_MOMENT_SQL } from './log.ts';
import type { AlertRun } from './types.ts';

const SCHEDULED_KINDS: readonly string[] = ['news', 'newsletter'];
const ISO_SLOT = /^\d{4}-\d{2}-\d{2}T/;

/** The moment a successful run was for, to observe its lateness (log.ts's RUN_MOMENT_SQL says it for the counts). */
export function dueMoment(run: Pick<AlertRun, 'kind' | 'slot' | 'createdAt'>): Date {
  if (SCHEDULED_KINDS.includes(run.kind) && ISO_SLOT.test(run.slot)) {
    const at = new Date(run.slot);
    if (!Number.isNaN(at.getTime())) return at;
  }
  return run.createdAt;
}

/** Called when a run's success is committed: seconds from its due moment to now. */
export function observeRunLateness(run: Pick<AlertRun, 'kind' | 'slot' | 'createdAt'>, now: Date) {
  runLateness.observe({ kind: run.kind }, Math.max(0, (now.getTime() - dueMoment(run).getTime()) / 1000));
}

export const RUN_STATES = ['due', 'prepared', 'running', 'late', 'failed_24h'] as const;

// Open runs through their partial index; failed ones among the last week's (created_at index): a
// run fails at most days after it was created (CATCH_UP_HOURS; an earnings run waits up to 4 days).
const RUNS_BY_STATE = `
  WITH r AS (
    SELECT kind, status, not_before, finished_at, ${RUN_MOMENT_SQL} AS due
      FROM alert_runs WHERE status IN ('queued', 'running', 'prepared')
    UNION ALL
    SELECT kind, status, not_before, finished_at, created_at
      FROM alert_runs WHERE created_at > now() - interval '7 days' AND status = 'failed' AND finished_at > now() - interval '24 hours'
  )
  SELECT kind,
         count(*) FILTER (WHERE status IN ('queued', 'prepared') AND due <= now() AND (not_before IS NULL OR not_before <= now()))::int AS due,
         count(*) FILTER (WHERE status = 'prepared')::int AS prepared,
         count(*) FILTER (WHERE status = 'running')::int AS running,
         count(*) FILTER (WHERE status <> 'failed' AND due < now() - make_interval(mins => $1)
                            AND (not_before IS NULL OR not_before <= now()))::int AS late,
         count(*) FILTER (WHERE status = 'failed')::int AS failed_24h
    FROM r GROUP BY kind`;

/** A scrape waits this long for the counts at most: a slow database must not hang Prometheus. */
export const SCRAPE_QUERY_TIMEOUT_MS = 5_000;

/** Fills eos_runs at a scrape: every kind and state, zero when there is none. */
export function runsGaugeSource(pool: pg.Pool) {
  return async (g: typeof runsGauge) => {
    const { rows } = await pool.query<Record<(typeof RUN_STATES)[number], number> & { kind: string }>({
      text: RUNS_BY_STATE,
      values: [LATE_AFTER_MINUTES],
      // pg's own per-query timeout (@types/pg does not declare it).
      query_timeout: SCRAPE_QUERY_TIMEOUT_MS,
    } as pg.QueryConfig);
    for (const kind of ALERT_RUN_KINDS) {
      const row = rows.find((r) => r.kind === kind);
      for (const state of RUN_STATES) g.set({ kind, state }, row?.[state] ?? 0);
    }
  };
}
