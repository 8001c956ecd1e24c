// An alert's "Also tell me as it happens" (issue 31) through the API: off by default with the
// default kinds shown, on and off again for each kind of alert, every refusal of the schema with its
// message, another user's alert as absent as a missing one, and the setting gone with its alert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages.ts';
import { DEFAULT_TRIGGER_KINDS, TRIGGER_KINDS, triggerMessages } from '../../../src/shared/triggers.ts';
import { IpClient, registerUser, signedInClient, type TestRuntime } from '../../support/accounts.ts';
import { insertEarningsTracking, insertNewsAlert, insertNewsletter } from '../../support/factories.ts';
import { startTestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

async function signedInUser() {
  const user = await registerUser(rt);
  return { ...user, client: await signedInClient(rt, user.email) };
}

/** One alert of each type, the user's. */
async function alertsOf(userId: string) {
  return {
    news: (await insertNewsAlert(rt.db, userId)).id,
    newsletter: (await insertNewsletter(rt.db, userId)).id,
    earnings: (await insertEarningsTracking(rt.db, userId)).id,
  };
}

const OFF = { enabled: false, kinds: [...DEFAULT_TRIGGER_KINDS] };
const MISSING = '00000000-0000-4000-8000-000000000000';

async function storedRow(type: string, id: string) {
  const { rows } = await rt.pool.query<{ user_id: string; kinds: string[] }>(
    'SELECT user_id, kinds FROM trigger_subscriptions WHERE alert_type = $1 AND alert_id = $2',
    [type, id],
  );
  return rows[0] ?? null;
}

describe('sessions', () => {
  it('both endpoints need a session', async () => {
    const anonymous = new IpClient(rt.app);
    for (const res of [
      await anonymous.get(`/api/triggers/alerts/news/${MISSING}`),
      await anonymous.put(`/api/triggers/alerts/news/${MISSING}`, { enabled: true, kinds: ['funding'] }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe(messages.auth.required);
    }
  });
});

describe('an alert’s "as it happens"', () => {
  it('is off by default, showing the default kinds (all but results)', async () => {
    const user = await signedInUser();
    for (const [type, id] of Object.entries(await alertsOf(user.id))) {
      const res = await user.client.get(`/api/triggers/alerts/${type}/${id}`);
      expect(res.status, type).toBe(200);
      expect(res.body).toEqual({ subscription: OFF });
    }
    expect(DEFAULT_TRIGGER_KINDS).not.toContain('results');
    expect(DEFAULT_TRIGGER_KINDS).toHaveLength(TRIGGER_KINDS.length - 1);
  });

  it('turns on with the kinds chosen (once each, in the list’s order) and off again, for each kind of alert', async () => {
    const user = await signedInUser();
    for (const [type, id] of Object.entries(await alertsOf(user.id))) {
      const path = `/api/triggers/alerts/${type}/${id}`;
      const on = await user.client.put(path, { enabled: true, kinds: ['funding', 'leadership', 'funding'] });
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      expect(on.body).toEqual({ subscription: { enabled: true, kinds: ['leadership', 'funding'] } });
      expect((await user.client.get(path)).body).toEqual({ subscription: { enabled: true, kinds: ['leadership', 'funding'] } });
      expect(await storedRow(type, id)).toEqual({ user_id: user.id, kinds: ['leadership', 'funding'] });

      const changed = await user.client.put(path, { enabled: true, kinds: ['results'] });
      expect(changed.body).toEqual({ subscription: { enabled: true, kinds: ['results'] } });
      expect(await storedRow(type, id)).toEqual({ user_id: user.id, kinds: ['results'] });

      // Off deletes the row: the kinds are forgotten and the defaults shown again.
      const off = await user.client.put(path, { enabled: false, kinds: ['results'] });
      expect(off.status).toBe(200);
      expect(off.body).toEqual({ subscription: OFF });
      expect(await storedRow(type, id)).toBeNull();
      expect((await user.client.get(path)).body).toEqual({ subscription: OFF });
      // Off when already off is the same answer, not an error.
      expect((await user.client.put(path, { enabled: false, kinds: ['ipo'] })).body).toEqual({ subscription: OFF });
    }
  });

  it('every kind can be chosen', async () => {
    const user = await signedInUser();
    const alert = await insertNewsAlert(rt.db, user.id);
    const res = await user.client.put(`/api/triggers/alerts/news/${alert.id}`, { enabled: true, kinds: [...TRIGGER_KINDS].reverse() });
    expect(res.body).toEqual({ subscription: { enabled: true, kinds: [...TRIGGER_KINDS] } });
  });
});

describe('refusals', () => {
  it.each([
    ['no kind', { enabled: true, kinds: [] }, triggerMessages.kindsRequired],
    ['no kind, even when turning off', { enabled: false, kinds: [] }, triggerMessages.kindsRequired],
    ['an unknown kind', { enabled: true, kinds: ['funding', 'weather'] }, triggerMessages.kindUnknown],
    ['more kinds than there are', { enabled: true, kinds: [...TRIGGER_KINDS, 'funding'] }, triggerMessages.kindUnknown],
    ['no enabled', { kinds: ['funding'] }, triggerMessages.enabledRequired],
    ['enabled not a boolean', { enabled: 'yes', kinds: ['funding'] }, triggerMessages.enabledRequired],
    ['an extra field', { enabled: true, kinds: ['funding'], userId: 'someone-else' }, 'Unrecognized key: "userId"'],
  ])('refuses %s with its message (400) and changes nothing', async (_case, body, message) => {
    const user = await signedInUser();
    const alert = await insertNewsAlert(rt.db, user.id);
    const path = `/api/triggers/alerts/news/${alert.id}`;
    await user.client.put(path, { enabled: true, kinds: ['ipo'] });
    const res = await user.client.put(path, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation', message });
    expect(await storedRow('news', alert.id)).toEqual({ user_id: user.id, kinds: ['ipo'] });
  });

  it('answers 404 for an unknown type, a malformed id, a missing alert and an id under another type', async () => {
    const user = await signedInUser();
    const alert = await insertNewsAlert(rt.db, user.id);
    const on = { enabled: true, kinds: ['funding'] };
    for (const path of [
      `/api/triggers/alerts/sms/${alert.id}`,
      '/api/triggers/alerts/news/not-a-uuid',
      `/api/triggers/alerts/news/${MISSING}`,
      `/api/triggers/alerts/earnings/${alert.id}`,
    ]) {
      for (const res of [await user.client.get(path), await user.client.put(path, on)]) {
        expect(res.status, path).toBe(404);
        expect(res.body.error.message).toBe(triggerMessages.alertNotFound);
      }
    }
    const { rowCount } = await rt.pool.query('SELECT 1 FROM trigger_subscriptions WHERE user_id = $1', [user.id]);
    expect(rowCount).toBe(0);
  });
});

describe('another user', () => {
  it('cannot see nor change an alert that is not theirs (404, as if missing)', async () => {
    const owner = await signedInUser();
    const alerts = await alertsOf(owner.id);
    await owner.client.put(`/api/triggers/alerts/news/${alerts.news}`, { enabled: true, kinds: ['activist'] });

    const other = await signedInUser();
    for (const [type, id] of Object.entries(alerts)) {
      const path = `/api/triggers/alerts/${type}/${id}`;
      for (const res of [
        await other.client.get(path),
        await other.client.put(path, { enabled: true, kinds: ['funding'] }),
        await other.client.put(path, { enabled: false, kinds: ['funding'] }),
      ]) {
        expect(res.status, `${type}`).toBe(404);
        expect(res.body.error.message).toBe(triggerMessages.alertNotFound);
      }
    }
    expect(await storedRow('news', alerts.news)).toEqual({ user_id: owner.id, kinds: ['activist'] });
    expect(await storedRow('earnings', alerts.earnings)).toBeNull();
  });
});

describe('deleting the alert', () => {
  it('deletes its subscription, and only its own', async () => {
    const user = await signedInUser();
    const alerts = await alertsOf(user.id);
    const kept = (await insertNewsAlert(rt.db, user.id)).id;
    for (const [type, id] of [...Object.entries(alerts), ['news', kept]]) {
      expect((await user.client.put(`/api/triggers/alerts/${type}/${id}`, { enabled: true, kinds: ['funding'] })).status).toBe(200);
    }
    const tables = { news: 'sonar_alerts', newsletter: 'newsletter_alerts', earnings: 'earnings_tracking' } as const;
    for (const [type, id] of Object.entries(alerts)) {
      expect(await storedRow(type, id), type).not.toBeNull();
      await rt.pool.query(`DELETE FROM ${tables[type as keyof typeof tables]} WHERE id = $1`, [id]);
      expect(await storedRow(type, id), type).toBeNull();
    }
    expect(await storedRow('news', kept)).toEqual({ user_id: user.id, kinds: ['funding'] });
  });

  it('through the news alerts API takes the subscription with it', async () => {
    const user = await signedInUser();
    // The first three news alerts cannot be deleted; the fourth can.
    for (let i = 0; i < 3; i++) await insertNewsAlert(rt.db, user.id, { companyName: `Kept ${i}` });
    const alert = await insertNewsAlert(rt.db, user.id, { companyName: 'Deleted Co' });
    await user.client.put(`/api/triggers/alerts/news/${alert.id}`, { enabled: true, kinds: ['ipo'] });
    const res = await user.client.request('DELETE', `/api/news-alerts/${alert.id}`);
    expect(res.status).toBe(204);
    expect(await storedRow('news', alert.id)).toBeNull();
    expect((await user.client.get(`/api/triggers/alerts/news/${alert.id}`)).status).toBe(404);
  });
});
