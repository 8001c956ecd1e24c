// The newsletter API (spec 02 §3, §5, §7): one per user, its rules and limits, ownership, and
// bodies that try to get around the form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { newsletterAlerts } from '../../../src/server/db/schema.ts';
import { messages } from '../../../src/shared/messages.ts';
import { type NewsletterFormValues, newsletterErrors, newsletterMessages } from '../../../src/shared/newsletter.ts';
import { IpClient, registerUser, signedInClient, type TestRuntime } from '../../support/accounts.ts';
import type { SqlRow } from '../../support/factories.ts';
import { startTestRuntime, type TestClient } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

const form = (overrides: Partial<Record<keyof NewsletterFormValues, unknown>> = {}) => ({
  active: true,
  industry: 'Commercial Banking',
  regions: ['usa', 'uk'],
  industryCategories: ['market_expansion', 'leadership_changes'],
  portfolio: [
    { companyName: 'Acme Bank', keywords: 'mergers, branch closures' },
    { companyName: 'Beta Credit', keywords: '' },
  ],
  deliveryDay: 'TUE',
  deliveryTime: '14:00',
  frequency: '14d',
  notificationEmail: '',
  ...overrides,
});

const companies = (n: number) => Array.from({ length: n }, (_, i) => ({ companyName: `Company ${i + 1}`, keywords: `k${i}` }));

const rowsOf = async (userId: string) =>
  (await rt.pool.query<SqlRow<typeof newsletterAlerts>>('SELECT * FROM newsletter_alerts WHERE user_id = $1', [userId])).rows;

async function signedInUser() {
  const user = await registerUser(rt);
  return { ...user, client: await signedInClient(rt, user.email) };
}

async function withNewsletter(overrides: Parameters<typeof form>[0] = {}) {
  const user = await signedInUser();
  const res = await user.client.post('/api/newsletter', form(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...user, newsletter: res.body.newsletter };
}

describe('sessions', () => {
  it('every endpoint needs a session and stores nothing without one', async () => {
    const anonymous = new IpClient(rt.app);
    for (const res of [
      await anonymous.get('/api/newsletter'),
      await anonymous.post('/api/newsletter', form()),
      await anonymous.put('/api/newsletter', form()),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe(messages.auth.required);
    }
    const forged = await anonymous.post('/api/newsletter', form(), { cookie: 'better-auth.session_token=forged.value' });
    expect(forged.status).toBe(401);
    const { rows } = await rt.pool.query("SELECT count(*)::int AS n FROM newsletter_alerts WHERE industry = '{Commercial Banking}'");
    expect(rows[0].n).toBe(0);
  });
});

describe('reading', () => {
  it('no newsletter yet is not an error; the default address is the account e-mail', async () => {
    const user = await signedInUser();
    const res = await user.client.get('/api/newsletter');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ newsletter: null, defaultNotificationEmail: user.email });
  });

  it('the default address is the alerts e-mail when the profile has one', async () => {
    const user = await signedInUser();
    await rt.pool.query('UPDATE users SET alerts_email = $2 WHERE id = $1', [user.id, 'alerts@example.com']);
    expect((await user.client.get('/api/newsletter')).body.defaultNotificationEmail).toBe('alerts@example.com');
  });

  it('a user reads only their own newsletter', async () => {
    const owner = await withNewsletter({ industry: 'Secret Industry' });
    const other = await signedInUser();
    const res = await other.client.get('/api/newsletter');
    expect(res.body.newsletter).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain('Secret Industry');
    expect((await owner.client.get('/api/newsletter')).body.newsletter.industry).toBe('Secret Industry');
  });
});

