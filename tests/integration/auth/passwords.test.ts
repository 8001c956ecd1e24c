// Reset-password and set-password links: mailed through the outbox, single use, and a reset
// signs every existing session out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvite } from '../../../src/server/auth/invites.ts';
import { messages } from '../../../src/shared/messages.ts';
import { IpClient, registerUser, registrationBody, signedInClient, type TestRuntime, uniqueEmail } from '../../support/accounts.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

const NEW_PASSWORD = 'brand-new-secret-9';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

async function linkToken(email: string, kind: 'reset-password' | 'set-password', page: string) {
  const { rows } = await rt.pool.query<{ text_body: string; html_body: string }>(
    'SELECT text_body, html_body FROM mail_outbox WHERE to_address = $1 AND kind = $2 ORDER BY created_at DESC',
    [email, kind],
  );
  expect(rows.length, `a ${kind} mail to ${email}`).toBeGreaterThan(0);
  const match = rows[0]!.text_body.match(new RegExp(`${escapeRegExp(`${TEST_APP_URL}${page}?token=`)}(\\S+)`));
  expect(match, rows[0]!.text_body).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

describe('reset-password link', () => {
  it('resets the password once and signs out every session', async () => {
    const user = await registerUser(rt);
    const laptop = await signedInClient(rt, user.email);
    const phone = await signedInClient(rt, user.email);
    expect((await laptop.get('/api/profile')).status).toBe(200);
    expect((await phone.get('/api/profile')).status).toBe(200);

    const anonymous = new IpClient(rt.app);
    const requested = await anonymous.post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    expect(requested.status).toBe(200);
    const token = await linkToken(user.email, 'reset-password', '/reset-password');

    expect((await anonymous.post('/api/accounts/password-links/check', { token })).body).toEqual({ valid: true });

    const mismatch = await anonymous.post('/api/accounts/password-links', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}x`,
      purpose: 'reset',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.message).toBe(messages.passwords.mismatch);
    expect(mismatch.body.error.fields.confirmPassword).toBe(messages.passwords.mismatch);

    const reset = await anonymous.post('/api/accounts/password-links', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      purpose: 'reset',
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ ok: true, signedIn: false });

    const laptopAfter = await laptop.get('/api/profile');
    expect(laptopAfter.status).toBe(401);
    expect(laptopAfter.body.error.message).toBe(messages.auth.required);
    expect((await phone.get('/api/profile')).status).toBe(401);
    expect((await anonymous.get('/api/profile')).status).toBe(401);

    const again = await anonymous.post('/api/accounts/password-links', {
      token,
      password: 'another-one-1',
      confirmPassword: 'another-one-1',
      purpose: 'reset',
    });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(messages.reset.authError);
    expect((await anonymous.post('/api/accounts/password-links/check', { token })).body).toEqual({ valid: false });

    const oldPassword = await new IpClient(rt.app).post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(oldPassword.status).toBe(401);
    await signedInClient(rt, user.email, NEW_PASSWORD);
  });

  it('an unknown or made-up token is not valid', async () => {
    const client = new IpClient(rt.app);
    expect((await client.post('/api/accounts/password-links/check', { token: 'made-up-token' })).body).toEqual({ valid: false });
    const res = await client.post('/api/accounts/password-links', {
      token: 'made-up-token',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      purpose: 'reset',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(messages.reset.authError);
    expect(res.body.error.title).toBe(messages.reset.authErrorTitle);
  });

  it('answers the same for an unknown e-mail and mails nothing', async () => {
    const email = uniqueEmail('noaccount');
    const res = await new IpClient(rt.app).post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(res.status).toBe(200);
    const { rows } = await rt.pool.query('SELECT id FROM mail_outbox WHERE to_address = $1', [email]);
    expect(rows).toEqual([]);
  });
});

describe('set-password link for an operator-created account', () => {
  it('sets the first password and signs the user in', async () => {
    const email = uniqueEmail('operator');
    await createInvite(rt.db, email, 1);
    const ctx = await rt.auth.$context;
    await ctx.internalAdapter.createUser(
      { email, name: 'Opal Operator', emailVerified: true, firstName: 'Opal', lastName: 'Operator' },
      { method: 'admin' },
    );
    await rt.auth.api.requestPasswordReset({ body: { email } });
    const token = await linkToken(email, 'set-password', '/create-password');

    const client = new IpClient(rt.app);
    expect((await client.post('/api/accounts/password-links/check', { token })).body).toEqual({ valid: true });
    const res = await client.post('/api/accounts/password-links', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      purpose: 'invite',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, signedIn: true });
    expect(res.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(true);

    const profile = await client.get('/api/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email, firstName: 'Opal', lastName: 'Operator', profileCompleted: false });

    // The account now has a password: the next link is a reset link, and password sign-in works.
    await signedInClient(rt, email, NEW_PASSWORD);
    await rt.auth.api.requestPasswordReset({ body: { email } });
    await linkToken(email, 'reset-password', '/reset-password');
  });

  it('an operator cannot create an account without an invite', async () => {
    const email = uniqueEmail('uninvited');
    const ctx = await rt.auth.$context;
    await expect(ctx.internalAdapter.createUser({ email, name: 'No Invite', emailVerified: true }, { method: 'admin' })).rejects.toThrow(
      messages.registration.inviteMismatch,
    );
    const { rows } = await rt.pool.query('SELECT id FROM users WHERE email = $1', [email]);
    expect(rows).toEqual([]);
  });
});

describe('weak and common passwords', () => {
  const weak = (body: { error: { code: string; title?: string; message: string; fields?: Record<string, string> } }) => {
    expect(body.error.code).toBe('weak_password');
    expect(body.error.title).toBe('Password too weak');
    expect(body.error.message).toMatch(/^This password is too easy to guess\. \S/);
    expect(body.error.fields).toEqual({ password: body.error.message });
  };

  it('registration refuses 123456 and aaaaaa with reasons, and creates no account', async () => {
    for (const password of ['123456', 'aaaaaa']) {
      const email = uniqueEmail('weak');
      const { token } = await createInvite(rt.db, email, 24);
      const res = await new IpClient(rt.app).post('/api/accounts/registration', registrationBody(token, email, { password }));
      expect(res.status, password).toBe(400);
      weak(res.body);
      const { rows } = await rt.pool.query('SELECT 1 FROM users WHERE email = $1', [email]);
      expect(rows).toEqual([]);
    }
  });

  it('a reset link refuses a weak new password and stays usable', async () => {
    const user = await registerUser(rt);
    const anonymous = new IpClient(rt.app);
    await anonymous.post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const token = await linkToken(user.email, 'reset-password', '/reset-password');
    const refused = await anonymous.post('/api/accounts/password-links', {
      token,
      password: 'password1',
      confirmPassword: 'password1',
      purpose: 'reset',
    });
    expect(refused.status).toBe(400);
    weak(refused.body);
    expect((await anonymous.post('/api/accounts/password-links/check', { token })).body).toEqual({ valid: true });
  });

  it('change-password refuses a weak new password and keeps the old one', async () => {
    const user = await registerUser(rt);
    const client = await signedInClient(rt, user.email);
    const refused = await client.post('/api/auth/change-password', { currentPassword: user.password, newPassword: 'qwerty123' });
    expect(refused.status).toBe(400);
    weak(refused.body);
    expect((await new IpClient(rt.app).post('/api/auth/sign-in/email', { email: user.email, password: user.password })).status).toBe(200);
  });
});

describe('password length cap and change-password attempts (issue 25 item 2b)', () => {
  const tooLong = 'Vq7#mZ2!kR9@'.repeat(11); // 132 characters
  const refusedTooLong = (res: { status: number; body: { error: { code: string; message: string } } }) => {
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation', message: messages.passwords.tooLong });
  };

  it('every way of setting a password refuses one over PASSWORD_MAX_LENGTH with the same message', async () => {
    const user = await registerUser(rt);
    const client = await signedInClient(rt, user.email);
    refusedTooLong(await client.post('/api/auth/change-password', { currentPassword: user.password, newPassword: tooLong }));
    refusedTooLong(await client.post('/api/auth/change-password', { currentPassword: tooLong, newPassword: NEW_PASSWORD }));

    const email = uniqueEmail('long');
    const { token } = await createInvite(rt.db, email, 24);
    refusedTooLong(await new IpClient(rt.app).post('/api/accounts/registration', registrationBody(token, email, { password: tooLong })));

    const anonymous = new IpClient(rt.app);
    await anonymous.post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const link = await linkToken(user.email, 'reset-password', '/reset-password');
    refusedTooLong(
      await anonymous.post('/api/accounts/password-links', { token: link, password: tooLong, confirmPassword: tooLong, purpose: 'reset' }),
    );
  });

  it('wrong current passwords are counted per account: past the limit even the right one waits', async () => {
    const user = await registerUser(rt);
    const client = await signedInClient(rt, user.email);
    for (let i = 0; i < rt.config.AUTH_MAX_FAILURES_PER_ACCOUNT; i++) {
      const wrong = await client.post('/api/auth/change-password', { currentPassword: `wrong-guess-${i}`, newPassword: NEW_PASSWORD });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.code).toBe('INVALID_PASSWORD');
    }
    // From another session on another IP too: the count is the account's.
    const elsewhere = await signedInClient(rt, user.email);
    const refused = await elsewhere.post('/api/auth/change-password', { currentPassword: user.password, newPassword: NEW_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too_many_attempts');
    expect((await new IpClient(rt.app).post('/api/auth/sign-in/email', { email: user.email, password: user.password })).status).toBe(200);
  });

  it('the owner trying new passwords the estimate refuses is not paused: only wrong current passwords count', async () => {
    const user = await registerUser(rt);
    const client = await signedInClient(rt, user.email);
    for (let i = 0; i <= rt.config.AUTH_MAX_FAILURES_PER_ACCOUNT; i++) {
      const weak = await client.post('/api/auth/change-password', { currentPassword: user.password, newPassword: 'password1' });
      expect(weak.status).toBe(400);
      expect(weak.body.error.code).toBe('weak_password');
    }
    const changed = await client.post('/api/auth/change-password', { currentPassword: user.password, newPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
  });
});
