// Retention (spec 01 §9: logs kept 90 days) and expired auth rows, once a day. Alert runs and the
// record of sent articles are kept as long: the engine reads back at most 30 days of runs, and
// compares new articles with the last 90 days of sent ones. The shared article store (publisher
// pages read, Google News links decoded) is kept 90 days too: no search looks further back, except
// that an article behind an item still in someone's library stays as long as the item does, so the
// library's search still reaches its text. Library items go after LIBRARY_RETENTION_DAYS (issue 27).
// Shared news searches serve one burst of alerts (ADR 016) and go after a day. The hourly source
// request counts (ADR 026) are kept 90 days, like the logs they stand in for, and so is the channels'
// delivery log (issue 29), except what is still to be sent (a paused channel's held messages). The
// security log goes after SECURITY_LOG_DAYS, as the legal pages say of system logs, and a data
// export (issue 30 §6) with its archive once its link has expired.

import { and, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { SECURITY_LOG_DAYS } from '../../shared/security-log.ts';
import type { Database } from '../db/client.ts';
import {
  alertRuns,
  articles,
  authAttempts,
  channelDeliveries,
  dataExports,
  googleNewsLinks,
  libraryItems,
  mailOutbox,
  newsSearches,
  secFilings,
  securityEvents,
  sentArticles,
  sessions,
  sourceRequestCounts,
  triggerEvents,
  verifications,
} from '../db/schema.ts';

const QUEUE = 'housekeeping';

const NINETY_DAYS_AGO = sql`now() - interval '90 days'`;
const A_DAY_AGO = sql`now() - interval '1 day'`;

export type HousekeepingOptions = {
  /** LIBRARY_RETENTION_DAYS. */
  libraryRetentionDays: number;
};

/** One pass of the daily clean-up (exported for the tests). */
export async function housekeep(db: Database, { libraryRetentionDays }: HousekeepingOptions) {
  await db.delete(mailOutbox).where(and(lt(mailOutbox.createdAt, NINETY_DAYS_AGO), ne(mailOutbox.status, 'pending')));
  await db
    .delete(alertRuns)
    .where(and(lt(alertRuns.createdAt, NINETY_DAYS_AGO), notInArray(alertRuns.status, ['queued', 'running', 'prepared'])));
  await db.delete(newsSearches).where(lt(newsSearches.claimedAt, A_DAY_AGO));
  await db.delete(sentArticles).where(lt(sentArticles.sentAt, NINETY_DAYS_AGO));
  // Items first (their library_item_sources go with them), so the articles only they held go today.
  await db.delete(libraryItems).where(lt(libraryItems.createdAt, sql`now() - make_interval(days => ${libraryRetentionDays})`));
  // library_item_sources_key_user_idx (url_key, user_id) answers the NOT EXISTS for each old article.
  await db
    .delete(articles)
    .where(
      and(
        lt(articles.fetchedAt, NINETY_DAYS_AGO),
        sql`not exists (select 1 from library_item_sources s where s.url_key = ${articles.urlKey})`,
      ),
    );
  await db.delete(googleNewsLinks).where(lt(googleNewsLinks.checkedAt, NINETY_DAYS_AGO));
  await db.delete(verifications).where(lt(verifications.expiresAt, A_DAY_AGO));
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  await db.delete(authAttempts).where(lt(authAttempts.windowStart, A_DAY_AGO));
  await db.delete(sourceRequestCounts).where(lt(sourceRequestCounts.hour, NINETY_DAYS_AGO));
  // Their attempts go with them (on delete cascade).
  await db.delete(channelDeliveries).where(and(lt(channelDeliveries.createdAt, NINETY_DAYS_AGO), ne(channelDeliveries.status, 'pending')));
  await db.delete(securityEvents).where(lt(securityEvents.createdAt, sql`now() - make_interval(days => ${SECURITY_LOG_DAYS})`));
  await db.delete(dataExports).where(lt(dataExports.expiresAt, sql`now()`));
  // The EDGAR ledger needs to reach back only past the feeds' own window (a few days at most).
  await db.delete(secFilings).where(lt(secFilings.foundAt, sql`now() - interval '7 days'`));
  // As long as the runs that told them (above).
  await db.delete(triggerEvents).where(lt(triggerEvents.foundAt, NINETY_DAYS_AGO));
}

export async function scheduleHousekeeping(boss: PgBoss, db: Database, options: HousekeepingOptions) {
  await boss.createQueue(QUEUE);
  await boss.schedule(QUEUE, '17 3 * * *', null, { tz: 'America/New_York' });
  await boss.work(QUEUE, () => housekeep(db, options));
}
