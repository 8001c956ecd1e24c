// Passkeys on /api/auth (issue 30 §2) through @better-auth/passkey and server/auth/passkeys.ts:
// real registrations and sign-ins, made by a software authenticator (tests/support/soft-authenticator.ts)
// that answers as a browser's would, so the plugin's signature checks run. Each user sees and
// changes only their own passkeys; names are checked; a passkey that does not sign in gets one
// answer whatever the reason; a passkey signs in a user with a second factor (two factors in one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_ERRORS, PASSKEY_NAME_MAX_LENGTH, passkeyMessages } from '../../../src/shared/passkeys.ts';
import { IpClient, registerUser, signedInClient } from '../../support/accounts.ts';
import { captureLog } from '../../support/log-capture.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';
import { SoftAuthenticator } from '../../support/soft-authenticator.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt.close());

type Client = IpClient;

/** Registers a passkey for the client's user through the two calls the profile makes. */
async function addPasskey(client: Client, name?: string, authenticator = new SoftAuthenticator(TEST_APP_URL)) {
  const options = await client.get('/api/auth/passkey/generate-register-options');
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const res = await client.post('/api/auth/passkey/verify-registration', { response: authenticator.register(options.body), name });
  return { res, authenticator };
}

async function signInWith(authenticator: SoftAuthenticator, client = new IpClient(rt.app)) {
  const options = await client.get('/api/auth/passkey/generate-authenticate-options');
  expect(options.status).toBe(200);
  const res = await client.post('/api/auth/passkey/verify-authentication', { response: authenticator.authenticate(options.body) });
  return { res, client };
}

const rowsOf = async (userId: string) =>
  (
    await rt.pool.query<{ id: string; name: string | null }>('SELECT id, name FROM passkeys WHERE user_id = $1 ORDER BY created_at', [
      userId,
    ])
  ).rows;

