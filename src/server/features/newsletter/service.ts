// The signed-in user's one newsletter (spec 02 §3, §5, §7). Every query is keyed by the session's
// user id; the unique index on newsletter_alerts.user_id keeps it one per user under concurrency.
import { eq } from 'drizzle-orm';
import {
  type Frequency,
  type Newsletter,
  type NewsletterInput,
  type NewsletterResponse,
  newsletterMessages,
  type TrendTopic,
} from '../../../shared/newsletter.ts';
import type { Region, Weekday } from '../../../shared/sonar.ts';
import { defaultAlertRecipient } from '../../db/alert-recipient.ts';
import type { Database } from '../../db/client.ts';
import { isConstraintViolation, SQLSTATE } from '../../db/errors.ts';
import { newsletterAlerts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

type Row = typeof newsletterAlerts.$inferSelect;

function toNewsletter(row: Row): Newsletter {
  return {
    id: row.id,
    active: row.active,
    industry: row.industry[0] ?? '',
    regions: row.regions as Region[],
    industryCategories: row.industryCategories as TrendTopic[],
    portfolio: row.portfolio.map((company) => ({ companyName: company.company_name, keywords: company.keywords })),
    deliveryDay: row.deliverySchedule.delivery_day as Weekday,
    deliveryTime: row.deliverySchedule.delivery_time,
    frequency: row.deliverySchedule.frequency as Frequency,
    notificationEmail: row.notificationEmail,
    lastChecked: row.lastChecked?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored columns; saving resets last_checked so the next run looks at the new settings afresh. */
function toColumns(input: NewsletterInput) {
  return {
    active: input.active,
    industry: [input.industry],
    regions: input.regions,
    industryCategories: input.industryCategories,
    portfolio: input.portfolio.map((company) => ({ company_name: company.companyName, keywords: company.keywords })),
    deliverySchedule: { delivery_day: input.deliveryDay, delivery_time: input.deliveryTime, frequency: input.frequency },
    notificationEmail: input.notificationEmail,
    lastChecked: null,
    updatedAt: new Date(),
  };
}

const alreadyExists = () =>
  new AppError('newsletter_exists', newsletterMessages.alreadyExists, { title: newsletterMessages.saveFailedTitle });

export async function getNewsletter(db: Database, userId: string): Promise<NewsletterResponse> {
  const defaultNotificationEmail = await defaultAlertRecipient(db, userId);
  const [row] = await db.select().from(newsletterAlerts).where(eq(newsletterAlerts.userId, userId));
  return { newsletter: row ? toNewsletter(row) : null, defaultNotificationEmail };
}

export async function createNewsletter(db: Database, userId: string, input: NewsletterInput): Promise<Newsletter> {
  const [existing] = await db.select({ id: newsletterAlerts.id }).from(newsletterAlerts).where(eq(newsletterAlerts.userId, userId));
  if (existing) throw alreadyExists();
  const [row] = await db
    .insert(newsletterAlerts)
    .values({ userId, ...toColumns(input) })
    .returning()
    .catch(rethrowRefusal);
  return toNewsletter(row!);
}

export async function updateNewsletter(db: Database, userId: string, input: NewsletterInput): Promise<Newsletter> {
  const [row] = await db
    .update(newsletterAlerts)
    .set(toColumns(input))
    .where(eq(newsletterAlerts.userId, userId))
    .returning()
    .catch(rethrowRefusal);
  if (!row) throw new AppError('not_found', newsletterMessages.notFound);
  return toNewsletter(row);
}

/** The database's own limits, answered like the service's checks (a concurrent create, a 26th company). */
function rethrowRefusal(err: unknown): never {
  if (isConstraintViolation(err, SQLSTATE.uniqueViolation, 'newsletter_alerts_user_id_unique')) throw alreadyExists();
  if (isConstraintViolation(err, SQLSTATE.checkViolation, 'newsletter_portfolio_max_25')) {
    throw new AppError('validation', newsletterMessages.limit, { title: newsletterMessages.limitTitle });
  }
  throw err;
}
