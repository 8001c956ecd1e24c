// The signed-in user's news alerts (table sonar_alerts, spec 02 §3, §5, §9). Every query is keyed
// by the session's user id; another user's alert is indistinguishable from a missing one (404).
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  NEWS_ALERT_LIMIT,
  type NewsAlert,
  type NewsAlertInput,
  type NewsAlertList,
  newsAlertMessages,
  UNDELETABLE_NEWS_ALERTS,
} from '../../../shared/news-alerts.ts';
import { ALERT_TIME_ZONE, type Weekday } from '../../../shared/sonar.ts';
import type { Database } from '../../db/client.ts';
import { isConstraintViolation, SQLSTATE } from '../../db/errors.ts';
import { sonarAlerts } from '../../db/schema.ts';
import type { SessionUser } from '../../http/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

// delivery_time is a timestamp, but what the user picks (and what the alert engine reads back) is
// an hour of the day in America/New_York. We store that hour on the day of saving as New York wall
// time, converted by PostgreSQL's time-zone rules, and read it back the same way: the round trip
// gives the chosen hour whatever the server's zone and on either side of a DST change (the offered
// hours 06:00 to 18:00 never fall in a DST gap).
const deliveryTimeAt = (hour: number) =>
  sql`(date_trunc('day', now() AT TIME ZONE ${ALERT_TIME_ZONE}) + make_interval(hours => ${hour}::int)) AT TIME ZONE ${ALERT_TIME_ZONE}`;
const deliveryHour = sql<number | null>`extract(hour from ${sonarAlerts.deliveryTime} AT TIME ZONE ${ALERT_TIME_ZONE})::int`;

const alertColumns = {
  id: sonarAlerts.id,
  active: sonarAlerts.active,
  companyName: sonarAlerts.companyName,
  keywords: sonarAlerts.keywords,
  deliveryDays: sonarAlerts.deliveryDays,
  deliveryHour,
  notificationEmail: sonarAlerts.notificationEmail,
  searchId: sonarAlerts.searchId,
  createdAt: sonarAlerts.createdAt,
  updatedAt: sonarAlerts.updatedAt,
};
type AlertRow = { [K in keyof NewsAlert]: K extends 'createdAt' | 'updatedAt' ? Date : K extends 'deliveryDays' ? string[] : NewsAlert[K] };

// Field by field in alertColumns' order (the JSON's order), not a spread: the list's hot path.
const toAlert = (row: AlertRow): NewsAlert => ({
  id: row.id,
  active: row.active,
  companyName: row.companyName,
  keywords: row.keywords,
  deliveryDays: row.deliveryDays as Weekday[],
  deliveryHour: row.deliveryHour,
  notificationEmail: row.notificationEmail,
  searchId: row.searchId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const notFound = () => new AppError('not_found', newsAlertMessages.notFound);
const limitReached = () => new AppError('limit_reached', newsAlertMessages.limitReached, { title: newsAlertMessages.createFailed });
const cannotDelete = () => new AppError('cannot_delete', newsAlertMessages.cannotDelete, { title: newsAlertMessages.cannotDeleteTitle });

/** A path id that is not a uuid names no alert: 404, not a database error. */
function alertId(id: string) {
  if (!isUuid(id)) throw notFound();
  return id;
}

const ownAlert = (userId: string, id: string) => and(eq(sonarAlerts.id, id), eq(sonarAlerts.userId, userId));

function columnsFrom(input: NewsAlertInput) {
  return {
    active: input.active,
    companyName: input.companyName,
    keywords: input.keywords,
    deliveryDays: input.deliveryDays,
    deliveryTime: deliveryTimeAt(input.deliveryHour),
    notificationEmail: input.notificationEmail,
  };
}

/**
 * Lists a user's alerts, with the default recipient that came with the session's user row (no
 * second read of users). The statement is prepared once per database: it is the page's most
 * frequent read, and PostgreSQL then neither parses nor plans it again on a connection.
 */
export function alertLister(db: Database) {
  const byUser = db
    .select(alertColumns)
    .from(sonarAlerts)
    .where(eq(sonarAlerts.userId, sql.placeholder('userId')))
    .orderBy(asc(sonarAlerts.createdAt), asc(sonarAlerts.id))
    .prepare('eos_news_alerts_by_user');
  return async (user: SessionUser): Promise<NewsAlertList> => {
    const rows = await byUser.execute({ userId: user.id });
    return { alerts: rows.map(toAlert), defaultNotificationEmail: user.alertRecipient };
  };
}

export async function createAlert(db: Database, userId: string, input: NewsAlertInput): Promise<NewsAlert> {
  const [existing] = await db.select({ n: count() }).from(sonarAlerts).where(eq(sonarAlerts.userId, userId));
  if ((existing?.n ?? 0) >= NEWS_ALERT_LIMIT) throw limitReached();
  try {
    const [row] = await db
      .insert(sonarAlerts)
      .values({ userId, ...columnsFrom(input) })
      .returning(alertColumns);
    return toAlert(row!);
  } catch (err) {
    // The database's per-user limit trigger: a concurrent create got there first.
    if (isConstraintViolation(err, SQLSTATE.checkViolation, 'sonar_alerts_per_user_limit')) throw limitReached();
    throw err;
  }
}

export async function updateAlert(db: Database, userId: string, id: string, input: NewsAlertInput): Promise<NewsAlert> {
  const keywords = sql`${sql.param(input.keywords, sonarAlerts.keywords)}::text[]`;
  const [row] = await db
    .update(sonarAlerts)
    .set({
      ...columnsFrom(input),
      // The alert engine keys its searches by search_id: a new company or new keywords is a new
      // search. The right-hand side reads the row's values from before this update.
      searchId: sql`CASE WHEN ${sonarAlerts.companyName} IS DISTINCT FROM ${input.companyName}
        OR ${sonarAlerts.keywords} IS DISTINCT FROM ${keywords} THEN gen_random_uuid() ELSE ${sonarAlerts.searchId} END`,
    })
    .where(ownAlert(userId, alertId(id)))
    .returning(alertColumns);
  if (!row) throw notFound();
  return toAlert(row);
}

/**
 * Deletes one of the user's alerts unless it is among their first three (by created_at, then id).
 * One statement decides and deletes: the first three can only change by deleting one of them,
 * which this very statement refuses, so concurrent deletes cannot empty the protected set.
 */
export async function deleteAlert(db: Database, userId: string, id: string): Promise<void> {
  const alert = alertId(id);
  const firstThree = db
    .select({ id: sonarAlerts.id })
    .from(sonarAlerts)
    .where(eq(sonarAlerts.userId, userId))
    .orderBy(asc(sonarAlerts.createdAt), asc(sonarAlerts.id))
    .limit(UNDELETABLE_NEWS_ALERTS);
  const deleted = await db
    .delete(sonarAlerts)
    .where(and(ownAlert(userId, alert), sql`${sonarAlerts.id} NOT IN ${firstThree}`))
    .returning({ id: sonarAlerts.id });
  if (deleted.length > 0) return;
  const [kept] = await db.select({ id: sonarAlerts.id }).from(sonarAlerts).where(ownAlert(userId, alert));
  throw kept ? cannotDelete() : notFound();
}
