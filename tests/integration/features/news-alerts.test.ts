// News alerts API (/api/news-alerts): sessions, ownership, validation, the limit of 6 (also when
// creates race), the first-three delete rule (also when deletes race), search_id and delivery hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages.ts';
import { newsAlertFieldMessages, newsAlertMessages } from '../../../src/shared/news-alerts.ts';
import { DELIVERY_HOURS } from '../../../src/shared/sonar.ts';
import { IpClient, registerUser, signedInClient, type TestRuntime } from '../../support/accounts.ts';
import { insertNewsAlert } from '../../support/factories.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

const validAlert = {
  active: true,
  companyName: 'Acme Robotics',
  keywords: 'merger, layoffs',
  deliveryDays: ['MON', 'WED'],
  deliveryHour: 9,
  notificationEmail: '',
};

type Client = Awaited<ReturnType<typeof signedInClient>>;
const del = (client: IpClient, path: string) => client.request('DELETE', path);

async function signedInUser() {
  const user = await registerUser(rt);
  return { ...user, client: await signedInClient(rt, user.email) };
}

async function createAlerts(client: Client, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await client.post('/api/news-alerts', { ...validAlert, companyName: `Company ${i + 1}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.alert.id);
  }
  return ids;
}

const rowsOf = async (userId: string) =>
  (
    await rt.pool.query(
      `SELECT id, active, company_name, keywords, delivery_days, notification_email, search_id, delivery_time, updated_at,
         extract(hour from delivery_time AT TIME ZONE 'America/New_York')::int AS ny_hour
       FROM sonar_alerts WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    )
  ).rows;

describe('sessions', () => {
  it('every endpoint needs a session', async () => {
    const client = new IpClient(rt.app);
    const id = '00000000-0000-4000-8000-000000000000';
    // Other files share the database: compare with the count before, not with zero.
    const count = async () => (await rt.pool.query('SELECT count(*)::int AS n FROM sonar_alerts')).rows[0].n;
    const before = await count();
    const answers = [
      await client.get('/api/news-alerts'),
      await client.post('/api/news-alerts', validAlert),
      await client.put(`/api/news-alerts/${id}`, validAlert),
      await del(client, `/api/news-alerts/${id}`),
    ];
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe(messages.auth.required);
    }
    expect(await count()).toBe(before);
  });
});

describe('list', () => {
  it('starts empty, with the account e-mail as the default notification address', async () => {
    const user = await signedInUser();
    const res = await user.client.get('/api/news-alerts');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ alerts: [], defaultNotificationEmail: user.email });
  });

  it('prefers the alerts e-mail of the profile when there is one', async () => {
    const user = await signedInUser();
    await rt.pool.query(`UPDATE users SET alerts_email = 'alerts@example.com' WHERE id = $1`, [user.id]);
    expect((await user.client.get('/api/news-alerts')).body.defaultNotificationEmail).toBe('alerts@example.com');
    await rt.pool.query(`UPDATE users SET alerts_email = '' WHERE id = $1`, [user.id]);
    expect((await user.client.get('/api/news-alerts')).body.defaultNotificationEmail).toBe(user.email);
  });

  it('lists only the user’s own alerts, oldest first (then by id)', async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    await createAlerts(other.client, 1);
    const stored = (companyName: string, createdAt: string) =>
      insertNewsAlert(rt.db, user.id, { active: false, companyName, createdAt: new Date(createdAt) });
    const later = await stored('Later', '2030-01-02T00:00:00Z');
    const ties = [(await stored('Tie A', '2030-01-01T00:00:00Z')).id, (await stored('Tie B', '2030-01-01T00:00:00Z')).id].sort();
    const res = await user.client.get('/api/news-alerts');
    expect(res.body.alerts.map((a: { id: string }) => a.id)).toEqual([...ties, later.id]);
    expect(res.body.alerts[0]).toMatchObject({
      active: false,
      keywords: [],
      deliveryDays: [],
      deliveryHour: null,
      notificationEmail: null,
    });
  });
});

