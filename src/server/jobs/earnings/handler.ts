// Earnings alerts (spec 02 §3 earnings_tracking(_results), issue 5 "Earnings"): three run kinds on
// one tracking row (run.alertId = earnings_tracking.id).
//   earnings_check    resolves the ticker and looks up the next earnings date (calendars, else an
//                     SEC estimate) into earnings_tracking_results; e-mails only a moved date, and
//                     records a listed date's move for the company's trigger events (issue 31).
//   earnings_reminder e-mails the date at the chosen timing before it (slot = the date, ISO).
//   earnings_summary  after the call, reads the results release (8-K item 2.02, else an FMP
//                     transcript) and e-mails a grounded summary (slot = the date, ISO), each
//                     sentence of it checked against the document it cites (issue 27 §4).
// Each does its slow work here and returns a `commit` that writes only through the engine's `tx`.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  earningsBadge,
  earningsDateLabel,
  earningsDateSourceLine,
  earningsDateStatus,
  earningsDateStatusLabels,
  earningsMoveTexts,
  earningsSourceName,
  notificationTimingLabels,
  verifiableUrl,
} from '../../../shared/earnings-alerts.ts';
import type { GenerateRequest } from '../../ai/runner.ts';
import { alertRecipientFor } from '../../db/alert-recipient.ts';
import type { Database } from '../../db/client.ts';
import { recordEarningsMove } from '../../db/earnings-moves.ts';
import { earningsTracking, earningsTrackingResults, users } from '../../db/schema.ts';
import { renderEarningsDateMovedEmail, renderEarningsReminderEmail, renderEarningsSummaryEmail } from '../../mail/alert-emails/index.ts';
import type { EmailLinks } from '../../mail/alert-emails/types.ts';
import type { EarningsDate } from '../../sources/sec/earnings-calendar.ts';
import { addDays, newYorkDay, SEC_ESTIMATE, secEstimate } from '../../sources/sec/earnings-calendar.ts';
import { type EarningsFiling, reportedQuarter, type SecCompany } from '../../sources/sec/sec.ts';
import type { SourceDocument } from '../../sources/web/types.ts';
import {
  type AlertDeps,
  type AlertHandler,
  AlertPermanentFailure,
  AlertRetryLater,
  type AlertRun,
  AlertSkip,
  type CommitResult,
  type DbExecutor,
} from '../runs/types.ts';
import { buildEarningsCalendar, isDayOnly } from './calendar.ts';
import { earningsDateMovedEntry, earningsReminderEntry, earningsSummaryEntry } from './library-entry.ts';
import { type EarningsSummaryOutput, earningsSummaryOutput, earningsSummaryPrompt, earningsSummarySystem } from './prompts.ts';
import { checkEarningsSummary } from './statements.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** After the call, the summary waits for the release this long, looking again every 2 hours. */
const RELEASE_WAIT_MS = 3 * DAY_MS;
const RELEASE_RETRY_MS = 2 * HOUR_MS;
/** The summary's window (the scheduler's: date + 2 h until date + 4 days); the check keeps the date meanwhile. */
const SUMMARY_WINDOW_MS = 4 * DAY_MS;

/** earnings_tracking_results.status values written here; the card's badge reads them (spec §4). */
export type EarningsStatus = 'confirmed' | 'scheduled' | 'estimated' | 'not_found' | 'error';
export const statusFor = (found: EarningsDate): EarningsStatus =>
  found.provider === SEC_ESTIMATE ? 'estimated' : found.confidence >= 0.8 ? 'confirmed' : 'scheduled';

type Tracking = {
  id: string;
  userId: string;
  active: boolean;
  companyName: string;
  keywords: string | null;
  notificationTiming: '24h' | '48h' | '1w';
  recipient: string;
};
type Result = typeof earningsTrackingResults.$inferSelect;

