// Two-factor sign-in with an authenticator app (issue 30 §1), through the HTTP API on a real
// database: enrolment, the challenge after the password AND after the e-mailed code, backup codes
// used once (also under a race), the trusted device, turning it off with the password and a code,
// the limits, and no path of the auth library that signs in past the second factor.
import { runWithEndpointContext } from '@better-auth/core/context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorTexts } from '../../../src/shared/two-factor.ts';
import { IpClient, PASSWORD, registerUser, type TestRuntime } from '../../support/accounts.ts';
import { startTestRuntime } from '../../support/runtime.ts';
import { keyOf, totp, wrongCode } from '../../support/totp.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

/** A registered user with two-factor sign-in on: their key and backup codes. */
async function enrolledUser() {
  const user = await registerUser(rt);
  const client = new IpClient(rt.app);
  expect((await client.post('/api/auth/sign-in/email', { email: user.email, password: PASSWORD })).status).toBe(200);
  const enrol = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
  expect(enrol.status).toBe(200);
  const key = keyOf(enrol.body.totpURI);
  expect(enrol.body.backupCodes).toHaveLength(10);
  // Not on until a code from the app confirms it.
  expect((await client.get('/api/profile/two-factor')).body).toMatchObject({ enabled: false });
  const confirmed = await client.post('/api/auth/two-factor/verify-totp', { code: totp(key) });
  expect(confirmed.status).toBe(200);
  expect((await client.get('/api/profile/two-factor')).body).toEqual({ enabled: true, backupCodesLeft: 10, required: false });
  return { ...user, key, backupCodes: enrol.body.backupCodes as string[], client };
}

async function passwordStep(email: string, client = new IpClient(rt.app)) {
  const answer = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ twoFactorRedirect: true });
  expect(answer.body.token).toBeUndefined();
  // No session yet: the password alone opens nothing.
  expect((await client.get('/api/profile')).status).toBe(401);
  return client;
}

const events = async (userId: string) =>
  (
    await rt.pool.query<{ kind: string; detail: Record<string, string> }>(
      'SELECT kind, detail FROM security_events WHERE user_id = $1 ORDER BY created_at',
      [userId],
    )
  ).rows;

