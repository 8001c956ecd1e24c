// Trigger events from EDGAR (issue 31) on real PostgreSQL, against the fake EDGAR serving its
// latest-filings feeds in the recorded format, the fake model and local channel receivers: a poll
// reads the feeds, maps a filing to the companies users watch, and queues one run per user; the run
// engine writes the message once to the e-mail outbox, the library and each channel, with its
// freshness receipt. An unwatched company's filing, an unwanted kind, an amendment and a filing seen
// before send nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAiRunner } from '../../../src/server/ai/runner.ts';
import { createAlertEngine } from '../../../src/server/jobs/runs/engine.ts';
import { createAlertLinks } from '../../../src/server/jobs/runs/links.ts';
import type { AlertDeps, AlertHandler, AlertRunKind } from '../../../src/server/jobs/runs/types.ts';
import { type EdgarPollDeps, pollEdgar } from '../../../src/server/jobs/triggers/edgar-poll.ts';
import { AI_NOT_CONFIGURED_NOTE, triggerHandler, WHY_DROPPED_NOTE } from '../../../src/server/jobs/triggers/handler.ts';
import { pollNews } from '../../../src/server/jobs/triggers/news-poll.ts';
import { readUnsubscribeToken } from '../../../src/server/mail/unsubscribe-token.ts';
import { createSources } from '../../../src/server/sources/index.ts';
import type { TriggerKind } from '../../../src/shared/triggers.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai.ts';
import { type FakeSec, startFakeSec } from '../../fakes/sec.ts';
import { BASELESS_FIGURE, triggerModel } from '../../fakes/trigger-model.ts';
import { registerUser, type TestRuntime } from '../../support/accounts.ts';
import { insertEarningsTracking, insertNewsAlert } from '../../support/factories.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';

let rt: TestRuntime;
let ai: FakeOpenAi;
let sec: FakeSec;
let news: FakeNews;
let deps: AlertDeps;
let queued: string[] = [];

const unavailable = (kind: string) => async () => {
  throw new Error(`no ${kind} handler in this test`);
};
const handlers: Record<AlertRunKind, AlertHandler> = {
  news: unavailable('news'),
  newsletter: unavailable('newsletter'),
  earnings_check: unavailable('earnings'),
  earnings_reminder: unavailable('earnings'),
  earnings_summary: unavailable('earnings'),
  air_report: unavailable('air report'),
  trigger: triggerHandler,
};

const OFFICER_8K = `<html><body><p>UNITED STATES SECURITIES AND EXCHANGE COMMISSION</p><p>FORM 8-K</p>
<p>Item 5.02 Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers.</p>
<p>On November 24, 2026, the Board of Directors of Apple Inc. appointed Jane Doe as Chief Financial Officer, effective December 1, 2026.
Ms. Doe, 52, served as Chief Financial Officer of Example Corp since 2019.</p>
<p>Item 9.01 Financial Statements and Exhibits.</p><p>SIGNATURES</p></body></html>`;

beforeAll(async () => {
  [ai, sec, news] = await Promise.all([startFakeOpenAi({ handler: triggerModel() }), startFakeSec(), startFakeNews()]);
  rt = await startTestRuntime({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-trigger-model',
    AI_MAX_RETRIES: '0',
    SEC_BASE_URL: sec.url,
    SEC_DATA_BASE_URL: sec.url,
    SEC_USER_AGENT: 'Enterprise OS tests ops@example.com',
    GOOGLE_NEWS_BASE_URL: news.url,
    GDELT_BASE_URL: news.url,
  });
  deps = {
    db: rt.db,
    config: rt.config,
    ai: createAiRunner(rt.config, rt.db),
    sources: createSources(rt.config, rt.db),
    links: createAlertLinks(rt.config.appUrl, rt.secret),
    now: () => new Date(),
  };
});
afterAll(async () => {
  await rt?.close();
  await Promise.all([ai?.stop(), sec?.stop(), news?.stop()]);
});
beforeEach(async () => {
  queued = [];
  ai.reset();
  ai.setHandler(triggerModel());
  sec.clearFilings();
  news.reset();
  news.mode.stories = 'published';
  await rt.pool.query('DELETE FROM trigger_news_seen');
  await rt.pool.query('DELETE FROM news_searches');
  await rt.pool.query('DELETE FROM trigger_subscriptions');
  await rt.pool.query('DELETE FROM sec_filings');
  await rt.pool.query('DELETE FROM trigger_events');
  await rt.pool.query('DELETE FROM company_ciks');
  await rt.pool.query('DELETE FROM source_polls');
});

