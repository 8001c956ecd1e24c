// Earnings alerts API (/api/earnings-alerts): ownership, validation, the 3-per-user limit (also when
// creates race each other), and each alert's checker result read with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningsTracking } from '../../../src/server/db/schema.ts';
import { earningsAlertMessages } from '../../../src/shared/earnings-alerts.ts';
import { messages } from '../../../src/shared/messages.ts';
import { IpClient, registerUser, signedInClient, type TestRuntime } from '../../support/accounts.ts';
import { type EarningsResultOverrides, earningsTrackingValues, factoryDb, insertEarningsResult } from '../../support/factories.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

const PATH = '/api/earnings-alerts';
const apple = { active: true, companyName: 'Apple', keywords: 'iPhone, services', notificationTiming: '48h', notificationEmail: '' };

async function newUser() {
  const user = await registerUser(rt);
  return { ...user, client: await signedInClient(rt, user.email) };
}

/** The checker's result row for an alert (as the API answered it) of a user. */
const resultOf = (alert: { id: string }, owner: { id: string }, values: EarningsResultOverrides = {}) =>
  insertEarningsResult(rt.db, { id: alert.id, userId: owner.id }, values);

const rowsOf = async (userId: string) =>
  (
    await rt.pool.query(
      `SELECT id, active, company_name, keywords, notification_timing, notification_email, ticker, updated_at
         FROM earnings_tracking WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    )
  ).rows;

/** A session cookie, for requests TestClient cannot make (a body that is not JSON). */
async function sessionCookie(email: string, password: string) {
  const res = await new IpClient(rt.app).request('POST', '/api/auth/sign-in/email', { email, password });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('without a session', () => {
  it('answers 401 on every endpoint and stores nothing', async () => {
    const owner = await newUser();
    const { body } = await owner.client.post(PATH, apple);
    const anonymous = new IpClient(rt.app);
    for (const res of [
      await anonymous.get(PATH),
      await anonymous.post(PATH, apple),
      await anonymous.put(`${PATH}/${body.alert.id}`, { ...apple, companyName: 'Hijacked' }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'unauthorized', message: messages.auth.required });
    }
    expect((await rowsOf(owner.id)).map((r) => r.company_name)).toEqual(['Apple']);
  });
});

describe('the notification e-mail', () => {
  it.each([
    ['blank', ''],
    ['null', null],
    ['absent', undefined],
  ])('%s means the default address (stored as NULL)', async (_case, notificationEmail) => {
    const user = await newUser();
    const res = await user.client.post(PATH, { ...apple, notificationEmail });
    expect(res.status).toBe(201);
    expect(res.body.alert.notificationEmail).toBeNull();
    expect((await rowsOf(user.id))[0].notification_email).toBeNull();
  });
});

describe('listing', () => {
  it('starts empty with the account e-mail as the default address, then prefers alerts_email', async () => {
    const user = await newUser();
    expect((await user.client.get(PATH)).body).toEqual({ alerts: [], defaultNotificationEmail: user.email });
    await rt.pool.query("UPDATE users SET alerts_email = 'alerts@example.com' WHERE id = $1", [user.id]);
    expect((await user.client.get(PATH)).body.defaultNotificationEmail).toBe('alerts@example.com');
    await rt.pool.query("UPDATE users SET alerts_email = '' WHERE id = $1", [user.id]);
    expect((await user.client.get(PATH)).body.defaultNotificationEmail).toBe(user.email);
  });

  it("lists only the user's own alerts, oldest first, each with its result or null", async () => {
    const user = await newUser();
    const other = await newUser();
    const first = (await user.client.post(PATH, apple)).body.alert;
    const second = (await user.client.post(PATH, { active: false, companyName: 'Nvidia' })).body.alert;
    const theirs = (await other.client.post(PATH, { active: true, companyName: 'Theirs' })).body.alert;
    await resultOf(first, user, {
      earningsDate: new Date('2025-03-05T14:00:00Z'),
      confidenceScore: 0.85,
      sourceUrl: 'https://investor.apple.com/q1',
      status: 'confirmed',
      notificationStatus: 'sent',
      transcriptStatus: 'pending',
      alertCounter: 2,
    });
    await resultOf(theirs, other, {
      earningsDate: new Date('2025-04-01T14:00:00Z'),
      confidenceScore: 0.3,
      sourceUrl: 'https://example.com/theirs',
      status: 'confirmed',
    });

    const res = await user.client.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.alerts).toEqual([
      {
        id: first.id,
        active: true,
        companyName: 'Apple',
        keywords: 'iPhone, services',
        notificationTiming: '48h',
        notificationEmail: null,
        ticker: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        result: {
          earningsDate: '2025-03-05T14:00:00.000Z',
          confidenceScore: 0.85,
          sourceUrl: 'https://investor.apple.com/q1',
          status: 'confirmed',
          notificationStatus: 'sent',
          transcriptStatus: 'pending',
          provider: null,
          previousEarningsDate: null,
        },
      },
      expect.objectContaining({ id: second.id, companyName: 'Nvidia', active: false, notificationTiming: '24h', result: null }),
    ]);
    expect((await other.client.get(PATH)).body.alerts).toEqual([
      expect.objectContaining({ id: theirs.id, result: expect.objectContaining({ confidenceScore: expect.closeTo(0.3, 5) }) }),
    ]);
  });

  it('gives a result row whose columns are all empty as a result, not as null', async () => {
    const user = await newUser();
    const alert = (await user.client.post(PATH, apple)).body.alert;
    await resultOf(alert, user);
    expect((await user.client.get(PATH)).body.alerts[0].result).toEqual({
      earningsDate: null,
      confidenceScore: null,
      sourceUrl: null,
      status: null,
      notificationStatus: null,
      transcriptStatus: null,
      provider: null,
      previousEarningsDate: null,
    });
  });
});

describe('creating', () => {
  it('stores the validated values and answers 201 with the alert', async () => {
    const user = await newUser();
    const res = await user.client.post(PATH, {
      active: false,
      companyName: '  Microsoft  ',
      keywords: '  Azure  ',
      notificationTiming: '1w',
      notificationEmail: ' Me@Example.com ',
    });
    expect(res.status).toBe(201);
    expect(res.body.alert).toMatchObject({
      active: false,
      companyName: 'Microsoft',
      keywords: 'Azure',
      notificationTiming: '1w',
      notificationEmail: 'me@example.com',
      ticker: null,
      result: null,
    });
    expect(await rowsOf(user.id)).toEqual([
      expect.objectContaining({
        id: res.body.alert.id,
        active: false,
        company_name: 'Microsoft',
        keywords: 'Azure',
        notification_timing: '1w',
        notification_email: 'me@example.com',
      }),
    ]);
  });

  it('refuses a 4th alert with the limit message', async () => {
    const user = await newUser();
    for (const companyName of ['A', 'B', 'C']) expect((await user.client.post(PATH, { active: true, companyName })).status).toBe(201);
    const res = await user.client.post(PATH, { active: true, companyName: 'D' });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'limit_reached',
      title: earningsAlertMessages.cannotSave,
      message: earningsAlertMessages.limitReached,
    });
    expect((await rowsOf(user.id)).map((r) => r.company_name)).toEqual(['A', 'B', 'C']);
    // Another user's count is their own.
    expect((await (await newUser()).client.post(PATH, apple)).status).toBe(201);
  });

  it('never exceeds 3 when creates race each other', async () => {
    const user = await newUser();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => user.client.post(PATH, { active: true, companyName: `Co ${i}` })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409)) expect(refused.body.error.code).toBe('limit_reached');
    expect(await rowsOf(user.id)).toHaveLength(3);
  });

  it("answers the database's own limit (a create that passed the count while another was committing) with the same 409", async () => {
    const user = await newUser();
    const blocker = await rt.pool.connect();
    try {
      // Three rows inserted but not yet committed: the API's count still sees none, so only the trigger can refuse.
      await blocker.query('BEGIN');
      await factoryDb(blocker)
        .insert(earningsTracking)
        .values([1, 2, 3].map((n) => earningsTrackingValues(user.id, { active: false, companyName: `Seeded ${n}` })));
      const create = user.client.post(PATH, { active: true, companyName: 'Racer' });
      await expect
        .poll(async () => {
          const { rows } = await rt.pool.query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE 'insert into \"earnings_tracking\"%'",
          );
          return rows[0].n;
        })
        .toBe(1);
      await blocker.query('COMMIT');
      const res = await create;
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        code: 'limit_reached',
        title: earningsAlertMessages.cannotSave,
        message: earningsAlertMessages.limitReached,
      });
    } finally {
      blocker.release();
    }
    expect((await rowsOf(user.id)).map((r) => r.company_name).sort()).toEqual(['Seeded 1', 'Seeded 2', 'Seeded 3']);
  });
});

describe('updating', () => {
  it('replaces the editable fields and keeps the ticker', async () => {
    const user = await newUser();
    const alert = (await user.client.post(PATH, apple)).body.alert;
    await rt.pool.query("UPDATE earnings_tracking SET ticker = 'AAPL' WHERE id = $1", [alert.id]);
    const res = await user.client.put(`${PATH}/${alert.id}`, {
      active: false,
      companyName: 'Apple Inc.',
      keywords: '',
      notificationTiming: '1w',
      notificationEmail: 'ir@example.com',
    });
    expect(res.status).toBe(200);
    expect(res.body.alert).toMatchObject({
      id: alert.id,
      active: false,
      companyName: 'Apple Inc.',
      keywords: null,
      notificationTiming: '1w',
      notificationEmail: 'ir@example.com',
      ticker: 'AAPL',
      result: null,
    });
    expect(new Date(res.body.alert.updatedAt).getTime()).toBeGreaterThan(new Date(alert.updatedAt).getTime());
  });

  it('answers with the result joined', async () => {
    const user = await newUser();
    const alert = (await user.client.post(PATH, apple)).body.alert;
    await resultOf(alert, user, { status: 'not_found' });
    const res = await user.client.put(`${PATH}/${alert.id}`, apple);
    expect(res.body.alert.result).toMatchObject({ status: 'not_found', earningsDate: null });
  });

  it("answers 404 for another user's alert, an unknown id or a malformed id, and changes nothing", async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const alert = (await owner.client.post(PATH, apple)).body.alert;
    const before = await rowsOf(owner.id);
    for (const id of [alert.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1", '%00']) {
      const res = await intruder.client.put(`${PATH}/${encodeURIComponent(id)}`, { ...apple, companyName: 'Hijacked' });
      expect(res.status, id).toBe(404);
      expect(res.body.error).toEqual({
        code: 'not_found',
        title: earningsAlertMessages.cannotSave,
        message: earningsAlertMessages.notFound,
      });
    }
    expect(await rowsOf(owner.id)).toEqual(before);
    expect(await rowsOf(intruder.id)).toEqual([]);
    // The owner still can.
    expect((await owner.client.put(`${PATH}/${alert.id}`, { ...apple, companyName: 'Apple Inc.' })).status).toBe(200);
  });

  it('has no delete (the spec gives earnings alerts none)', async () => {
    const user = await newUser();
    const alert = (await user.client.post(PATH, apple)).body.alert;
    const res = await user.client.request('DELETE', `${PATH}/${alert.id}`);
    expect(res.status).toBe(404);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });
});

describe('fuzzed bodies', () => {
  const bad: [string, unknown, string][] = [
    ['no company', { active: true }, earningsAlertMessages.companyRequired],
    ['a blank company', { active: true, companyName: '   ' }, earningsAlertMessages.companyRequired],
    ['a company that is a number', { active: true, companyName: 42 }, 'Company name must be text.'],
    ['a company that is an array', { active: true, companyName: ['Apple'] }, 'Company name must be text.'],
    ['a huge company', { active: true, companyName: 'x'.repeat(10_000) }, 'Company name must be at most 200 characters.'],
    ['huge keywords', { active: true, companyName: 'Apple', keywords: 'k'.repeat(201) }, 'Keywords must be at most 200 characters.'],
    ['keywords as a list', { active: true, companyName: 'Apple', keywords: ['a', 'b'] }, 'Invalid input'],
    ['an unknown timing', { active: true, companyName: 'Apple', notificationTiming: '2h' }, 'Choose when to be notified.'],
    [
      'a bad e-mail',
      { active: true, companyName: 'Apple', notificationEmail: '<script>alert(1)</script>' },
      'Enter a valid e-mail address',
    ],
    [
      'a huge e-mail',
      { active: true, companyName: 'Apple', notificationEmail: `${'a'.repeat(300)}@example.com` },
      'Enter a valid e-mail address',
    ],
    ['active as text', { active: 'true', companyName: 'Apple' }, 'Invalid input'],
    ['no active flag', { companyName: 'Apple' }, 'Invalid input'],
    ['an unknown field', { ...apple, userId: 'someone-else' }, 'Unrecognized key: "userId"'],
    ['a ticker', { ...apple, ticker: 'AAPL' }, 'Unrecognized key: "ticker"'],
    ['an id', { ...apple, id: '00000000-0000-4000-8000-000000000000' }, 'Unrecognized key: "id"'],
    ['an array', [apple], 'Invalid input'],
    ['null', null, 'Invalid input'],
    ['a string', 'Apple', 'Invalid input'],
  ];

  it.each(bad)('POST and PUT refuse %s with a 400 and store nothing', async (_label, body, message) => {
    const user = await newUser();
    const alert = (await user.client.post(PATH, apple)).body.alert;
    const before = await rowsOf(user.id);
    for (const res of [await user.client.post(PATH, body), await user.client.put(`${PATH}/${alert.id}`, body)]) {
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation');
      expect(res.body.error.title).toBe(earningsAlertMessages.cannotSave);
      expect(res.body.error.message).toContain(message);
    }
    expect(await rowsOf(user.id)).toEqual(before);
  });

  it('stores script-like text as text, unchanged', async () => {
    const user = await newUser();
    const script = '<script>alert("x")</script>';
    const res = await user.client.post(PATH, { active: true, companyName: script, keywords: `"; DROP TABLE users; --` });
    expect(res.status).toBe(201);
    expect((await rowsOf(user.id))[0]).toMatchObject({ company_name: script, keywords: '"; DROP TABLE users; --' });
  });

  it('refuses a body that is not JSON', async () => {
    const user = await newUser();
    const cookie = await sessionCookie(user.email, user.password);
    const alert = (await user.client.post(PATH, apple)).body.alert;
    for (const [method, path] of [
      ['POST', PATH],
      ['PUT', `${PATH}/${alert.id}`],
    ] as const) {
      for (const body of ['{"active": true, "companyName": ', 'companyName=Apple', '']) {
        const res = await rt.app.request(path, {
          method,
          headers: { origin: TEST_APP_URL, 'content-type': 'application/json', cookie },
          body,
        });
        expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
      }
    }
    expect(await rowsOf(user.id)).toHaveLength(1);
  });
});