describe('passkeys', () => {
  it('registers a named passkey, lists it without key material, and signs in with it without a password', async () => {
    const { email, id } = await registerUser(rt);
    const client = await signedInClient(rt, email);
    const { res, authenticator } = await addPasskey(client, '  Work laptop  ');
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const list = await client.get('/api/auth/passkey/list-user-passkeys');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: expect.any(String),
        name: 'Work laptop',
        authenticatorName: 'Google Password Manager',
        deviceType: 'multiDevice',
        backedUp: true,
        createdAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(/publicKey|credentialID|counter/);

    const { res: signedIn, client: fresh } = await signInWith(authenticator);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const profile = await fresh.get('/api/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(email);
    expect((await rowsOf(id)).map((r) => r.name)).toEqual(['Work laptop']);
  });

  it('signs in a user who has a second factor without asking for it again: a passkey is two factors', async () => {
    const { email, id } = await registerUser(rt);
    const { authenticator } = await addPasskey(await signedInClient(rt, email), 'Phone');
    await rt.pool.query('UPDATE users SET two_factor_enabled = true WHERE id = $1', [id]);
    const { res, client } = await signInWith(authenticator);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.twoFactorRedirect).toBeUndefined();
    expect((await client.get('/api/profile')).status).toBe(200);
  });

  it('lists only the signed-in user’s own passkeys', async () => {
    const ada = await registerUser(rt);
    const bob = await registerUser(rt);
    await addPasskey(await signedInClient(rt, ada.email), 'Ada’s key');
    const bobClient = await signedInClient(rt, bob.email);
    expect((await bobClient.get('/api/auth/passkey/list-user-passkeys')).body).toEqual([]);
    await addPasskey(bobClient, 'Bob’s key');
    const names = (await bobClient.get('/api/auth/passkey/list-user-passkeys')).body.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Bob’s key']);
  });

  it('refuses to rename or remove another user’s passkey as it refuses an unknown one (404), the row untouched', async () => {
    const ada = await registerUser(rt);
    const bob = await registerUser(rt);
    const adaClient = await signedInClient(rt, ada.email);
    const { authenticator } = await addPasskey(adaClient, 'Ada’s key');
    const [adaPasskey] = await rowsOf(ada.id);
    const bobClient = await signedInClient(rt, bob.email);

    for (const id of [adaPasskey!.id, crypto.randomUUID()]) {
      const renamed = await bobClient.post('/api/auth/passkey/update-passkey', { id, name: 'Mine now' });
      expect(renamed.status).toBe(404);
      expect(renamed.body.error).toEqual({ code: PASSKEY_ERRORS.notFound, message: passkeyMessages.notFound });
      const removed = await bobClient.post('/api/auth/passkey/delete-passkey', { id });
      expect(removed.status).toBe(404);
      expect(removed.body.error).toEqual({ code: PASSKEY_ERRORS.notFound, message: passkeyMessages.notFound });
    }
    expect(await rowsOf(ada.id)).toEqual([{ id: adaPasskey!.id, name: 'Ada’s key' }]);
    // Still Ada's, and still signs her in.
    expect((await signInWith(authenticator)).res.status).toBe(200);
  });

  it('renames and removes the user’s own passkey; a removed passkey no longer signs in, with the same answer as an unknown one', async () => {
    const { email, id } = await registerUser(rt);
    const client = await signedInClient(rt, email);
    const { authenticator } = await addPasskey(client, 'Old name');
    const [row] = await rowsOf(id);
    const renamed = await client.post('/api/auth/passkey/update-passkey', { id: row!.id, name: '  New name ' });
    expect(renamed.status).toBe(200);
    expect((await rowsOf(id))[0]!.name).toBe('New name');

    expect((await client.post('/api/auth/passkey/delete-passkey', { id: row!.id })).status).toBe(200);
    expect(await rowsOf(id)).toEqual([]);
    const { res } = await signInWith(authenticator);
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: PASSKEY_ERRORS.signInFailed, message: passkeyMessages.signInFailed });
  });

  it('answers a passkey nobody registered and a forged signature alike, so neither tells which passkeys exist', async () => {
    const { email } = await registerUser(rt);
    const { authenticator } = await addPasskey(await signedInClient(rt, email), 'Key');
    const unknown = await signInWith(new SoftAuthenticator(TEST_APP_URL));

    const client = new IpClient(rt.app);
    const options = await client.get('/api/auth/passkey/generate-authenticate-options');
    const forged = authenticator.authenticate(options.body);
    forged.response.signature = new SoftAuthenticator(TEST_APP_URL).authenticate(options.body).response.signature;
    const log = captureLog();
    let bad: Awaited<ReturnType<Client['post']>>;
    try {
      bad = await client.post('/api/auth/passkey/verify-authentication', { response: forged });
    } finally {
      log.restore();
    }
    for (const res of [unknown.res, bad]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({ code: PASSKEY_ERRORS.signInFailed, message: passkeyMessages.signInFailed });
    }
    expect((await unknown.client.get('/api/profile')).status).toBe(401);
    expect((await client.get('/api/profile')).status).toBe(401);
  });

  it('says the request expired when no challenge was asked for, and refuses a body without the browser’s answer', async () => {
    const client = new IpClient(rt.app);
    const noChallenge = await client.post('/api/auth/passkey/verify-authentication', {
      response: new SoftAuthenticator(TEST_APP_URL).authenticate({ challenge: 'abc' }),
    });
    expect(noChallenge.status).toBe(400);
    expect(noChallenge.body.error).toEqual({ code: PASSKEY_ERRORS.challengeExpired, message: passkeyMessages.challengeExpired });
    const noResponse = await client.post('/api/auth/passkey/verify-authentication', {});
    expect(noResponse.status).toBe(400);
    expect(noResponse.body.error.code).toBe('validation');
  });

  it('checks a passkey’s name: at most PASSKEY_NAME_MAX_LENGTH characters on adding and renaming, not empty on renaming', async () => {
    const { email, id } = await registerUser(rt);
    const client = await signedInClient(rt, email);
    const tooLong = 'x'.repeat(PASSKEY_NAME_MAX_LENGTH + 1);
    const refused = await addPasskey(client, tooLong);
    expect(refused.res.status).toBe(400);
    expect(refused.res.body.error).toMatchObject({ code: 'validation', message: passkeyMessages.nameTooLong });
    expect(await rowsOf(id)).toEqual([]);

    const longest = 'y'.repeat(PASSKEY_NAME_MAX_LENGTH);
    expect((await addPasskey(client, longest)).res.status).toBe(200);
    const [row] = await rowsOf(id);
    expect(row!.name).toBe(longest);
    for (const [name, message] of [
      [tooLong, passkeyMessages.nameTooLong],
      ['   ', passkeyMessages.nameRequired],
    ] as const) {
      const res = await client.post('/api/auth/passkey/update-passkey', { id: row!.id, name });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation', message });
    }
    // No name: the list shows the maker's name instead.
    expect((await addPasskey(client, undefined)).res.status).toBe(200);
    const list = (await client.get('/api/auth/passkey/list-user-passkeys')).body;
    expect(list[1]).toMatchObject({ name: null, authenticatorName: 'Google Password Manager' });
  });

  it('asks for a recent sign-in before adding a passkey (better-auth’s fresh session: one day)', async () => {
    const { email, id } = await registerUser(rt);
    const client = await signedInClient(rt, email);
    await rt.pool.query(`UPDATE sessions SET created_at = now() - interval '25 hours' WHERE user_id = $1`, [id]);
    const res = await client.get('/api/auth/passkey/generate-register-options');
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: PASSKEY_ERRORS.notFresh, message: passkeyMessages.notFresh });
    // Listing, renaming and removing need no fresh sign-in.
    expect((await client.get('/api/auth/passkey/list-user-passkeys')).status).toBe(200);
  });

  it('refuses a browser answer made for another site with a 400, not a server error', async () => {
    const { email, id } = await registerUser(rt);
    const client = await signedInClient(rt, email);
    const options = await client.get('/api/auth/passkey/generate-register-options');
    const response = new SoftAuthenticator(TEST_APP_URL).register(options.body, 'https://evil.example');
    const log = captureLog();
    let res: Awaited<ReturnType<Client['post']>>;
    try {
      res = await client.post('/api/auth/passkey/verify-registration', { response, name: 'Phished' });
    } finally {
      log.restore();
    }
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: PASSKEY_ERRORS.registrationFailed, message: passkeyMessages.registrationFailed });
    expect(await rowsOf(id)).toEqual([]);
  });

  it.each([
    ['GET', '/api/auth/passkey/generate-register-options'],
    ['GET', '/api/auth/passkey/list-user-passkeys'],
    ['POST', '/api/auth/passkey/verify-registration'],
    ['POST', '/api/auth/passkey/update-passkey'],
    ['POST', '/api/auth/passkey/delete-passkey'],
  ])('%s %s answers 401 without a session', async (method, path) => {
    const body = method === 'POST' ? { id: crypto.randomUUID(), name: 'Key', response: {} } : undefined;
    const res = await new IpClient(rt.app).request(method, path, body);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });
});
