// Cross-site writes, sessions, ownership of rows, the API's error shape, health and headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages.ts';
import { IpClient, registerUser, signedInClient, type TestRuntime, validProfile } from '../../support/accounts.ts';
import { startTestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

const row = async (id: string) =>
  (
    await rt.pool.query(
      'SELECT id, email, first_name, last_name, job_title, company_name, target_industries, profile_completed FROM users WHERE id = $1',
      [id],
    )
  ).rows[0];

describe('cross-site requests', () => {
  it('refuses a write from a foreign Origin', async () => {
    const user = await registerUser(rt);
    const client = await signedInClient(rt, user.email);
    const before = await row(user.id);

    const put = await client.put('/api/profile', validProfile, { origin: 'https://evil.example' });
    expect(put.status).toBe(403);
    expect(put.body.error.code).toBe('foreign_origin');
    expect(await row(user.id)).toEqual(before);

    const signIn = await new IpClient(rt.app).post(
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { origin: 'https://evil.example' },
    );
    expect(signIn.status).toBe(403);
    expect(signIn.body.error.code).toBe('foreign_origin');
    expect(signIn.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a cross-site write that carries no Origin', async () => {
    const user = await registerUser(rt);
    const signedIn = await new IpClient(rt.app).post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).toContain('session_token=');
    const send = (method: string, path: string, body: unknown) =>
      rt.app.request(path, {
        method,
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', cookie },
        body: JSON.stringify(body),
      });

    const put = await send('PUT', '/api/profile', validProfile);
    expect(put.status).toBe(403);
    expect(((await put.json()) as { error: { code: string } }).error.code).toBe('foreign_origin');
    expect((await row(user.id)).job_title).toBeNull();

    const signIn = await send('POST', '/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(signIn.status).toBe(403);
    expect(((await signIn.json()) as { error: { code: string } }).error.code).toBe('foreign_origin');
  });

  it('a foreign Origin may still read', async () => {
    const res = await new IpClient(rt.app).get('/api/config', { origin: 'https://evil.example' });
    expect(res.status).toBe(200);
  });
});

describe('sessions and ownership', () => {
  it('needs a session for the profile', async () => {
    const res = await new IpClient(rt.app).get('/api/profile');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(messages.auth.required);
    const put = await new IpClient(rt.app).put('/api/profile', validProfile);
    expect(put.status).toBe(401);
  });

  it('ignores a forged session cookie', async () => {
    const res = await new IpClient(rt.app).get('/api/profile', { cookie: 'better-auth.session_token=forged.value' });
    expect(res.status).toBe(401);
  });

  it('a user changes only their own row, whatever ids the body carries', async () => {
    const a = await registerUser(rt);
    const b = await registerUser(rt);
    const bBefore = await row(b.id);
    const client = await signedInClient(rt, a.email);

    const res = await client.put('/api/profile', {
      ...validProfile,
      id: b.id,
      userId: b.id,
      user_id: b.id,
      email: b.email,
      profileCompleted: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.id, email: a.email, jobTitle: 'Account Executive', targetIndustries: ['Banking', 'Insurance'] });

    expect(await row(a.id)).toMatchObject({
      email: a.email,
      first_name: 'Grace',
      last_name: 'Hopper',
      job_title: 'Account Executive',
      company_name: 'Acme Corp',
      target_industries: ['Banking', 'Insurance'],
      profile_completed: false,
    });
    expect(await row(b.id)).toEqual(bBefore);
  });

  it('validates the profile body', async () => {
    const user = await registerUser(rt);
    const client = await signedInClient(rt, user.email);
    const res = await client.put('/api/profile', { ...validProfile, alertsEmail: 'not-an-email', jobTitle: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation');
    expect(Object.keys(res.body.error.fields)).toEqual(expect.arrayContaining(['alertsEmail', 'jobTitle']));
  });

  it('completes the profile once', async () => {
    const user = await registerUser(rt);
    const client = await signedInClient(rt, user.email);
    const first = await client.post('/api/profile/completion', validProfile);
    expect(first.status).toBe(200);
    expect(first.body.profileCompleted).toBe(true);
    expect((await row(user.id)).profile_completed).toBe(true);

    const second = await client.post('/api/profile/completion', { ...validProfile, jobTitle: 'Changed' });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(messages.profile.alreadyCompleted);
    expect((await row(user.id)).job_title).toBe('Account Executive');
  });
});

describe('API shape', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const client = new IpClient(rt.app);
    const res = await client.get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 'not_found' } });
    expect(res.headers.get('content-type')).toContain('application/json');
    expect((await client.post('/api/nope/deeper', {})).body).toMatchObject({ error: { code: 'not_found' } });
  });

  it('refuses a body over 64 kB with a 413, before reading it as JSON', async () => {
    const user = await registerUser(rt);
    const client = await signedInClient(rt, user.email);
    const before = await row(user.id);
    const put = await client.put('/api/profile', { ...validProfile, jobTitle: 'x'.repeat(70 * 1024) });
    expect(put.status).toBe(413);
    expect(put.body.error).toMatchObject({ code: 'body_too_large', message: messages.errors.bodyTooLarge });
    expect(await row(user.id)).toEqual(before);
  });

  // PostgreSQL refuses NUL in text and jsonb; it must be a 400, never a failed insert (500).
  it.each([
    ['PUT', '/api/profile', { ...validProfile, jobTitle: 'Account\u0000Executive' }],
    [
      'POST',
      '/api/news-alerts',
      { active: false, companyName: 'Ac\u0000me', keywords: '', deliveryDays: ['MON'], deliveryHour: 9, notificationEmail: '' },
    ],
    [
      'POST',
      '/api/newsletter',
      {
        active: false,
        industry: 'Banking',
        regions: [],
        industryCategories: [],
        portfolio: [{ companyName: 'Acme', keywords: 'a\u0000b' }],
        deliveryDay: 'MON',
        deliveryTime: '09:00',
        frequency: '7d',
        notificationEmail: '',
      },
    ],
    [
      'POST',
      '/api/earnings-alerts',
      { active: false, companyName: 'Apple', keywords: 'x\u0000', notificationTiming: '24h', notificationEmail: '' },
    ],
  ])('refuses a NUL character: %s %s', async (method, path, body) => {
    const user = await registerUser(rt);
    const client = await signedInClient(rt, user.email);
    const res = await client.request(method, path, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(messages.errors.nulCharacter);
  });

  it.each([
    ['/api/auth/sign-in/email', { email: 'a\u0000@example.com', password: 'secret-password' }],
    ['/api/auth/email-otp/send-verification-otp', { email: 'a\u0000@example.com', type: 'sign-in' }],
    ['/api/auth/sign-in/email-otp', { email: 'a\u0000@example.com', otp: '123456' }],
    ['/api/auth/request-password-reset', { email: 'a\u0000@example.com', redirectTo: '/reset-password' }],
    ['/api/accounts/registration', { token: 'x\u0000', email: 'a@example.com' }],
  ])('refuses a NUL character before authenticating: %s', async (path, body) => {
    const res = await new IpClient(rt.app).post(path, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(messages.errors.nulCharacter);
  });

  it('answers invalid JSON with a 400', async () => {
    const res = await rt.app.request('/api/accounts/registration', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      body: '{"token": ',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
  });

  it('reports health and readiness', async () => {
    const client = new IpClient(rt.app);
    const health = await client.get('/healthz');
    expect(health.status).toBe(200);
    const ready = await client.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });

  it('sends security headers', async () => {
    for (const path of ['/healthz', '/api/config', '/api/nope']) {
      const res = await new IpClient(rt.app).get(path);
      const csp = res.headers.get('content-security-policy');
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      const permissions = res.headers.get('permissions-policy');
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'browsing-topics=()']) {
        expect(permissions, path).toContain(feature);
      }
    }
  });

  it('publishes a config with nothing secret', async () => {
    const res = await new IpClient(rt.app).get('/api/config');
    expect(res.status).toBe(200);
    expect(res.body.version).toBe('v2.0.4');
    expect(JSON.stringify(res.body)).not.toContain('integration-test-secret');
  });
});