const pollDeps = (overrides: Partial<AlertDeps> = {}): EdgarPollDeps => ({
  db: rt.db,
  pool: rt.pool,
  sources: (overrides.sources ?? deps.sources) as EdgarPollDeps['sources'],
  queue: async (_client, ids) => {
    queued.push(...ids);
  },
  now: () => new Date(),
});
const engine = (overrides: Partial<AlertDeps> = {}) => createAlertEngine({ ...deps, ...overrides, handlers });

/** A user watching Apple with a news alert that asks for `kinds` as they happen. */
async function watcher(kinds: TriggerKind[] = ['leadership', 'funding', 'activist'], company = 'Apple') {
  const user = await registerUser(rt);
  const alert = await insertNewsAlert(rt.db, user.id, { companyName: company, active: true });
  await subscribe(user.id, 'news', alert.id, kinds);
  // No quiet hours: the default ones (20:00–07:00 New York time) would hold a test run at night.
  await rt.pool.query(
    `INSERT INTO trigger_settings (user_id, quiet_start, quiet_end, time_zone, urgent_kinds, daily_cap) VALUES ($1, null, null, 'America/New_York', '{}', 10)`,
    [user.id],
  );
  return { user, alertId: alert.id };
}

async function subscribe(userId: string, type: 'news' | 'newsletter' | 'earnings', alertId: string, kinds: TriggerKind[]) {
  await rt.pool.query('INSERT INTO trigger_subscriptions (alert_type, alert_id, user_id, kinds) VALUES ($1, $2, $3, $4)', [
    type,
    alertId,
    userId,
    kinds,
  ]);
}

async function channel(userId: string, alert: { type: string; id: string }, name: string) {
  const { rows } = await rt.pool.query<{ id: string }>(
    `INSERT INTO channels (user_id, kind, name, url, url_hint, signing_secret) VALUES ($1, 'webhook', $2, 'http://127.0.0.1:9/hook', 'hint', 'whsec_x') RETURNING id`,
    [userId, name],
  );
  await rt.pool.query('INSERT INTO alert_channels (alert_type, alert_id, channel_id, user_id) VALUES ($1, $2, $3, $4)', [
    alert.type,
    alert.id,
    rows[0]!.id,
    userId,
  ]);
  return rows[0]!.id;
}

/** The first poll only takes note of what EDGAR lists already (nothing filed before anyone listened is told). */
async function baseline() {
  sec.publishFiling({ form: '8-K', company: 'Other Filer Inc.', cik: 1234567, items: ['8.01'] });
  const first = await pollDeps();
  const result = await pollEdgar(first);
  expect(result.events).toBe(0);
  expect(result.read).toBeGreaterThan(0);
}

async function runQueued() {
  const results = [];
  for (const id of queued) results.push(await engine().process(id));
  return results;
}

const mailsOf = async (userId: string) =>
  (await rt.pool.query('SELECT subject, text_body, kind, to_address FROM mail_outbox WHERE user_id = $1 ORDER BY created_at', [userId]))
    .rows;

