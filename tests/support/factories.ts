// Row factories for the alert tables, on the drizzle schema: integration tests pass the runtime's
// `db`; e2e specs and the benchmark scripts make one with `factoryDb` from their URL or pg pool.
// Each factory takes the ids it needs and `overrides` (any column, a value or an SQL expression
// such as sql`now() - interval '2 days'`) and returns the inserted row. The `…Values` builders give
// the same rows for one multi-row insert (db.insert(table).values([...])).
//
// The defaults make a valid, active row that no schedule picks up by itself: a news alert has no
// delivery days, a newsletter no portfolio. An active earnings tracking is checked as the engine
// would check any (schedule.ts), so give `active: false` where that must not happen.

import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema.ts';
import { alertRuns, earningsTracking, earningsTrackingResults, newsletterAlerts, sonarAlerts } from '../../src/server/db/schema.ts';

/** What the factories need of a database: a drizzle db or transaction on the app's schema. */
export type FactoryDb = Pick<Database, 'insert'>;

/** A drizzle db for the factories on a URL (a small pool of its own: end it with `db.$client.end()`) or on a pg pool or client. */
export function factoryDb(url: string): ReturnType<typeof drizzle<typeof schema, pg.Pool>>;
export function factoryDb<C extends pg.Pool | pg.PoolClient | pg.Client>(client: C): ReturnType<typeof drizzle<typeof schema, C>>;
export function factoryDb(source: string | pg.Pool | pg.PoolClient | pg.Client) {
  // allowExitOnIdle: a process that never ends the pool (a Playwright worker) is not held open by it.
  const client = typeof source === 'string' ? new pg.Pool({ connectionString: source, max: 2, allowExitOnIdle: true }) : source;
  return drizzle(client, { schema });
}

type Overrides<T extends PgTable> = Partial<PgInsertValue<T>>;
export type NewsAlertOverrides = Overrides<typeof sonarAlerts>;
export type NewsletterOverrides = Overrides<typeof newsletterAlerts>;
export type EarningsTrackingOverrides = Overrides<typeof earningsTracking>;
export type EarningsResultOverrides = Overrides<typeof earningsTrackingResults>;
export type AlertRunOverrides = Overrides<typeof alertRuns>;

/** The rows as `SELECT *` over pg gives them: column names as in the database, values as drizzle types them. */
export type SqlRow<T extends PgTable> = {
  [K in keyof T['_']['columns'] & keyof T['$inferSelect'] as T['_']['columns'][K]['_']['name']]: T['$inferSelect'][K];
};

export const EVERY_DAY = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

/** A news alert's schedule that is due now: every day at this hour, saved two days ago (before today's slots). */
export const dueThisHour = () =>
  ({ deliveryDays: EVERY_DAY, deliveryTime: sql`now()`, updatedAt: sql`now() - interval '2 days'` }) satisfies NewsAlertOverrides;

/** Many rows (e.g. of the `…Values` builders) in statements of `perStatement` rows (PostgreSQL takes at most 65,535 parameters in one). */
export async function insertMany<T extends PgTable>(db: FactoryDb, table: T, rows: PgInsertValue<T>[], perStatement = 1000) {
  const inserted: T['$inferSelect'][] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    inserted.push(
      ...((await db
        .insert(table)
        .values(rows.slice(i, i + perStatement))
        .returning()) as T['$inferSelect'][]),
    );
  }
  return inserted;
}

async function inserted<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('the insert returned no row');
  return row;
}

// News alerts (sonar_alerts).
export const newsAlertValues = (userId: string, overrides: NewsAlertOverrides = {}) =>
  ({ userId, active: true, companyName: 'Acme Robotics', ...overrides }) satisfies PgInsertValue<typeof sonarAlerts>;

export const insertNewsAlert = (db: FactoryDb, userId: string, overrides: NewsAlertOverrides = {}) =>
  inserted(db.insert(sonarAlerts).values(newsAlertValues(userId, overrides)).returning());

// Newsletters (newsletter_alerts, one per user).
export const newsletterValues = (userId: string, overrides: NewsletterOverrides = {}) =>
  ({ userId, active: true, industry: ['Fintech'], ...overrides }) satisfies PgInsertValue<typeof newsletterAlerts>;

export const insertNewsletter = (db: FactoryDb, userId: string, overrides: NewsletterOverrides = {}) =>
  inserted(db.insert(newsletterAlerts).values(newsletterValues(userId, overrides)).returning());

// Earnings trackings (earnings_tracking).
export const earningsTrackingValues = (userId: string, overrides: EarningsTrackingOverrides = {}) =>
  ({ userId, active: true, companyName: 'Apple Inc.', ...overrides }) satisfies PgInsertValue<typeof earningsTracking>;

export const insertEarningsTracking = (db: FactoryDb, userId: string, overrides: EarningsTrackingOverrides = {}) =>
  inserted(db.insert(earningsTracking).values(earningsTrackingValues(userId, overrides)).returning());

/** A tracking's result row (earnings_tracking_results, one per tracking): empty unless overridden. */
export const earningsResultValues = (tracking: { id: string; userId: string }, overrides: EarningsResultOverrides = {}) =>
  ({ trackingId: tracking.id, userId: tracking.userId, ...overrides }) satisfies PgInsertValue<typeof earningsTrackingResults>;

export const insertEarningsResult = (db: FactoryDb, tracking: { id: string; userId: string }, overrides: EarningsResultOverrides = {}) =>
  inserted(db.insert(earningsTrackingResults).values(earningsResultValues(tracking, overrides)).returning());

// The alert engine's run ledger (alert_runs). `alert` is the row of the table `kind` names (or any ids).
type AlertRunKind = (typeof schema.ALERT_RUN_KINDS)[number];
let lastSlot = 0;
/** An operator's slot ('manual:<ISO>'), a millisecond later than the last one given, so runs never collide. */
function nextManualSlot() {
  lastSlot = Math.max(Date.now(), lastSlot + 1);
  return `manual:${new Date(lastSlot).toISOString()}`;
}

export const alertRunValues = (kind: AlertRunKind, alert: { id: string; userId: string }, overrides: AlertRunOverrides = {}) =>
  ({ kind, alertId: alert.id, userId: alert.userId, slot: nextManualSlot(), ...overrides }) satisfies PgInsertValue<typeof alertRuns>;

export const insertAlertRun = (
  db: FactoryDb,
  kind: AlertRunKind,
  alert: { id: string; userId: string },
  overrides: AlertRunOverrides = {},
) =>
  inserted(
    db
      .insert(alertRuns)
      .values(alertRunValues(kind, alert, overrides))
      .returning(),
  );
