// An alert's "Also tell me as it happens" (issue 31) through the API: off by default with the
// default kinds shown, on and off again for each kind of alert, every refusal of the schema with its
// message, another user's alert as absent as a missing one, and the setting gone with its alert.
// And the user's rules for them (quiet hours, time zone, urgent kinds, daily cap): the defaults until
// saved, saved whole and read back, every refusal with its message, and each user's their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages.ts';
import {
  DEFAULT_TRIGGER_KINDS,
  DEFAULT_TRIGGER_SETTINGS,
  MAX_DAILY_CAP,
  TRIGGER_KINDS,
  type TriggerSettings,
  triggerMessages,
  triggerSettingsMessages,
} from '../../../src/shared/triggers.ts';
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
  it('every endpoint needs a session', async () => {
    const anonymous = new IpClient(rt.app);
    for (const res of [
      await anonymous.get(`/api/triggers/alerts/news/${MISSING}`),
      await anonymous.put(`/api/triggers/alerts/news/${MISSING}`, { enabled: true, kinds: ['funding'] }),
      await anonymous.get('/api/triggers/settings'),
      await anonymous.put('/api/triggers/settings', DEFAULT_TRIGGER_SETTINGS),
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

// ---- The user's rules for triggers ----------------------------------------------------------

const SETTINGS = '/api/triggers/settings';

async function storedSettings(userId: string) {
  const { rows } = await rt.pool.query<{
    quiet_start: string | null;
    quiet_end: string | null;
    time_zone: string;
    urgent_kinds: string[];
    daily_cap: number;
  }>('SELECT quiet_start, quiet_end, time_zone, urgent_kinds, daily_cap FROM trigger_settings WHERE user_id = $1', [userId]);
  return rows[0] ?? null;
}

const BERLIN: TriggerSettings = {
  quietHours: { start: '22:30', end: '06:15' },
  timeZone: 'Europe/Berlin',
  urgentKinds: ['leadership', 'bankruptcy'],
  dailyCap: 3,
};

describe('the user’s trigger settings', () => {
  it('are the defaults until saved (20:00–07:00 New York, nothing urgent, 10 a day), and no row is written by reading', async () => {
    const user = await signedInUser();
    const res = await user.client.get(SETTINGS);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ settings: DEFAULT_TRIGGER_SETTINGS, saved: false });
    expect(DEFAULT_TRIGGER_SETTINGS).toEqual({
      quietHours: { start: '20:00', end: '07:00' },
      timeZone: 'America/New_York',
      urgentKinds: [],
      dailyCap: 10,
    });
    expect(await storedSettings(user.id)).toBeNull();
  });

  it('are saved whole and read back; urgent kinds once each, in the list’s order; saved again, replaced', async () => {
    const user = await signedInUser();
    const put = await user.client.put(SETTINGS, { ...BERLIN, urgentKinds: ['bankruptcy', 'leadership', 'bankruptcy'] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({ settings: BERLIN, saved: true });
    expect((await user.client.get(SETTINGS)).body).toEqual({ settings: BERLIN, saved: true });
    expect(await storedSettings(user.id)).toEqual({
      quiet_start: '22:30',
      quiet_end: '06:15',
      time_zone: 'Europe/Berlin',
      urgent_kinds: ['leadership', 'bankruptcy'],
      daily_cap: 3,
    });

    const all: TriggerSettings = {
      quietHours: { start: '00:00', end: '23:59' },
      timeZone: 'UTC',
      urgentKinds: [...TRIGGER_KINDS],
      dailyCap: MAX_DAILY_CAP,
    };
    const again = await user.client.put(SETTINGS, { ...all, urgentKinds: [...TRIGGER_KINDS].reverse() });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toEqual({ settings: all, saved: true });
    expect((await user.client.get(SETTINGS)).body).toEqual({ settings: all, saved: true });
    const { rowCount } = await rt.pool.query('SELECT 1 FROM trigger_settings WHERE user_id = $1', [user.id]);
    expect(rowCount).toBe(1);
  });

  it('say whether they were saved: a saved row equal to the defaults is saved, though it reads the same', async () => {
    const user = await signedInUser();
    expect((await user.client.get(SETTINGS)).body).toEqual({ settings: DEFAULT_TRIGGER_SETTINGS, saved: false });
    const put = await user.client.put(SETTINGS, DEFAULT_TRIGGER_SETTINGS);
    expect(put.body).toEqual({ settings: DEFAULT_TRIGGER_SETTINGS, saved: true });
    expect((await user.client.get(SETTINGS)).body).toEqual({ settings: DEFAULT_TRIGGER_SETTINGS, saved: true });
    // Another user's row does not make this one's saved.
    expect((await (await signedInUser()).client.get(SETTINGS)).body).toEqual({ settings: DEFAULT_TRIGGER_SETTINGS, saved: false });
  });

  it('can have no quiet hours at all (null, stored as two nulls) and get them back', async () => {
    const user = await signedInUser();
    const none = { ...BERLIN, quietHours: null, dailyCap: 1 };
    const res = await user.client.put(SETTINGS, none);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ settings: none, saved: true });
    expect(await storedSettings(user.id)).toMatchObject({ quiet_start: null, quiet_end: null, daily_cap: 1 });
    expect((await user.client.get(SETTINGS)).body).toEqual({ settings: none, saved: true });

    const back = await user.client.put(SETTINGS, BERLIN);
    expect(back.body).toEqual({ settings: BERLIN, saved: true });
  });

  it('are each user’s own: one user’s save is not another’s, whatever the body says', async () => {
    const first = await signedInUser();
    const second = await signedInUser();
    expect((await first.client.put(SETTINGS, BERLIN)).status).toBe(200);
    expect((await second.client.get(SETTINGS)).body).toEqual({ settings: DEFAULT_TRIGGER_SETTINGS, saved: false });
    expect(await storedSettings(second.id)).toBeNull();

    const tokyo = { ...BERLIN, timeZone: 'Asia/Tokyo', quietHours: null, urgentKinds: [], dailyCap: 50 };
    expect((await second.client.put(SETTINGS, tokyo)).body).toEqual({ settings: tokyo, saved: true });
    // A user id in the body is refused, not followed.
    const smuggled = await second.client.put(SETTINGS, { ...tokyo, userId: first.id });
    expect(smuggled.status).toBe(400);
    expect((await first.client.get(SETTINGS)).body).toEqual({ settings: BERLIN, saved: true });
    expect((await second.client.get(SETTINGS)).body).toEqual({ settings: tokyo, saved: true });
  });

  it('go with their user', async () => {
    const user = await signedInUser();
    await user.client.put(SETTINGS, BERLIN);
    await rt.pool.query('DELETE FROM users WHERE id = $1', [user.id]);
    expect(await storedSettings(user.id)).toBeNull();
  });
});

describe('trigger settings refusals', () => {
  const t = triggerSettingsMessages;
  it.each([
    ['a start time without its leading zero', { quietHours: { start: '7:00', end: '20:00' } }, t.timeInvalid, 'quietHours.start'],
    ['an end time past midnight', { quietHours: { start: '20:00', end: '24:00' } }, t.timeInvalid, 'quietHours.end'],
    ['a time with seconds', { quietHours: { start: '20:00:00', end: '07:00' } }, t.timeInvalid, 'quietHours.start'],
    ['a time that is not text', { quietHours: { start: 2000, end: '07:00' } }, t.timeInvalid, 'quietHours.start'],
    ['an empty time', { quietHours: { start: '20:00', end: '' } }, t.timeInvalid, 'quietHours.end'],
    ['the same start and end', { quietHours: { start: '08:00', end: '08:00' } }, t.quietSame, 'quietHours.end'],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, t.timeZoneUnknown, 'timeZone'],
    ['an empty time zone', { timeZone: '' }, t.timeZoneUnknown, 'timeZone'],
    ['a time zone that is not text', { timeZone: 5 }, t.timeZoneUnknown, 'timeZone'],
    ['an unknown urgent kind', { urgentKinds: ['funding', 'weather'] }, triggerMessages.kindUnknown, 'urgentKinds.1'],
    ['more urgent kinds than there are', { urgentKinds: [...TRIGGER_KINDS, 'funding'] }, triggerMessages.kindUnknown, 'urgentKinds'],
    ['a cap of 0', { dailyCap: 0 }, t.capRange, 'dailyCap'],
    [`a cap of ${MAX_DAILY_CAP + 1}`, { dailyCap: MAX_DAILY_CAP + 1 }, t.capRange, 'dailyCap'],
    ['a cap that is not a whole number', { dailyCap: 2.5 }, t.capRange, 'dailyCap'],
    ['a cap as text', { dailyCap: '10' }, t.capRange, 'dailyCap'],
    ['a negative cap', { dailyCap: -1 }, t.capRange, 'dailyCap'],
    ['an extra field', { userId: 'someone-else' }, 'Unrecognized key: "userId"', '_'],
    [
      'an extra field in the quiet hours',
      { quietHours: { start: '20:00', end: '07:00', days: 'weekdays' } },
      'Unrecognized key: "days"',
      'quietHours',
    ],
  ])('refuses %s with its message (400) and changes nothing', async (_case, change, message, field) => {
    const user = await signedInUser();
    await user.client.put(SETTINGS, BERLIN);
    const res = await user.client.put(SETTINGS, { ...BERLIN, ...change });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation', message });
    expect(res.body.error.fields).toEqual({ [field]: message });
    expect((await user.client.get(SETTINGS)).body).toEqual({ settings: BERLIN, saved: true });
  });

  it('refuses a body that is not an object (400) and writes nothing', async () => {
    const user = await signedInUser();
    const res = await user.client.put(SETTINGS, 'not settings');
    expect(res.status).toBe(400);
    expect(await storedSettings(user.id)).toBeNull();
  });
});