describe('two-factor sign-in', () => {
  it('enrols with a code from the app, then asks for a code after the password', async () => {
    const user = await enrolledUser();
    const client = await passwordStep(user.email);
    const wrong = await client.post('/api/auth/two-factor/verify-totp', { code: wrongCode(user.key) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ code: 'second_factor_invalid', message: twoFactorTexts.invalidCode });
    const right = await client.post('/api/auth/two-factor/verify-totp', { code: totp(user.key) });
    expect(right.status).toBe(200);
    expect((await client.get('/api/profile')).body.email).toBe(user.email);
    const kinds = (await events(user.id)).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['two_factor_enabled', 'second_factor_failed', 'sign_in']));
    expect((await events(user.id)).at(-1)).toMatchObject({ kind: 'sign_in', detail: { method: 'authenticator_app' } });
  });

  it('asks for the second factor after the e-mailed code too', async () => {
    const user = await enrolledUser();
    const client = new IpClient(rt.app);
    await client.post('/api/auth/email-otp/send-verification-otp', { email: user.email, type: 'sign-in' });
    const { rows } = await rt.pool.query<{ text_body: string }>(
      "SELECT text_body FROM mail_outbox WHERE to_address = $1 AND kind = 'otp' ORDER BY created_at DESC LIMIT 1",
      [user.email],
    );
    const code = rows[0]!.text_body.match(/\b(\d{6})\b/)![1];
    const answer = await client.post('/api/auth/sign-in/email-otp', { email: user.email, otp: code });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ twoFactorRedirect: true });
    expect(answer.body.token).toBeUndefined();
    expect((await client.get('/api/profile')).status).toBe(401);
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: totp(user.key) })).status).toBe(200);
    expect((await client.get('/api/profile')).status).toBe(200);
  });

  it('takes each backup code once, even when two requests race with it', async () => {
    const user = await enrolledUser();
    const [first, second] = await Promise.all([passwordStep(user.email), passwordStep(user.email)]);
    const code = user.backupCodes[0]!;
    const answers = await Promise.all([
      first.post('/api/auth/two-factor/verify-backup-code', { code }),
      second.post('/api/auth/two-factor/verify-backup-code', { code }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const signedIn = [first, second].filter((_, i) => answers[i]!.status === 200);
    expect(signedIn).toHaveLength(1);
    expect(answers.find((a) => a.status === 401)!.body.error.message).toBe(twoFactorTexts.invalidBackupCode);

    // Used: refused on a later sign-in; another code works, typed without its dash.
    const later = await passwordStep(user.email);
    expect((await later.post('/api/auth/two-factor/verify-backup-code', { code })).status).toBe(401);
    expect((await later.post('/api/auth/two-factor/verify-backup-code', { code: user.backupCodes[1]!.replace('-', '') })).status).toBe(200);
    expect((await later.get('/api/profile/two-factor')).body.backupCodesLeft).toBe(8);
  });

  it('trusts a device for 30 days when asked', async () => {
    const user = await enrolledUser();
    const device = await passwordStep(user.email);
    const verified = await device.post('/api/auth/two-factor/verify-totp', { code: totp(user.key), trustDevice: true });
    expect(verified.status).toBe(200);
    const trust = verified.headers.getSetCookie().find((c) => c.includes('trust_device'));
    expect(trust).toMatch(/Max-Age=2592000/i);
    await device.post('/api/auth/sign-out');
    const again = await device.post('/api/auth/sign-in/email', { email: user.email, password: PASSWORD });
    expect(again.status).toBe(200);
    expect(again.body.twoFactorRedirect).toBeUndefined();
    expect((await device.get('/api/profile')).status).toBe(200);
    // Another device is still asked.
    await passwordStep(user.email);
  });

  it('limits wrong codes: the challenge ends after 5, the account locks after 10 with a message, and the owner is told', async () => {
    const user = await enrolledUser();
    const wrong = wrongCode(user.key);
    const first = await passwordStep(user.email);
    for (let i = 0; i < 5; i += 1) expect((await first.post('/api/auth/two-factor/verify-totp', { code: wrong })).status).toBe(401);
    const ended = await first.post('/api/auth/two-factor/verify-totp', { code: totp(user.key) });
    expect(ended.status).toBe(401);
    expect(ended.body.error).toMatchObject({ code: 'second_factor_challenge_ended', message: twoFactorTexts.challengeEnded });

    const second = await passwordStep(user.email);
    for (let i = 0; i < 4; i += 1) expect((await second.post('/api/auth/two-factor/verify-totp', { code: wrong })).status).toBe(401);
    const locking = await second.post('/api/auth/two-factor/verify-totp', { code: wrong });
    expect(locking.status).toBe(429);
    expect(locking.body.error).toMatchObject({ code: 'second_factor_locked', message: twoFactorTexts.locked(15) });
    // Locked: even the right code is refused for now, from any device.
    const third = await passwordStep(user.email);
    const refused = await third.post('/api/auth/two-factor/verify-totp', { code: totp(user.key) });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('second_factor_locked');
    expect((await events(user.id)).filter((e) => e.kind === 'second_factor_locked')).toHaveLength(1);
  });

  it('counts wrong codes per client address across accounts', async () => {
    const ip = '10.230.0.1';
    const perIp = Number(rt.config.AUTH_MAX_FAILURES_PER_IP);
    const users = await Promise.all([enrolledUser(), enrolledUser()]);
    let status = 0;
    for (let i = 0; i <= perIp && status !== 429; i += 1) {
      const user = users[i % 2]!;
      const client = await passwordStep(user.email, new IpClient(rt.app, ip));
      status = (await client.post('/api/auth/two-factor/verify-totp', { code: wrongCode(user.key) })).status;
    }
    expect(status).toBe(429);
  });

  it('checks its forms', async () => {
    const user = await enrolledUser();
    const client = await passwordStep(user.email);
    const bad = await client.post('/api/auth/two-factor/verify-totp', { code: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(twoFactorTexts.codeRequired);
    const badBackup = await client.post('/api/auth/two-factor/verify-backup-code', { code: 'abc' });
    expect(badBackup.status).toBe(400);
    expect(badBackup.body.error.message).toBe(twoFactorTexts.backupCodeRequired);
    const noChallenge = await new IpClient(rt.app).post('/api/auth/two-factor/verify-totp', { code: totp(user.key) });
    expect(noChallenge.status).toBe(401);
    expect(noChallenge.body.error.message).toBe(twoFactorTexts.challengeEnded);

    const enrol = await user.client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enrol.status).toBe(409);
    expect(enrol.body.error.message).toBe(twoFactorTexts.alreadyOn);
    const noPassword = await user.client.post('/api/auth/two-factor/enable', {});
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.message).toBe(twoFactorTexts.passwordRequired);
    const wrongPassword = await user.client.post('/api/auth/two-factor/generate-backup-codes', { password: 'not-the-password-1' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error.code).toBe('INVALID_PASSWORD');
  });

  it('turns off only with the password and a code, and tells the owner', async () => {
    const user = await enrolledUser();
    const noCode = await user.client.post('/api/auth/two-factor/disable', { password: PASSWORD });
    expect(noCode.status).toBe(400);
    expect(noCode.body.error.message).toBe(twoFactorTexts.disableCodeRequired);
    const wrong = await user.client.post('/api/auth/two-factor/disable', { password: PASSWORD, code: wrongCode(user.key) });
    expect(wrong.status).toBe(401);
    expect((await user.client.get('/api/profile/two-factor')).body.enabled).toBe(true);
    const off = await user.client.post('/api/auth/two-factor/disable', { password: PASSWORD, code: user.backupCodes[0] });
    expect(off.status).toBe(200);
    expect((await user.client.get('/api/profile/two-factor')).body).toMatchObject({ enabled: false, backupCodesLeft: 0 });
    const client = new IpClient(rt.app);
    const plain = await client.post('/api/auth/sign-in/email', { email: user.email, password: PASSWORD });
    expect(plain.body.twoFactorRedirect).toBeUndefined();
    expect((await events(user.id)).map((e) => e.kind)).toContain('two_factor_disabled');
  });

  it('makes new backup codes with the password; the old ones stop working', async () => {
    const user = await enrolledUser();
    const fresh = await user.client.post('/api/auth/two-factor/generate-backup-codes', { password: PASSWORD });
    expect(fresh.status).toBe(200);
    expect(fresh.body.backupCodes).toHaveLength(10);
    const client = await passwordStep(user.email);
    expect((await client.post('/api/auth/two-factor/verify-backup-code', { code: user.backupCodes[0] })).status).toBe(401);
    expect((await client.post('/api/auth/two-factor/verify-backup-code', { code: fresh.body.backupCodes[0] })).status).toBe(200);
  });
});

describe('no way around the second factor', () => {
  it('refuses a session from any other auth-library path for a user with a second factor', async () => {
    const user = await enrolledUser();
    // Server-side calls run the same hooks: the password sign-in through the library's API is a challenge, not a session.
    const api = await rt.auth.api.signInEmail({ body: { email: user.email, password: PASSWORD }, asResponse: true });
    const body = await api.json();
    expect(body.twoFactorRedirect).toBe(true);
    expect(api.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token=') && !/max-age=0/i.test(c))).toBe(false);
    // Any other endpoint that would create a session for them (a path a library update might add:
    // here as if social sign-in ran) is refused by the session hook, and no session is written.
    const ctx = await rt.auth.$context;
    const sessionsBefore = await rt.pool.query('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [user.id]);
    await expect(
      runWithEndpointContext({ path: '/sign-in/social', context: ctx, headers: new Headers() } as never, () =>
        ctx.internalAdapter.createSession(user.id),
      ),
    ).rejects.toThrow(/second factor/i);
    const sessionsAfter = await rt.pool.query('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [user.id]);
    expect(sessionsAfter.rows[0].n).toBe(sessionsBefore.rows[0].n);
  });

  it('answers 404 on the plugin paths the product does not use', async () => {
    const user = await enrolledUser();
    for (const path of ['/api/auth/two-factor/get-totp-uri', '/api/auth/two-factor/send-otp', '/api/auth/two-factor/verify-otp']) {
      expect((await user.client.post(path, { password: PASSWORD, code: '123456' })).status).toBe(404);
    }
  });
});

describe('REQUIRE_TWO_FACTOR', () => {
  it('lets a user without a second factor only set one up, then everything', async () => {
    const strict = await startTestRuntime({ REQUIRE_TWO_FACTOR: 'true' });
    try {
      const user = await registerUser(strict);
      const client = new IpClient(strict.app);
      expect((await client.post('/api/auth/sign-in/email', { email: user.email, password: PASSWORD })).status).toBe(200);
      expect((await client.get('/api/profile/current')).body.profile).toMatchObject({ email: user.email, secondFactorSetupRequired: true });
      const closed = await client.get('/api/news-alerts');
      expect(closed.status).toBe(403);
      expect(closed.body.error).toMatchObject({ code: 'second_factor_setup_required', message: twoFactorTexts.setupRequired });
      expect((await client.get('/api/profile/two-factor')).body).toEqual({ enabled: false, backupCodesLeft: 0, required: true });

      const enrol = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
      expect((await client.post('/api/auth/two-factor/verify-totp', { code: totp(keyOf(enrol.body.totpURI)) })).status).toBe(200);
      expect((await client.get('/api/profile/current')).body.profile.secondFactorSetupRequired).toBeUndefined();
      expect((await client.get('/api/news-alerts')).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
