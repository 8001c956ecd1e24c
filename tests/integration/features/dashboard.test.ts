// The home dashboard API: every figure with two users' rows (personal figures count only the
// session's user, platform figures count everyone, this month only), the recent-activity window,
// stored headlines, and the feature-interest toggle.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLogLevel } from '../../../src/server/lib/log.ts';
import type { DashboardSummary } from '../../../src/shared/dashboard.ts';
import { messages } from '../../../src/shared/messages.ts';
import { IpClient, PASSWORD, registerUser, signedInClient, type TestRuntime, uniqueIp } from '../../support/accounts.ts';
import { insertEarningsResult, insertEarningsTracking, insertNewsAlert, insertNewsletter } from '../../support/factories.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

const TZ = 'America/New_York';
const q = (text: string, values: unknown[] = []) => rt.pool.query(text, values);

/** The first instant of the current month in New York, computed apart from the server's SQL. */
async function monthStart(): Promise<Date> {
  const { rows } = await q(`SELECT date_trunc('month', now() AT TIME ZONE $1) AT TIME ZONE $1 AS start`, [TZ]);
  return rows[0].start as Date;
}

async function signedInUser() {
  const user = await registerUser(rt);
  return { ...user, client: await signedInClient(rt, user.email) };
}

async function dashboard(client: IpClient): Promise<DashboardSummary> {
  const res = await client.get('/api/dashboard');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

// Rows written straight to the database, as the scanners and the other features would write them.
const alert = (userId: string, active: boolean) => insertNewsAlert(rt.db, userId, { active, companyName: 'Acme' });
const newsletter = (userId: string, active: boolean) => insertNewsletter(rt.db, userId, { active });
async function tracking(userId: string, active: boolean, result?: { counter?: number; notified?: Date; transcript?: Date }) {
  const row = await insertEarningsTracking(rt.db, userId, { active, companyName: 'Globex' });
  if (result) {
    await insertEarningsResult(rt.db, row, {
      alertCounter: result.counter ?? 0,
      notificationSentAt: result.notified,
      transcriptSentAt: result.transcript,
    });
  }
}
const scan = (userId: string, o: { sent?: boolean; hasNews?: boolean; at?: string | Date; company?: string; response?: unknown } = {}) =>
  q(
    `INSERT INTO sonar_results (user_id, company_name, has_news, sent, processed_at, perplexity_response)
     VALUES ($1, $2, $3, $4, coalesce($5::timestamptz, now()), $6::jsonb) RETURNING id`,
    [
      userId,
      o.company ?? 'Initech',
      o.hasNews ?? false,
      o.sent ?? false,
      o.at ?? null,
      o.response === undefined ? null : JSON.stringify(o.response),
    ],
  );
const newsletterResult = (userId: string, sent: boolean, at?: string | Date) =>
  q('INSERT INTO newsletter_results (user_id, sent, processed_at) VALUES ($1, $2, coalesce($3::timestamptz, now()))', [
    userId,
    sent,
    at ?? null,
  ]);

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('access', () => {
  it('needs a session', async () => {
    const anonymous = new IpClient(rt.app);
    for (const res of [
      await anonymous.get('/api/dashboard'),
      await anonymous.put('/api/dashboard/interests/air', { registered: true }),
      await anonymous.put('/api/dashboard/interests/nope', { registered: true }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe(messages.auth.required);
    }
  });
});

describe('personal figures', () => {
  it('an empty account: zero of each limit, no activity, no interests, this month', async () => {
    const { client } = await signedInUser();
    const body = await dashboard(client);
    expect(body.alerts).toEqual({
      news: { active: 0, limit: 6 },
      newsletter: { active: 0, limit: 1 },
      earnings: { active: 0, limit: 3 },
    });
    expect(body.allTime).toEqual({ newsAlertsSent: 0, newslettersSent: 0, earningsAlertsSent: 0 });
    expect(body.recent).toEqual([]);
    expect(body.interests).toEqual([]);
    // The current month in New York (not 2025): its first day at midnight there.
    const start = new Date(body.platform.monthStart);
    expect(start.toISOString()).toBe((await monthStart()).toISOString());
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: TZ,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(start);
    const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    const now = new Intl.DateTimeFormat('en-US', { timeZone: TZ, year: 'numeric', month: 'numeric' }).formatToParts(new Date());
    expect([part('year'), part('month'), part('day'), part('hour'), part('minute')]).toEqual([
      Number(now.find((p) => p.type === 'year')!.value),
      Number(now.find((p) => p.type === 'month')!.value),
      1,
      0,
      0,
    ]);
  });

  it("counts the user's active alerts and sent results, never another user's", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    for (const active of [true, true, false]) await alert(a.id, active);
    for (let i = 0; i < 6; i += 1) await alert(b.id, true);
    await newsletter(a.id, true);
    await newsletter(b.id, true);
    await tracking(a.id, true, { counter: 2 });
    await tracking(a.id, false, { counter: 3 });
    await tracking(a.id, true);
    for (let i = 0; i < 3; i += 1) await tracking(b.id, true, { counter: 10 });
    // Sent rows of any age count all-time; unsent rows never do.
    await scan(a.id, { sent: true });
    await scan(a.id, { sent: true, at: daysAgo(400) });
    await scan(a.id, { sent: false });
    await scan(b.id, { sent: true });
    await newsletterResult(a.id, true, daysAgo(90));
    await newsletterResult(a.id, false);
    await newsletterResult(b.id, true);

    const body = await dashboard(a.client);
    expect(body.alerts).toEqual({
      news: { active: 2, limit: 6 },
      newsletter: { active: 1, limit: 1 },
      earnings: { active: 2, limit: 3 },
    });
    expect(body.allTime).toEqual({ newsAlertsSent: 2, newslettersSent: 1, earningsAlertsSent: 5 });

    const other = await dashboard(b.client);
    expect(other.alerts).toEqual({
      news: { active: 6, limit: 6 },
      newsletter: { active: 1, limit: 1 },
      earnings: { active: 3, limit: 3 },
    });
    expect(other.allTime).toEqual({ newsAlertsSent: 1, newslettersSent: 1, earningsAlertsSent: 30 });
  });

  it('an inactive newsletter counts 0 of 1', async () => {
    const a = await signedInUser();
    await newsletter(a.id, false);
    expect((await dashboard(a.client)).alerts.newsletter).toEqual({ active: 0, limit: 1 });
  });
});

describe('platform figures (every user, this month in New York)', () => {
  it("count every user's rows since the first of the month, none of last month's", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const before = (await dashboard(a.client)).platform;
    const start = await monthStart();
    const lastMonth = new Date(start.getTime() - 1000);

    // This month: 3 scans of a (1 sent) and 2 of b (2 sent); last month: 4 scans (all sent).
    await scan(a.id, { sent: true });
    await scan(a.id);
    await scan(a.id, { at: start });
    await scan(b.id, { sent: true });
    await scan(b.id, { sent: true });
    for (let i = 0; i < 4; i += 1) await scan(i % 2 ? a.id : b.id, { sent: true, at: lastMonth });
    // Newsletters: 2 sent this month (a, b), 1 unsent this month, 1 sent last month.
    await newsletterResult(a.id, true);
    await newsletterResult(b.id, true);
    await newsletterResult(b.id, false);
    await newsletterResult(a.id, true, lastMonth);
    // Earnings results: notified this month, transcript this month, both this month (counts once),
    // both last month, none; alert_counter plays no part here.
    const now = new Date();
    await tracking(a.id, true, { notified: now, counter: 7 });
    await tracking(b.id, true, { transcript: now });
    await tracking(b.id, true, { notified: now, transcript: now });
    await tracking(a.id, true, { notified: lastMonth, transcript: lastMonth });
    await tracking(a.id, true);

    for (const client of [a.client, b.client]) {
      const after = (await dashboard(client)).platform;
      expect(after.monthStart).toBe(before.monthStart);
      expect(after.companiesMonitored - before.companiesMonitored).toBe(5);
      expect(after.alertsSent - before.alertsSent).toBe(3 + 2 + 3);
    }
  });
});

describe('recent activity', () => {
  it('the last 30 days, newest first, at most 30 rows, only the user’s own', async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    // 35 scans within the window (one per 20 hours), 3 older than 30 days, and b's newer ones.
    for (let i = 0; i < 35; i += 1) await scan(a.id, { company: `Company ${i}`, at: new Date(Date.now() - i * 20 * 3_600_000 - 60_000) });
    for (const days of [31, 45, 100]) await scan(a.id, { company: 'Old', at: daysAgo(days) });
    for (let i = 0; i < 3; i += 1) await scan(b.id, { company: 'Not yours' });

    const { recent } = await dashboard(a.client);
    expect(recent).toHaveLength(30);
    expect(recent.map((r) => r.companyName)).toEqual(Array.from({ length: 30 }, (_, i) => `Company ${i}`));
    const times = recent.map((r) => Date.parse(r.processedAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));

    // With fewer rows, the window still ends 30 days back.
    const c = await signedInUser();
    await scan(c.id, { company: 'Fresh', hasNews: true, sent: true });
    await scan(c.id, { company: 'Edge', at: daysAgo(29.9) });
    await scan(c.id, { company: 'Stale', at: daysAgo(30.1) });
    const few = (await dashboard(c.client)).recent;
    expect(few.map((r) => [r.companyName, r.hasNews, r.sent])).toEqual([
      ['Fresh', true, true],
      ['Edge', false, false],
    ]);
    expect(few[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads the headline from an object or JSON text; anything else has none and is reported without its content', async () => {
    const a = await signedInUser();
    const cases: [string, unknown, string | null][] = [
      ['object', { hasNews: true, analysis: { headline: 'Acme buys Globex', summary: 'x'.repeat(5000) } }, 'Acme buys Globex'],
      ['json-text', JSON.stringify({ hasNews: true, analysis: { headline: 'Initech expands' } }), 'Initech expands'],
      ['no-analysis', { hasNews: false }, null],
      ['blank', { hasNews: true, analysis: { headline: '   ' } }, null],
      ['not-string', { analysis: { headline: 42 } }, null],
      ['null', null, null],
      ['garbage-text', 'SECRET-COMPANY-DETAIL {not json', null],
      ['number', 7, null],
      ['array', [1, 2], null],
      ['analysis-text', { analysis: 'SECRET-COMPANY-DETAIL' }, null],
    ];
    for (const [i, [company, response]] of cases.entries()) {
      await scan(a.id, { company, response, at: new Date(Date.now() - (i + 1) * 60_000) });
    }
    setLogLevel('warn');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const { recent } = await dashboard(a.client);
      expect(recent.map((r) => [r.companyName, r.headline])).toEqual(cases.map(([company, , headline]) => [company, headline]));
      const lines = stderr.mock.calls.map(([chunk]) => String(chunk)).filter((l) => l.includes('unreadable stored news responses'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('"count":4');
      expect(lines[0]).not.toContain('SECRET');
    } finally {
      stderr.mockRestore();
      setLogLevel('error');
    }
  });
});

describe('freshness: found → delivered of the last 30 days (issue 31 §3)', () => {
  /**
   * A run that succeeded with a mail, as the engine leaves it, at `created` (and `scanned`);
   * the mail delivered at `sent` (null: still in the outbox).
   */
  async function delivered(
    userId: string,
    o: { kind: string; created: Date; sent: Date | null; scanned?: Date; alertId?: string; status?: string },
  ) {
    const mail = await q(
      `INSERT INTO mail_outbox (to_address, subject, text_body, kind, user_id, status, sent_at, created_at)
       VALUES ('to@example.com', 'Subject', 'Text', 'news-alert', $1, $2, $3, $4) RETURNING id`,
      [userId, o.sent ? 'sent' : 'pending', o.sent, o.created],
    );
    await q(
      `INSERT INTO alert_runs (kind, alert_id, user_id, slot, status, mail_id, scanned_at, created_at, finished_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [
        o.kind,
        o.alertId ?? randomUUID(),
        userId,
        o.created.toISOString(),
        o.status ?? 'succeeded',
        mail.rows[0].id,
        o.scanned ?? null,
        o.created,
      ],
    );
  }
  async function triggerEvent(foundAt: Date) {
    const { rows } = await q(
      `INSERT INTO trigger_events (event_key, company_key, company_name, kinds, title, summary, source, found_at)
       VALUES ($1, 'name:acme', 'Acme', '{leadership}', 'Acme: officer appointed', 'An officer was appointed.', $2::jsonb, $3) RETURNING id`,
      [
        `test:${randomUUID()}`,
        JSON.stringify({ url: 'https://example.com/filing', title: 'Filing', publisher: 'SEC', text: 'x' }),
        foundAt,
      ],
    );
    return rows[0].id as string;
  }
  const plus = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

  it("the median and 95th percentile from each kind's own 'found', of the user's delivered messages only", async () => {
    const a = await signedInUser();
    const b = await signedInUser();

    // News: found at its search (scanned_at), not when its run was created ahead of the slot: 60 s.
    const newsScan = daysAgo(2);
    await delivered(a.id, { kind: 'news', created: plus(newsScan, -600), scanned: newsScan, sent: plus(newsScan, 60) });
    // Another news alert: 300 s.
    const laterScan = daysAgo(1);
    await delivered(a.id, { kind: 'news', created: plus(laterScan, -30), scanned: laterScan, sent: plus(laterScan, 300) });
    // A newsletter from before scanned_at was kept: found at its run's creation, 120 s.
    const digest = daysAgo(3);
    await delivered(a.id, { kind: 'newsletter', created: digest, sent: plus(digest, 120) });
    // An earnings reminder: found at its run's creation (its scanned_at is not a search): 30 s.
    const reminder = daysAgo(4);
    await delivered(a.id, { kind: 'earnings_reminder', created: reminder, scanned: plus(reminder, 100), sent: plus(reminder, 30) });
    // A trigger: found when the event was (trigger_events.found_at), its run's alert_id: 10 s.
    const found = daysAgo(0.5);
    const eventId = await triggerEvent(found);
    await delivered(a.id, { kind: 'trigger', alertId: eventId, created: plus(found, 5), sent: plus(found, 10) });

    // None of these counts: a mail still in the outbox, a run older than 30 days, a report the
    // user asked for, a failed run, and another user's slow mail.
    await delivered(a.id, { kind: 'news', created: daysAgo(1), scanned: daysAgo(1), sent: null });
    await delivered(a.id, { kind: 'news', created: daysAgo(31), scanned: daysAgo(31), sent: plus(daysAgo(31), 9_000) });
    await delivered(a.id, { kind: 'air_report', created: daysAgo(2), sent: plus(daysAgo(2), 9_000) });
    await delivered(a.id, { kind: 'newsletter', created: daysAgo(2), sent: plus(daysAgo(2), 9_000), status: 'failed' });
    await delivered(b.id, { kind: 'news', created: daysAgo(1), scanned: daysAgo(1), sent: plus(daysAgo(1), 9_000) });

    // 10, 30, 60, 120, 300 s: the median is 60; the 95th percentile lies 0.8 of the way from 120 to 300.
    expect((await dashboard(a.client)).freshness).toEqual({ p50Seconds: 60, p95Seconds: 264, count: 5 });
    expect((await dashboard(b.client)).freshness).toEqual({ p50Seconds: 9_000, p95Seconds: 9_000, count: 1 });
  });

  it('is null for a user with no message delivered in the last 30 days', async () => {
    const { id, client } = await signedInUser();
    expect((await dashboard(client)).freshness).toBeNull();
    // Queued but not delivered yet, or delivered long ago: still none.
    await delivered(id, { kind: 'news', created: daysAgo(1), scanned: daysAgo(1), sent: null });
    await delivered(id, { kind: 'newsletter', created: daysAgo(40), sent: daysAgo(40) });
    expect((await dashboard(client)).freshness).toBeNull();
  });
});

describe('feature interest', () => {
  const interestRows = async (userId: string) =>
    (await q('SELECT feature_name, notification_email FROM feature_interest WHERE user_id = $1 ORDER BY feature_name', [userId])).rows;

  it('registers and cancels, idempotently, with the alerts e-mail or else the account e-mail', async () => {
    const a = await signedInUser();
    const put = (feature: string, registered: boolean) => a.client.put(`/api/dashboard/interests/${feature}`, { registered });

    let res = await put('air', true);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ interests: ['air'] });
    expect((await put('air', true)).body).toEqual({ interests: ['air'] });
    expect(await interestRows(a.id)).toEqual([{ feature_name: 'air', notification_email: a.email }]);

    await q('UPDATE users SET alerts_email = $2 WHERE id = $1', [a.id, 'alerts@example.com']);
    res = await put('wolfebot', true);
    expect(res.body).toEqual({ interests: ['air', 'wolfebot'] });
    expect(await interestRows(a.id)).toEqual([
      { feature_name: 'air', notification_email: a.email },
      { feature_name: 'wolfebot', notification_email: 'alerts@example.com' },
    ]);
    expect((await dashboard(a.client)).interests).toEqual(['air', 'wolfebot']);

    res = await put('air', false);
    expect(res.body).toEqual({ interests: ['wolfebot'] });
    expect((await put('air', false)).body).toEqual({ interests: ['wolfebot'] });
    expect((await put('wolfebot', false)).body).toEqual({ interests: [] });
    expect(await interestRows(a.id)).toEqual([]);
  });

  it("one user's toggle never touches another's", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    await b.client.put('/api/dashboard/interests/air', { registered: true });
    await a.client.put('/api/dashboard/interests/air', { registered: true });
    expect((await a.client.put('/api/dashboard/interests/air', { registered: false })).body).toEqual({ interests: [] });
    expect(await interestRows(b.id)).toEqual([{ feature_name: 'air', notification_email: b.email }]);
    expect((await dashboard(b.client)).interests).toEqual(['air']);
  });

  it('concurrent registrations leave one row', async () => {
    const a = await signedInUser();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => a.client.put('/api/dashboard/interests/wolfebot', { registered: true })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(await interestRows(a.id)).toHaveLength(1);
  });

  it('an unknown feature is not found, and nothing is stored', async () => {
    const a = await signedInUser();
    for (const feature of [
      'nope',
      'AIR',
      'air%20',
      '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      'x'.repeat(5000),
      'feature_interest',
      "air'--",
    ]) {
      const res = await a.client.put(`/api/dashboard/interests/${feature}`, { registered: true });
      expect(res.status, feature).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await a.client.put('/api/dashboard/interests', { registered: true })).status).toBe(404);
    expect(await interestRows(a.id)).toEqual([]);
  });

  it('refuses fuzzed bodies with a 400 and stores nothing', async () => {
    const a = await signedInUser();
    const bodies: unknown[] = [
      {},
      { registered: 'true' },
      { registered: 1 },
      { registered: null },
      { registered: [true] },
      { registered: { value: true } },
      { registered: true, userId: a.id },
      { registered: true, extra: '<script>alert(1)</script>' },
      { '<script>': true },
      [],
      [{ registered: true }],
      'registered',
      true,
      null,
      12,
      { registered: 'x'.repeat(10_000) },
    ];
    for (const body of bodies) {
      const res = await a.client.put('/api/dashboard/interests/air', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.message).toEqual(expect.any(String));
    }

    // Not JSON at all: sent raw with the session cookie.
    const signIn = await rt.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_APP_URL, 'x-forwarded-for': uniqueIp() },
      body: JSON.stringify({ email: a.email, password: PASSWORD }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (const raw of ['{registered: true', '', '<registered>true</registered>', '\u0000']) {
      const res = await rt.app.request('/api/dashboard/interests/air', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin: TEST_APP_URL, cookie },
        body: raw,
      });
      expect(res.status, raw).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
    }
    expect(await interestRows(a.id)).toEqual([]);
  });
});
