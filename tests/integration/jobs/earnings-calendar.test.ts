// The private earnings calendar (issue 29 §2) on real PostgreSQL, with the fake SEC and Nasdaq
// calendars: the feed over HTTP read back by ical.js (RFC 5545), the link created, regenerated and
// revoked (an old or revoked token is 404), each user's feed holding only their companies, a date
// move seen as the same UID with a higher SEQUENCE and one "date moved" mail (not again on the next
// check), a status change raising the SEQUENCE without a mail, and the reminder's .ics attachment
// carrying the feed's own event. Runs go through the engine, as a worker runs them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAiRunner } from '../../../src/server/ai/runner.ts';
import { earningsCheckHandler, earningsReminderHandler, earningsSummaryHandler } from '../../../src/server/jobs/earnings/handler.ts';
import { createAlertEngine } from '../../../src/server/jobs/runs/engine.ts';
import type { AlertDeps, AlertHandler, AlertRunKind } from '../../../src/server/jobs/runs/types.ts';
import { createSources } from '../../../src/server/sources/index.ts';
import { type FakeEarningsCalendars, startFakeEarningsCalendars } from '../../fakes/nasdaq.ts';
import { type FakeSec, startFakeSec } from '../../fakes/sec.ts';
import { IpClient, registerUser, signedInClient, type TestRuntime } from '../../support/accounts.ts';
import { insertEarningsResult, insertEarningsTracking } from '../../support/factories.ts';
import { parseCalendar } from '../../support/ical.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';
import { keptItems } from './library-items.ts';

let rt: TestRuntime;
let sec: FakeSec;
let calendars: FakeEarningsCalendars;

beforeAll(async () => {
  [sec, calendars] = await Promise.all([startFakeSec(), startFakeEarningsCalendars()]);
  rt = await startTestRuntime({
    SEC_BASE_URL: sec.url,
    SEC_DATA_BASE_URL: sec.url,
    SEC_USER_AGENT: 'Enterprise OS tests ops@example.com',
    NASDAQ_BASE_URL: calendars.url,
    ALERT_MAX_ATTEMPTS: '3',
  });
});
afterAll(async () => {
  // No run of this file is left queued for another file's engine.
  await rt?.pool.query(`DELETE FROM alert_runs WHERE slot LIKE 'cal-%'`);
  await rt?.close();
  await Promise.all([sec?.stop(), calendars?.stop()]);
});
beforeEach(() => {
  sec.reset();
  calendars.reset();
});

const HOST = new URL(TEST_APP_URL).hostname;
const NASDAQ_PAGE = 'https://www.nasdaq.com/market-activity/stocks/aapl/earnings';

/** Fresh sources per check (their day caches would otherwise keep the calendar as it was). */
function deps(now: string): AlertDeps {
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
    now: () => new Date(now),
  };
}

const unavailable = (kind: string) => async () => {
  throw new Error(`no ${kind} handler in this test`);
};
const engine = (d: AlertDeps) =>
  createAlertEngine({
    ...d,
    handlers: {
      news: unavailable('news'),
      newsletter: unavailable('newsletter'),
      earnings_check: earningsCheckHandler,
      earnings_reminder: earningsReminderHandler,
      earnings_summary: earningsSummaryHandler,
      air_report: unavailable('air report'),
      trigger: unavailable('trigger'),
    } satisfies Record<AlertRunKind, AlertHandler>,
  });

let slots = 0;
/** Queues one run of the tracking and has the engine process it at `now`. */
async function run(kind: AlertRunKind, t: { id: string; userId: string }, now: string, slot = `cal-${++slots}`) {
  const { rows } = await rt.pool.query<{ id: string }>(
    'INSERT INTO alert_runs (kind, alert_id, user_id, slot) VALUES ($1, $2, $3, $4) RETURNING id',
    [kind, t.id, t.userId, slot],
  );
  const outcome = await engine(deps(now)).process(rows[0]!.id);
  expect(outcome).toMatchObject({ status: 'succeeded' });
  return rows[0]!.id;
}

async function user() {
  const u = await registerUser(rt);
  return { ...u, client: await signedInClient(rt, u.email) };
}

async function tracking(owner: { id: string }, companyName = 'Apple Inc.') {
  const row = await insertEarningsTracking(rt.db, owner.id, { companyName, notificationTiming: '24h' });
  return { id: row.id, userId: owner.id };
}

/** The feed's path from the link the API gives (webcal://host/calendar/<token>.ics). */
const feedPath = (webcalUrl: string) => new URL(webcalUrl.replace(/^webcal:/, 'http:')).pathname;

