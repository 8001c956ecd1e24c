// The home dashboard's API (spec 02 §2 "Home dashboard", §7 "Dashboard"): one response for the
// whole page, and the feature-interest toggle's request.
import * as z from 'zod/mini';

export const RECENT_ACTIVITY_DAYS = 30;

export const RECENT_ACTIVITY_ROWS = 30;

/** The found → delivered figures (issue 31 §3) cover the user's messages of this many days. */
export const FRESHNESS_DAYS = 30;

const FEATURES_OF_INTEREST = ['air', 'wolfebot'] as const;

export type FeatureOfInterest = (typeof FEATURES_OF_INTEREST)[number];

export const dashboardMessages = {
  loadError: 'Error loading dashboard',
  loadErrorDescription: 'Please try again later.',
  configured: 'Great job! Your Sonar OS Alerts are fully configured and actively monitoring',
  getStarted: 'Get started by setting up your Alerts monitoring preferences in each section below',
  noActivity: 'Your alerts will show up here once companies in your portfolio are scanned',
  /** e.g. "Found → delivered, last 30 days: median 1 min 12 s · 95th percentile 3 min 4 s (42 messages)". */
  freshness: (median: string, p95: string, count: number) =>
    `Found → delivered, last ${FRESHNESS_DAYS} days: median ${median} · 95th percentile ${p95} (${count.toLocaleString('en-US')} ${count === 1 ? 'message' : 'messages'})`,
} as const;

export const featureInterestMessages = {
  registered: "You'll be notified",
  cancelled: 'Notification cancelled',
  failedTitle: 'Error',
  failed: 'Failed to update notification preference.',
} as const;

type AlertCount = { active: number; limit: number };

export type RecentScan = {
  id: string;
  /** ISO timestamp. */
  processedAt: string;
  companyName: string;
  hasNews: boolean;
  sent: boolean;
  /** analysis.headline of the stored response; null when absent or unreadable (shown as '-'). */
  headline: string | null;
  /** The library item the alert's e-mail was kept as (issue 27), while it is still in the library; else null. */
  libraryItemId: string | null;
};

export type DashboardSummary = {
  alerts: { news: AlertCount; newsletter: AlertCount; earnings: AlertCount };
  allTime: { newsAlertsSent: number; newslettersSent: number; earningsAlertsSent: number };
  recent: RecentScan[];
  /** Every user's activity since the first of the current month (America/New_York). */
  platform: { monthStart: string; companiesMonitored: number; alertsSent: number };
  interests: FeatureOfInterest[];
  /**
   * How long the user's messages of the last FRESHNESS_DAYS days took from "found" (the search,
   * or the trigger event's discovery) to delivered (the mail server took it), in seconds: the
   * median, the 95th percentile and how many messages; null when none was delivered.
   */
  freshness: Freshness | null;
};

export type Freshness = { p50Seconds: number; p95Seconds: number; count: number };

export type InterestsResponse = { interests: FeatureOfInterest[] };

// Only the server validates with it: marked pure, so the web's bundle, which imports this file for its
// texts and types, drops it and zod with it (issue 16).
export const interestUpdateSchema = /*#__PURE__*/ z.strictObject({ registered: /*#__PURE__*/ z.boolean() });

export const isFeatureOfInterest = (name: string): name is FeatureOfInterest => (FEATURES_OF_INTEREST as readonly string[]).includes(name);

/** All three areas have at least one active alert (the "fully configured" banner). */
export const isFullyConfigured = ({ news, newsletter, earnings }: DashboardSummary['alerts']) =>
  news.active > 0 && newsletter.active > 0 && earnings.active > 0;
