// Earnings-date moves as trigger events (issue 31, "from 'Where sellers work'"). The earnings checks
// already look every tracked company's date up every 15 minutes (jobs/runs/schedule.ts, ADR 029)
// and write a listed date that gives way to another listed day into the earnings_moves ledger, in
// the commit that stores the new date, once per company and move however many users' checks see it.
// This poller (every TRIGGER_EARNINGS_POLL_SECONDS, one worker per period) tells each move once: a
// trigger event keyed by the company and the new date, with one 'trigger' run per user who watches
// the company on an alert that wants 'earnings_moved' — except the users whose own earnings alert of
// the company tells them of the move in its "date moved" e-mail: one message per user and move.
//
// A company watched for the kind that no active earnings alert tracks (a news alert's company, a
// newsletter's portfolio) has no check to see its moves: the poller looks its date up itself, each
// company every 15 minutes as earnings checks do (ADR 029's pacing and calendars), at most
// WATCH_CHECKS_PER_POLL a poll, and writes its moves into the same ledger.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { earningsDateLabel, earningsMoveTexts, earningsSourceName, verifiableUrl } from '../../../shared/earnings-alerts.ts';
import { triggerKindNouns } from '../../../shared/triggers.ts';
import type { Database } from '../../db/client.ts';
import { recordEarningsMove } from '../../db/earnings-moves.ts';
import { errorMessage, log } from '../../lib/log.ts';
import { type EarningsCalendarSource, type EarningsDate, SEC_ESTIMATE } from '../../sources/sec/earnings-calendar.ts';
import type { SecSource } from '../../sources/sec/sec.ts';
import { EARNINGS_POLL_MINUTES } from '../runs/schedule.ts';
import type { DbExecutor } from '../runs/types.ts';
import { tellEvent } from './events.ts';
import { loadWatchers, type Watcher, watchersByCompany } from './watch.ts';

/** Moves told per poll at most (a backlog is taken up by the next polls). */
const BATCH = 200;
/** A move found longer ago than this when the poller first sees it (a poller off for a day) is told to nobody. */
const MAX_AGE_HOURS = 24;
/**
 * Watched companies no earnings alert tracks, looked up per poll at most: with the 60-second poll,
 * 900 companies every 15 minutes, one Finnhub request a second (its free plan's 60 a minute).
 */
const WATCH_CHECKS_PER_POLL = 60;
const DAY_MS = 86_400_000;
/**
 * How long a process keeps the list of watched companies it looks up: loading every watcher took
 * 0.15–1.1 s at 30,000 watched names on a shared 2-core machine (ADR 032), too much for every
 * minute. A company watched since is looked up at most this much later; moves are always told to
 * the watchers as they are at the poll.
 */
const WATCHED_RELOAD_MS = 5 * 60_000;

/** The watched companies' keys as last loaded, kept by the caller across polls (main.ts). */
export type WatchedCache = { keys: string[]; at: number };

export type EarningsPollDeps = {
  db: Database;
  pool: pg.Pool;
  sources: { sec: SecSource; earningsCalendar: EarningsCalendarSource };
  queue: (client: pg.PoolClient, runIds: string[]) => Promise<void>;
  now: () => Date;
  /** Without one, every poll loads the watchers afresh (tests). */
  watchedCache?: WatchedCache;
};

export type EarningsPollResult = { looked: number; moves: number; events: number; runs: number };

type MoveRow = {
  id: string;
  company_key: string;
  cik: string | null;
  ticker: string;
  company_name: string;
  earnings_date: Date | string;
  previous_label: string;
  date_label: string;
  change: string;
  source_name: string;
  source_url: string | null;
  found_at: Date | string;
  fresh: boolean;
};

/**
 * The users among `userIds` with an active earnings alert on the company (by the ticker its checks
 * stored, the one the moves of `companyKey` name): that alert's own "date moved" e-mail tells them.
 */
export async function earningsAlertOwners(db: Pick<DbExecutor, 'execute'>, companyKey: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const { rows } = await db.execute<{ user_id: string }>(sql`
    select distinct t.user_id from earnings_tracking t
      join earnings_tracking_results r on r.tracking_id = t.id
     where t.active and t.user_id = any(${sql.param(userIds)}::text[])
       and upper(r.ticker) in (select upper(m.ticker) from earnings_moves m where m.company_key = ${companyKey})`);
  return new Set(rows.map((r) => r.user_id));
}