describe('create', () => {
  it('stores the normalised form and answers with the alert', async () => {
    const user = await signedInUser();
    const res = await user.client.post('/api/news-alerts', {
      active: false,
      companyName: '  <script>alert(1)</script> Acme  ',
      keywords: ' merger, , layoffs ,,CEO ',
      deliveryDays: ['SUN', 'MON', 'WED'],
      deliveryHour: 14,
      notificationEmail: ' Alerts@Example.COM ',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.alert).toMatchObject({
      active: false,
      companyName: '<script>alert(1)</script> Acme',
      keywords: ['merger', 'layoffs', 'CEO'],
      deliveryDays: ['MON', 'WED', 'SUN'],
      deliveryHour: 14,
      notificationEmail: 'alerts@example.com',
    });
    expect(res.body.alert.searchId).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({
      id: res.body.alert.id,
      company_name: '<script>alert(1)</script> Acme',
      keywords: ['merger', 'layoffs', 'CEO'],
      delivery_days: ['MON', 'WED', 'SUN'],
      notification_email: 'alerts@example.com',
      search_id: res.body.alert.searchId,
      ny_hour: 14,
    });
  });

  it('an empty notification e-mail is stored as none', async () => {
    const user = await signedInUser();
    const res = await user.client.post('/api/news-alerts', validAlert);
    expect(res.body.alert.notificationEmail).toBeNull();
    expect((await rowsOf(user.id))[0].notification_email).toBeNull();
  });

  it('refuses missing required fields with the card’s texts and stores nothing', async () => {
    const user = await signedInUser();
    const res = await user.client.post('/api/news-alerts', { ...validAlert, companyName: '   ', deliveryDays: [], deliveryHour: null });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'validation',
      title: newsAlertMessages.cannotSave,
      message: newsAlertMessages.requiredFields,
      fields: {
        companyName: newsAlertFieldMessages.companyName,
        deliveryDays: newsAlertFieldMessages.deliveryDays,
        deliveryHour: newsAlertFieldMessages.deliveryHour,
      },
    });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('keywords: 200 characters are fine, 201 are refused', async () => {
    const user = await signedInUser();
    const ok = await user.client.post('/api/news-alerts', { ...validAlert, keywords: `${'k'.repeat(98)}, ${'w'.repeat(100)}` });
    expect(ok.status).toBe(201);
    expect(ok.body.alert.keywords).toEqual(['k'.repeat(98), 'w'.repeat(100)]);
    const long = await user.client.post('/api/news-alerts', { ...validAlert, keywords: 'k'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ title: newsAlertMessages.cannotSave, message: newsAlertFieldMessages.keywordsTooLong });
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('allows 6 alerts; the 7th is refused with the limit message', async () => {
    const user = await signedInUser();
    await createAlerts(user.client, 6);
    const res = await user.client.post('/api/news-alerts', validAlert);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'limit_reached',
      title: newsAlertMessages.createFailed,
      message: newsAlertMessages.limitReached,
    });
    expect(await rowsOf(user.id)).toHaveLength(6);
  });

  it('concurrent creates never exceed 6 (the database limit answers like the service)', async () => {
    const user = await signedInUser();
    await createAlerts(user.client, 4);
    const answers = await Promise.all(Array.from({ length: 8 }, () => user.client.post('/api/news-alerts', validAlert)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    for (const res of answers.filter((r) => r.status !== 201)) {
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'limit_reached', message: newsAlertMessages.limitReached });
    }
    expect(await rowsOf(user.id)).toHaveLength(6);
  });

  it('the database refuses a 7th alert that bypasses the API', async () => {
    const user = await signedInUser();
    await createAlerts(user.client, 6);
    await expect(rt.pool.query(`INSERT INTO sonar_alerts (user_id, company_name) VALUES ($1, 'Direct')`, [user.id])).rejects.toMatchObject({
      code: '23514',
      constraint: 'sonar_alerts_per_user_limit',
    });
  });
});

describe('update', () => {
  it('saves every field and keeps search_id when neither company nor keywords change', async () => {
    const user = await signedInUser();
    const [id] = await createAlerts(user.client, 1);
    const [before] = await rowsOf(user.id);
    const res = await user.client.put(`/api/news-alerts/${id}`, {
      active: false,
      companyName: ' Company 1 ',
      keywords: 'merger ,layoffs',
      deliveryDays: ['FRI'],
      deliveryHour: 18,
      notificationEmail: 'me@example.com',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.alert).toMatchObject({
      id,
      active: false,
      companyName: 'Company 1',
      keywords: ['merger', 'layoffs'],
      deliveryDays: ['FRI'],
      deliveryHour: 18,
      notificationEmail: 'me@example.com',
      searchId: before.search_id,
    });
    const [after] = await rowsOf(user.id);
    expect(after).toMatchObject({ search_id: before.search_id, ny_hour: 18, active: false, delivery_days: ['FRI'] });
    expect(after.updated_at.getTime()).toBeGreaterThanOrEqual(before.updated_at.getTime());
  });

  it('regenerates search_id when the company or the keywords change', async () => {
    const user = await signedInUser();
    const [id] = await createAlerts(user.client, 1);
    const searchId = async () => (await rowsOf(user.id))[0].search_id as string;
    const first = await searchId();

    await user.client.put(`/api/news-alerts/${id}`, { ...validAlert, companyName: 'Other Co' });
    const second = await searchId();
    expect(second).not.toBe(first);

    await user.client.put(`/api/news-alerts/${id}`, { ...validAlert, companyName: 'Other Co', keywords: 'merger' });
    const third = await searchId();
    expect(third).not.toBe(second);

    const res = await user.client.put(`/api/news-alerts/${id}`, {
      ...validAlert,
      companyName: 'Other Co',
      keywords: 'merger',
      deliveryHour: 7,
    });
    expect(res.body.alert.searchId).toBe(third);
    expect(await searchId()).toBe(third);
  });

  it('stores and reads back every offered delivery hour in New York time', async () => {
    const user = await signedInUser();
    const [id] = await createAlerts(user.client, 1);
    for (const hour of DELIVERY_HOURS) {
      const res = await user.client.put(`/api/news-alerts/${id}`, { ...validAlert, deliveryHour: hour });
      expect(res.body.alert.deliveryHour).toBe(hour);
      const { rows } = await rt.pool.query(
        `SELECT extract(hour from delivery_time AT TIME ZONE 'America/New_York')::int AS hour,
                (delivery_time AT TIME ZONE 'America/New_York')::date = (now() AT TIME ZONE 'America/New_York')::date AS today
         FROM sonar_alerts WHERE id = $1`,
        [id],
      );
      expect(rows[0]).toEqual({ hour, today: true });
      expect((await user.client.get('/api/news-alerts')).body.alerts[0].deliveryHour).toBe(hour);
    }
  });

  it('refuses hours outside 6:00 to 18:00 and a non-integer hour', async () => {
    const user = await signedInUser();
    const [id] = await createAlerts(user.client, 1);
    for (const deliveryHour of [5, 19, 0, 23, 9.5, -1, '9']) {
      const res = await user.client.put(`/api/news-alerts/${id}`, { ...validAlert, deliveryHour });
      expect(res.status, String(deliveryHour)).toBe(400);
      expect(res.body.error.fields.deliveryHour).toBe(newsAlertFieldMessages.deliveryHour);
    }
    expect((await rowsOf(user.id))[0].ny_hour).toBe(9);
  });

  it('another user’s alert, an unknown id and a malformed id are all 404, and nothing changes', async () => {
    const owner = await signedInUser();
    const intruder = await signedInUser();
    const [id] = await createAlerts(owner.client, 1);
    const before = await rowsOf(owner.id);
    for (const target of [id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1", '%00']) {
      const res = await intruder.client.put(`/api/news-alerts/${encodeURIComponent(target!)}`, { ...validAlert, companyName: 'Hijacked' });
      expect(res.status, target).toBe(404);
      expect(res.body.error.message).toBe(newsAlertMessages.notFound);
    }
    expect(await rowsOf(owner.id)).toEqual(before);
    expect(await rowsOf(intruder.id)).toEqual([]);
  });
});

describe('delete', () => {
  it('refuses the first three alerts and deletes the others', async () => {
    const user = await signedInUser();
    const ids = await createAlerts(user.client, 5);
    for (const id of ids.slice(0, 3)) {
      const res = await del(user.client, `/api/news-alerts/${id}`);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'cannot_delete',
        title: newsAlertMessages.cannotDeleteTitle,
        message: newsAlertMessages.cannotDelete,
      });
    }
    const res = await del(user.client, `/api/news-alerts/${ids[3]}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await rowsOf(user.id)).map((r) => r.id)).toEqual([...ids.slice(0, 3), ids[4]]);
    // Now the 5th alert is the 4th: still deletable; a deleted one is gone.
    expect((await del(user.client, `/api/news-alerts/${ids[3]}`)).status).toBe(404);
    expect((await del(user.client, `/api/news-alerts/${ids[4]}`)).status).toBe(204);
    expect((await rowsOf(user.id)).map((r) => r.id)).toEqual(ids.slice(0, 3));
  });

  it('with fewer than four alerts, none can be deleted', async () => {
    const user = await signedInUser();
    const [id] = await createAlerts(user.client, 1);
    expect((await del(user.client, `/api/news-alerts/${id}`)).status).toBe(409);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('concurrent deletes of all six leave exactly the first three', async () => {
    const user = await signedInUser();
    const ids = await createAlerts(user.client, 6);
    const answers = await Promise.all(ids.map((id) => del(user.client, `/api/news-alerts/${id}`)));
    expect(answers.map((r) => r.status)).toEqual([409, 409, 409, 204, 204, 204]);
    expect((await rowsOf(user.id)).map((r) => r.id)).toEqual(ids.slice(0, 3));
  });

  it('another user’s alert, an unknown id and a malformed id are all 404, and nothing is deleted', async () => {
    const owner = await signedInUser();
    const intruder = await signedInUser();
    const ids = await createAlerts(owner.client, 4);
    await createAlerts(intruder.client, 3);
    for (const target of [ids[3]!, ids[0]!, '00000000-0000-4000-8000-000000000000', 'nope', '1;DROP TABLE sonar_alerts']) {
      const res = await del(intruder.client, `/api/news-alerts/${encodeURIComponent(target)}`);
      expect(res.status, target).toBe(404);
      expect(res.body.error.message).toBe(newsAlertMessages.notFound);
    }
    expect(await rowsOf(owner.id)).toHaveLength(4);
    expect(await rowsOf(intruder.id)).toHaveLength(3);
  });
});

describe('fuzzed bodies', () => {
  const huge = 'x'.repeat(10_000);
  const bodies: unknown[] = [
    {},
    [],
    [validAlert],
    null,
    'alert',
    42,
    { ...validAlert, extra: 'field' },
    { ...validAlert, userId: 'someone-else' },
    { ...validAlert, id: '00000000-0000-4000-8000-000000000000' },
    { ...validAlert, searchId: '00000000-0000-4000-8000-000000000000' },
    { ...validAlert, active: 'true' },
    { ...validAlert, active: 1 },
    { ...validAlert, companyName: huge },
    { ...validAlert, companyName: 'a'.repeat(201) },
    { ...validAlert, companyName: ['Acme'] },
    { ...validAlert, companyName: { name: 'Acme' } },
    { ...validAlert, companyName: null },
    { ...validAlert, keywords: ['merger', 'layoffs'] },
    { ...validAlert, keywords: huge },
    { ...validAlert, keywords: null },
    { ...validAlert, deliveryDays: 'MON' },
    { ...validAlert, deliveryDays: ['mon'] },
    { ...validAlert, deliveryDays: ['MON', 'MON'] },
    { ...validAlert, deliveryDays: ['<script>alert(1)</script>'] },
    { ...validAlert, deliveryDays: [{ day: 'MON' }] },
    { ...validAlert, deliveryDays: Array.from({ length: 10_000 }, () => 'MON') },
    { ...validAlert, deliveryHour: '<script>' },
    { ...validAlert, deliveryHour: 1e308 },
    { ...validAlert, deliveryHour: [9] },
    { ...validAlert, notificationEmail: 'not-an-email' },
    { ...validAlert, notificationEmail: '<script>alert(1)</script>@x' },
    { ...validAlert, notificationEmail: `${huge}@example.com` },
    { ...validAlert, notificationEmail: 42 },
    { companyName: 'Acme' },
  ];

  it('POST refuses each with a clear 4xx and stores nothing', async () => {
    const user = await signedInUser();
    for (const body of bodies) {
      const res = await user.client.post('/api/news-alerts', body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body.error.message, JSON.stringify(body).slice(0, 120)).toMatch(/\w/);
    }
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('PUT refuses each with a clear 4xx and changes nothing', async () => {
    const user = await signedInUser();
    const [id] = await createAlerts(user.client, 1);
    const before = await rowsOf(user.id);
    for (const body of bodies) {
      const res = await user.client.put(`/api/news-alerts/${id}`, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body.error.message).toMatch(/\w/);
    }
    expect(await rowsOf(user.id)).toEqual(before);
  });

  it('invalid JSON is a 400 on POST and PUT', async () => {
    const user = await signedInUser();
    const [id] = await createAlerts(user.client, 1);
    const signedIn = await new IpClient(rt.app).post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (const [method, path] of [
      ['POST', '/api/news-alerts'],
      ['PUT', `/api/news-alerts/${id}`],
    ]) {
      for (const body of ['{"active": ', '', 'active=true', '{"companyName": "Acme",}']) {
        const res = await rt.app.request(path!, {
          method,
          headers: { origin: TEST_APP_URL, 'content-type': 'application/json', cookie },
          body,
        });
        expect(res.status, `${method} ${body}`).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
      }
    }
    expect(await rowsOf(user.id)).toHaveLength(1);
  });
});
