// The signed-in user's earnings alerts (table earnings_tracking) with the checker's result for each
// (earnings_tracking_results). Every query is keyed by the session's user id; at most 3 alerts each.
import { and, asc, count, eq } from 'drizzle-orm';
import {
  EARNINGS_ALERT_LIMIT,
  type EarningsAlert,
  type EarningsAlertsResponse,
  type EarningsAlertValues,
  earningsAlertMessages,
} from '../../../shared/earnings-alerts.ts';
import { defaultAlertRecipient } from '../../db/alert-recipient.ts';
import type { Database } from '../../db/client.ts';
import { isConstraintViolation, SQLSTATE } from '../../db/errors.ts';
import { earningsTracking, earningsTrackingResults } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

const LIMIT_CONSTRAINT = 'earnings_tracking_per_user_limit';

const limitReached = () => new AppError('limit_reached', earningsAlertMessages.limitReached, { title: earningsAlertMessages.cannotSave });
const notFound = () => new AppError('not_found', earningsAlertMessages.notFound, { title: earningsAlertMessages.cannotSave });

const alertColumns = {
  id: earningsTracking.id,
  active: earningsTracking.active,
  companyName: earningsTracking.companyName,
  keywords: earningsTracking.keywords,
  notificationTiming: earningsTracking.notificationTiming,
  notificationEmail: earningsTracking.notificationEmail,
  ticker: earningsTracking.ticker,
  createdAt: earningsTracking.createdAt,
  updatedAt: earningsTracking.updatedAt,
};

const resultColumns = {
  // The result's own id tells a missing row (LEFT JOIN) from a row whose columns are all null.
  resultId: earningsTrackingResults.id,
  earningsDate: earningsTrackingResults.earningsDate,
  confidenceScore: earningsTrackingResults.confidenceScore,
  sourceUrl: earningsTrackingResults.sourceUrl,
  status: earningsTrackingResults.status,
  notificationStatus: earningsTrackingResults.notificationStatus,
  transcriptStatus: earningsTrackingResults.transcriptStatus,
  provider: earningsTrackingResults.provider,
  previousEarningsDate: earningsTrackingResults.previousEarningsDate,
};

type AlertRow = Awaited<ReturnType<typeof selectAlerts>>[number];

/** A new alert has no result yet. */
const noResult = Object.fromEntries(Object.keys(resultColumns).map((key) => [key, null])) as {
  [K in keyof typeof resultColumns]: null;
};

function toAlert(row: AlertRow): EarningsAlert {
  return {
    id: row.id,
    active: row.active,
    companyName: row.companyName,
    keywords: row.keywords,
    notificationTiming: row.notificationTiming,
    notificationEmail: row.notificationEmail,
    ticker: row.ticker,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    result:
      row.resultId === null
        ? null
        : {
            earningsDate: row.earningsDate?.toISOString() ?? null,
            confidenceScore: row.confidenceScore,
            sourceUrl: row.sourceUrl,
            status: row.status,
            notificationStatus: row.notificationStatus,
            transcriptStatus: row.transcriptStatus,
            provider: row.provider,
            previousEarningsDate: row.previousEarningsDate?.toISOString() ?? null,
          },
  };
}

/** The user's alerts with their results in one query (oldest first), optionally just one alert. */
function selectAlerts(db: Database, userId: string, alertId?: string) {
  return db
    .select({ ...alertColumns, ...resultColumns })
    .from(earningsTracking)
    .leftJoin(
      earningsTrackingResults,
      and(eq(earningsTrackingResults.trackingId, earningsTracking.id), eq(earningsTrackingResults.userId, earningsTracking.userId)),
    )
    .where(and(eq(earningsTracking.userId, userId), alertId === undefined ? undefined : eq(earningsTracking.id, alertId)))
    .orderBy(asc(earningsTracking.createdAt), asc(earningsTracking.id));
}

export async function listAlerts(db: Database, userId: string): Promise<EarningsAlertsResponse> {
  const [defaultNotificationEmail, rows] = await Promise.all([defaultAlertRecipient(db, userId), selectAlerts(db, userId)]);
  return { alerts: rows.map(toAlert), defaultNotificationEmail };
}

export async function createAlert(db: Database, userId: string, input: EarningsAlertValues): Promise<EarningsAlert> {
  const [existing] = await db.select({ n: count() }).from(earningsTracking).where(eq(earningsTracking.userId, userId));
  if ((existing?.n ?? 0) >= EARNINGS_ALERT_LIMIT) throw limitReached();
  try {
    const [row] = await db
      .insert(earningsTracking)
      .values({ ...input, userId })
      .returning(alertColumns);
    return toAlert({ ...row!, ...noResult });
  } catch (err) {
    // The database's own per-user limit (a trigger): two creates raced past our count.
    if (isConstraintViolation(err, SQLSTATE.checkViolation, LIMIT_CONSTRAINT)) throw limitReached();
    throw err;
  }
}

export async function updateAlert(db: Database, userId: string, alertId: string, input: EarningsAlertValues): Promise<EarningsAlert> {
  if (!isUuid(alertId)) throw notFound();
  const updated = await db
    .update(earningsTracking)
    .set(input)
    .where(and(eq(earningsTracking.id, alertId), eq(earningsTracking.userId, userId)))
    .returning({ id: earningsTracking.id });
  if (updated.length === 0) throw notFound();
  const [row] = await selectAlerts(db, userId, alertId);
  if (!row) throw notFound();
  return toAlert(row);
}
