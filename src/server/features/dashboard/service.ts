// The home dashboard (spec 02 §2, §6, §7 "Dashboard"). What each figure means:
// - alerts.*.active: the user's ACTIVE rows of sonar_alerts, newsletter_alerts (0 or 1) and
//   earnings_tracking; the limits are the spec's 6, 1 and 3.
// - allTime.newsAlertsSent: the user's sonar_results with sent = true.
// - allTime.newslettersSent: the user's newsletter_results with sent = true.
// - allTime.earningsAlertsSent: the sum of alert_counter over the user's earnings_tracking_results.
// - recent: the user's sonar_results of the last RECENT_ACTIVITY_DAYS days, newest processed_at
//   first, at most RECENT_ACTIVITY_ROWS rows.
// - platform (every user, spec §6): month start = the first day of the CURRENT month in
//   America/New_York (DESIGN §6: the original pinned it to 2025); companiesMonitored = sonar_results
//   processed since then; alertsSent = sonar_results sent + newsletter_results sent since then +
//   earnings_tracking_results whose notification_sent_at or transcript_sent_at is since then.
// - recent[].libraryItemId: the library item a sent alert was kept as (perplexity_response's
//   libraryItemId, written with the alert), when that item is still the user's; else null.
// - interests: the user's feature_interest names.
// - freshness (issue 31 §3): the user's messages delivered (mail_outbox.sent_at) of the runs
//   created in the last FRESHNESS_DAYS days that succeeded with a mail (news, newsletter,
//   earnings_*, trigger); found → delivered = sent_at minus "found": trigger_events.found_at for a
//   trigger (its run's alert_id is the event's id), the run's scanned_at for news and newsletters
//   (the search), else the run's created_at. p50 and p95 by percentile_cont, in seconds; null when
//   none. The window is on the run's created_at so that it stays a range of
//   alert_runs_user_created_idx; a mail delivered within the window whose run was created before it
//   (a run that waited days for its release) is left out.
// The whole page is ONE statement of scalar subqueries, each on an index (see the migration
// 0002_dashboard_indexes and scripts/bench-dashboard.ts).
import { sql } from 'drizzle-orm';
import {
  type DashboardSummary,
  type FeatureOfInterest,
  FRESHNESS_DAYS,
  RECENT_ACTIVITY_DAYS,
  RECENT_ACTIVITY_ROWS,
  type RecentScan,
} from '../../../shared/dashboard.ts';
import { EARNINGS_ALERT_LIMIT } from '../../../shared/earnings-alerts.ts';
import { NEWS_ALERT_LIMIT } from '../../../shared/news-alerts.ts';
import { ALERT_TIME_ZONE } from '../../../shared/sonar.ts';
import type { Database } from '../../db/client.ts';
import { log } from '../../lib/log.ts';
import { readHeadline } from './headline.ts';

const NEWSLETTER_LIMIT = 1;

type SummaryRow = {
  news_active: number;
  newsletter_active: number;
  earnings_active: number;
  news_sent: number;
  newsletters_sent: number;
  earnings_sent: number;
  month_start: Date | string;
  companies_monitored: number;
  alerts_sent: number;
  interests: FeatureOfInterest[];
  recent: {
    id: string;
    processed_at: string;
    company_name: string;
    has_news: boolean;
    sent: boolean;
    response: unknown;
    library_item_id: string | null;
  }[];
  freshness: { p50: number; p95: number; count: number } | null;
};

