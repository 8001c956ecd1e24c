// The run engine's contract: a run is one (alert, slot) from alert_runs; a handler does the slow
// work (sources, AI) outside any transaction, in resumable steps if it is long, and returns what to
// write; the engine then writes it, the outgoing e-mail and the run's success in one transaction,
// once (engine.ts).

import type { AlertType } from '../../../shared/channels.ts';
import type { UnsubscribeLinkKind } from '../../../shared/unsubscribe.ts';
import type { AiRunner } from '../../ai/runner.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { ALERT_RUN_KINDS } from '../../db/schema.ts';
import type { LibraryEntry } from '../../library/keep.ts';
import type { MailAttachment } from '../../mail/outbox.ts';
import type { CompanySiteReader } from '../../sources/company/company-site.ts';
import type { News } from '../../sources/news/index.ts';
import type { EarningsCalendarSource } from '../../sources/sec/earnings-calendar.ts';
import type { LatestFilingsSource } from '../../sources/sec/latest-filings.ts';
import type { SecSource } from '../../sources/sec/sec.ts';
import type { SecCompanySource } from '../../sources/sec/sec-company.ts';
import type { TranscriptSource } from '../../sources/sec/transcripts.ts';
import type { SocialSource } from '../../sources/social/social.ts';

export type AlertRunKind = (typeof ALERT_RUN_KINDS)[number];

export type AlertRun = {
  id: string;
  kind: AlertRunKind;
  alertId: string;
  userId: string;
  /** ISO time of the scheduled slot, or 'manual:<ISO>' for the operator's run-alerts. */
  slot: string;
  /** This attempt's number, from 1. */
  attempt: number;
  createdAt: Date;
};

export type AlertLinks = {
  /** An absolute address in the app, e.g. app('/sonar-os/news'). */
  app(pathAndQuery: string): string;
  /** The item a run's mail delivered, in the app's library (its id is the run's). */
  libraryItem(runId: string): string;
  /**
   * The page a person opens from the mail, and the RFC 8058 one-click POST target. `subject`: the
   * alert's id; for a trigger, its alerts (`triggerAlertsSubject`); for a roll-up, the user's id.
   */
  unsubscribe(kind: UnsubscribeLinkKind, subject: string): { page: string; oneClick: string };
};

type AlertSources = {
  news: News;
  companySite: CompanySiteReader;
  secCompany: SecCompanySource;
  social: SocialSource;
  sec: SecSource;
  transcripts: TranscriptSource | null;
  earningsCalendar: EarningsCalendarSource;
  latestFilings: LatestFilingsSource;
};

export type AlertDeps = {
  db: Database;
  config: Config;
  ai: AiRunner;
  sources: AlertSources;
  links: AlertLinks;
  now: () => Date;
};

/** An e-mail a run sends; the engine adds the unsubscribe headers and writes it to the outbox. */
export type AlertMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** mail_outbox.kind, e.g. 'news-alert', 'newsletter', 'earnings-reminder', 'earnings-summary'. */
  kind: string;
  /**
   * Alert mails carry one-click unsubscribe headers; a report the user asked for (AIR) has none.
   * `alertId` is the link's subject (AlertLinks.unsubscribe): the alert's id for an alert's mail.
   */
  unsubscribe?: { kind: UnsubscribeLinkKind; alertId: string };
  /** Files sent with the mail (the earnings reminder's .ics event), kept in mail_outbox.attachments. */
  attachments?: MailAttachment[];
};

export type CommitResult = {
  mail: AlertMail | null;
  /**
   * What the mail delivered, kept in the user's library with the run's id (so the mail's "Read in
   * Enterprise OS" link, deps.links.libraryItem(run.id), is known before the commit). Written only
   * with a mail.
   */
  item?: LibraryEntry;
  /** One operator-facing sentence, e.g. "3 new articles; e-mail queued" or "no news since 2026-11-21". */
  outcome: string;
  /**
   * The alerts whose channels (and e-mail choice) the item goes by, when the run is not one alert's
   * own: a trigger event several of the user's alerts asked for goes to each one's channels once,
   * and is e-mailed unless every one of them is channels-only.
   */
  deliverTo?: { type: AlertType; id: string }[];
};

/** The database or a transaction on it: what a handler's commit writes through. */
export type DbExecutor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | '$with' | 'with'>;

export type PreparedRun = {
  /** When the run's sources were read up to (alert_runs.scanned_at): the next scan starts there. */
  scannedAt?: Date;
  /**
   * Writes the run's rows (sonar_results, newsletter_results, earnings_tracking_results, sent_articles)
   * through `tx`, the transaction that also marks the run succeeded and queues its e-mail.
   */
  commit(tx: DbExecutor): Promise<CommitResult>;
};

/**
 * A resumable step of a run: `work` runs once per run, its result (JSON) kept under `key` in the
 * run's row (alert_runs.steps). Another attempt, a worker taking the run over after a crash, or a
 * run that continues this one (insertRunNow) gets the kept result back without doing the work again.
 */
export type RunStep = <T>(key: string, work: () => Promise<T>) => Promise<T>;

export type AlertHandler = {
  (run: AlertRun, deps: AlertDeps, signal: AbortSignal, step: RunStep): Promise<PreparedRun>;
  /**
   * Called in the transaction that fails the run for good, whoever fails it: the handler's own
   * error, or the engine when nobody finished the run (every retry spent on workers that stopped).
   * A kind whose own rows show the run's state (a report's page) ends them here, so they can never
   * disagree with the run.
   */
  failed?: (tx: DbExecutor, run: AlertRun, reason: string) => Promise<void>;
};

/**
 * A kind whose scheduled runs are prepared before their slot (news alerts, ADR 016): `prepare` does
 * the slow work and returns a plan, which is JSON (kept in alert_runs.plan until the slot); `resume`
 * turns a plan into the run's commit. `kept` says the plan waited for its slot, so the alert may
 * have changed since.
 */
export type AheadHandler<Plan> = {
  prepare(run: AlertRun, deps: AlertDeps, signal: AbortSignal): Promise<{ plan: Plan; scannedAt: Date }>;
  resume(plan: Plan, run: AlertRun, deps: AlertDeps, kept: boolean): PreparedRun;
};

/** An AheadHandler run at once: prepared and committed in one go (manual and late slots). */
export const runAtOnce =
  <Plan>(ahead: AheadHandler<Plan>): AlertHandler =>
  async (run, deps, signal) =>
    ahead.resume((await ahead.prepare(run, deps, signal)).plan, run, deps, false);

/** Nothing to do, and nothing wrong: the alert was deleted or deactivated, its company is blank… */
export class AlertSkip extends Error {
  override name = 'AlertSkip';
}

/** A plan kept for its slot no longer fits the alert (saved since): the run is dropped and planned again by the schedule. */
export class AlertReplan extends Error {
  override name = 'AlertReplan';
}

/** Not ready yet (an earnings release not published): the run is looked at again at `at`. */
export class AlertRetryLater extends Error {
  override name = 'AlertRetryLater';
  readonly at: Date;
  constructor(message: string, at: Date) {
    super(message);
    this.at = at;
  }
}

/** A failure that no retry can fix (e.g. the company cannot be resolved): the run fails at once. */
export class AlertPermanentFailure extends Error {
  override name = 'AlertPermanentFailure';
}