/** The tracking (by id AND user), with where its mail goes (ADR 009), and its result row if any. */
async function load(db: Database, run: AlertRun): Promise<{ tracking: Tracking; result: Result | null }> {
  const [tracking] = await db
    .select({
      id: earningsTracking.id,
      userId: earningsTracking.userId,
      active: earningsTracking.active,
      companyName: earningsTracking.companyName,
      keywords: earningsTracking.keywords,
      notificationTiming: earningsTracking.notificationTiming,
      recipient: alertRecipientFor(earningsTracking.notificationEmail),
    })
    .from(earningsTracking)
    .innerJoin(users, eq(users.id, earningsTracking.userId))
    .where(and(eq(earningsTracking.id, run.alertId), eq(earningsTracking.userId, run.userId)));
  if (!tracking) throw new AlertSkip('the earnings alert no longer exists');
  if (!tracking.active) throw new AlertSkip('the earnings alert is inactive');
  if (!tracking.companyName.trim()) throw new AlertSkip('the earnings alert has no company');
  const [result] = await db.select().from(earningsTrackingResults).where(eq(earningsTrackingResults.trackingId, tracking.id));
  return { tracking, result: result ?? null };
}

const isManual = (slot: string) => slot.startsWith('manual:');

/** The stored date a reminder or summary is for; a scheduled slot whose date has moved has nothing to do. */
function dateOfRun(run: AlertRun, result: Result | null): Date {
  if (!result?.earningsDate) throw new AlertSkip('no earnings date is known');
  if (!isManual(run.slot) && new Date(run.slot).getTime() !== result.earningsDate.getTime()) throw new AlertSkip('the earnings date moved');
  return result.earningsDate;
}

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

// --- earnings_check -----------------------------------------------------------------------------

type Lookup =
  | { kind: 'found'; found: EarningsDate; company: SecCompany }
  | { kind: 'not_found'; why: string }
  | { kind: 'error'; why: string }
  | { kind: 'keep'; why: string };

