// Invite-only registration and password sign-in through the HTTP API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvite, revokeInvites } from '../../../src/server/auth/invites.ts';
import { messages } from '../../../src/shared/messages.ts';
import { IpClient, PASSWORD, registerUser, registrationBody, type TestRuntime, uniqueEmail } from '../../support/accounts.ts';
import { startTestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

const userCount = async (email: string) =>
  (await rt.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [email])).rows[0]!.n;

describe('registration', () => {
  it('creates the account from a valid invite, with the registration metadata', async () => {
    const email = uniqueEmail('reg');
    const { token } = await createInvite(rt.db, email, 24);
    const client = new IpClient(rt.app);
    const res = await client.post('/api/accounts/registration', registrationBody(token, email));
    expect(res.status).toBe(201);
    const { rows } = await rt.pool.query(
      'SELECT first_name, last_name, linkedin_profile_url, phone, email_verified, profile_completed FROM users WHERE email = $1',
      [email],
    );
    expect(rows).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        linkedin_profile_url: 'https://www.linkedin.com/in/ada-lovelace',
        phone: '+1 (555) 123-4567',
        email_verified: true,
        profile_completed: false,
      },
    ]);
    const invite = await rt.pool.query('SELECT used_at FROM invites WHERE email = $1', [email]);
    expect(invite.rows[0].used_at).not.toBeNull();

    const again = await client.post('/api/accounts/registration', registrationBody(token, email));
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(messages.registration.inviteMismatch);
    expect(await userCount(email)).toBe(1);
  });

  it('registering signs the user in: the answer carries the new session (issue 25 item 10)', async () => {
    const email = uniqueEmail('reg-signed-in');
    const { token } = await createInvite(rt.db, email, 24);
    const client = new IpClient(rt.app);
    const res = await client.post('/api/accounts/registration', registrationBody(token, email));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, signedIn: true });
    const profile = await client.get('/api/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email, profileCompleted: false });
  });

  it('an invite check tells the token holder the invited address, and nothing for a spent, revoked or unknown token', async () => {
    const email = uniqueEmail('reg-check');
    const { token } = await createInvite(rt.db, email, 24);
    const anonymous = new IpClient(rt.app);
    expect((await anonymous.post('/api/accounts/invites/check', { token })).body).toEqual({ email });
    expect((await anonymous.post('/api/accounts/invites/check', { token: 'not-a-token' })).body).toEqual({ email: null });
    expect((await anonymous.post('/api/accounts/invites/check', { token: '' })).status).toBe(400);

    const revokedEmail = uniqueEmail('reg-check-revoked');
    const revoked = await createInvite(rt.db, revokedEmail, 24);
    await revokeInvites(rt.db, revokedEmail);
    expect((await anonymous.post('/api/accounts/invites/check', { token: revoked.token })).body).toEqual({ email: null });

    expect((await anonymous.post('/api/accounts/registration', registrationBody(token, email))).status).toBe(201);
    expect((await anonymous.post('/api/accounts/invites/check', { token })).body).toEqual({ email: null });
  });

  it('three registrations racing on one invite: one 201 and one account; the others are told they failed', async () => {
    const email = uniqueEmail('race');
    const { token } = await createInvite(rt.db, email, 24);
    const answers = await Promise.all(
      [0, 1, 2].map(() => new IpClient(rt.app).post('/api/accounts/registration', registrationBody(token, email))),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect([400, 409]).toContain(refused.status);
      expect([messages.registration.inviteMismatch, messages.registration.userNotCreated]).toContain(refused.body.error.message);
    }
    expect(await userCount(email)).toBe(1);
  });

  it('matches the invite e-mail case-insensitively', async () => {
    const email = uniqueEmail('case');
    const { token } = await createInvite(rt.db, email, 24);
    const res = await new IpClient(rt.app).post('/api/accounts/registration', registrationBody(token, email.toUpperCase()));
    expect(res.status).toBe(201);
    expect(await userCount(email)).toBe(1);
  });

  it('refuses a token issued for another e-mail', async () => {
    const invited = uniqueEmail('invited');
    const other = uniqueEmail('other');
    const { token } = await createInvite(rt.db, invited, 24);
    const res = await new IpClient(rt.app).post('/api/accounts/registration', registrationBody(token, other));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(messages.registration.inviteMismatch);
    expect(await userCount(other)).toBe(0);
  });

  it('refuses an unknown token', async () => {
    const email = uniqueEmail('unknown');
    await createInvite(rt.db, email, 24);
    const res = await new IpClient(rt.app).post('/api/accounts/registration', registrationBody('not-a-real-token', email));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(messages.registration.inviteMismatch);
    expect(await userCount(email)).toBe(0);
  });

  it('refuses an expired invite', async () => {
    const email = uniqueEmail('expired');
    const { token } = await createInvite(rt.db, email, 24);
    await rt.pool.query(`UPDATE invites SET expires_at = now() - interval '1 minute' WHERE email = $1`, [email]);
    const res = await new IpClient(rt.app).post('/api/accounts/registration', registrationBody(token, email));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(messages.registration.inviteMismatch);
    expect(await userCount(email)).toBe(0);
  });

  it('refuses a revoked invite', async () => {
    const email = uniqueEmail('revoked');
    const { token } = await createInvite(rt.db, email, 24);
    expect(await revokeInvites(rt.db, email)).toBe(1);
    const res = await new IpClient(rt.app).post('/api/accounts/registration', registrationBody(token, email));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(messages.registration.inviteMismatch);
    expect(await userCount(email)).toBe(0);
  });

  it('validates every field', async () => {
    const email = uniqueEmail('fields');
    const { token } = await createInvite(rt.db, email, 24);
    const client = new IpClient(rt.app);
    const empty = await client.post('/api/accounts/registration', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('validation');
    expect(Object.keys(empty.body.error.fields)).toEqual(
      expect.arrayContaining(['token', 'firstName', 'lastName', 'email', 'password', 'linkedinProfileUrl', 'phone']),
    );

    const short = await client.post('/api/accounts/registration', registrationBody(token, email, { password: 'abc' }));
    expect(short.status).toBe(400);
    expect(short.body.error.code).toBe('validation');
    expect(short.body.error.fields.password).toBe(messages.passwords.tooShort);

    const noToken = await client.post('/api/accounts/registration', registrationBody('', email));
    expect(noToken.status).toBe(400);
    expect(noToken.body.error.fields.token).toBe(messages.registration.missingToken);

    // The invalid attempts did not spend the invite.
    expect((await client.post('/api/accounts/registration', registrationBody(token, email))).status).toBe(201);
  });

  it('offers no public sign-up', async () => {
    const email = uniqueEmail('signup');
    await createInvite(rt.db, email, 24); // even with an invite, sign-up goes through registration only
    const res = await new IpClient(rt.app).post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Mallory' });
    expect(res.status).toBe(404);
    expect(await userCount(email)).toBe(0);
  });
});

