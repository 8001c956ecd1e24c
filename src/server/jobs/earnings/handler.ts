// Earnings alerts (spec 02 §3 earnings_tracking(_results), issue 5 "Earnings"): three run kinds on
// one tracking row (run.alertId = earnings_tracking.id).
//   earnings_check    resolves the ticker and looks up the next earnings date (calendars, else an
//                     SEC estimate) into earnings_tracking_results; no e-mail.
//   earnings_reminder e-mails the date at the chosen timing before it (slot = the date, ISO).
//   earnings_summary  after the call, reads the results release (8-K item 2.02, else an FMP
//                     transcript) and e-mails a grounded summary (slot = the date, ISO), each
//                     sentence of it checked against the document it cites (issue 27 §4).
// Each does its slow work here and returns a `commit` that writes only through the engine's `tx`.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { earningsBadge, notificationTimingLabels, verifiableUrl } from '../../../shared/earnings-alerts.ts';
import { ALERT_TIME_ZONE } from '../../../shared/sonar.ts';
import type { GenerateRequest } from '../../ai/runner.ts';
import { alertRecipientFor } from '../../db/alert-recipient.ts';
import type { Database } from '../../db/client.ts';
import { earningsTracking, earningsTrackingResults, users } from '../../db/schema.ts';
import { renderEarningsReminderEmail, renderEarningsSummaryEmail } from '../../mail/alert-emails/index.ts';
import type { EmailLinks } from '../../mail/alert-emails/types.ts';
import type { EarningsDate } from '../../sources/sec/earnings-calendar.ts';
import { addDays, newYorkDay, SEC_ESTIMATE, secEstimate } from '../../sources/sec/earnings-calendar.ts';
import { type EarningsFiling, reportedQuarter } from '../../sources/sec/sec.ts';
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
import { earningsReminderEntry, earningsSummaryEntry } from './library-entry.ts';
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

const isDayOnly = (date: Date) => date.getTime() % DAY_MS === 0;
const dayOnlyLabel = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const timeLabel = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: ALERT_TIME_ZONE,
});
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Thursday, Oct 30, 2025' for a day-only date (midnight UTC, ADR 009), else with the time in New York. */
export function earningsDateLabel(date: Date): string {
  return isDayOnly(date) ? dayOnlyLabel.format(date) : `${timeLabel.format(date)} ET`;
}

// --- earnings_check -----------------------------------------------------------------------------

type Lookup =
  | { kind: 'found'; found: EarningsDate }
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
          updated_at = now()`);
      if (!found) return { mail: null, outcome: `not found: ${lookup.kind === 'not_found' ? lookup.why : ''}` };
      const moved = stored && stored.toISOString() !== found.date ? ` (was ${stored.toISOString()})` : '';
      return { mail: null, outcome: `${found.ticker} ${found.date} from ${found.provider}, ${status} (${found.confidence})${moved}` };
    },
  };
}) satisfies AlertHandler;

/** Ticker from SEC EDGAR, then the calendars, then the SEC estimate. Source failures throw (retryable). */
async function lookUp(companyName: string, now: Date, deps: AlertDeps, signal: AbortSignal): Promise<Lookup> {
  const { sec, earningsCalendar } = deps.sources;
  const company = await sec.resolveCompany(companyName, signal);
  if (!company) return { kind: 'not_found', why: `"${companyName}" is not a company or ticker SEC EDGAR knows` };
  const listed = await earningsCalendar.nextEarnings(company.ticker, now, signal);
  if (listed) return { kind: 'found', found: listed };
  const estimate = secEstimate(await sec.earningsReleases(company.cik, signal), now, company.ticker);
  if (estimate) return { kind: 'found', found: estimate };
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
  };
  const rendered = await renderEarningsReminderEmail({ ...mailed, links: earningsLinks(deps, tracking, run) });

  return {
    async commit(tx) {
      const updated = await markSent(tx, tracking.id, date, { notificationStatus: 'sent', notificationSentAt: sql`now()` });
      if (!updated) return { mail: null, outcome: 'the earnings date moved meanwhile; no reminder sent' };
      return {
        mail: { to: tracking.recipient, ...rendered, kind: 'earnings-reminder', unsubscribe: { kind: 'earnings', alertId: tracking.id } },
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
