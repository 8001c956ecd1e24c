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
// The whole page is ONE statement of scalar subqueries, each on an index (see the migration
// 0002_dashboard_indexes and scripts/bench-dashboard.ts).
import { sql } from 'drizzle-orm';
import {
  type DashboardSummary,
  type FeatureOfInterest,
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
};

/** The page's one statement (exported so scripts/bench-dashboard.ts can EXPLAIN exactly this). */
export const summaryQuery = (userId: string) => sql`
  WITH bounds AS (
    SELECT date_trunc('month', now() AT TIME ZONE ${ALERT_TIME_ZONE}) AT TIME ZONE ${ALERT_TIME_ZONE} AS month_start,
           now() - make_interval(days => ${RECENT_ACTIVITY_DAYS}) AS recent_since
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
    ) r) AS recent
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
  };
}
