// One-click unsubscribe (/api/unsubscribe, RFC 8058): the signed token names one alert; a forged or
// altered token is refused; POST turns that one alert off (again and again, changing nothing more),
// whether a mail provider's server sends it (form body, no cookies, no Origin) or another site's page.
// A trigger e-mail's link names the alerts whose "as it happens" it turns off, or (a roll-up's) the
// user; its signed subject is checked as strictly (tests/integration/jobs/triggers.test.ts sends them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnsubscribeToken, triggerAlertsSubject } from '../../../src/server/mail/unsubscribe-token.ts';
import { type UnsubscribeAlertKind, unsubscribeMessages } from '../../../src/shared/unsubscribe.ts';
import { registerUser, type TestRuntime } from '../../support/accounts.ts';
import { insertEarningsTracking, insertNewsAlert, insertNewsletter } from '../../support/factories.ts';
import { startTestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

const TABLE: Record<UnsubscribeAlertKind, string> = {
  news: 'sonar_alerts',
  newsletter: 'newsletter_alerts',
  earnings: 'earnings_tracking',
};

async function seed() {
  const user = await registerUser(rt);
  const news = (await insertNewsAlert(rt.db, user.id, { companyName: 'Apple' })).id;
  const otherNews = (await insertNewsAlert(rt.db, user.id, { companyName: 'Microsoft' })).id;
  const newsletter = (await insertNewsletter(rt.db, user.id, { industry: ['Banking'] })).id;
  const earnings = (await insertEarningsTracking(rt.db, user.id, { companyName: 'Nvidia' })).id;
  return { user, news, otherNews, newsletter, earnings };
}

const token = (kind: UnsubscribeAlertKind, id: string) => createUnsubscribeToken(rt.secret, kind, id);
const url = (t: string) => `/api/unsubscribe?token=${encodeURIComponent(t)}`;

/** What a mail provider sends for List-Unsubscribe-Post: form-encoded, no cookie, no Origin. */
async function oneClick(t: string, headers: Record<string, string> = {}) {
  const res = await rt.app.request(url(t), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: 'List-Unsubscribe=One-Click',
  });
  return { status: res.status, body: await res.json() };
}

const rowOf = async (kind: UnsubscribeAlertKind, id: string) =>
  (await rt.pool.query<{ active: boolean; updated_at: Date }>(`SELECT active, updated_at FROM ${TABLE[kind]} WHERE id = $1`, [id])).rows[0];

