// The private earnings calendar feed (issue 29 §2, table calendar_feeds): one token per user, in the
// feed's address, which is the only credential a calendar app can send. Creating a token again
// replaces it (the old address stops working at once); revoking deletes it. The feed lists the
// user's active trackings that have a next date, built by jobs/earnings/calendar.ts like the
// reminder's attachment.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { BRAND } from '../../../shared/constants.ts';
import type { EarningsCalendarFeed } from '../../../shared/earnings-alerts.ts';
import type { Database } from '../../db/client.ts';
import { calendarFeeds, earningsTracking, earningsTrackingResults, users } from '../../db/schema.ts';
import { buildEarningsCalendar } from '../../jobs/earnings/calendar.ts';

/** 32 random bytes, base64url: 256 bits, nothing to guess. */
const newToken = () => randomBytes(32).toString('base64url');
/** What a token looks like; anything else is refused before the database is asked. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The feed's name in the user's calendar app. */
export const CALENDAR_NAME = `${BRAND} earnings calls`;

const feedPath = (token: string) => `/calendar/${token}.ics`;

function feedOf(appUrl: string, row: { token: string; createdAt: Date } | undefined): EarningsCalendarFeed {
  if (!row) return { webcalUrl: null, httpUrl: null, createdAt: null };
  const url = new URL(feedPath(row.token), appUrl);
  // webcal:// is the same address with the scheme calendar apps subscribe to (they fetch it over http(s)).
  return { webcalUrl: `webcal://${url.host}${url.pathname}`, httpUrl: url.href, createdAt: row.createdAt.toISOString() };
}

export async function getCalendarFeed(db: Database, userId: string, appUrl: string): Promise<EarningsCalendarFeed> {
  const [row] = await db
    .select({ token: calendarFeeds.token, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return feedOf(appUrl, row);
}

/** A new token for the user, replacing theirs if any: the old address answers 404 from now on. */
export async function regenerateCalendarFeed(db: Database, userId: string, appUrl: string): Promise<EarningsCalendarFeed> {
  const token = newToken();
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } })
    .returning({ token: calendarFeeds.token, createdAt: calendarFeeds.createdAt });
  return feedOf(appUrl, row);
}

export async function revokeCalendarFeed(db: Database, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The iCalendar text of the token's owner, or null for a token nobody holds (revoked, replaced, made up). */
export async function calendarFeedText(db: Database, token: string, appUrl: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  // A suspended account's feed is not served, as none of its other data is (issue 28).
  const [feed] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.token, token), isNull(users.suspendedAt)));
  if (!feed) return null;
  const rows = await db
    .select({
      trackingId: earningsTracking.id,
      companyName: earningsTracking.companyName,
      ticker: earningsTrackingResults.ticker,
      earningsDate: earningsTrackingResults.earningsDate,
      status: earningsTrackingResults.status,
      provider: earningsTrackingResults.provider,
      sourceUrl: earningsTrackingResults.sourceUrl,
      sequence: earningsTrackingResults.eventSequence,
      updatedAt: earningsTrackingResults.updatedAt,
    })
    .from(earningsTracking)
    .innerJoin(
      earningsTrackingResults,
      and(eq(earningsTrackingResults.trackingId, earningsTracking.id), eq(earningsTrackingResults.userId, earningsTracking.userId)),
    )
    .where(
      and(eq(earningsTracking.userId, feed.userId), eq(earningsTracking.active, true), isNotNull(earningsTrackingResults.earningsDate)),
    )
    .orderBy(asc(earningsTracking.createdAt), asc(earningsTracking.id));
  return buildEarningsCalendar(
    rows.map((row) => ({ ...row, earningsDate: row.earningsDate! })),
    { appUrl, name: CALENDAR_NAME },
  );
}
