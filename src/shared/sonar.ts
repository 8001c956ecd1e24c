// Sonar OS constants of spec 02 §3 and §9: limits, option lists and their labels. Both sides
// import these, so the server's rules and the forms' choices are the same lists.

/** Every delivery hour and day is meant in this time zone (spec 02 §3: delivery_time). */
export const ALERT_TIME_ZONE = 'America/New_York';
export const SAVED_CONFIRMATION_MS = 3000;

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

// News alerts
export const NEWS_ALERT_LIMIT = 6;
/** The first three alerts (by creation) cannot be deleted. */
export const UNDELETABLE_NEWS_ALERTS = 3;
export const KEYWORDS_MAX_LENGTH = 200;
export const COMPANY_NAME_MAX_LENGTH = 200;
/** Delivery hours offered: 06:00 to 18:00, hourly. */
export const DELIVERY_HOURS = Array.from({ length: 13 }, (_, i) => i + 6);
export const DEFAULT_DELIVERY_HOUR = 9;
/** 9 → '9:00 AM', 13 → '1:00 PM'. */
export const hourLabel = (hour: number) => `${((hour + 11) % 12) + 1}:00 ${hour < 12 ? 'AM' : 'PM'}`;

// Newsletter
export const PORTFOLIO_LIMIT = 25;
export const INDUSTRY_MAX_LENGTH = 200;
export const REGIONS = ['usa', 'canada', 'uk', 'europe', 'middle_east', 'africa', 'apac', 'latam', 'global'] as const;
export type Region = (typeof REGIONS)[number];
export const DEFAULT_REGIONS: Region[] = ['usa'];
export const regionLabels: Record<Region, string> = {
  usa: 'USA',
  canada: 'Canada',
  uk: 'UK',
  europe: 'Europe',
  middle_east: 'Middle East',
  africa: 'Africa',
  apac: 'APAC',
  latam: 'LATAM',
  global: 'Global',
};
export const TREND_TOPICS = [
  'competitive_shifts',
  'strategic_alliances',
  'market_expansion',
  'technology_adoption',
  'innovation_rd',
  'investment_activity',
  'regulatory_changes',
  'customer_experience',
  'operational_efficiency',
  'financial_performance',
  'market_consolidation',
  'leadership_changes',
] as const;
export type TrendTopic = (typeof TREND_TOPICS)[number];
export const trendTopicLabels: Record<TrendTopic, string> = {
  competitive_shifts: 'Competitive Shifts',
  strategic_alliances: 'Strategic Alliances',
  market_expansion: 'Market Expansion',
  technology_adoption: 'Technology Adoption',
  innovation_rd: 'Innovation & R&D',
  investment_activity: 'Investment Activity',
  regulatory_changes: 'Regulatory Changes',
  customer_experience: 'Customer Experience',
  operational_efficiency: 'Operational Efficiency',
  financial_performance: 'Financial Performance',
  market_consolidation: 'Market Consolidation',
  leadership_changes: 'Leadership Changes',
};
export const FREQUENCIES = ['7d', '14d', '30d'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const frequencyLabels: Record<Frequency, string> = { '7d': 'Weekly', '14d': 'Bi-weekly', '30d': 'Monthly' };
/** Newsletter delivery times ('HH:MM'), the same hourly window as news alerts. */
export const NEWSLETTER_TIMES = DELIVERY_HOURS.map((h) => `${String(h).padStart(2, '0')}:00`);
export const DEFAULT_NEWSLETTER_SCHEDULE = { delivery_day: 'MON', delivery_time: '09:00', frequency: '7d' } as const;

// Earnings alerts
export const EARNINGS_ALERT_LIMIT = 3;
export const NOTIFICATION_TIMINGS = ['24h', '48h', '1w'] as const;
export type NotificationTiming = (typeof NOTIFICATION_TIMINGS)[number];
export const notificationTimingLabels: Record<NotificationTiming, string> = {
  '24h': '24 hours before',
  '48h': '48 hours before',
  '1w': '1 week before',
};
export const CONFIDENCE_HIGH = 0.8;
export const CONFIDENCE_LOW = 0.5;

// Dashboard
export const RECENT_ACTIVITY_DAYS = 30;
export const RECENT_ACTIVITY_ROWS = 30;
export const FEATURES_OF_INTEREST = ['air', 'wolfebot'] as const;
export type FeatureOfInterest = (typeof FEATURES_OF_INTEREST)[number];