async function fetchFeed(path: string) {
  // A calendar app: no session, no origin.
  const res = await rt.app.request(path);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const mailsOf = async (userId: string) =>
  (
    await rt.pool.query<{
      kind: string;
      subject: string;
      text_body: string;
      attachments: { filename: string; contentType: string; content: string }[] | null;
    }>('SELECT kind, subject, text_body, attachments FROM mail_outbox WHERE user_id = $1 ORDER BY created_at', [userId])
  ).rows;

describe('the calendar link', () => {
  it('is created, shown, regenerated (the old address 404) and revoked (404), only with a session', async () => {
    const u = await user();
    expect((await u.client.get('/api/earnings-alerts/calendar')).body).toEqual({ webcalUrl: null, httpUrl: null, createdAt: null });

    const created = await u.client.post('/api/earnings-alerts/calendar');
    expect(created.status).toBe(201);
    expect(created.body.webcalUrl).toMatch(new RegExp(`^webcal://${HOST}:3000/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(created.body.httpUrl).toBe(created.body.webcalUrl.replace(/^webcal:/, 'http:'));
    expect((await u.client.get('/api/earnings-alerts/calendar')).body).toEqual(created.body);
    const first = feedPath(created.body.webcalUrl);
    expect((await fetchFeed(first)).status).toBe(200);

    const regenerated = (await u.client.post('/api/earnings-alerts/calendar')).body;
    const second = feedPath(regenerated.webcalUrl);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    // A suspended account's feed is not served; it is again once the account is resumed.
    await rt.pool.query('UPDATE users SET suspended_at = now() WHERE id = $1', [u.id]);
    expect((await fetchFeed(second)).status).toBe(404);
    await rt.pool.query('UPDATE users SET suspended_at = NULL WHERE id = $1', [u.id]);
    expect((await fetchFeed(second)).status).toBe(200);

    expect((await u.client.request('DELETE', '/api/earnings-alerts/calendar')).status).toBe(204);
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await u.client.get('/api/earnings-alerts/calendar')).body.webcalUrl).toBeNull();

    const anonymous = new IpClient(rt.app);
    expect((await anonymous.get('/api/earnings-alerts/calendar')).status).toBe(401);
    expect((await anonymous.post('/api/earnings-alerts/calendar')).status).toBe(401);
    expect((await fetchFeed('/calendar/not-a-token.ics')).status).toBe(404);
  });

  it("gives each user only their own active companies' events", async () => {
    const [a, b] = [await user(), await user()];
    const mine = await tracking(a);
    const paused = await tracking(a, 'Microsoft');
    await rt.pool.query('UPDATE earnings_tracking SET active = false WHERE id = $1', [paused.id]);
    const theirs = await tracking(b, 'Nvidia');
    for (const [t, date] of [
      [mine, '2025-10-30'],
      [paused, '2025-10-29'],
      [theirs, '2025-11-19'],
    ] as const)
      await insertEarningsResult(rt.db, t, {
        earningsDate: new Date(`${date}T00:00:00Z`),
        confidenceScore: 0.9,
        status: 'confirmed',
        ticker: 'X',
      });
    const aFeed = feedPath((await a.client.post('/api/earnings-alerts/calendar')).body.webcalUrl);
    const bFeed = feedPath((await b.client.post('/api/earnings-alerts/calendar')).body.webcalUrl);
    expect(parseCalendar((await fetchFeed(aFeed)).text).events.map((e) => e.uid)).toEqual([`earnings-${mine.id}@${HOST}`]);
    expect(parseCalendar((await fetchFeed(bFeed)).text).events.map((e) => e.uid)).toEqual([`earnings-${theirs.id}@${HOST}`]);
  });
});

describe('the feed over HTTP', () => {
  it('lists the checked date as an all-day event with its status and source, private to caches, parsed by ical.js', async () => {
    const u = await user();
    const t = await tracking(u);
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-10-30', session: 'after-hours' });
    await run('earnings_check', t, '2025-10-20T14:00:00Z');
    const feed = await fetchFeed(feedPath((await u.client.post('/api/earnings-alerts/calendar')).body.webcalUrl));
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toMatch(/^private/);
    const parsed = parseCalendar(feed.text);
    expect(parsed.method).toBe('PUBLISH');
    expect(parsed.events).toEqual([
      {
        uid: `earnings-${t.id}@${HOST}`,
        sequence: 0,
        summary: 'Apple Inc. (AAPL) earnings call (confirmed)',
        description: expect.stringContaining(`Status: Confirmed by the company\nSource: Nasdaq ${NASDAQ_PAGE}`),
        url: NASDAQ_PAGE,
        allDay: true,
        day: '2025-10-30',
        start: null,
        tzid: null,
      },
    ]);
    // The card says it too.
    expect((await u.client.get('/api/earnings-alerts')).body.alerts[0].result).toMatchObject({ status: 'confirmed', provider: 'Nasdaq' });
  });
});

describe('a date move', () => {
  it('updates the event in place (same UID, higher SEQUENCE) and sends one "date moved" alert with old → new and the source', async () => {
    const u = await user();
    const t = await tracking(u);
    const path = feedPath((await u.client.post('/api/earnings-alerts/calendar')).body.webcalUrl);
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-10-30', session: 'after-hours' });
    await run('earnings_check', t, '2025-10-20T14:00:00Z');
    const [before] = parseCalendar((await fetchFeed(path)).text).events;

    // A Slack channel on the alert: the move goes there too (the engine queues it with the item).
    const { rows: channel } = await rt.pool.query<{ id: string }>(
      `INSERT INTO channels (user_id, kind, name, url, url_hint) VALUES ($1, 'slack', 'Deals', 'https://hooks.slack.test/T/B/x', 'hooks.slack.test/…/x') RETURNING id`,
      [u.id],
    );
    await rt.pool.query(`INSERT INTO alert_channels (alert_type, alert_id, channel_id, user_id) VALUES ('earnings', $1, $2, $3)`, [
      t.id,
      channel[0]!.id,
      u.id,
    ]);

    // The company reschedules: Nasdaq now lists it five days later.
    calendars.unlist('nasdaq', 'AAPL');
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-11-04', session: 'after-hours' });
    const movedRun = await run('earnings_check', t, '2025-10-21T14:00:00Z');
    const [after] = parseCalendar((await fetchFeed(path)).text).events;
    expect(after!.uid).toBe(before!.uid);
    expect(after!.sequence).toBeGreaterThan(before!.sequence);
    expect(after!.day).toBe('2025-11-04');

    const mails = await mailsOf(u.id);
    expect(mails.map((m) => m.kind)).toEqual(['earnings-date-moved']);
    expect(mails[0]!.subject).toBe('Apple Inc. (AAPL) earnings date moved: Thursday, Oct 30, 2025 → Tuesday, Nov 4, 2025');
    expect(mails[0]!.text_body).toContain('Delayed by 5 days');
    expect(mails[0]!.text_body).toContain('Source: Nasdaq');
    expect(mails[0]!.text_body).toContain(NASDAQ_PAGE);
    expect(mails[0]!.text_body).toContain('now come 5 days later, on Tuesday, Nov 4, 2025');
    expect(mails[0]!.text_body).toContain(`${TEST_APP_URL}/unsubscribe/earnings/${t.id}`);

    const [item] = await keptItems(rt.pool, u.id);
    expect(item).toMatchObject({ id: movedRun, kind: 'earnings_date_moved' });
    expect(item!.document.blocks[0]).toEqual({
      type: 'facts',
      rows: [
        { label: 'Company', value: 'Apple Inc. (AAPL)' },
        { label: 'Previous date', value: 'Thursday, Oct 30, 2025 (Confirmed by the company)', sourceUrl: NASDAQ_PAGE },
        { label: 'New date', value: 'Tuesday, Nov 4, 2025 (Confirmed by the company)', sourceUrl: NASDAQ_PAGE },
        { label: 'Change', value: 'Delayed by 5 days', sourceUrl: NASDAQ_PAGE },
        { label: 'Source', value: 'Nasdaq', sourceUrl: NASDAQ_PAGE },
      ],
    });
    const row = (
      await rt.pool.query(
        'SELECT previous_earnings_date, date_moved_at, event_sequence FROM earnings_tracking_results WHERE tracking_id = $1',
        [t.id],
      )
    ).rows[0];
    expect(row).toMatchObject({ previous_earnings_date: new Date('2025-10-30T00:00:00Z'), event_sequence: 1 });
    expect(row.date_moved_at).toBeInstanceOf(Date);

    const deliveries = await rt.pool.query<{ run_id: string; message: unknown }>(
      'SELECT run_id, message FROM channel_deliveries WHERE user_id = $1',
      [u.id],
    );
    expect(deliveries.rows.map((d) => d.run_id)).toEqual([movedRun]);
    expect(JSON.stringify(deliveries.rows[0]!.message)).toContain('Tuesday, Nov 4, 2025');

    // The next check sees the same date: no second alert, the event unchanged.
    await run('earnings_check', t, '2025-10-21T14:30:00Z');
    expect((await mailsOf(u.id)).map((m) => m.kind)).toEqual(['earnings-date-moved']);
    expect((await rt.pool.query('SELECT 1 FROM channel_deliveries WHERE user_id = $1', [u.id])).rowCount).toBe(1);
    expect(parseCalendar((await fetchFeed(path)).text).events[0]!.sequence).toBe(after!.sequence);
    // No pending delivery is left for another file's engine (its deliveries go with the channel).
    await rt.pool.query('DELETE FROM channels WHERE user_id = $1', [u.id]);
  });

  it('calls an advance an advance; an estimate confirmed on the same day raises the SEQUENCE without an alert', async () => {
    const u = await user();
    const t = await tracking(u);
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-10-30', session: 'none' });
    await run('earnings_check', t, '2025-10-20T14:00:00Z');
    calendars.unlist('nasdaq', 'AAPL');
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-10-30', session: 'after-hours' });
    await run('earnings_check', t, '2025-10-20T14:20:00Z');
    expect(await mailsOf(u.id)).toEqual([]);
    const path = feedPath((await u.client.post('/api/earnings-alerts/calendar')).body.webcalUrl);
    expect(parseCalendar((await fetchFeed(path)).text).events[0]).toMatchObject({
      sequence: 1,
      summary: expect.stringContaining('(confirmed)'),
    });

    calendars.unlist('nasdaq', 'AAPL');
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-10-28', session: 'after-hours' });
    await run('earnings_check', t, '2025-10-20T14:40:00Z');
    const mails = await mailsOf(u.id);
    expect(mails.map((m) => m.kind)).toEqual(['earnings-date-moved']);
    expect(mails[0]!.text_body).toContain('Advanced by 2 days');
    expect(parseCalendar((await fetchFeed(path)).text).events[0]).toMatchObject({ sequence: 2, day: '2025-10-28' });
  });

  it('is no move when the stored date has passed (next quarter’s date): the event updates, no alert', async () => {
    const u = await user();
    const t = await tracking(u);
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date('2025-07-31T00:00:00Z'),
      confidenceScore: 0.9,
      status: 'confirmed',
      ticker: 'AAPL',
      transcriptStatus: 'sent',
    });
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-10-30', session: 'after-hours' });
    await run('earnings_check', t, '2025-08-15T14:00:00Z');
    expect(await mailsOf(u.id)).toEqual([]);
    const row = (
      await rt.pool.query('SELECT event_sequence, previous_earnings_date FROM earnings_tracking_results WHERE tracking_id = $1', [t.id])
    ).rows[0];
    expect(row).toEqual({ event_sequence: 1, previous_earnings_date: null });
  });

  it('keeps a listed date still ahead that no calendar lists for a while (a page read before the change): no estimate, no alert', async () => {
    const u = await user();
    const t = await tracking(u);
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-10-30', session: 'after-hours' });
    await run('earnings_check', t, '2025-10-20T14:00:00Z');
    calendars.unlist('nasdaq', 'AAPL');
    await run('earnings_check', t, '2025-10-20T14:20:00Z');
    expect(await mailsOf(u.id)).toEqual([]);
    const row = (
      await rt.pool.query('SELECT earnings_date, provider, status, event_sequence FROM earnings_tracking_results WHERE tracking_id = $1', [
        t.id,
      ])
    ).rows[0];
    expect(row).toEqual({ earnings_date: new Date('2025-10-30T00:00:00Z'), provider: 'Nasdaq', status: 'confirmed', event_sequence: 0 });
    // Listed again on another day: that is the move.
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-11-06', session: 'after-hours' });
    await run('earnings_check', t, '2025-10-20T14:40:00Z');
    expect((await mailsOf(u.id)).map((m) => m.subject)).toEqual([
      'Apple Inc. (AAPL) earnings date moved: Thursday, Oct 30, 2025 → Thursday, Nov 6, 2025',
    ]);
  });
});

describe('the reminder', () => {
  it('carries the feed’s event (same UID and SEQUENCE) as an .ics attachment, and names the status and source', async () => {
    const u = await user();
    const t = await tracking(u);
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-10-30', session: 'after-hours' });
    await run('earnings_check', t, '2025-10-20T14:00:00Z');
    calendars.unlist('nasdaq', 'AAPL');
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-11-04', session: 'after-hours' });
    await run('earnings_check', t, '2025-10-21T14:00:00Z');
    await run('earnings_reminder', t, '2025-11-03T12:00:00Z', '2025-11-04T00:00:00.000Z');

    const reminder = (await mailsOf(u.id)).find((m) => m.kind === 'earnings-reminder')!;
    expect(reminder.text_body).toContain('Status: Confirmed by the company');
    expect(reminder.text_body).toContain('Source: Nasdaq');
    expect(reminder.text_body).toContain('attached as a calendar event (.ics)');
    expect(reminder.attachments).toHaveLength(1);
    const [attachment] = reminder.attachments!;
    expect(attachment).toMatchObject({ filename: 'AAPL-earnings.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
    const attached = parseCalendar(attachment!.content);
    expect(attached.method).toBe('PUBLISH');
    const feed = parseCalendar((await fetchFeed(feedPath((await u.client.post('/api/earnings-alerts/calendar')).body.webcalUrl))).text);
    expect(attached.events).toHaveLength(1);
    expect(attached.events[0]).toMatchObject({ uid: feed.events[0]!.uid, sequence: 1, day: '2025-11-04' });
    expect(attached.events[0]!.sequence).toBe(feed.events[0]!.sequence);
  });
});