/** A mail's one-click unsubscribe (RFC 8058): the address its List-Unsubscribe header names, the page's link in its text. */
async function unsubscribeOf(userId: string, subject: string) {
  const { rows } = await rt.pool.query<{ headers: Record<string, string>; text_body: string }>(
    'SELECT headers, text_body FROM mail_outbox WHERE user_id = $1 AND subject = $2',
    [userId, subject],
  );
  const { headers, text_body } = rows[0]!;
  expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const oneClick = new URL(/^<(.+)>$/.exec(headers['List-Unsubscribe']!)![1]!);
  const token = oneClick.searchParams.get('token')!;
  expect(text_body).toContain(`${TEST_APP_URL}/unsubscribe?token=${encodeURIComponent(token)}`);
  const path = `${oneClick.pathname}${oneClick.search}`;
  return {
    token,
    path,
    /** What a mail provider sends: form-encoded, no cookie, no Origin. */
    post: async () => {
      const res = await rt.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      return { status: res.status, body: await res.json() };
    },
  };
}

const subscriptionsOf = async (userId: string) =>
  (
    await rt.pool.query<{ alert_type: string; alert_id: string }>(
      'SELECT alert_type, alert_id FROM trigger_subscriptions WHERE user_id = $1 ORDER BY alert_type, alert_id',
      [userId],
    )
  ).rows;

