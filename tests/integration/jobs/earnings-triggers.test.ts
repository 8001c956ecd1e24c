// Earnings-date moves as trigger events (issue 31) on real PostgreSQL, with the fake SEC, the fake
// Nasdaq calendar and the fake model: earnings checks (through the engine, as a worker runs them)
// see a listed date move; the earnings trigger poller makes it one event, one message per user who
// watches the company on an alert that wants "Earnings date moved", with the old → new date, the
// shift, the calendar and a receipt that says found → sent (calendars publish no time). Users who
// do not watch the company or did not ask get nothing; two checks of the move make one event; an
// owner of an earnings alert of the company gets that alert's own "date moved" e-mail only.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAiRunner } from '../../../src/server/ai/runner.ts';
import { earningsCheckHandler } from '../../../src/server/jobs/earnings/handler.ts';
import { createAlertEngine } from '../../../src/server/jobs/runs/engine.ts';
import type { AlertDeps, AlertHandler, AlertRunKind } from '../../../src/server/jobs/runs/types.ts';
import { pollEarningsMoves } from '../../../src/server/jobs/triggers/earnings-poll.ts';
import { triggerHandler } from '../../../src/server/jobs/triggers/handler.ts';
import { createSources } from '../../../src/server/sources/index.ts';
import type { TriggerKind } from '../../../src/shared/triggers.ts';
import { type FakeEarningsCalendars, startFakeEarningsCalendars } from '../../fakes/nasdaq.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai.ts';
import { type FakeSec, startFakeSec } from '../../fakes/sec.ts';
import { triggerModel } from '../../fakes/trigger-model.ts';
import { registerUser, type TestRuntime } from '../../support/accounts.ts';
import { insertEarningsTracking, insertNewsAlert, insertNewsletter } from '../../support/factories.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';

let rt: TestRuntime;
let ai: FakeOpenAi;
let sec: FakeSec;
let calendars: FakeEarningsCalendars;

const NASDAQ_PAGE = 'https://www.nasdaq.com/market-activity/stocks/aapl/earnings';
const BEFORE = '2025-10-20T14:00:00Z';
const MOVED = '2025-10-21T14:00:00Z';

beforeAll(async () => {
  [ai, sec, calendars] = await Promise.all([startFakeOpenAi({ handler: triggerModel() }), startFakeSec(), startFakeEarningsCalendars()]);
  rt = await startTestRuntime({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-trigger-model',
    AI_MAX_RETRIES: '0',
    SEC_BASE_URL: sec.url,
    SEC_DATA_BASE_URL: sec.url,
    SEC_USER_AGENT: 'Enterprise OS tests ops@example.com',
    NASDAQ_BASE_URL: calendars.url,
    ALERT_MAX_ATTEMPTS: '3',
  });
});
afterAll(async () => {
  // No run of this file is left queued for another file's engine.
  await rt?.pool.query(`DELETE FROM alert_runs WHERE slot LIKE 'moves-%' OR kind = 'trigger'`);
  await rt?.close();
  await Promise.all([ai?.stop(), sec?.stop(), calendars?.stop()]);
});
beforeEach(async () => {
  ai.reset();
  ai.setHandler(triggerModel());
  sec.reset();
  calendars.reset();
  for (const table of ['earnings_moves', 'earnings_watch_dates', 'trigger_events', 'trigger_subscriptions', 'company_ciks'])
    await rt.pool.query(`DELETE FROM ${table}`);
  await rt.pool.query(`UPDATE earnings_tracking SET active = false`);
});

/** Fresh sources per step (their day caches would otherwise keep the calendar as it was). */
function deps(now: () => Date): AlertDeps {
  return {
    db: rt.db,
    config: rt.config,
    ai: createAiRunner(rt.config, rt.db),
    sources: createSources(rt.config, rt.db),
    links: {
      app: (path) => `${TEST_APP_URL}${path}`,
      libraryItem: (runId) => `${TEST_APP_URL}/library/${runId}`,
      unsubscribe: (kind, id) => ({
        page: `${TEST_APP_URL}/unsubscribe/${kind}/${id}`,
        oneClick: `${TEST_APP_URL}/api/unsubscribe/${kind}/${id}`,
      }),
    },
    now,
  };
}

