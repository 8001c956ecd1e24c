// The home dashboard's API (spec 02 §2 "Home dashboard", §7 "Dashboard"): one response for the
// whole page, and the feature-interest toggle's request.
import * as z from 'zod/mini';
import { FEATURES_OF_INTEREST, type FeatureOfInterest } from './sonar.ts';

export type AlertCount = { active: number; limit: number };

export type RecentScan = {
  id: string;
  /** ISO timestamp. */
  processedAt: string;
  companyName: string;
  hasNews: boolean;
  sent: boolean;
  /** analysis.headline of the stored response; null when absent or unreadable (shown as '-'). */
  headline: string | null;
};

export type DashboardSummary = {
  alerts: { news: AlertCount; newsletter: AlertCount; earnings: AlertCount };
  allTime: { newsAlertsSent: number; newslettersSent: number; earningsAlertsSent: number };
  recent: RecentScan[];
  /** Every user's activity since the first of the current month (America/New_York). */
  platform: { monthStart: string; companiesMonitored: number; alertsSent: number };
  interests: FeatureOfInterest[];
};

export type InterestsResponse = { interests: FeatureOfInterest[] };

export const interestUpdateSchema = z.strictObject({ registered: z.boolean() });
export type InterestUpdate = z.output<typeof interestUpdateSchema>;

export const isFeatureOfInterest = (name: string): name is FeatureOfInterest => (FEATURES_OF_INTEREST as readonly string[]).includes(name);

/** All three areas have at least one active alert (the "fully configured" banner). */
export const isFullyConfigured = ({ news, newsletter, earnings }: DashboardSummary['alerts']) =>
  news.active > 0 && newsletter.active > 0 && earnings.active > 0;