describe('EDGAR trigger events', () => {
  it('an 8-K item 5.02 of a watched company: one message by e-mail, library and each channel, with its receipt', async () => {
    const { user, alertId } = await watcher();
    const channelId = await channel(user.id, { type: 'news', id: alertId }, 'Deals room');
    await baseline();
    const accepted = new Date(Date.now() - 90_000);
    sec.publishFiling({
      form: '8-K',
      company: 'Apple Inc.',
      cik: 320193,
      items: ['5.02', '9.01'],
      acceptedAt: accepted,
      document: OFFICER_8K,
    });
    sec.publishFiling({ form: '8-K', company: 'Unwatched Corp', cik: 7654321, items: ['5.02'] });

    const polled = await pollEdgar(pollDeps());
    expect(polled).toMatchObject({ fresh: 2, events: 1, runs: 1 });
    expect(await runQueued()).toEqual([expect.objectContaining({ status: 'succeeded' })]);

    const [mail, ...more] = await mailsOf(user.id);
    expect(more).toHaveLength(0);
    expect(mail.kind).toBe('trigger');
    expect(mail.subject).toBe('Apple Inc.: Leadership change');
    expect(mail.text_body).toContain('Apple Inc. reported officers or directors appointed or leaving (8-K item 5.02).');
    expect(mail.text_body).toContain('Jane Doe appointed as Chief Financial Officer');
    expect(mail.text_body).toMatch(/Why it matters: .+/);
    expect(mail.text_body).toMatch(/Filed with the SEC \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M ET → found .+ET → sent .+ET/);
    expect(mail.text_body).toContain('1 of 1 statement sourced');
    // The model read the filing's own text.
    expect(JSON.stringify(ai.requests[0])).toContain('appointed Jane Doe as Chief Financial Officer');

    const { rows: items } = await rt.pool.query('SELECT kind, title, document FROM library_items WHERE user_id = $1', [user.id]);
    expect(items).toEqual([expect.objectContaining({ kind: 'trigger_event', title: 'Apple Inc.: Leadership change' })]);
    const { rows: deliveries } = await rt.pool.query('SELECT channel_id, message FROM channel_deliveries WHERE user_id = $1', [user.id]);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].channel_id).toBe(channelId);
    expect(JSON.stringify(deliveries[0].message.blocks)).toContain('Filed with the SEC');

    const { rows: events } = await rt.pool.query('SELECT kinds, published_at, found_at FROM trigger_events');
    expect(events).toHaveLength(1);
    expect(events[0].kinds).toEqual(['leadership']);
    expect(new Date(events[0].published_at).getTime()).toBe(Math.floor(accepted.getTime() / 1000) * 1000);

    // Seen again at the next poll: nothing new.
    queued = [];
    expect(await pollEdgar(pollDeps())).toMatchObject({ fresh: 0, events: 0, runs: 0 });
    expect(queued).toEqual([]);
  });

  it('a user whose two alerts watch the company is told once, on both alerts’ channels', async () => {
    const { user, alertId } = await watcher(['leadership']);
    const tracking = await insertEarningsTracking(rt.db, user.id, { companyName: 'AAPL', active: true });
    await subscribe(user.id, 'earnings', tracking.id, ['leadership']);
    const newsChannel = await channel(user.id, { type: 'news', id: alertId }, 'News room');
    const earningsChannel = await channel(user.id, { type: 'earnings', id: tracking.id }, 'Earnings room');
    await baseline();
    sec.publishFiling({ form: '8-K', company: 'Apple Inc.', cik: 320193, items: ['5.02'], document: OFFICER_8K });
    expect(await pollEdgar(pollDeps())).toMatchObject({ events: 1, runs: 1 });
    await runQueued();
    expect(await mailsOf(user.id)).toHaveLength(1);
    const { rows } = await rt.pool.query('SELECT channel_id FROM channel_deliveries WHERE user_id = $1 ORDER BY channel_id', [user.id]);
    expect(rows.map((r) => r.channel_id).sort()).toEqual([newsChannel, earningsChannel].sort());
  });

  it('sends nothing for an unwanted kind, an amendment, an unlisted item or a switched-off alert', async () => {
    const { user } = await watcher(['funding']);
    const other = await watcher(['leadership']);
    await rt.pool.query('UPDATE sonar_alerts SET active = false WHERE id = $1', [other.alertId]);
    await baseline();
    sec.publishFiling({ form: '8-K', company: 'Apple Inc.', cik: 320193, items: ['5.02'], document: OFFICER_8K });
    sec.publishFiling({ form: '8-K/A', company: 'Apple Inc.', cik: 320193, items: ['5.02'] });
    sec.publishFiling({ form: '8-K', company: 'Apple Inc.', cik: 320193, items: ['8.01', '9.01'] });
    const polled = await pollEdgar(pollDeps());
    expect(polled).toMatchObject({ events: 0, runs: 0 });
    expect(await mailsOf(user.id)).toEqual([]);
    expect(await mailsOf(other.user.id)).toEqual([]);
  });

  it('a Form D states the money raised; a Schedule 13D is told to its subject’s watchers with who filed it', async () => {
    const { user } = await watcher(['funding', 'activist']);
    await baseline();
    sec.publishFiling({
      form: 'D',
      company: 'Apple Inc.',
      cik: 320193,
      offering: { totalOfferingAmount: 5_000_000, totalAmountSold: 2_500_000 },
    });
    sec.publishFiling({
      form: 'SCHEDULE 13D',
      company: 'Starboard Value LP',
      cik: 1517137,
      subject: { company: 'Apple Inc.', cik: 320193 },
    });
    expect(await pollEdgar(pollDeps())).toMatchObject({ events: 2, runs: 2 });
    await runQueued();
    const mails = await mailsOf(user.id);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Apple Inc.: Activist stake', 'Apple Inc.: Funding raised']);
    const funding = mails.find((m) => m.subject.endsWith('Funding raised'))!;
    expect(funding.text_body).toContain('Sold so far: $2,500,000 of a $5,000,000 offering.');
    const activist = mails.find((m) => m.subject.endsWith('Activist stake'))!;
    expect(activist.text_body).toContain('Filed by Starboard Value LP.');
  });

  it('drops a "why it matters" sentence the filing does not support, and says so', async () => {
    const { user } = await watcher(['leadership'], 'Apple');
    await baseline();
    sec.publishFiling({ form: '8-K', company: 'Apple Baseless Inc.', cik: 320193, items: ['5.02'], document: OFFICER_8K });
    await pollEdgar(pollDeps());
    await runQueued();
    const [mail] = await mailsOf(user.id);
    expect(mail.text_body).not.toContain(BASELESS_FIGURE);
    expect(mail.text_body).not.toContain('Why it matters');
    expect(mail.text_body).toContain(WHY_DROPPED_NOTE);
  });

  it('without an AI provider the message goes without the line, and says why', async () => {
    const { user } = await watcher(['leadership']);
    await baseline();
    sec.publishFiling({ form: '8-K', company: 'Apple Inc.', cik: 320193, items: ['5.02'], document: OFFICER_8K });
    await pollEdgar(pollDeps());
    const noAi = createAiRunner({ ...rt.config, ai: null }, rt.db);
    for (const id of queued) expect(await engine({ ai: noAi }).process(id)).toMatchObject({ status: 'succeeded' });
    const [mail] = await mailsOf(user.id);
    expect(mail.text_body).toContain(AI_NOT_CONFIGURED_NOTE);
    expect(ai.requests).toHaveLength(0);
  });

  it('asks EDGAR nothing while nobody listens, and a first poll only takes note', async () => {
    sec.publishFiling({ form: '8-K', company: 'Apple Inc.', cik: 320193, items: ['5.02'] });
    const before = sec.requests.length;
    expect(await pollEdgar(pollDeps())).toEqual({ read: 0, fresh: 0, events: 0, runs: 0 });
    expect(sec.requests.length).toBe(before);
    await watcher(['leadership']);
    const first = await pollEdgar(pollDeps());
    expect(first.read).toBeGreaterThan(0);
    expect(first).toMatchObject({ events: 0, runs: 0 });
    // Every request declared who we are (EDGAR's fair-access rule).
    expect(sec.requests.slice(before).every((r) => r.userAgent.includes('ops@example.com'))).toBe(true);
  });

  it('one click from the e-mail turns off “as it happens” for the alerts it was sent for; the next filing is not sent', async () => {
    const { user, alertId } = await watcher(['leadership', 'agreement']);
    const tracking = await insertEarningsTracking(rt.db, user.id, { companyName: 'AAPL', active: true });
    await subscribe(user.id, 'earnings', tracking.id, ['leadership']);
    const microsoft = await insertNewsAlert(rt.db, user.id, { companyName: 'Microsoft', active: true });
    await subscribe(user.id, 'news', microsoft.id, ['leadership']);
    await baseline();
    sec.publishFiling({ form: '8-K', company: 'Apple Inc.', cik: 320193, items: ['5.02'], document: OFFICER_8K });
    await pollEdgar(pollDeps());
    await runQueued();

    const link = await unsubscribeOf(user.id, 'Apple Inc.: Leadership change');
    expect(readUnsubscribeToken(rt.secret, link.token)).toEqual({
      kind: 'trigger',
      alerts: [
        { type: 'earnings', id: tracking.id },
        { type: 'news', id: alertId },
      ],
    });
    const both = [
      { type: 'earnings', name: 'AAPL' },
      { type: 'news', name: 'Apple' },
    ];
    // A browser opening the address goes to the page, which asks first: a GET changes nothing.
    const opened = await rt.app.request(link.path, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`/unsubscribe?token=${encodeURIComponent(link.token)}`);
    expect((await rt.client.get(link.path)).body).toEqual({ kind: 'trigger', alerts: both, active: true });
    expect(await subscriptionsOf(user.id)).toHaveLength(3);

    expect(await link.post()).toEqual({ status: 200, body: { kind: 'trigger', alerts: both, active: false } });
    // Microsoft's stays on; the alerts themselves stay on.
    expect(await subscriptionsOf(user.id)).toEqual([{ alert_type: 'news', alert_id: microsoft.id }]);
    const { rows: alerts } = await rt.pool.query('SELECT active FROM sonar_alerts WHERE id = $1', [alertId]);
    expect(alerts).toEqual([{ active: true }]);
    expect(await link.post()).toEqual({ status: 200, body: { kind: 'trigger', alerts: both, active: false } });
    expect((await rt.client.get(link.path)).body).toEqual({ kind: 'trigger', alerts: both, active: false });

    // The next event at Apple reaches nobody; one at Microsoft still comes.
    queued = [];
    sec.publishFiling({ form: '8-K', company: 'Apple Inc.', cik: 320193, items: ['1.01'] });
    sec.publishFiling({ form: '8-K', company: 'Microsoft Corp', cik: 789019, items: ['5.02'] });
    expect(await pollEdgar(pollDeps())).toMatchObject({ events: 1, runs: 1 });
    await runQueued();
    expect((await mailsOf(user.id)).map((m) => m.subject)).toEqual(['Apple Inc.: Leadership change', 'Microsoft Corp: Leadership change']);
  });

  describe("the user's rules", () => {
    const ZONE = 'Europe/Berlin';
    /** 'HH:MM' in ZONE, `minutes` from now. */
    const localTime = (minutes: number) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
        new Date(Date.now() + minutes * 60_000),
      );
    async function rules(userId: string, r: { quiet?: [string, string] | null; urgent?: TriggerKind[]; cap?: number }) {
      await rt.pool.query(
        `INSERT INTO trigger_settings (user_id, quiet_start, quiet_end, time_zone, urgent_kinds, daily_cap) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id) DO UPDATE SET quiet_start = $2, quiet_end = $3, time_zone = $4, urgent_kinds = $5, daily_cap = $6`,
        [userId, r.quiet?.[0] ?? null, r.quiet?.[1] ?? null, ZONE, r.urgent ?? [], r.cap ?? 10],
      );
    }
    /** Time passes: the held runs' moment has come. */
    const release = (userId: string) =>
      rt.pool.query(
        `UPDATE alert_runs SET not_before = now() - interval '1 second',
                steps = jsonb_set(steps, '{held,until}', to_jsonb((now() - interval '1 second')::text))
          WHERE user_id = $1 AND kind = 'trigger' AND status = 'queued'`,
        [userId],
      );
    const runsOf = async (userId: string) =>
      (
        await rt.pool.query(
          `SELECT id, status, outcome, not_before FROM alert_runs WHERE user_id = $1 AND kind = 'trigger' ORDER BY created_at, id`,
          [userId],
        )
      ).rows;

    it('quiet hours hold a trigger until they end, unless its kind is urgent', async () => {
      const { user } = await watcher(['leadership', 'funding']);
      await rules(user.id, { quiet: [localTime(-60), localTime(60)], urgent: ['funding'] });
      await baseline();
      sec.publishFiling({ form: '8-K', company: 'Apple Inc.', cik: 320193, items: ['5.02'], document: OFFICER_8K });
      sec.publishFiling({
        form: 'D',
        company: 'Apple Inc.',
        cik: 320193,
        offering: { totalOfferingAmount: 1_000_000, totalAmountSold: 1_000_000 },
      });
      await pollEdgar(pollDeps());
      const results = await runQueued();
      expect(results.map((r) => r.status).sort()).toEqual(['succeeded', 'waiting']);
      const waiting = results.find((r) => r.status === 'waiting') as { until: Date };
      // Held until the quiet hours end, about an hour from now.
      expect(Math.abs(waiting.until.getTime() - (Date.now() + 60 * 60_000))).toBeLessThan(2 * 60_000);
      expect((await mailsOf(user.id)).map((m) => m.subject)).toEqual(['Apple Inc.: Funding raised']);

      await release(user.id);
      const held = (await runsOf(user.id)).find((r) => r.status === 'queued')!;
      expect(await engine().process(held.id)).toMatchObject({ status: 'succeeded' });
      const mails = await mailsOf(user.id);
      expect(mails.map((m) => m.subject)).toEqual(['Apple Inc.: Funding raised', 'Apple Inc.: Leadership change']);
      expect(mails[1].text_body).toContain('Held during your quiet hours; sent when they ended.');
    });

    /** A cap of one: an 8-K for Apple is sent, then a Form D and a 13D come, and are run (held). */
    async function capThenTwoMore(userId: string) {
      await rules(userId, { quiet: null, cap: 1 });
      await baseline();
      sec.publishFiling({ form: '8-K', company: 'Apple Inc.', cik: 320193, items: ['5.02'], document: OFFICER_8K });
      await pollEdgar(pollDeps());
      await runQueued();
      queued = [];
      sec.publishFiling({
        form: 'D',
        company: 'Apple Inc.',
        cik: 320193,
        offering: { totalOfferingAmount: 2_000_000, totalAmountSold: 500_000 },
      });
      sec.publishFiling({ form: 'SC 13D', company: 'Starboard Value LP', cik: 1517137, subject: { company: 'Apple Inc.', cik: 320193 } });
      await pollEdgar(pollDeps());
      return runQueued();
    }

    it('past the daily cap the rest are held and come together in one roll-up, sent once', async () => {
      const { user } = await watcher(['leadership', 'funding', 'activist']);
      expect((await capThenTwoMore(user.id)).map((r) => r.status)).toEqual(['waiting', 'waiting']);
      expect(await mailsOf(user.id)).toHaveLength(1);

      await release(user.id);
      const held = (await runsOf(user.id)).filter((r) => r.status === 'queued');
      // The later one waits for the first, which takes it into its roll-up.
      expect(await engine().process(held[1]!.id)).toMatchObject({ status: 'waiting', reason: 'waiting for the roll-up' });
      expect(await engine().process(held[0]!.id)).toMatchObject({ status: 'succeeded' });
      expect(await engine().process(held[1]!.id)).toMatchObject({ status: 'not-claimed' });
      const mails = await mailsOf(user.id);
      expect(mails).toHaveLength(2);
      expect(mails[1].subject).toBe('2 more events at your accounts today');
      expect(mails[1].text_body).toContain('Apple Inc.: Funding raised');
      expect(mails[1].text_body).toContain('Apple Inc.: Activist stake');
      expect(mails[1].text_body).toContain('Sold so far: $500,000 of a $2,000,000 offering.');
      const runs = await runsOf(user.id);
      expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
      expect(runs[2].outcome).toBe(`sent in the roll-up of run ${held[0]!.id}`);
    });

    it('one click from a roll-up turns off “as it happens” for all the user’s alerts, and names them', async () => {
      const { user, alertId } = await watcher(['leadership', 'funding', 'activist']);
      const microsoft = await insertNewsAlert(rt.db, user.id, { companyName: 'Microsoft', active: true });
      await subscribe(user.id, 'news', microsoft.id, ['leadership']);
      const other = await watcher(['leadership']);
      await capThenTwoMore(user.id);
      await release(user.id);
      const [leader] = (await runsOf(user.id)).filter((r) => r.status === 'queued');
      expect(await engine().process(leader!.id)).toMatchObject({ status: 'succeeded' });

      // The single trigger's link names its own alert; the roll-up's the user.
      const single = await unsubscribeOf(user.id, 'Apple Inc.: Leadership change');
      expect(readUnsubscribeToken(rt.secret, single.token)).toEqual({ kind: 'trigger', alerts: [{ type: 'news', id: alertId }] });
      const link = await unsubscribeOf(user.id, '2 more events at your accounts today');
      expect(readUnsubscribeToken(rt.secret, link.token)).toEqual({ kind: 'triggers', userId: user.id });
      const all = [
        { type: 'news', name: 'Apple' },
        { type: 'news', name: 'Microsoft' },
      ];
      expect((await rt.client.get(link.path)).body).toEqual({ kind: 'triggers', alerts: all, active: true });
      expect(await subscriptionsOf(user.id)).toHaveLength(2);

      expect(await link.post()).toEqual({ status: 200, body: { kind: 'triggers', alerts: all, active: false } });
      expect(await subscriptionsOf(user.id)).toEqual([]);
      expect(await subscriptionsOf(other.user.id)).toHaveLength(1);
      // Again: nothing was on, nothing is named.
      expect(await link.post()).toEqual({ status: 200, body: { kind: 'triggers', alerts: [], active: false } });
      expect((await rt.client.get(link.path)).body).toEqual({ kind: 'triggers', alerts: [], active: false });
    });
  });

  describe('from the news', () => {
    const newsDeps = () => ({ ...pollDeps(), sources: deps.sources });

    it('a story of an event at a watched company is one trigger; the filing of the same event merges into it', async () => {
      const { user } = await watcher(['leadership', 'acquisition']);
      const other = await watcher(['acquisition'], 'Microsoft');
      news.publishStory({ company: 'Apple', headline: 'Apple appoints Jane Doe as chief financial officer', publisher: 'Reuters' });
      news.publishStory({ company: 'Apple', headline: 'Apple reports record quarterly revenue, beating estimates' });
      news.publishStory({ company: 'Microsoft', headline: 'Microsoft opens a new office in Dublin' });
      const polled = await pollNews(newsDeps());
      // Apple and Microsoft in one search.
      expect(polled).toMatchObject({ searches: 1, failed: 0, events: 1, runs: 1 });
      await runQueued();
      const [mail, ...more] = await mailsOf(user.id);
      expect(more).toHaveLength(0);
      expect(mail.subject).toBe('Apple Inc.: Leadership change');
      expect(mail.text_body).toContain('Reuters reports: Apple appoints Jane Doe as chief financial officer.');
      expect(mail.text_body).toMatch(/Published .+ ET → found .+ ET → sent .+ ET/);
      expect(await mailsOf(other.user.id)).toEqual([]);
      // Not again in the user's scheduled news alert.
      const { rows: claimed } = await rt.pool.query('SELECT url_key FROM sent_articles WHERE user_id = $1', [user.id]);
      expect(claimed).toHaveLength(1);

      // The next pass: the story is known, nothing new.
      queued = [];
      expect(await pollNews(newsDeps())).toMatchObject({ events: 0, runs: 0 });
      // The 8-K of the same appointment is the same event: merged, told to nobody again.
      await baseline();
      sec.publishFiling({ form: '8-K', company: 'Apple Inc.', cik: 320193, items: ['5.02'], document: OFFICER_8K });
      expect(await pollEdgar(pollDeps())).toMatchObject({ fresh: 1, events: 0, runs: 0 });
      const { rows: events } = await rt.pool.query('SELECT kinds, merged FROM trigger_events');
      expect(events).toHaveLength(1);
      expect(events[0].merged).toEqual([expect.objectContaining({ publisher: 'SEC EDGAR' })]);
      expect(await mailsOf(user.id)).toHaveLength(1);
    });

    it('searches the companies in the same order whatever order their alerts were made in, so each is searched once a period', async () => {
      // Twelve companies no ticker list knows (keys name:…): two batches of Google News searches.
      const companies = Array.from({ length: 12 }, (_, i) => `Zephyr Kites ${String.fromCharCode(97 + i)}`);
      const batchesSearched = async () => {
        news.reset();
        news.mode.stories = 'published';
        // The searches are cached (news_searches): a pass must ask the fake again.
        await rt.pool.query('DELETE FROM news_searches');
        await pollNews(newsDeps());
        return news.requests.filter((r) => r.path === '/rss/search').map((r) => r.query.get('q'));
      };
      for (const company of [...companies].reverse()) await watcher(['leadership'], company);
      const first = await batchesSearched();
      expect(first).toHaveLength(2);
      // The first batch names the first ten by key, whatever the alerts' order.
      for (const company of companies.slice(0, 10)) expect(first[0]).toContain(`"${company}"`);
      // The alerts made again in another order: the same searches in the same order.
      await rt.pool.query(`DELETE FROM sonar_alerts WHERE company_name LIKE 'Zephyr Kites %'`);
      for (const company of [...companies.filter((_, i) => i % 2), ...companies.filter((_, i) => !(i % 2))])
        await watcher(['leadership'], company);
      expect(await batchesSearched()).toEqual(first);
    });
  });
});