describe('creating', () => {
  it('stores the form in the spec columns and returns it', async () => {
    const user = await signedInUser();
    const res = await user.client.post(
      '/api/newsletter',
      form({
        industry: '  Commercial Banking  ',
        portfolio: [
          { companyName: ' Acme Bank ', keywords: ' mergers , , branch closures,' },
          { companyName: '   ', keywords: 'dropped' },
          { companyName: 'Beta Credit', keywords: '' },
        ],
        notificationEmail: ' Desk@Example.com ',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.newsletter).toMatchObject({
      active: true,
      industry: 'Commercial Banking',
      regions: ['usa', 'uk'],
      industryCategories: ['market_expansion', 'leadership_changes'],
      portfolio: [
        { companyName: 'Acme Bank', keywords: ['mergers', 'branch closures'] },
        { companyName: 'Beta Credit', keywords: [] },
      ],
      deliveryDay: 'TUE',
      deliveryTime: '14:00',
      frequency: '14d',
      notificationEmail: 'desk@example.com',
      lastChecked: null,
    });
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({
      id: res.body.newsletter.id,
      active: true,
      industry: ['Commercial Banking'],
      regions: ['usa', 'uk'],
      industry_categories: ['market_expansion', 'leadership_changes'],
      portfolio: [
        { company_name: 'Acme Bank', keywords: ['mergers', 'branch closures'] },
        { company_name: 'Beta Credit', keywords: [] },
      ],
      delivery_schedule: { delivery_day: 'TUE', delivery_time: '14:00', frequency: '14d' },
      notification_email: 'desk@example.com',
      last_checked: null,
    });
    expect((await user.client.get('/api/newsletter')).body.newsletter).toEqual(res.body.newsletter);
  });

  it('a blank address is stored as none; blank categories are allowed', async () => {
    const { id } = await withNewsletter({ notificationEmail: '   ', industryCategories: [] });
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ notification_email: null, industry_categories: [] });
  });

  it('refuses a second newsletter and keeps the first', async () => {
    const user = await withNewsletter({ industry: 'First' });
    const res = await user.client.post('/api/newsletter', form({ industry: 'Second' }));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'newsletter_exists',
      title: newsletterMessages.saveFailedTitle,
      message: newsletterMessages.alreadyExists,
    });
    const rows = await rowsOf(user.id);
    expect(rows.map((r) => r.industry)).toEqual([['First']]);
  });

  it('concurrent creates store exactly one newsletter', async () => {
    const user = await signedInUser();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => user.client.post('/api/newsletter', form({ industry: `Attempt ${i}` }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409))
      expect(refused.body.error.message).toBe(newsletterMessages.alreadyExists);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(results.find((r) => r.status === 201)!.body.newsletter.id);
  });
});

