// News alerts (spec 02 §3 "News alert", §5 "News alert save", §9): the request both the card form
// and the API validate, and the shape the API answers with.
import * as z from 'zod/mini';
import { optionalEmail, splitKeywords } from './schemas.ts';
import { COMPANY_NAME_MAX_LENGTH, DELIVERY_HOURS, KEYWORDS_MAX_LENGTH, WEEKDAYS, type Weekday } from './sonar.ts';

export const NEWS_ALERT_LIMIT = 6;

/** The first three alerts (by creation) cannot be deleted. */
export const UNDELETABLE_NEWS_ALERTS = 3;

export const DEFAULT_DELIVERY_HOUR = 9;

export const newsAlertMessages = {
  loadError: 'Error loading alerts',
  cannotDeleteTitle: 'Cannot delete',
  cannotDelete: 'The first three alerts cannot be deleted.',
  createFailed: 'Failed to create new alert.',
  deleteFailed: 'Failed to delete alert.',
  saveFailed: 'Failed to save changes. Please try again.',
  created: 'New alert created successfully.',
  updated: 'Alert updated successfully.',
  cannotSave: 'Cannot save alert',
  cannotActivate: 'Cannot activate alert',
  requiredFields: 'Please fill in the company name, at least one delivery day and a delivery time.',
  limitReached: 'You can have up to 6 news alerts.',
  notFound: 'This alert no longer exists.',
} as const;

export const newsAlertFieldMessages = {
  companyName: 'Company name is required',
  companyNameTooLong: `Company name can be at most ${COMPANY_NAME_MAX_LENGTH} characters`,
  keywordsTooLong: `Keywords can be at most ${KEYWORDS_MAX_LENGTH} characters`,
  deliveryDays: 'Choose at least one delivery day',
  duplicateDays: 'Each delivery day can be chosen once',
  deliveryHour: 'Choose a delivery time',
  notificationEmail: 'Enter a valid e-mail address',
} as const;

/** The fields without which an alert can be neither saved nor activated. */
const REQUIRED_ALERT_FIELDS = ['companyName', 'deliveryDays', 'deliveryHour'] as const;

/** Days in week order, whatever order they were picked in. */
export const inWeekOrder = (days: readonly Weekday[]): Weekday[] => WEEKDAYS.filter((d) => days.includes(d));

/** One alert card as the user fills it in (keywords as the comma-separated text typed). */
export const newsAlertFormSchema = z.strictObject({
  active: z.boolean({ error: 'Active must be true or false' }),
  companyName: z
    .string({ error: newsAlertFieldMessages.companyName })
    .check(
      z.trim(),
      z.minLength(1, newsAlertFieldMessages.companyName),
      z.maxLength(COMPANY_NAME_MAX_LENGTH, newsAlertFieldMessages.companyNameTooLong),
    ),
  keywords: z.pipe(
    z.string({ error: 'Keywords must be text' }).check(z.maxLength(KEYWORDS_MAX_LENGTH, newsAlertFieldMessages.keywordsTooLong)),
    z.transform(splitKeywords),
  ),
  deliveryDays: z.pipe(
    z.array(z.enum(WEEKDAYS, { error: 'Delivery days must be among MON to SUN' }), { error: newsAlertFieldMessages.deliveryDays }).check(
      z.minLength(1, newsAlertFieldMessages.deliveryDays),
      z.refine((days) => new Set(days).size === days.length, newsAlertFieldMessages.duplicateDays),
    ),
    z.transform((days: Weekday[]) => inWeekOrder(days)),
  ),
  deliveryHour: z
    .int({ error: newsAlertFieldMessages.deliveryHour })
    .check(z.refine((hour) => DELIVERY_HOURS.includes(hour), newsAlertFieldMessages.deliveryHour)),
  notificationEmail: optionalEmail,
});
export type NewsAlertInput = z.output<typeof newsAlertFormSchema>;

/** A saved alert as the API returns it. */
export type NewsAlert = {
  id: string;
  active: boolean;
  companyName: string;
  keywords: string[];
  deliveryDays: Weekday[];
  /** The delivery hour in America/New_York (6..18); null if a stored row has no time. */
  deliveryHour: number | null;
  notificationEmail: string | null;
  searchId: string;
  createdAt: string;
  updatedAt: string;
};

export type NewsAlertList = { alerts: NewsAlert[]; defaultNotificationEmail: string };

/** The request's field errors name a required field (→ 'Cannot save alert' with the required-fields text). */
export const missesRequiredField = (fields: Record<string, string> | undefined) =>
  REQUIRED_ALERT_FIELDS.some((field) => fields?.[field] !== undefined);