export const earningsCheckHandler = (async (run, deps, signal) => {
  const { tracking, result } = await load(deps.db, run);
  const now = deps.now();
  const stored = result?.earningsDate ?? null;

  let lookup: Lookup;
  if (stored && stored <= now && now.getTime() < stored.getTime() + SUMMARY_WINDOW_MS && result?.transcriptStatus === 'pending') {
    // The call has happened and its summary is still to come: moving on to next quarter's date now
    // would start a new cycle and the summary would never be sent.
    lookup = { kind: 'keep', why: `keeping ${stored.toISOString()} until its results summary is done` };
  } else {
    try {
      lookup = await lookUp(tracking.companyName, now, deps, signal);
    } catch (err) {
      if (signal.aborted || run.attempt < deps.config.ALERT_MAX_ATTEMPTS) throw err;
      // The last attempt: the card says 'Verification Error' rather than showing a stale state as fresh.
      lookup = { kind: 'error', why: err instanceof Error ? err.message : String(err) };
    }
    const unlisted = lookup.kind === 'not_found' || (lookup.kind === 'found' && lookup.found.provider === SEC_ESTIMATE);
    if (stored && stored > now && result?.provider && result.provider !== SEC_ESTIMATE && unlisted) {
      // A listed date still ahead that no calendar lists now: a calendar's pages are read at
      // different times (earnings-calendar.ts), so for a while the old day may be read fresh and the
      // new one not yet. A weaker estimate (or nothing) never replaces the listing: it is kept until
      // a calendar lists another day or it passes, so no "date moved" alert rests on a gap.
      lookup = { kind: 'keep', why: `no calendar lists it now; keeping ${stored.toISOString()} from ${result.provider}` };
    }
  }

  return {
    async commit(tx): Promise<CommitResult> {
      if (lookup.kind === 'keep') {
        await tx.execute(sql`update earnings_tracking_results set checked_at = now() where tracking_id = ${tracking.id}`);
        return { mail: null, outcome: lookup.why };
      }
      if (lookup.kind === 'error') {
        await tx.execute(sql`
          insert into earnings_tracking_results (tracking_id, user_id, status, checked_at)
          values (${tracking.id}, ${tracking.userId}, 'error', now())
          on conflict (tracking_id) do update set status = 'error', checked_at = now(), updated_at = now()`);
        return { mail: null, outcome: `verification error: ${lookup.why}` };
      }
      const found = lookup.kind === 'found' ? lookup.found : null;
      const status: EarningsStatus = found ? statusFor(found) : 'not_found';
      // The row as it is now, locked: what the calendar event showed, to tell a move from a first look.
      const [before] = await tx
        .select({
          earningsDate: earningsTrackingResults.earningsDate,
          status: earningsTrackingResults.status,
          provider: earningsTrackingResults.provider,
          sourceUrl: earningsTrackingResults.sourceUrl,
        })
        .from(earningsTrackingResults)
        .where(eq(earningsTrackingResults.trackingId, tracking.id))
        .for('update');
      const change = eventChange(before ?? null, found, status, now);
      // A different date starts a new cycle: reminder and summary are due again; alert_counter stays.
      await tx.execute(sql`
        insert into earnings_tracking_results as r
          (tracking_id, user_id, earnings_date, confidence_score, source_url, status, ticker, checked_at, provider,
           notification_status, transcript_status)
        values (${tracking.id}, ${tracking.userId}, ${found?.date ?? null}::timestamptz, ${found?.confidence ?? null},
          ${found?.sourceUrl ?? null}, ${status}, ${found?.ticker ?? null}, now(), ${found?.provider ?? null}, 'pending', 'pending')
        on conflict (tracking_id) do update set
          earnings_date = excluded.earnings_date,
          confidence_score = excluded.confidence_score,
          source_url = excluded.source_url,
          status = excluded.status,
          ticker = coalesce(excluded.ticker, r.ticker),
          checked_at = excluded.checked_at,
          provider = excluded.provider,
          notification_status = case when r.earnings_date is distinct from excluded.earnings_date then 'pending' else r.notification_status end,
          notification_sent_at = case when r.earnings_date is distinct from excluded.earnings_date then null else r.notification_sent_at end,
          transcript_status = case when r.earnings_date is distinct from excluded.earnings_date then 'pending' else r.transcript_status end,
          transcript_sent_at = case when r.earnings_date is distinct from excluded.earnings_date then null else r.transcript_sent_at end,
          event_sequence = r.event_sequence + ${change.bump ? 1 : 0},
          -- A move keeps the old date; a new cycle (the call passed) or a refined time forgets an older move.
          previous_earnings_date = case when ${change.moved !== null} then r.earnings_date
            when r.earnings_date is distinct from excluded.earnings_date then null else r.previous_earnings_date end,
          date_moved_at = case when ${change.moved !== null} then now()
            when r.earnings_date is distinct from excluded.earnings_date then null else r.date_moved_at end,
          updated_at = now()`);
      if (!found) return { mail: null, outcome: `not found: ${lookup.kind === 'not_found' ? lookup.why : ''}` };
      const summary = `${found.ticker} ${found.date} from ${found.provider}, ${status} (${found.confidence})`;
      if (!change.moved) {
        const was =
          before?.earningsDate && before.earningsDate.toISOString() !== found.date ? ` (was ${before.earningsDate.toISOString()})` : '';
        return { mail: null, outcome: `${summary}${was}${change.bump ? '; calendar event updated' : ''}` };
      }
      const mailed = dateMoved(tracking, change.moved, found, status);
      const listedBoth = !!change.moved.provider && change.moved.provider !== SEC_ESTIMATE && found.provider !== SEC_ESTIMATE;
      if (lookup.kind === 'found' && listedBoth && mailed.sourceUrl) {
        // A listed date giving way to another listed day is the company's move: told "as it happens"
        // to everyone watching the company (jobs/triggers/earnings-poll.ts), once however many checks
        // see it. An estimate becoming a listing is news to this alert only.
        await recordEarningsMove(tx, {
          cik: lookup.company.cik,
          ticker: found.ticker,
          companyName: lookup.company.name,
          previousDate: change.moved.date.toISOString(),
          earningsDate: found.date,
          previousLabel: mailed.previousDateLabel,
          dateLabel: mailed.dateLabel,
          change: mailed.change,
          sourceName: mailed.sourceName,
          sourceUrl: mailed.sourceUrl,
        });
      }
      const rendered = await renderEarningsDateMovedEmail({ ...mailed, links: earningsLinks(deps, tracking, run) });
      return {
        mail: { to: tracking.recipient, ...rendered, kind: 'earnings-date-moved', unsubscribe: { kind: 'earnings', alertId: tracking.id } },
        item: earningsDateMovedEntry(mailed),
        outcome: `${summary}; moved from ${change.moved.date.toISOString()} (${mailed.change}); e-mail queued`,
      };
    },
  };
}) satisfies AlertHandler;

