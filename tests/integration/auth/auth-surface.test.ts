// Only the better-auth endpoints the product uses are reachable. The e-mail-code plugin also
// offers a code-based password reset whose codes are never mailed: left open, it would be a
// password reset by guessing, outside the per-account limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpClient, PASSWORD, registerUser, uniqueEmail } from '../../support/accounts.ts';
import { startTestRuntime } from '../../support/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt.close());

describe('the /api/auth surface', () => {
  it.each([
    ['POST', '/api/auth/sign-up/email'],
    ['POST', '/api/auth/email-otp/request-password-reset'],
    ['POST', '/api/auth/forget-password/email-otp'],
    ['POST', '/api/auth/email-otp/reset-password'],
    ['POST', '/api/auth/email-otp/check-verification-otp'],
    ['POST', '/api/auth/email-otp/verify-email'],
    ['POST', '/api/auth/reset-password'],
    ['GET', '/api/auth/reset-password/some-token?callbackURL=/reset-password'],
    ['POST', '/api/auth/update-user'],
    ['POST', '/api/auth/delete-user'],
    ['POST', '/api/auth/change-email'],
    ['GET', '/api/auth/list-sessions'],
    ['POST', '/api/auth/Sign-In/Email'],
    ['POST', '/api/auth/sign-in/email/'],
  ])('%s %s answers 404', async (method, path) => {
    const res = await new IpClient(rt.app).request(
      method,
      path,
      method === 'POST' ? { email: uniqueEmail(), otp: '123456', password: 'x' } : undefined,
    );
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('sends codes for signing in only', async () => {
    const { email } = await registerUser(rt);
    for (const type of ['forget-password', 'email-verification', 'change-email']) {
      const res = await new IpClient(rt.app).post('/api/auth/email-otp/send-verification-otp', { email, type });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_otp_type');
    }
    const { rows } = await rt.pool.query('SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = $1', [email]);
    expect(rows[0].n).toBe(0);
  });

  it('keeps what the app uses: get-session, sign-out, change-password', async () => {
    const { email } = await registerUser(rt);
    const client = new IpClient(rt.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    const session = await client.get('/api/auth/get-session');
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe(email);
    const changed = await client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'another-pass-1' });
    expect(changed.status).toBe(200);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await client.get('/api/profile')).status).toBe(401);
  });

  it('ends a session SESSION_MAX_AGE_DAYS (30) after sign-in, however active it has been', async () => {
    const { email, id } = await registerUser(rt);
    const client = new IpClient(rt.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    await rt.pool.query(`UPDATE sessions SET created_at = now() - interval '29 days' WHERE user_id = $1`, [id]);
    expect((await client.get('/api/profile')).status).toBe(200);
    expect((await client.get('/api/auth/get-session')).body.user.email).toBe(email);

    await rt.pool.query(`UPDATE sessions SET created_at = now() - interval '30 days 1 minute' WHERE user_id = $1`, [id]);
    expect((await client.get('/api/auth/get-session')).body).toBeNull();
    expect((await client.get('/api/profile')).status).toBe(401);
    expect((await rt.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [id])).rows).toEqual([]);
  });

  describe('a session past SESSION_MAX_AGE_DAYS is dead for every better-auth endpoint (issue 25 item 4)', () => {
    const age = (id: string) =>
      rt.pool.query(`UPDATE sessions SET created_at = now() - interval '30 days 1 minute' WHERE user_id = $1`, [id]);
    /** A fresh session cookie: Set-Cookie with a session token that is not being cleared. */
    const freshSessionCookie = (headers: Headers) =>
      headers.getSetCookie().some((c) => /session_token=[^;]+/.test(c) && !/max-age=0/i.test(c));
    /** Signs in over HTTP; the Cookie header of the new session. */
    async function sessionCookie(email: string) {
      const res = await new IpClient(rt.app).raw('POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
      expect(res.status).toBe(200);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    }

    it('change-password with revokeOtherSessions: 401, no fresh cookie, password and other sessions kept', async () => {
      const { email, id } = await registerUser(rt);
      const other = new IpClient(rt.app);
      expect((await other.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
      const cookie = await sessionCookie(email);
      await rt.pool.query(
        `UPDATE sessions SET created_at = now() - interval '30 days 1 minute' WHERE token = (SELECT token FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1)`,
        [id],
      );
      const res = await new IpClient(rt.app).raw(
        'POST',
        '/api/auth/change-password',
        { currentPassword: PASSWORD, newPassword: 'taken-over-pass-9', revokeOtherSessions: true },
        { cookie },
      );
      expect(res.status).toBe(401);
      expect(freshSessionCookie(res.headers)).toBe(false);
      expect((await other.get('/api/auth/get-session')).body.user.email).toBe(email);
      expect((await new IpClient(rt.app).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    });

    it('get-session answers null and sign-out clears the cookie, neither renews it', async () => {
      const { email, id } = await registerUser(rt);
      for (const [method, path] of [
        ['GET', '/api/auth/get-session'],
        ['POST', '/api/auth/sign-out'],
      ] as const) {
        const cookie = await sessionCookie(email);
        // Due to slide too: better-auth would renew the cookie of a live session here.
        await rt.pool.query(
          `UPDATE sessions SET updated_at = now() - interval '2 days', expires_at = now() + interval '5 days' WHERE user_id = $1`,
          [id],
        );
        await age(id);
        const res = await new IpClient(rt.app).raw(method, path, method === 'POST' ? {} : undefined, { cookie });
        expect(freshSessionCookie(res.headers), path).toBe(false);
        if (method === 'GET') expect(await res.json()).toBeNull();
        expect((await rt.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [id])).rows, path).toEqual([]);
      }
    });

    // Closed at the HTTP edge, but reachable from our own server code through auth.api: the
    // lifetime check sits in front of better-auth itself, not only in front of our routes.
    it.each([
      ['changePassword', { currentPassword: PASSWORD, newPassword: 'taken-over-pass-9', revokeOtherSessions: true }],
      ['updateUser', { name: 'Taken Over' }],
      ['listSessions', undefined],
      ['revokeSessions', {}],
      ['revokeOtherSessions', {}],
      ['updateSession', {}],
      ['listUserAccounts', undefined],
      ['deleteUser', {}],
      ['changeEmail', { newEmail: 'taken-over@example.com' }],
    ] as const)('auth.api.%s refuses it with 401', async (endpoint, body) => {
      const { email, id } = await registerUser(rt);
      const cookie = await sessionCookie(email);
      await age(id);
      const call = rt.auth.api[endpoint] as (input: { headers: Headers; body?: object }) => Promise<unknown>;
      const outcome = await call({ headers: new Headers({ cookie }), ...(body ? { body } : {}) }).then(
        () => 'answered',
        (err: { statusCode?: number }) => err.statusCode,
      );
      expect(outcome).toBe(401);
      const { rows } = await rt.pool.query('SELECT name, email FROM users WHERE id = $1', [id]);
      expect(rows).toEqual([{ name: 'Ada Lovelace', email }]);
    });
  });

  it('renews the session cookie of an active user (sliding expiry)', async () => {
    const { email, id } = await registerUser(rt);
    const client = new IpClient(rt.app);
    await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    // As if signed in two days ago: five of the seven days left.
    await rt.pool.query(
      `UPDATE sessions SET expires_at = now() + interval '5 days', updated_at = now() - interval '2 days' WHERE user_id = $1`,
      [id],
    );
    const res = await client.get('/api/profile');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => /session_token=/.test(c) && /Max-Age=604800/i.test(c))).toBe(true);
    const { rows } = await rt.pool.query(`SELECT expires_at > now() + interval '6 days' AS renewed FROM sessions WHERE user_id = $1`, [id]);
    expect(rows[0].renewed).toBe(true);
  });

  it('successful sign-ins do not use up the IP allowance', async () => {
    const limited = await startTestRuntime({ AUTH_MAX_FAILURES_PER_IP: '3' });
    try {
      const { email } = await registerUser(limited);
      const ip = '10.77.0.1';
      for (let i = 0; i < 6; i++) {
        const res = await new IpClient(limited.app, ip).post('/api/auth/sign-in/email', { email, password: PASSWORD });
        expect(res.status).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});