/** The message's first line: old date → new date, the shift, and the calendar that says so (never why: no source says). */
export function moveSummary(move: {
  companyName: string;
  ticker: string;
  previousLabel: string;
  dateLabel: string;
  change: string;
  sourceName: string;
}): string {
  const change = move.change.charAt(0).toLowerCase() + move.change.slice(1);
  return `The earnings date of ${move.companyName} (${move.ticker}) moved: ${move.previousLabel} → ${move.dateLabel}, ${change}, as ${move.sourceName} lists it now.`;
}

type WatchedRow = {
  company_key: string;
  cik: string;
  ticker: string;
  edgar_name: string | null;
  earnings_date: Date | string | null;
  provider: string | null;
  /** Whether the stored date was read lately enough to compare with (not before a time the company was tracked, or unwatched). */
  recent: boolean;
};

/**
 * Looks up the watched companies no active earnings alert tracks whose turn it is (15 minutes since
 * their last look), recording a move when a listed date still ahead gives way to another listed day
 * (the earnings check's rules: a first look, a date passed and an estimate are no move; a date no
 * calendar lists for a while is kept). Returns how many were looked up.
 */
async function lookUpWatched(deps: EarningsPollDeps, companyKeys: string[], signal?: AbortSignal): Promise<number> {
  const ciks = companyKeys.filter((key) => key.startsWith('cik:')).map((key) => key.slice('cik:'.length));
  if (ciks.length === 0) return 0;
  const { rows } = await deps.db.execute<WatchedRow>(sql`
    with watched as (
      select distinct on (cik) cik, ticker, edgar_name from company_ciks
       where cik = any(${sql.param(ciks)}::text[]) and ticker is not null
       order by cik, resolved_at desc)
    select 'cik:' || w.cik as company_key, w.cik, w.ticker, w.edgar_name, d.earnings_date, d.provider,
           coalesce(d.checked_at > now() - make_interval(hours => ${MAX_AGE_HOURS}), false) as recent
      from watched w
      left join earnings_watch_dates d on d.company_key = 'cik:' || w.cik
     where (d.checked_at is null or d.checked_at <= now() - make_interval(mins => ${EARNINGS_POLL_MINUTES}) + interval '30 seconds')
       and not exists (select 1 from earnings_tracking t join earnings_tracking_results r on r.tracking_id = t.id
                        where t.active and upper(r.ticker) = upper(w.ticker))
     order by d.checked_at nulls first, w.cik
     limit ${WATCH_CHECKS_PER_POLL}`);
  let looked = 0;
  for (const row of rows) {
    if (signal?.aborted) break;
    let found: EarningsDate | null;
    try {
      found = await deps.sources.earningsCalendar.nextEarnings(row.ticker, deps.now(), signal);
    } catch (err) {
      // A calendar down: this company's next turn tries again.
      log.warn('earnings date look-up for a watched company failed', { ticker: row.ticker, error: errorMessage(err) });
      continue;
    }
    looked += 1;
    const now = deps.now();
    const listed = row.recent && row.earnings_date && row.provider && row.provider !== SEC_ESTIMATE ? new Date(row.earnings_date) : null;
    const ahead = listed && listed > now ? listed : null;
    const next = found ? new Date(found.date) : null;
    const sourceUrl = verifiableUrl(found?.sourceUrl);
    await deps.db.transaction(async (tx) => {
      if (ahead && next && found && sourceUrl && Math.round((next.getTime() - ahead.getTime()) / DAY_MS) !== 0) {
        const dateLabel = earningsDateLabel(next);
        await recordEarningsMove(tx, {
          cik: row.cik,
          ticker: found.ticker,
          companyName: row.edgar_name ?? found.ticker,
          previousDate: ahead.toISOString(),
          earningsDate: found.date,
          previousLabel: earningsDateLabel(ahead),
          dateLabel,
          change: earningsMoveTexts(Math.round((next.getTime() - ahead.getTime()) / DAY_MS), dateLabel).change,
          sourceName: earningsSourceName(found.provider) ?? found.provider,
          sourceUrl,
        });
      }
      // No listing now: a listed date still ahead is kept (a calendar's pages are read at different
      // times, ADR 029), so a gap is never taken for a move.
      const keep = !found && ahead;
      await tx.execute(sql`
        insert into earnings_watch_dates (company_key, ticker, earnings_date, provider, source_url, checked_at)
        values (${row.company_key}, ${row.ticker}, ${keep ? ahead.toISOString() : (found?.date ?? null)}::timestamptz,
                ${keep ? row.provider : (found?.provider ?? null)}, ${found?.sourceUrl ?? null}, now())
        on conflict (company_key) do update set ticker = excluded.ticker, earnings_date = excluded.earnings_date,
          provider = excluded.provider, source_url = coalesce(excluded.source_url, earnings_watch_dates.source_url),
          checked_at = excluded.checked_at`);
    });
  }
  return looked;
}