type Before = { earningsDate: Date | null; status: string | null; provider: string | null; sourceUrl: string | null };

/** What the calendar event says of a status: the checker's, with a date it could not verify called estimated. */
const eventStatus = (status: string | null) => earningsDateStatus(status) ?? 'estimated';

/** Days from one call day to another (each a day-only date's UTC day, or a time's day in New York). */
const dayShift = (from: Date, to: Date) => Math.round((Date.parse(callDay(to)) - Date.parse(callDay(from))) / DAY_MS);

/**
 * How this check changes the tracked date (issue 29 §2). The calendar event is raised (SEQUENCE + 1)
 * whenever the date or its status changes after the first look, so subscribed calendars update it in
 * place. A move is a different call day (or time) while the stored date is still ahead: a date
 * that has passed giving way to next quarter's is a new cycle, not a move.
 */
export function eventChange(
  before: Before | null,
  found: EarningsDate | null,
  status: EarningsStatus,
  now: Date,
): { bump: boolean; moved: (Before & { date: Date }) | null } {
  if (!before?.earningsDate || !found) return { bump: false, moved: null };
  const next = new Date(found.date);
  const sameMoment = before.earningsDate.getTime() === next.getTime();
  const sameDay = dayShift(before.earningsDate, next) === 0;
  // A time learnt for the same day (day-only → 4:30 PM) refines the date; it does not move it.
  const refined = sameDay && (isDayOnly(before.earningsDate) || isDayOnly(next));
  const moved = !sameMoment && !refined && before.earningsDate > now;
  const bump = !sameMoment || eventStatus(before.status) !== eventStatus(status);
  return { bump, moved: moved ? { ...before, date: before.earningsDate } : null };
}

/** The "date moved" mail's facts: both dates, the shift, the statuses and sources. */
function dateMoved(tracking: Tracking, before: Before & { date: Date }, found: EarningsDate, status: EarningsStatus) {
  const next = new Date(found.date);
  const shift = dayShift(before.date, next);
  const dateLabel = earningsDateLabel(next);
  const texts = earningsMoveTexts(shift, dateLabel);
  return {
    companyName: tracking.companyName,
    ticker: found.ticker,
    previousDate: before.date.toISOString(),
    earningsDate: found.date,
    previousDateLabel: earningsDateLabel(before.date),
    dateLabel,
    dayShift: shift,
    change: texts.change,
    why: texts.why,
    statusLabel: earningsDateStatusLabels[eventStatus(status)],
    previousStatusLabel: earningsDateStatusLabels[eventStatus(before.status)],
    sourceName: earningsSourceName(found.provider) ?? found.provider,
    sourceUrl: verifiableUrl(found.sourceUrl),
    previousSourceUrl: verifiableUrl(before.sourceUrl),
  };
}

/** Ticker from SEC EDGAR, then the calendars, then the SEC estimate. Source failures throw (retryable). */
async function lookUp(companyName: string, now: Date, deps: AlertDeps, signal: AbortSignal): Promise<Lookup> {
  const { sec, earningsCalendar } = deps.sources;
  const company = await sec.resolveCompany(companyName, signal);
  if (!company) return { kind: 'not_found', why: `"${companyName}" is not a company or ticker SEC EDGAR knows` };
  const listed = await earningsCalendar.nextEarnings(company.ticker, now, signal);
  if (listed) return { kind: 'found', found: listed, company };
  const estimate = secEstimate(await sec.earningsReleases(company.cik, signal), now, company.ticker);
  if (estimate) return { kind: 'found', found: estimate, company };
  return { kind: 'not_found', why: `no calendar lists ${company.ticker} and SEC EDGAR has no recent earnings release` };
}

// --- earnings_reminder --------------------------------------------------------------------------