describe('GET /api/unsubscribe', () => {
  it('describes the alert for each kind: the company, or the newsletter industry', async () => {
    const s = await seed();
    expect((await rt.client.get(url(token('news', s.news)))).body).toEqual({ kind: 'news', name: 'Apple', active: true });
    expect((await rt.client.get(url(token('newsletter', s.newsletter)))).body).toEqual({
      kind: 'newsletter',
      name: 'Banking',
      active: true,
    });
    expect((await rt.client.get(url(token('earnings', s.earnings)))).body).toEqual({ kind: 'earnings', name: 'Nvidia', active: true });
  });

  it('sends a browser (a mail client without one-click) to the page that asks, and changes nothing', async () => {
    const s = await seed();
    const t = token('news', s.news);
    const res = await rt.app.request(url(t), { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/unsubscribe?token=${encodeURIComponent(t)}`);
    expect((await rowOf('news', s.news))?.active).toBe(true);
  });
});

describe('tokens that are not ours', () => {
  it('answers 400 for a missing, malformed, forged, other-alert or other-kind token and changes nothing', async () => {
    const s = await seed();
    const good = token('news', s.news);
    const [, , signature] = good.split('.');
    const bad = [
      '',
      'nonsense',
      `news.${s.news}.${'A'.repeat(43)}`, // forged signature
      createUnsubscribeToken('some-other-secret-some-other-secret-123', 'news', s.news), // signed by someone else
      `news.${s.otherNews}.${signature}`, // the signature of another alert
      `earnings.${s.news}.${signature}`, // the same id as another kind
      `${good}.extra`,
    ];
    for (const t of bad) {
      for (const res of [await oneClick(t), await rt.client.get(url(t))]) {
        expect(res.status, t).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'invalid_unsubscribe_link', message: unsubscribeMessages.invalidLink });
      }
    }
    const missing = await rt.app.request('/api/unsubscribe', { method: 'POST' });
    expect(missing.status).toBe(400);
    for (const [kind, id] of [
      ['news', s.news],
      ['news', s.otherNews],
      ['earnings', s.earnings],
    ] as const)
      expect((await rowOf(kind, id))?.active).toBe(true);
  });
});

describe('POST /api/unsubscribe (one click)', () => {
  it('turns off only the named alert, from a mail provider without cookies or Origin, and is idempotent', async () => {
    const s = await seed();
    const first = await oneClick(token('news', s.news));
    expect(first).toEqual({ status: 200, body: { kind: 'news', name: 'Apple', active: false } });
    const after = await rowOf('news', s.news);
    expect(after?.active).toBe(false);
    expect((await rowOf('news', s.otherNews))?.active).toBe(true);
    expect((await rowOf('newsletter', s.newsletter))?.active).toBe(true);
    expect((await rowOf('earnings', s.earnings))?.active).toBe(true);

    const again = await oneClick(token('news', s.news));
    expect(again).toEqual({ status: 200, body: { kind: 'news', name: 'Apple', active: false } });
    expect((await rowOf('news', s.news))?.updated_at).toEqual(after?.updated_at);
    expect((await rt.client.get(url(token('news', s.news)))).body).toEqual({ kind: 'news', name: 'Apple', active: false });
  });

  it('works for the newsletter and earnings alerts, also from another site and from the app page', async () => {
    const s = await seed();
    const fromAnotherSite = await oneClick(token('newsletter', s.newsletter), {
      origin: 'https://mail.example.net',
      'sec-fetch-site': 'cross-site',
    });
    expect(fromAnotherSite).toEqual({ status: 200, body: { kind: 'newsletter', name: 'Banking', active: false } });
    expect((await rowOf('newsletter', s.newsletter))?.active).toBe(false);

    const fromThePage = await rt.client.post(url(token('earnings', s.earnings)));
    expect(fromThePage).toMatchObject({ status: 200, body: { kind: 'earnings', name: 'Nvidia', active: false } });
    expect((await rowOf('earnings', s.earnings))?.active).toBe(false);
    expect((await rowOf('news', s.news))?.active).toBe(true);
  });

  it("answers 404 'This alert no longer exists.' once the alert is deleted", async () => {
    const s = await seed();
    await rt.pool.query('DELETE FROM earnings_tracking WHERE id = $1', [s.earnings]);
    for (const res of [await oneClick(token('earnings', s.earnings)), await rt.client.get(url(token('earnings', s.earnings)))]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'not_found', message: 'This alert no longer exists.' });
    }
  });

  it('refuses a large body', async () => {
    const s = await seed();
    const res = await rt.app.request(url(token('news', s.news)), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(64 * 1024) },
      body: 'x'.repeat(64 * 1024),
    });
    expect(res.status).toBe(413);
    expect((await rowOf('news', s.news))?.active).toBe(true);
  });
});

describe('trigger links', () => {
  const subscribe = (userId: string, type: UnsubscribeAlertKind, id: string) =>
    rt.pool.query(`INSERT INTO trigger_subscriptions (alert_type, alert_id, user_id, kinds) VALUES ($1, $2, $3, '{leadership}')`, [
      type,
      id,
      userId,
    ]);
  const subscriptions = async (userId: string) =>
    (await rt.pool.query('SELECT alert_id FROM trigger_subscriptions WHERE user_id = $1', [userId])).rows.map((r) => r.alert_id);

  it('refuses altered subjects: another alert, another kind, an unknown type, too many alerts, a user id as alerts', async () => {
    const s = await seed();
    await subscribe(s.user.id, 'news', s.news);
    const good = createUnsubscribeToken(rt.secret, 'trigger', triggerAlertsSubject([{ type: 'news', id: s.news }]));
    const [, , signature] = good.split('.');
    const many = Array.from({ length: 51 }, (_, i) => ({
      type: 'news' as const,
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    }));
    const bad = [
      `trigger.news-${s.otherNews}.${signature}`,
      `triggers.news-${s.news}.${signature}`,
      `news.news-${s.news}.${signature}`,
      createUnsubscribeToken(rt.secret, 'trigger', `sms-${s.news}`),
      createUnsubscribeToken(rt.secret, 'trigger', `news-${s.news}~`),
      createUnsubscribeToken(rt.secret, 'trigger', triggerAlertsSubject(many)),
      createUnsubscribeToken(rt.secret, 'trigger', s.user.id),
      createUnsubscribeToken(rt.secret, 'triggers', 'not an id'),
    ];
    for (const t of bad) {
      for (const res of [await oneClick(t), await rt.client.get(url(t))]) {
        expect(res.status, t).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'invalid_unsubscribe_link', message: unsubscribeMessages.invalidLink });
      }
    }
    expect(await subscriptions(s.user.id)).toEqual([s.news]);
  });

  it("turns off only the named alerts' subscriptions, another user's and the alerts' own switches untouched", async () => {
    const s = await seed();
    const other = await seed();
    for (const [type, id] of [
      ['news', s.news],
      ['newsletter', s.newsletter],
      ['earnings', s.earnings],
    ] as const)
      await subscribe(s.user.id, type, id);
    await subscribe(other.user.id, 'news', other.news);
    const t = createUnsubscribeToken(
      rt.secret,
      'trigger',
      triggerAlertsSubject([
        { type: 'news', id: s.news },
        { type: 'newsletter', id: s.newsletter },
      ]),
    );
    const named = [
      { type: 'news', name: 'Apple' },
      { type: 'newsletter', name: 'Banking' },
    ];
    expect((await rt.client.get(url(t))).body).toEqual({ kind: 'trigger', alerts: named, active: true });
    expect(await oneClick(t)).toEqual({ status: 200, body: { kind: 'trigger', alerts: named, active: false } });
    expect(await subscriptions(s.user.id)).toEqual([s.earnings]);
    expect(await subscriptions(other.user.id)).toEqual([other.news]);
    expect((await rowOf('news', s.news))?.active).toBe(true);
    expect((await rowOf('newsletter', s.newsletter))?.active).toBe(true);
  });

  it("answers 404 once the link's alerts, or its user, are gone", async () => {
    const s = await seed();
    await subscribe(s.user.id, 'earnings', s.earnings);
    await rt.pool.query('DELETE FROM earnings_tracking WHERE id = $1', [s.earnings]);
    const trigger = createUnsubscribeToken(rt.secret, 'trigger', triggerAlertsSubject([{ type: 'earnings', id: s.earnings }]));
    const rollUp = createUnsubscribeToken(rt.secret, 'triggers', crypto.randomUUID());
    for (const t of [trigger, rollUp])
      for (const res of [await oneClick(t), await rt.client.get(url(t))]) {
        expect(res.status).toBe(404);
        expect(res.body.error).toMatchObject({ code: 'not_found', message: unsubscribeMessages.alertGone });
      }
  });
});
