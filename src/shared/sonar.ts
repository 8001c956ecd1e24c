// What Sonar OS's three alerts (news, newsletter, earnings; spec 02 §3 and §9) share: the time zone
// and delivery hours, the weekdays, the company and keyword limits, and the regions (also offered
// by research). Each alert's own limits, schema and texts live in its own shared file.

/** Every delivery hour and day is meant in this time zone (spec 02 §3: delivery_time). */
export const ALERT_TIME_ZONE = 'America/New_York';
export const SAVED_CONFIRMATION_MS = 3000;

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const KEYWORDS_MAX_LENGTH = 200;
export const COMPANY_NAME_MAX_LENGTH = 200;
/** Delivery hours offered: 06:00 to 18:00, hourly. */
export const DELIVERY_HOURS = Array.from({ length: 13 }, (_, i) => i + 6);
/** 9 → '9:00 AM', 13 → '1:00 PM'. */
export const hourLabel = (hour: number) => `${((hour + 11) % 12) + 1}:00 ${hour < 12 ? 'AM' : 'PM'}`;

export const REGIONS = ['usa', 'canada', 'uk', 'europe', 'middle_east', 'africa', 'apac', 'latam', 'global'] as const;
export type Region = (typeof REGIONS)[number];
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