export const earningsReminderHandler = (async (run, deps, _signal) => {
  const { tracking, result } = await load(deps.db, run);
  const date = dateOfRun(run, result);
  if (result!.notificationStatus === 'sent') throw new AlertSkip('the reminder for this date was already sent');
  const ticker = result!.ticker ?? tracking.companyName;
  const source = verifiableUrl(result!.sourceUrl);
  const mailed = {
    companyName: tracking.companyName,
    ticker,
    earningsDate: date.toISOString(),
    dateLabel: earningsDateLabel(date),
    confidence: result!.confidenceScore ?? 0,
    // The card's words for this confidence ('Confirmed' / 'Tentative'), whatever the last check's status.
    confidenceLabel: earningsBadge({ status: null, confidenceScore: result!.confidenceScore }).label,
    sourceUrl: source ?? deps.links.app('/sonar-os/earnings'),
    timingLabel: notificationTimingLabels[tracking.notificationTiming],
    statusLabel: earningsDateStatusLabels[eventStatus(result!.status)],
    sourceName: earningsSourceName(result!.provider),
    sourceLine: earningsDateSourceLine(result!.status, result!.provider),
    calendarAttached: true,
  };
  const rendered = await renderEarningsReminderEmail({ ...mailed, links: earningsLinks(deps, tracking, run) });
  // The calendar feed's own event (same UID and SEQUENCE), for a calendar that has no feed subscribed.
  const ics = buildEarningsCalendar(
    [
      {
        trackingId: tracking.id,
        companyName: tracking.companyName,
        ticker: result!.ticker,
        earningsDate: date,
        status: result!.status,
        provider: result!.provider,
        sourceUrl: result!.sourceUrl,
        sequence: result!.eventSequence,
        updatedAt: result!.updatedAt,
      },
    ],
    { appUrl: deps.config.appUrl },
  );
  const attachments = [
    {
      filename: `${ticker.replace(/[^\w.-]/g, '_')}-earnings.ics`,
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: ics,
    },
  ];

  return {
    async commit(tx) {
      const updated = await markSent(tx, tracking.id, date, { notificationStatus: 'sent', notificationSentAt: sql`now()` });
      if (!updated) return { mail: null, outcome: 'the earnings date moved meanwhile; no reminder sent' };
      return {
        mail: {
          to: tracking.recipient,
          ...rendered,
          kind: 'earnings-reminder',
          unsubscribe: { kind: 'earnings', alertId: tracking.id },
          attachments,
        },
        item: earningsReminderEntry(mailed, source !== null),
        outcome: `reminder for ${ticker} on ${date.toISOString()}; e-mail queued`,
      };
    },
  };
}) satisfies AlertHandler;

// --- earnings_summary ---------------------------------------------------------------------------

type Release = { documents: SourceDocument[]; period: string };

export const earningsSummaryHandler = (async (run, deps, signal) => {
  const { tracking, result } = await load(deps.db, run);
  const date = dateOfRun(run, result);
  if (result!.transcriptStatus === 'sent') throw new AlertSkip('the summary for this date was already sent');
  const now = deps.now();

  const company = await deps.sources.sec.resolveCompany(result!.ticker ?? tracking.companyName, signal);
  const release = company ? await findRelease(company, date, deps, signal) : null;

  if (!release) {
    if (now.getTime() < date.getTime() + RELEASE_WAIT_MS)
      throw new AlertRetryLater('waiting for the results release', new Date(now.getTime() + RELEASE_RETRY_MS));
    return {
      async commit(tx) {
        await tx
          .update(earningsTrackingResults)
          .set({ transcriptStatus: 'not_found' })
          .where(and(eq(earningsTrackingResults.trackingId, tracking.id), eq(earningsTrackingResults.earningsDate, date)));
        return { mail: null, outcome: `no results release or transcript found within 3 days of ${date.toISOString()}` };
      },
    };
  }

  if (!deps.ai.configured) throw new AlertPermanentFailure('AI is not configured (AI_PROVIDER, AI_MODEL…)');
  const ticker = company!.ticker;
  const { output } = await summarise(deps, tracking.userId, {
    schema: earningsSummaryOutput,
    system: earningsSummarySystem,
    prompt: earningsSummaryPrompt({
      companyName: tracking.companyName,
      ticker,
      period: release.period,
      keywords: tracking.keywords,
      documents: release.documents,
    }),
    signal,
  });

  const checked = checkEarningsSummary(release.documents, output);
  const mailed = {
    companyName: tracking.companyName,
    ticker,
    periodLabel: release.period,
    keySummary: checked.keySummary,
    keyFindings: checked.keyFindings,
    quotes: checked.quotes,
    sources: checked.sources,
    statements: checked.statements,
  };
  const rendered = await renderEarningsSummaryEmail({ ...mailed, links: earningsLinks(deps, tracking, run) });

  return {
    async commit(tx) {
      const updated = await markSent(tx, tracking.id, date, { transcriptStatus: 'sent', transcriptSentAt: sql`now()` });
      if (!updated) return { mail: null, outcome: 'the earnings date moved meanwhile; no summary sent' };
      return {
        mail: { to: tracking.recipient, ...rendered, kind: 'earnings-summary', unsubscribe: { kind: 'earnings', alertId: tracking.id } },
        item: earningsSummaryEntry(mailed),
        outcome: `summary of ${release.period}: ${mailed.keyFindings.length} findings, ${mailed.quotes.length} quotes; e-mail queued`,
      };
    },
  };
}) satisfies AlertHandler;