/** The page's one statement (exported so scripts/bench-dashboard.ts can EXPLAIN exactly this). */
export const summaryQuery = (userId: string) => sql`
  WITH bounds AS (
    SELECT date_trunc('month', now() AT TIME ZONE ${ALERT_TIME_ZONE}) AT TIME ZONE ${ALERT_TIME_ZONE} AS month_start,
           now() - make_interval(days => ${RECENT_ACTIVITY_DAYS}) AS recent_since,
           now() - make_interval(days => ${FRESHNESS_DAYS}) AS freshness_since
  )
  SELECT
    (SELECT count(*)::int FROM sonar_alerts WHERE user_id = ${userId} AND active) AS news_active,
    (SELECT count(*)::int FROM newsletter_alerts WHERE user_id = ${userId} AND active) AS newsletter_active,
    (SELECT count(*)::int FROM earnings_tracking WHERE user_id = ${userId} AND active) AS earnings_active,
    (SELECT count(*)::int FROM sonar_results WHERE user_id = ${userId} AND sent) AS news_sent,
    (SELECT count(*)::int FROM newsletter_results WHERE user_id = ${userId} AND sent) AS newsletters_sent,
    (SELECT coalesce(sum(alert_counter), 0)::int FROM earnings_tracking_results WHERE user_id = ${userId}) AS earnings_sent,
    bounds.month_start,
    (SELECT count(*)::int FROM sonar_results WHERE processed_at >= bounds.month_start) AS companies_monitored,
    (SELECT count(*)::int FROM sonar_results WHERE sent AND processed_at >= bounds.month_start)
      + (SELECT count(*)::int FROM newsletter_results WHERE sent AND processed_at >= bounds.month_start)
      + (SELECT count(*)::int FROM earnings_tracking_results
           WHERE notification_sent_at >= bounds.month_start OR transcript_sent_at >= bounds.month_start) AS alerts_sent,
    (SELECT coalesce(array_agg(feature_name ORDER BY feature_name), '{}') FROM feature_interest WHERE user_id = ${userId}) AS interests,
    (SELECT coalesce(json_agg(r ORDER BY r.processed_at DESC), '[]') FROM (
       SELECT s.id, s.processed_at, s.company_name, s.has_news, s.sent,
              -- Only the part that is read travels: an object's analysis.headline, anything else whole.
              CASE WHEN jsonb_typeof(s.perplexity_response -> 'analysis') = 'object'
                   THEN jsonb_build_object('analysis', jsonb_build_object('headline', s.perplexity_response -> 'analysis' -> 'headline'))
                   ELSE s.perplexity_response END AS response,
              li.id AS library_item_id
         FROM sonar_results s
         -- The item only while it is still there and the user's (deleted, expired, or not a uuid: null).
         LEFT JOIN library_items li
           ON li.id = CASE WHEN s.perplexity_response ->> 'libraryItemId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                           THEN (s.perplexity_response ->> 'libraryItemId')::uuid END
          AND li.user_id = ${userId}
        WHERE s.user_id = ${userId} AND s.processed_at >= bounds.recent_since
        ORDER BY s.processed_at DESC
        LIMIT ${RECENT_ACTIVITY_ROWS}
    ) r) AS recent,
    (SELECT CASE WHEN count(*) > 0 THEN json_build_object(
              'p50', percentile_cont(0.5) WITHIN GROUP (ORDER BY f.seconds),
              'p95', percentile_cont(0.95) WITHIN GROUP (ORDER BY f.seconds),
              'count', count(*)) END
       FROM (
         SELECT extract(epoch FROM m.sent_at - CASE
                  WHEN ar.kind = 'trigger' THEN coalesce(te.found_at, ar.created_at)
                  WHEN ar.kind IN ('news', 'newsletter') THEN coalesce(ar.scanned_at, ar.created_at)
                  ELSE ar.created_at END) AS seconds
           FROM alert_runs ar
           JOIN mail_outbox m ON m.id = ar.mail_id
           LEFT JOIN trigger_events te ON ar.kind = 'trigger' AND te.id = ar.alert_id
          WHERE ar.user_id = ${userId} AND ar.created_at >= bounds.freshness_since
            AND ar.status = 'succeeded'
            AND ar.kind IN ('news', 'newsletter', 'earnings_check', 'earnings_reminder', 'earnings_summary', 'trigger')
            AND m.sent_at IS NOT NULL
       ) f) AS freshness
  FROM bounds
`;

export async function getDashboard(db: Database, userId: string): Promise<DashboardSummary> {
  const { rows } = await db.execute<SummaryRow>(summaryQuery(userId));
  const row = rows[0]!;

  let unreadable = 0;
  const recent: RecentScan[] = row.recent.map((scan) => {
    const { headline, unreadable: bad } = readHeadline(scan.response);
    if (bad) unreadable += 1;
    return {
      id: scan.id,
      processedAt: new Date(scan.processed_at).toISOString(),
      companyName: scan.company_name,
      hasNews: scan.has_news,
      sent: scan.sent,
      headline,
      libraryItemId: scan.library_item_id,
    };
  });
  // Spec 02 §8 "Stored responses": reported, without the response itself (it is the user's data).
  if (unreadable) log.warn('unreadable stored news responses on the dashboard', { count: unreadable });

  return {
    alerts: {
      news: { active: row.news_active, limit: NEWS_ALERT_LIMIT },
      newsletter: { active: row.newsletter_active, limit: NEWSLETTER_LIMIT },
      earnings: { active: row.earnings_active, limit: EARNINGS_ALERT_LIMIT },
    },
    allTime: { newsAlertsSent: row.news_sent, newslettersSent: row.newsletters_sent, earningsAlertsSent: row.earnings_sent },
    recent,
    platform: {
      monthStart: new Date(row.month_start).toISOString(),
      companiesMonitored: row.companies_monitored,
      alertsSent: row.alerts_sent,
    },
    interests: row.interests,
    freshness: row.freshness
      ? { p50Seconds: roundSeconds(row.freshness.p50), p95Seconds: roundSeconds(row.freshness.p95), count: row.freshness.count }
      : null,
  };
}

/** Tenths of a second: finer than any delivery is told, coarse enough not to leak float noise. */
const roundSeconds = (seconds: number) => Math.round(seconds * 10) / 10;