describe('password sign-in', () => {
  it('signs in with the right password and opens the profile', async () => {
    const user = await registerUser(rt);
    const client = new IpClient(rt.app);
    expect((await client.get('/api/profile')).status).toBe(401);
    const res = await client.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(res.status).toBe(200);
    const profile = await client.get('/api/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: user.id, email: user.email, firstName: 'Ada', lastName: 'Lovelace', profileCompleted: false });
  });

  it("the app's session check answers a signed-out visitor with no profile, not an error, and a signed-in one with theirs", async () => {
    const user = await registerUser(rt);
    const client = new IpClient(rt.app);
    const signedOut = await client.get('/api/profile/current');
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toEqual({ profile: null });
    await client.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    const signedIn = await client.get('/api/profile/current');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.profile).toMatchObject({ id: user.id, email: user.email, firstName: 'Ada' });
    // A session past SESSION_MAX_AGE_DAYS is no session here either.
    await rt.pool.query(`UPDATE sessions SET created_at = now() - interval '400 days' WHERE user_id = $1`, [user.id]);
    expect((await client.get('/api/profile/current')).body).toEqual({ profile: null });
  });

  it('refuses a wrong password with INVALID_EMAIL_OR_PASSWORD', async () => {
    const user = await registerUser(rt);
    const client = new IpClient(rt.app);
    const res = await client.post('/api/auth/sign-in/email', { email: user.email, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect((await client.get('/api/profile')).status).toBe(401);
  });

  it('refuses an unknown e-mail the same way', async () => {
    const res = await new IpClient(rt.app).post('/api/auth/sign-in/email', { email: uniqueEmail('nobody'), password: PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });
});