/** One AI run for the summary, outside the interactive per-user limits. */
const summarise = (deps: AlertDeps, userId: string, request: GenerateRequest<EarningsSummaryOutput>) =>
  deps.ai.run(userId, 'earnings_summary', (ai) => ai.generate(request), { background: true, signal: request.signal });

/** The call's day: a day-only date is its UTC day (ADR 009), a time is its day in New York. */
const callDay = (date: Date) => (isDayOnly(date) ? date.toISOString().slice(0, 10) : newYorkDay(date));

/** The results release: the first 8-K item 2.02 filed on or after the day before the call; else the FMP transcript. */
async function findRelease(
  company: { cik: string; ticker: string },
  date: Date,
  deps: AlertDeps,
  signal: AbortSignal,
): Promise<Release | null> {
  const { sec, transcripts } = deps.sources;
  const since = addDays(callDay(date), -1);
  const filing: EarningsFiling | undefined = (await sec.earningsReleases(company.cik, signal))
    .filter((f) => f.filingDate >= since)
    .sort((a, b) => a.filingDate.localeCompare(b.filingDate))[0];
  if (filing) {
    const documents = await sec.fetchRelease(filing, signal);
    if (documents.length) {
      const reported = reportedQuarter(filing.filingDate);
      const filed = shortDay.format(new Date(`${filing.filingDate}T00:00:00Z`));
      const period = reported ? `Q${reported.quarter} ${reported.year} results (8-K filed ${filed})` : `Results (8-K filed ${filed})`;
      return { documents, period };
    }
  }
  if (!transcripts) return null;
  // FMP numbers fiscal quarters; the calendar quarter the call reports on is the best guess we have.
  const quarter = reportedQuarter(callDay(date));
  if (!quarter) return null;
  const transcript = await transcripts.transcript(company.ticker, quarter.year, quarter.quarter, signal);
  return transcript ? { documents: [transcript], period: transcript.title ?? `Q${quarter.quarter} ${quarter.year} earnings call` } : null;
}

/** Records a sent e-mail on the result (status, time, alert_counter + 1), if the date is still the one mailed about. */
async function markSent(
  tx: DbExecutor,
  trackingId: string,
  date: Date,
  sent: { notificationStatus: 'sent'; notificationSentAt: SQL } | { transcriptStatus: 'sent'; transcriptSentAt: SQL },
): Promise<boolean> {
  const updated = await tx
    .update(earningsTrackingResults)
    .set({ ...sent, alertCounter: sql`${earningsTrackingResults.alertCounter} + 1` })
    .where(and(eq(earningsTrackingResults.trackingId, trackingId), eq(earningsTrackingResults.earningsDate, date)))
    .returning({ id: earningsTrackingResults.id });
  return updated.length > 0;
}

/**
 * An earnings e-mail's links: the mail as kept in the library (its item's id is the run's, engine.ts),
 * the analysis of that company, the alert's screen, its unsubscribe page.
 */
function earningsLinks(deps: AlertDeps, tracking: { id: string; companyName: string }, run: AlertRun): EmailLinks {
  return {
    library: deps.links.libraryItem(run.id),
    viewInApp: deps.links.app(`/aurora-os/earnings?company=${encodeURIComponent(tracking.companyName)}`),
    manage: deps.links.app('/sonar-os/earnings'),
    unsubscribe: deps.links.unsubscribe('earnings', tracking.id).page,
  };
}
