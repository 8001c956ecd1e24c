// When a trigger may go (issue 31): not during the user's quiet hours unless its kind is one they
// call urgent (held until the hours end), and not beyond their daily cap (held until the evening's
// quiet hours begin, or midnight without any). A held trigger is released with every other one of
// the user's held triggers due then, as one roll-up: the morning after quiet hours brings one
// message, not twenty. All times are the user's own, computed by PostgreSQL's time-zone data.
import { sql } from 'drizzle-orm';
import type { TriggerKind, TriggerSettings } from '../../../shared/triggers.ts';
import type { DbExecutor } from '../runs/types.ts';

/** A trigger run's hold, kept in its steps ('held'): why, and until when (ISO). */
export type Hold = { why: 'quiet' | 'cap'; until: string } | { why: null; until: null };

/** What a roll-up's member said of itself, as the outcome of the run it was sent with. */
export const ROLLED_UP = 'sent in the roll-up of run';

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `local` ('HH:MM…') lies within quiet hours, which may run past midnight. */
export function inQuietHours(local: string, quiet: { start: string; end: string }): boolean {
  const t = minutes(local);
  const start = minutes(quiet.start);
  const end = minutes(quiet.end);
  return start < end ? t >= start && t < end : t >= start || t < end;
}

/**
 * Whether to hold a trigger of `kinds` now, and until when. `sentToday`: the triggers the user was
 * sent since their local midnight (a roll-up counting once).
 */
export async function decideHold(db: DbExecutor, userId: string, settings: TriggerSettings, kinds: TriggerKind[]): Promise<Hold> {
  const quiet = settings.quietHours;
  const { rows } = await db.execute<{ local: string; quiet_end: Date | string | null; evening: Date | string; sent_today: number }>(sql`
    with z as (select (now() at time zone ${settings.timeZone}) as local_now)
    select to_char(z.local_now, 'HH24:MI') as local,
           ${
             quiet
               ? sql`(select case when t > now() then t else ((z.local_now::date + 1) + ${quiet.end}::time) at time zone ${settings.timeZone} end
                            from (select ((z.local_now::date) + ${quiet.end}::time) at time zone ${settings.timeZone} as t) e)`
               : sql`null`
           } as quiet_end,
           (select case when t > now() then t else ((z.local_now::date + 1) + ${quiet?.start ?? '00:00'}::time) at time zone ${settings.timeZone} end
              from (select ((z.local_now::date) + ${quiet?.start ?? '00:00'}::time) at time zone ${settings.timeZone} as t) s) as evening,
           (select count(*)::int from alert_runs r
             where r.user_id = ${userId} and r.kind = 'trigger' and r.status = 'succeeded'
               and r.created_at > now() - interval '3 days'
               and r.finished_at >= (z.local_now::date)::timestamp at time zone ${settings.timeZone}
               and coalesce(r.outcome, '') not like ${`${ROLLED_UP}%`}) as sent_today
      from z`);
  const row = rows[0]!;
  const urgent = kinds.some((kind) => settings.urgentKinds.includes(kind));
  const quietNow = quiet !== null && inQuietHours(row.local, quiet);
  if (quietNow && !urgent) return { why: 'quiet', until: new Date(row.quiet_end!).toISOString() };
  if (row.sent_today >= settings.dailyCap) {
    // During quiet hours (an urgent kind past the cap) the roll-up comes when they end.
    const until = quietNow ? row.quiet_end! : row.evening;
    return { why: 'cap', until: new Date(until).toISOString() };
  }
  return { why: null, until: null };
}

/** The first (oldest) of the user's released held triggers: the one that sends their roll-up. */
export async function rollUpLeader(db: DbExecutor, userId: string): Promise<string | null> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from alert_runs
     where user_id = ${userId} and kind = 'trigger' and status in ('queued', 'running')
       and steps ? 'held' and (steps->'held'->>'until')::timestamptz <= now()
     order by created_at, id limit 1`);
  return rows[0]?.id ?? null;
}

/**
 * The other held triggers of the user released by now (or within the minute: those waiting for this
 * leader), locked for this commit; runs another worker holds are skipped (they send themselves).
 */
export async function claimRollUpMembers(tx: DbExecutor, userId: string, leaderId: string): Promise<{ id: string; eventId: string }[]> {
  const { rows } = await tx.execute<{ id: string; alert_id: string }>(sql`
    select id, alert_id::text from alert_runs
     where user_id = ${userId} and kind = 'trigger' and status = 'queued' and id <> ${leaderId}
       and steps ? 'held' and (steps->'held'->>'until')::timestamptz <= now() + interval '1 minute'
     order by created_at, id
     for update skip locked`);
  return rows.map((r) => ({ id: r.id, eventId: r.alert_id }));
}

/** The members sent with the leader's roll-up: finished, with where they went. */
export async function finishRollUpMembers(tx: DbExecutor, memberIds: string[], leaderId: string): Promise<void> {
  if (memberIds.length === 0) return;
  await tx.execute(sql`
    update alert_runs set status = 'succeeded', outcome = ${`${ROLLED_UP} ${leaderId}`}, reason = null, steps = '{}'::jsonb,
                          not_before = null, finished_at = now()
     where id = any(${sql.param(memberIds)}::uuid[]) and status = 'queued'`);
}