const unavailable = (kind: string) => async () => {
  throw new Error(`no ${kind} handler in this test`);
};
const handlers: Record<AlertRunKind, AlertHandler> = {
  news: unavailable('news'),
  newsletter: unavailable('newsletter'),
  earnings_check: earningsCheckHandler,
  earnings_reminder: unavailable('earnings reminder'),
  earnings_summary: unavailable('earnings summary'),
  air_report: unavailable('air report'),
  trigger: triggerHandler,
};
const engine = (d: AlertDeps) => createAlertEngine({ ...d, handlers });

let slots = 0;
/** One earnings check of the tracking, run by the engine at `now`. */
async function check(t: { id: string; userId: string }, now: string) {
  const { rows } = await rt.pool.query<{ id: string }>(
    `INSERT INTO alert_runs (kind, alert_id, user_id, slot) VALUES ('earnings_check', $1, $2, $3) RETURNING id`,
    [t.id, t.userId, `moves-${++slots}`],
  );
  expect(await engine(deps(() => new Date(now))).process(rows[0]!.id)).toMatchObject({ status: 'succeeded' });
}

/** A user with no quiet hours (the default ones would hold a test run at night). */
async function user() {
  const u = await registerUser(rt);
  await rt.pool.query(
    `INSERT INTO trigger_settings (user_id, quiet_start, quiet_end, time_zone, urgent_kinds, daily_cap) VALUES ($1, null, null, 'America/New_York', '{}', 10)`,
    [u.id],
  );
  return u;
}

async function subscribe(userId: string, type: 'news' | 'newsletter' | 'earnings', alertId: string, kinds: TriggerKind[]) {
  await rt.pool.query('INSERT INTO trigger_subscriptions (alert_type, alert_id, user_id, kinds) VALUES ($1, $2, $3, $4)', [
    type,
    alertId,
    userId,
    kinds,
  ]);
}

async function newsWatcher(company: string, kinds: TriggerKind[] | null) {
  const u = await user();
  const alert = await insertNewsAlert(rt.db, u.id, { companyName: company, active: true });
  if (kinds) await subscribe(u.id, 'news', alert.id, kinds);
  return u;
}

async function earningsOwner() {
  const u = await user();
  const row = await insertEarningsTracking(rt.db, u.id, { companyName: 'Apple Inc.', notificationTiming: '24h' });
  return { user: u, tracking: { id: row.id, userId: u.id } };
}

const mailsOf = async (userId: string) =>
  (
    await rt.pool.query<{ kind: string; subject: string; text_body: string }>(
      'SELECT kind, subject, text_body FROM mail_outbox WHERE user_id = $1 ORDER BY created_at',
      [userId],
    )
  ).rows;

/** The poller, queueing its runs' ids here (the worker queues pg-boss jobs) at `now`. */
async function poll(now: string, queued: string[]) {
  return pollEarningsMoves({
    db: rt.db,
    pool: rt.pool,
    sources: createSources(rt.config, rt.db),
    queue: async (_client, ids) => {
      queued.push(...ids);
    },
    now: () => new Date(now),
  });
}

/** Apple listed on Oct 30, checked; then rescheduled to Nov 4 (five days later). */
async function moveApple(trackings: { id: string; userId: string }[]) {
  calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-10-30', session: 'after-hours' });
  for (const t of trackings) await check(t, BEFORE);
  calendars.unlist('nasdaq', 'AAPL');
  calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-11-04', session: 'after-hours' });
  for (const t of trackings) await check(t, MOVED);
}