/**
 * One poll: the watched companies no earnings alert tracks looked up; then every move not yet told
 * becomes an event for the users who want it, or is noted as told to nobody.
 */
export async function pollEarningsMoves(deps: EarningsPollDeps, signal?: AbortSignal): Promise<EarningsPollResult> {
  const result: EarningsPollResult = { looked: 0, moves: 0, events: 0, runs: 0 };
  const { rows: listening } = await deps.db.execute<{ wanted: boolean }>(
    sql`select exists (select 1 from trigger_subscriptions where 'earnings_moved' = any(kinds)) as wanted`,
  );
  // Nobody asked for the kind: no calendar is asked, and the moves wait (those over a day old are then told to nobody).
  if (!listening[0]?.wanted) return result;
  let loaded: Map<string, Watcher[]> | null = null;
  const watchedNow = async () => {
    if (loaded) return loaded;
    const watchers = (await loadWatchers(deps.db)).filter((w) => w.kinds.includes('earnings_moved'));
    loaded = (await watchersByCompany(deps.db, deps.sources.sec, watchers, signal)).byCompany;
    return loaded;
  };
  const cache = deps.watchedCache;
  let keys: string[];
  if (cache && Date.now() - cache.at < WATCHED_RELOAD_MS) keys = cache.keys;
  else {
    keys = [...(await watchedNow()).keys()];
    if (cache) Object.assign(cache, { keys, at: Date.now() });
  }
  result.looked = await lookUpWatched(deps, keys, signal);
  const { rows: moves } = await deps.db.execute<MoveRow>(sql`
    select id, company_key, cik, ticker, company_name, earnings_date, previous_label, date_label, change, source_name, source_url,
           found_at, found_at > now() - make_interval(hours => ${MAX_AGE_HOURS}) as fresh
      from earnings_moves where told_at is null order by found_at limit ${BATCH}`);
  if (moves.length === 0) return result;
  const byCompany = await watchedNow();
  const now = deps.now().getTime();
  for (const move of moves) {
    if (signal?.aborted) break;
    result.moves += 1;
    let eventId: string | null = null;
    // A call already past, or a move found long ago, is not "as it happens".
    const timely = move.fresh && new Date(move.earnings_date).getTime() > now && move.source_url;
    const wanting = timely ? [...new Set((byCompany.get(move.company_key) ?? []).map((w) => w.userId))] : [];
    const owners = await earningsAlertOwners(deps.db, move.company_key, wanting);
    const users = wanting.filter((user) => !owners.has(user));
    if (users.length > 0 && move.source_url) {
      const summary = moveSummary({
        companyName: move.company_name,
        ticker: move.ticker,
        previousLabel: move.previous_label,
        dateLabel: move.date_label,
        change: move.change,
        sourceName: move.source_name,
      });
      const told = await tellEvent(deps.pool, deps.queue, {
        eventKey: `earnings:${move.company_key}:${new Date(move.earnings_date).toISOString()}`,
        companyKey: move.company_key,
        cik: move.cik,
        companyName: move.company_name,
        kinds: ['earnings_moved'],
        title: `${move.company_name} (${move.ticker}): ${triggerKindNouns.earnings_moved}`,
        summary,
        source: {
          url: move.source_url,
          title: `${move.source_name} earnings calendar: ${move.ticker}`,
          publisher: move.source_name,
          text: summary,
        },
        // The calendars publish no time for a change: the receipt says when the check found it.
        publishedAt: null,
        foundAt: new Date(move.found_at).toISOString(),
        mergeSameKind: false,
        users,
      });
      eventId = told.eventId;
      if (!told.merged) {
        result.events += 1;
        result.runs += told.runs;
        log.info('trigger event: earnings date moved', { company: move.company_key, ticker: move.ticker, users: told.runs });
      }
    }
    // Told (or told to nobody): the event's key keeps a repeat single if this update is lost.
    await deps.db.execute(sql`update earnings_moves set told_at = now(), event_id = ${eventId} where id = ${move.id}`);
  }
  return result;
}