describe('updating', () => {
  it('updates the caller’s newsletter, resets last_checked and bumps updated_at', async () => {
    const user = await withNewsletter();
    await rt.pool.query("UPDATE newsletter_alerts SET last_checked = now(), updated_at = now() - interval '1 day' WHERE user_id = $1", [
      user.id,
    ]);
    const [before] = await rowsOf(user.id);
    expect(before!.last_checked).not.toBeNull();

    const res = await user.client.put(
      '/api/newsletter',
      form({ active: false, industry: 'Insurance', regions: ['global'], frequency: '30d', portfolio: companies(3) }),
    );
    expect(res.status).toBe(200);
    expect(res.body.newsletter).toMatchObject({
      id: before!.id,
      active: false,
      industry: 'Insurance',
      regions: ['global'],
      lastChecked: null,
    });
    const [after] = await rowsOf(user.id);
    expect(after).toMatchObject({ id: before!.id, active: false, industry: ['Insurance'], last_checked: null });
    expect(after!.portfolio).toHaveLength(3);
    expect(after!.delivery_schedule.frequency).toBe('30d');
    expect(after!.updated_at.getTime()).toBeGreaterThan(before!.updated_at.getTime());
  });

  it('without a newsletter answers 404 and creates nothing', async () => {
    const user = await signedInUser();
    const res = await user.client.put('/api/newsletter', form());
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(newsletterMessages.notFound);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('never touches another user’s newsletter, whatever ids the body carries', async () => {
    const victim = await withNewsletter({ industry: 'Victim Industry' });
    const [victimBefore] = await rowsOf(victim.id);
    const attacker = await signedInUser();

    // The attacker has no newsletter: a PUT is a 404, even naming the victim's ids.
    const put = await attacker.client.put('/api/newsletter', form({ industry: 'Hijacked' }));
    expect(put.status).toBe(404);
    const smuggled = await attacker.client.put('/api/newsletter', {
      ...form({ industry: 'Hijacked' }),
      id: victim.newsletter.id,
      userId: victim.id,
      user_id: victim.id,
    });
    expect(smuggled.status).toBe(400);

    // Once the attacker has their own, a PUT changes only that one.
    expect((await attacker.client.post('/api/newsletter', form({ industry: 'Attacker' }))).status).toBe(201);
    expect((await attacker.client.put('/api/newsletter', form({ industry: 'Attacker Updated' }))).status).toBe(200);
    expect((await rowsOf(attacker.id)).map((r) => r.industry)).toEqual([['Attacker Updated']]);
    expect(await rowsOf(victim.id)).toEqual([victimBefore]);
  });
});

describe('rules and limits', () => {
  const refusedWith = async (client: TestClient, method: 'post' | 'put', body: unknown, title: string | undefined, message: string) => {
    const res = await client[method]('/api/newsletter', body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.title).toBe(title);
  };

  it('takes 25 companies and refuses 26, on create and on update', async () => {
    const user = await signedInUser();
    const { missingTitle, missing, limitTitle, limit } = newsletterMessages;
    expect([missingTitle, limitTitle, limit]).toEqual(['Missing Information', 'Maximum Limit Reached', 'You can track up to 25 companies']);
    await refusedWith(user.client, 'post', form({ portfolio: companies(26) }), limitTitle, limit);
    expect(await rowsOf(user.id)).toEqual([]);

    expect((await user.client.post('/api/newsletter', form({ portfolio: companies(25) }))).status).toBe(201);
    await refusedWith(user.client, 'put', form({ portfolio: companies(26) }), limitTitle, limit);
    expect((await rowsOf(user.id))[0]!.portfolio).toHaveLength(25);
    expect(missing).toBe('Please fill in all required fields');
  });

  it('the database itself refuses a 26th company', async () => {
    const user = await withNewsletter();
    const portfolio = JSON.stringify(Array.from({ length: 26 }, (_, i) => ({ company_name: `C${i}`, keywords: [] })));
    await expect(
      rt.pool.query('UPDATE newsletter_alerts SET portfolio = $2::jsonb WHERE user_id = $1', [user.id, portfolio]),
    ).rejects.toMatchObject({
      code: '23514',
      constraint: 'newsletter_portfolio_max_25',
    });
  });

  it('needs an industry and a named company', async () => {
    const user = await withNewsletter({ industry: 'Kept' });
    const { missingTitle, missing } = newsletterMessages;
    for (const method of ['post', 'put'] as const) {
      await refusedWith(user.client, method, form({ industry: '   ' }), missingTitle, missing);
      await refusedWith(user.client, method, form({ portfolio: [] }), missingTitle, missing);
      await refusedWith(user.client, method, form({ portfolio: [{ companyName: '  ', keywords: 'a, b' }] }), missingTitle, missing);
    }
    expect((await rowsOf(user.id)).map((r) => r.industry)).toEqual([['Kept']]);
  });

  it('no region means USA; Global stands alone', async () => {
    const user = await withNewsletter({ regions: [] });
    expect((await rowsOf(user.id))[0]!.regions).toEqual(['usa']);
    await refusedWith(user.client, 'put', form({ regions: ['global', 'europe'] }), undefined, newsletterErrors.globalExclusive);
    await refusedWith(user.client, 'put', form({ regions: ['uk', 'uk'] }), undefined, newsletterErrors.regionsRepeated);
    expect((await user.client.put('/api/newsletter', form({ regions: ['global'] }))).status).toBe(200);
    expect((await rowsOf(user.id))[0]!.regions).toEqual(['global']);
  });

  it('industry up to 200 characters', async () => {
    const user = await signedInUser();
    await refusedWith(user.client, 'post', form({ industry: 'x'.repeat(201) }), undefined, newsletterErrors.industryTooLong);
    expect((await user.client.post('/api/newsletter', form({ industry: 'x'.repeat(200) }))).status).toBe(201);
  });

  it('keeps script tags as plain text', async () => {
    const text = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const user = await withNewsletter({ industry: text, portfolio: [{ companyName: text, keywords: text }] });
    const { newsletter } = (await user.client.get('/api/newsletter')).body;
    expect(newsletter.industry).toBe(text);
    expect(newsletter.portfolio[0].companyName).toBe(text);
  });
});

describe('fuzzed bodies', () => {
  const huge = 'A'.repeat(200_000);
  const bodies: [string, unknown][] = [
    ['empty object', {}],
    ['null', null],
    ['array', [form()]],
    ['string', 'newsletter'],
    ['number', 42],
    ['unknown field', { ...form(), admin: true }],
    ['user id field', { ...form(), userId: 'someone' }],
    ['active as text', form({ active: 'true' })],
    ['industry as number', form({ industry: 7 })],
    ['industry as array', form({ industry: ['Banking'] })],
    ['huge industry', form({ industry: huge })],
    ['regions as text', form({ regions: 'usa' })],
    ['unknown region', form({ regions: ['mars'] })],
    ['regions as objects', form({ regions: [{ id: 'usa' }] })],
    ['unknown topic', form({ industryCategories: ['astrology'] })],
    ['repeated topics', form({ industryCategories: ['innovation_rd', 'innovation_rd'] })],
    ['portfolio as object', form({ portfolio: { companyName: 'A', keywords: '' } })],
    ['company as text', form({ portfolio: ['Acme'] })],
    ['company with extra field', form({ portfolio: [{ companyName: 'A', keywords: '', ticker: 'A' }] })],
    ['keywords as array', form({ portfolio: [{ companyName: 'A', keywords: ['x'] }] })],
    ['huge company name', form({ portfolio: [{ companyName: huge, keywords: '' }] })],
    ['huge keywords', form({ portfolio: [{ companyName: 'A', keywords: 'k,'.repeat(300) }] })],
    ['bad day', form({ deliveryDay: 'FUNDAY' })],
    ['bad time', form({ deliveryTime: '25:00' })],
    ['off-hour time', form({ deliveryTime: '09:30' })],
    ['bad frequency', form({ frequency: '1d' })],
    ['bad e-mail', form({ notificationEmail: 'not-an-email' })],
    ['script e-mail', form({ notificationEmail: '<script>@x' })],
    ['e-mail as a number', form({ notificationEmail: 42 })],
    ['huge body', { ...form(), padding: huge.repeat(2) }],
  ];

  it('answers every malformed create with a clear 4xx and stores nothing', async () => {
    const user = await signedInUser();
    for (const [name, body] of bodies) {
      const res = await user.client.post('/api/newsletter', body);
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      expect(res.body.error.message, name).toEqual(expect.any(String));
      expect(res.body.error.message.length, name).toBeGreaterThan(0);
    }
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('answers every malformed update with a clear 4xx and changes nothing', async () => {
    const user = await withNewsletter();
    const before = await rowsOf(user.id);
    for (const [name, body] of bodies) {
      const res = await user.client.put('/api/newsletter', body);
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      expect(res.body.error.message, name).toEqual(expect.any(String));
    }
    expect(await rowsOf(user.id)).toEqual(before);
  });

  it('answers invalid JSON with a 400', async () => {
    const user = await registerUser(rt);
    const signIn = await new IpClient(rt.app).post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (const method of ['POST', 'PUT']) {
      for (const body of ['{"industry": ', 'not json', '']) {
        const res = await rt.app.request('/api/newsletter', {
          method,
          headers: { origin: 'http://localhost:3000', 'content-type': 'application/json', cookie },
          body,
        });
        expect(res.status, `${method} ${body}`).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
      }
    }
    expect(await rowsOf(user.id)).toEqual([]);
  });
});