describe('earnings-date moves as trigger events', () => {
  it('one move seen by two earnings checks: one event, one message per opted-in watcher with its receipt; nobody else, no duplicate for the owners', async () => {
    const ownerA = await earningsOwner();
    // B owns an earnings alert of Apple and also watches Apple on a news alert that wants the kind.
    const ownerB = await earningsOwner();
    const newsOfB = await insertNewsAlert(rt.db, ownerB.user.id, { companyName: 'Apple', active: true });
    await subscribe(ownerB.user.id, 'news', newsOfB.id, ['earnings_moved']);
    const watcher = await newsWatcher('Apple', ['earnings_moved', 'leadership']);
    // The newsletter's portfolio names the company by its ticker.
    const portfolio = await user();
    const newsletter = await insertNewsletter(rt.db, portfolio.id, {
      portfolio: [{ company_name: 'AAPL' }] as never,
    });
    await subscribe(portfolio.id, 'newsletter', newsletter.id, ['earnings_moved']);
    const otherKinds = await newsWatcher('Apple', ['leadership']);
    const notOptedIn = await newsWatcher('Apple', null);
    const otherCompany = await newsWatcher('Microsoft', ['earnings_moved']);

    await moveApple([ownerA.tracking, ownerB.tracking]);
    // Both checks saw the move: one row in the ledger.
    const { rows: moves } = await rt.pool.query('SELECT ticker, company_key, previous_date, earnings_date, change FROM earnings_moves');
    expect(moves).toEqual([
      expect.objectContaining({
        ticker: 'AAPL',
        company_key: 'cik:0000320193',
        previous_date: new Date('2025-10-30T00:00:00Z'),
        earnings_date: new Date('2025-11-04T00:00:00Z'),
        change: 'Delayed by 5 days',
      }),
    ]);

    const queued: string[] = [];
    expect(await poll(MOVED, queued)).toMatchObject({ moves: 1, events: 1, runs: 2 });
    // Told once: the next poll finds nothing; a move whose note was lost is the same event again.
    expect(await poll(MOVED, queued)).toMatchObject({ moves: 0, events: 0, runs: 0 });
    await rt.pool.query('UPDATE earnings_moves SET told_at = null');
    expect(await poll(MOVED, queued)).toMatchObject({ moves: 1, events: 0, runs: 0 });
    // Apple's dates come from the earnings alerts' checks: the poller does not look them up itself.
    expect((await rt.pool.query(`SELECT 1 FROM earnings_watch_dates WHERE ticker = 'AAPL'`)).rowCount).toBe(0);
    expect(queued).toHaveLength(2);

    const run = engine(deps(() => new Date()));
    for (const id of queued) expect(await run.process(id)).toMatchObject({ status: 'succeeded' });

    for (const u of [watcher, portfolio]) {
      const [mail, ...more] = await mailsOf(u.id);
      expect(more).toHaveLength(0);
      expect(mail).toMatchObject({ kind: 'trigger', subject: 'Apple Inc. (AAPL): Earnings date moved' });
      expect(mail!.text_body).toContain(
        'The earnings date of Apple Inc. (AAPL) moved: Thursday, Oct 30, 2025 → Tuesday, Nov 4, 2025, delayed by 5 days, as Nasdaq lists it now.',
      );
      expect(mail!.text_body).toContain('Source: Nasdaq');
      expect(mail!.text_body).toContain(NASDAQ_PAGE);
      // The calendar gives no time for its change: the receipt starts at "found".
      expect(mail!.text_body).toMatch(/Found \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M ET → sent .+ET/);
      expect(mail!.text_body).not.toContain('Published');
    }
    const { rows: items } = await rt.pool.query(`SELECT kind, title FROM library_items WHERE user_id = $1`, [watcher.id]);
    expect(items).toEqual([{ kind: 'trigger_event', title: 'Apple Inc. (AAPL): Earnings date moved' }]);

    // The owners: their alert's own "date moved" e-mail, once each, and no trigger.
    for (const owner of [ownerA, ownerB]) expect((await mailsOf(owner.user.id)).map((m) => m.kind)).toEqual(['earnings-date-moved']);
    for (const u of [otherKinds, notOptedIn, otherCompany]) expect(await mailsOf(u.id)).toEqual([]);

    const { rows: events } = await rt.pool.query('SELECT event_key, kinds, published_at, found_at FROM trigger_events');
    expect(events).toEqual([
      expect.objectContaining({
        event_key: 'earnings:cik:0000320193:2025-11-04T00:00:00.000Z',
        kinds: ['earnings_moved'],
        published_at: null,
      }),
    ]);
  });

  it('a trigger queued before its user made an earnings alert of the company is skipped: the alert tells them', async () => {
    const owner = await earningsOwner();
    const watcher = await newsWatcher('Apple', ['earnings_moved']);
    await moveApple([owner.tracking]);
    const queued: string[] = [];
    expect(await poll(MOVED, queued)).toMatchObject({ events: 1, runs: 1 });
    // Meanwhile the watcher tracks Apple's earnings too, and its check has seen the move.
    const own = await insertEarningsTracking(rt.db, watcher.id, { companyName: 'Apple Inc.', notificationTiming: '24h' });
    await rt.pool.query(
      `INSERT INTO earnings_tracking_results (tracking_id, user_id, earnings_date, ticker, status, provider) VALUES ($1, $2, '2025-11-04T00:00:00Z', 'AAPL', 'confirmed', 'Nasdaq')`,
      [own.id, watcher.id],
    );
    expect(await engine(deps(() => new Date())).process(queued[0]!)).toMatchObject({ status: 'skipped' });
    expect(await mailsOf(watcher.id)).toEqual([]);
  });

  it('no work while nobody wants the kind; an estimate giving way to a listing, or a move of a call already past, is no trigger', async () => {
    const owner = await earningsOwner();
    await moveApple([owner.tracking]);
    const queued: string[] = [];
    // Nobody wants the kind yet: the poller does nothing, and the move waits.
    expect(await poll(MOVED, queued)).toEqual({ looked: 0, moves: 0, events: 0, runs: 0 });
    expect((await rt.pool.query('SELECT 1 FROM earnings_moves WHERE told_at IS NULL')).rowCount).toBe(1);
    await newsWatcher('Apple', ['earnings_moved']);
    // The poller first sees the move after the new date has passed.
    expect(await poll('2025-11-05T14:00:00Z', queued)).toMatchObject({ moves: 1, events: 0, runs: 0 });
    expect(queued).toEqual([]);

    // An SEC estimate (Oct 28) that a calendar's listing (Nov 4) replaces: the owner's alert says
    // the date moved, but the company moved nothing: no move is recorded for the watchers.
    const second = await earningsOwner();
    await rt.pool.query(
      `INSERT INTO earnings_tracking_results (tracking_id, user_id, earnings_date, ticker, status, provider, confidence_score)
       VALUES ($1, $2, '2025-10-28T00:00:00Z', 'AAPL', 'estimated', 'SEC EDGAR estimate', 0.3)`,
      [second.tracking.id, second.user.id],
    );
    await rt.pool.query('DELETE FROM earnings_moves');
    await check(second.tracking, MOVED);
    expect((await mailsOf(second.user.id)).map((m) => m.kind)).toEqual(['earnings-date-moved']);
    expect((await rt.pool.query('SELECT 1 FROM earnings_moves')).rowCount).toBe(0);
  });

  it('a company watched on a news alert that no earnings alert tracks: the poller looks its date up itself, and its move is told', async () => {
    const watcher = await newsWatcher('Apple', ['earnings_moved']);
    const queued: string[] = [];
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-10-30', session: 'after-hours' });
    // The first look only takes note of the date; the next poll within 15 minutes does not ask again.
    expect(await poll(BEFORE, queued)).toEqual({ looked: 1, moves: 0, events: 0, runs: 0 });
    expect(await poll(BEFORE, queued)).toEqual({ looked: 0, moves: 0, events: 0, runs: 0 });
    const lookedAgain = () => rt.pool.query(`UPDATE earnings_watch_dates SET checked_at = checked_at - interval '15 minutes'`);

    calendars.unlist('nasdaq', 'AAPL');
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-11-04', session: 'after-hours' });
    await lookedAgain();
    expect(await poll(MOVED, queued)).toEqual({ looked: 1, moves: 1, events: 1, runs: 1 });
    expect(await engine(deps(() => new Date())).process(queued[0]!)).toMatchObject({ status: 'succeeded' });
    const [mail, ...more] = await mailsOf(watcher.id);
    expect(more).toHaveLength(0);
    expect(mail!.text_body).toContain(
      'The earnings date of Apple Inc. (AAPL) moved: Thursday, Oct 30, 2025 → Tuesday, Nov 4, 2025, delayed by 5 days, as Nasdaq lists it now.',
    );

    // No calendar lists it for a while (a page read before the change): the date is kept, no move.
    calendars.unlist('nasdaq', 'AAPL');
    await lookedAgain();
    expect(await poll(MOVED, queued)).toEqual({ looked: 1, moves: 0, events: 0, runs: 0 });
    const { rows } = await rt.pool.query(`SELECT earnings_date, provider FROM earnings_watch_dates WHERE ticker = 'AAPL'`);
    expect(rows).toEqual([{ earnings_date: new Date('2025-11-04T00:00:00Z'), provider: 'Nasdaq' }]);
  });
});
