// When each alert is due (schedule.ts), on real PostgreSQL with its time-zone rules: New York wall
// time across daylight saving, delivery days, the catch-up window, saves after a slot, newsletter
// frequencies counted from the last delivery, and the earnings windows.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDueRuns } from '../../../src/server/jobs/runs/schedule.ts';
import { registerUser, type TestRuntime } from '../../support/accounts.ts';
import {
  insertAlertRun,
  insertEarningsResult,
  insertEarningsTracking,
  insertNewsAlert,
  insertNewsletter,
} from '../../support/factories.ts';
import { startTestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let client: pg.PoolClient;

beforeAll(async () => {
  rt = await startTestRuntime();
  client = await rt.pool.connect();
});
afterAll(async () => {
  client?.release();
  await rt?.close();
});

const LONG_AGO = '2025-01-01T00:00:00Z';

async function due(userId: string, now: string) {
  const ids = await insertDueRuns(client, new Date(now), userId);
  const { rows } = await client.query<{ kind: string; slot: string }>(
    'SELECT kind, slot FROM alert_runs WHERE id = ANY($1) ORDER BY kind, slot',
    [ids],
  );
  return rows.map((r) => `${r.kind} ${r.slot}`);
}

async function newsAlert(days: string[], nyHour: number, updatedAt = LONG_AGO) {
  const user = await registerUser(rt);
  // As the settings screen stores it: the hour in New York on the day of saving (ADR 009), here a winter day.
  const wallTime = `2026-01-05 ${String(nyHour).padStart(2, '0')}:00`;
  await insertNewsAlert(rt.db, user.id, {
    companyName: 'Acme',
    deliveryDays: days,
    deliveryTime: sql`${wallTime}::timestamp AT TIME ZONE 'America/New_York'`,
    updatedAt: new Date(updatedAt),
  });
  return user.id;
}

describe('news alerts', () => {
  it('are due at their New York hour in winter (UTC-5) and summer (UTC-4)', async () => {
    const user = await newsAlert(['MON'], 9);
    expect(await due(user, '2026-01-05T14:05:00Z')).toEqual(['news 2026-01-05T14:00:00.000Z']);
    expect(await due(user, '2026-07-06T13:05:00Z')).toEqual(['news 2026-07-06T13:00:00.000Z']);
    // Later ticks in the same hour, and the next hours, add nothing.
    expect(await due(user, '2026-07-06T13:59:00Z')).toEqual([]);
    expect(await due(user, '2026-07-06T15:00:00Z')).toEqual([]);
  });

  it('on the days chosen only, with the 06:00 and 18:00 ends of the range', async () => {
    const monday = await newsAlert(['MON', 'WED'], 6);
    expect(await due(monday, '2026-03-10T10:30:00Z')).toEqual([]); // Tuesday 06:30 EDT
    expect(await due(monday, '2026-03-11T10:30:00Z')).toEqual(['news 2026-03-11T10:00:00.000Z']); // Wednesday, EDT since Mar 8
    const evening = await newsAlert(['SUN'], 18);
    expect(await due(evening, '2026-11-01T23:10:00Z')).toEqual(['news 2026-11-01T23:00:00.000Z']); // the day EST starts
  });

  it('a missed slot is still taken up to 6 hours late, not later', async () => {
    const user = await newsAlert(['MON'], 9);
    expect(await due(user, '2026-01-05T20:59:00Z')).toEqual(['news 2026-01-05T14:00:00.000Z']);
    const other = await newsAlert(['MON'], 9);
    expect(await due(other, '2026-01-05T21:00:00Z')).toEqual([]);
  });

  it('a save after the slot waits for the next one', async () => {
    const user = await newsAlert(['MON', 'TUE'], 9, '2026-01-05T14:30:00Z');
    expect(await due(user, '2026-01-05T15:00:00Z')).toEqual([]);
    expect(await due(user, '2026-01-06T14:00:00Z')).toEqual(['news 2026-01-06T14:00:00.000Z']);
  });

  it('inactive alerts and blank companies are never due', async () => {
    const user = await newsAlert(['MON'], 9);
    await client.query(`UPDATE sonar_alerts SET active = false WHERE user_id = $1`, [user]);
    expect(await due(user, '2026-01-05T14:05:00Z')).toEqual([]);
    await client.query(`UPDATE sonar_alerts SET active = true, company_name = '  ' WHERE user_id = $1`, [user]);
    expect(await due(user, '2026-01-05T14:05:00Z')).toEqual([]);
  });
});

describe('newsletters', () => {
  async function newsletter(frequency: '7d' | '14d' | '30d', lastDeliveryDaysAgo: number | null, now: string) {
    const user = await registerUser(rt);
    const alert = await insertNewsletter(rt.db, user.id, {
      industry: ['Fintech'],
      portfolio: [{ company_name: 'Stripe', keywords: [] }],
      deliverySchedule: { delivery_day: 'MON', delivery_time: '09:00', frequency },
      updatedAt: new Date(LONG_AGO),
    });
    if (lastDeliveryDaysAgo !== null) {
      await insertAlertRun(rt.db, 'newsletter', alert, {
        slot: 'earlier',
        status: 'succeeded',
        finishedAt: sql`${now}::timestamptz - make_interval(days => ${lastDeliveryDaysAgo}) + interval '2 minutes'`,
      });
    }
    return user.id;
  }
  const MONDAY_9_05 = '2026-02-02T14:05:00Z';

  it('weekly: due on its day and time a week after the last delivery, and the first time', async () => {
    expect(await due(await newsletter('7d', null, MONDAY_9_05), MONDAY_9_05)).toEqual(['newsletter 2026-02-02T14:00:00.000Z']);
    expect(await due(await newsletter('7d', 7, MONDAY_9_05), MONDAY_9_05)).toHaveLength(1);
    expect(await due(await newsletter('7d', 3, MONDAY_9_05), MONDAY_9_05)).toEqual([]);
    // Not on another day or before the time.
    expect(await due(await newsletter('7d', null, '2026-02-03T14:05:00Z'), '2026-02-03T14:05:00Z')).toEqual([]);
    expect(await due(await newsletter('7d', null, '2026-02-02T13:55:00Z'), '2026-02-02T13:55:00Z')).toEqual([]);
  });

  it('bi-weekly: every other week', async () => {
    expect(await due(await newsletter('14d', 7, MONDAY_9_05), MONDAY_9_05)).toEqual([]);
    expect(await due(await newsletter('14d', 14, MONDAY_9_05), MONDAY_9_05)).toHaveLength(1);
  });

  it('monthly: the chosen weekday nearest to 30 days on (four weeks), not three', async () => {
    expect(await due(await newsletter('30d', 21, MONDAY_9_05), MONDAY_9_05)).toEqual([]);
    expect(await due(await newsletter('30d', 28, MONDAY_9_05), MONDAY_9_05)).toHaveLength(1);
  });
});

describe('earnings', () => {
  async function tracking(
    timing: '24h' | '48h' | '1w',
    result: { inHours: number; confidence?: number; status?: string; checkedHoursAgo?: number } | null,
  ) {
    const user = await registerUser(rt);
    const tracked = await insertEarningsTracking(rt.db, user.id, {
      companyName: 'Apple',
      notificationTiming: timing,
      updatedAt: new Date(LONG_AGO),
    });
    if (result) {
      await insertEarningsResult(rt.db, tracked, {
        earningsDate: sql`now() + make_interval(hours => ${result.inHours})`,
        confidenceScore: result.confidence ?? 0.9,
        status: result.status ?? 'confirmed',
        checkedAt: sql`now() - ${result.checkedHoursAgo ?? 0.05}::float * interval '1 hour'`,
      });
    }
    return user.id;
  }
  const kinds = async (user: string) => (await due(user, new Date().toISOString())).map((d) => d.split(' ')[0]);

  it('a new tracking is checked at once; a fresh check is not repeated; a stale one is', async () => {
    expect(await kinds(await tracking('24h', null))).toEqual(['earnings_check']);
    expect(await kinds(await tracking('24h', { inHours: 24 * 30 }))).toEqual([]);
    expect(await kinds(await tracking('24h', { inHours: 24 * 30, checkedHoursAgo: 21 }))).toEqual(['earnings_check']);
  });

  it('the date is looked up again every 15 minutes (a moved date reaches the user within 30), not while a check is unfinished', async () => {
    expect(await kinds(await tracking('24h', { inHours: 24 * 30, checkedHoursAgo: 10 / 60 }))).toEqual([]);
    const polled = await tracking('24h', { inHours: 24 * 30, checkedHoursAgo: 16 / 60 });
    expect(await kinds(polled)).toEqual(['earnings_check']);
    // Its run is queued (not finished yet): the next tick adds no second one, whatever the slot.
    await client.query(`UPDATE earnings_tracking_results SET checked_at = now() - interval '40 minutes' WHERE user_id = $1`, [polled]);
    expect(await kinds(polled)).toEqual([]);
  });

  it("each tracking's check has its own second of the quarter hour (spread for the keyed calendars), within the 15 minutes up to now", async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => tracking('24h', null)));
    const now = new Date();
    const slots: string[] = [];
    for (const user of users) slots.push(...(await due(user, now.toISOString())).map((d) => d.slice('earnings_check '.length)));
    expect(slots).toHaveLength(8);
    const { rows } = await client.query<{ at: Date }>(
      `SELECT split_part(s, ' after save ', 1)::timestamp AT TIME ZONE 'America/New_York' AS at FROM unnest($1::text[]) AS s`,
      [slots],
    );
    for (const { at } of rows) {
      expect(at.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(at.getTime()).toBeGreaterThan(now.getTime() - 15 * 60_000);
    }
    expect(new Set(rows.map(({ at }) => at.getTime())).size).toBeGreaterThan(1);
  });

  it('a save brings a new check, but not more than one every 5 minutes', async () => {
    const saved = await tracking('24h', { inHours: 24 * 30, checkedHoursAgo: 0.05 });
    await client.query(`UPDATE earnings_tracking SET updated_at = now() WHERE user_id = $1`, [saved]);
    expect(await kinds(saved)).toEqual([]);
    await client.query(`UPDATE earnings_tracking_results SET checked_at = now() - interval '6 minutes' WHERE user_id = $1`, [saved]);
    expect(await kinds(saved)).toEqual(['earnings_check']);
  });

  it('the reminder falls due at the chosen timing before the date, once, for confident dates only', async () => {
    expect(await kinds(await tracking('24h', { inHours: 20 }))).toEqual(['earnings_reminder']);
    expect(await kinds(await tracking('24h', { inHours: 30 }))).toEqual([]);
    expect(await kinds(await tracking('48h', { inHours: 30 }))).toEqual(['earnings_reminder']);
    expect(await kinds(await tracking('1w', { inHours: 24 * 6 }))).toEqual(['earnings_reminder']);
    expect(await kinds(await tracking('24h', { inHours: 20, confidence: 0.3, status: 'estimated' }))).toEqual([]);
    expect(await kinds(await tracking('24h', { inHours: 20, status: 'not_found' }))).toEqual([]);
    const once = await tracking('24h', { inHours: 20 });
    expect(await kinds(once)).toEqual(['earnings_reminder']);
    expect(await kinds(once)).toEqual([]);
  });

  it('the summary falls due from 2 hours after the date, for 4 days', async () => {
    expect(await kinds(await tracking('24h', { inHours: -1 }))).toEqual([]);
    expect(await kinds(await tracking('24h', { inHours: -3 }))).toEqual(['earnings_summary']);
    expect(await kinds(await tracking('24h', { inHours: -24 * 5 }))).toEqual([]);
  });
});
