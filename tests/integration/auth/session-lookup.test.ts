// The session check on API requests (src/server/http/session.ts, issue 16): one statement reads the
// session and its user (with the user's default alert recipient) from the verified signed cookie,
// and better-auth's getSession still answers whenever it has something to write. What a request is
// allowed, which cookies it gets back and what happens to the session rows must be as before.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedCookieReader } from '../../../src/server/auth/signed-cookie.ts';
import { IpClient, PASSWORD, registerUser, type TestRuntime, uniqueIp } from '../../support/accounts.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';

const SECRET = 'integration-test-secret-integration-test-secret';
const COOKIE = 'better-auth.session_token';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime({ AUTH_SECRET: SECRET });
});
afterAll(async () => {
  await rt?.close();
});

/** Registers and signs in a user; returns the id and the cookies the sign-in set, as a Cookie header. */
async function signedIn(body: Record<string, unknown> = {}) {
  const user = await registerUser(rt);
  const res = await new IpClient(rt.app).raw('POST', '/api/auth/sign-in/email', { email: user.email, password: PASSWORD, ...body });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = (await rt.pool.query<{ token: string }>('SELECT token FROM sessions WHERE user_id = $1', [user.id])).rows[0]!.token;
  return { ...user, cookie, token };
}

const get = (cookie: string, path = '/api/news-alerts') =>
  rt.app.request(path, { headers: { cookie, origin: TEST_APP_URL, 'x-forwarded-for': uniqueIp() } });

/** better-call's signed-cookie format: `value.base64(HMAC-SHA256(secret, value))`, URI-encoded. */
const signed = (value: string, secret = SECRET) =>
  encodeURIComponent(`${value}.${createHmac('sha256', secret).update(value).digest('base64')}`);

/** Every statement any pg client in this process sends while `fn` runs. */
async function statementsDuring(fn: () => Promise<unknown>) {
  const texts: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    texts.push(typeof first === 'string' ? first : first.text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = query;
  }
  return texts;
}

const sessionRows = async (userId: string) => (await rt.pool.query('SELECT id FROM sessions WHERE user_id = $1', [userId])).rows;

describe('GET /api/news-alerts with the session cookie', () => {
  it('answers with two statements: the session with its user, then the alerts', async () => {
    const { cookie } = await signedIn();
    expect((await get(cookie)).status).toBe(200);
    const texts = await statementsDuring(async () => {
      const res = await get(cookie);
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
    });
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/from "sessions" inner join "users"/);
    expect(texts[1]).toMatch(/from "sonar_alerts"/);
  });

  it("gives the user's alerts e-mail as the default recipient, else the account e-mail", async () => {
    const { cookie, email, id } = await signedIn();
    expect(await (await get(cookie)).json()).toEqual({ alerts: [], defaultNotificationEmail: email });
    await rt.pool.query(`UPDATE users SET alerts_email = 'alerts@example.com' WHERE id = $1`, [id]);
    expect((await (await get(cookie)).json()).defaultNotificationEmail).toBe('alerts@example.com');
    await rt.pool.query(`UPDATE users SET alerts_email = '' WHERE id = $1`, [id]);
    expect((await (await get(cookie)).json()).defaultNotificationEmail).toBe(email);
  });

  it('accepts a cookie signed in the format better-auth signs, with its secret only', async () => {
    const { token } = await signedIn();
    expect((await get(`${COOKIE}=${signed(token)}`)).status).toBe(200);
    expect((await get(`${COOKIE}=${signed(token, `${SECRET}-other`)}`)).status).toBe(401);
  });

  it('refuses a tampered, unsigned or unknown session cookie without reading the database for a bad signature', async () => {
    const { token, cookie } = await signedIn();
    const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    const signature = value.slice(value.lastIndexOf('.') + 1);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const tampered = `${COOKIE}=${encodeURIComponent(`${token}.${flipped}`)}`;
    const texts = await statementsDuring(async () => expect((await get(tampered)).status).toBe(401));
    expect(texts).toEqual([]);
    // Another token with this one's signature, the token alone, and a well-signed unknown token.
    // (The last character is changed to another one: a token already ending in 'x' stayed itself.)
    const otherToken = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    expect((await get(`${COOKIE}=${encodeURIComponent(`${otherToken}.${signature}`)}`)).status).toBe(401);
    expect((await get(`${COOKIE}=${token}`)).status).toBe(401);
    expect((await get(`${COOKIE}=${signed('no-such-session-token')}`)).status).toBe(401);
    expect((await get('')).status).toBe(401);
    // The first cookie of the name counts, as in better-auth.
    expect((await get(`${tampered}; ${cookie}`)).status).toBe(401);
    expect((await get(`${cookie}; ${tampered}`)).status).toBe(200);
  });

  it('remembers a verified cookie, yet refuses a tampered one after it and reads the session every time', async () => {
    const { token, cookie, id } = await signedIn();
    // Verified once, then answered from memory: the session is still read on every request.
    expect((await get(cookie)).status).toBe(200);
    const texts = await statementsDuring(async () => expect((await get(cookie)).status).toBe(200));
    expect(texts[0]).toMatch(/from "sessions" inner join "users"/);
    // Tampered after the good value was remembered: refused, without a statement.
    const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    const signature = value.slice(value.lastIndexOf('.') + 1);
    const flipped = `${signature.slice(0, 5)}${signature[5] === 'A' ? 'B' : 'A'}${signature.slice(6)}`;
    const tampered = `${COOKIE}=${encodeURIComponent(`${token}.${flipped}`)}`;
    expect(await statementsDuring(async () => expect((await get(tampered)).status).toBe(401))).toEqual([]);
    expect((await get(`${COOKIE}=${encodeURIComponent(`${token}x.${signature}`)}`)).status).toBe(401);
    expect((await get(`${COOKIE}=${signed(token, `${SECRET}-other`)}`)).status).toBe(401);
    // A remembered cookie whose session is gone is refused: the database decides, not the memory.
    await rt.pool.query('DELETE FROM sessions WHERE user_id = $1', [id]);
    expect((await get(cookie)).status).toBe(401);
  });

  it('refuses an expired session, and deletes it as better-auth does', async () => {
    const { cookie, id } = await signedIn();
    await rt.pool.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [id]);
    expect((await get(cookie)).status).toBe(401);
    expect(await sessionRows(id)).toEqual([]);
  });

  it('refuses a session signed out or revoked elsewhere, and one whose user is gone', async () => {
    const a = await signedIn();
    const signOut = await rt.app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie: a.cookie, origin: TEST_APP_URL, 'content-type': 'application/json', 'x-forwarded-for': uniqueIp() },
      body: '{}',
    });
    expect(signOut.status).toBe(200);
    expect((await get(a.cookie)).status).toBe(401);

    const b = await signedIn();
    await rt.pool.query('DELETE FROM sessions WHERE user_id = $1', [b.id]);
    expect((await get(b.cookie)).status).toBe(401);

    const c = await signedIn();
    await rt.pool.query('DELETE FROM users WHERE id = $1', [c.id]);
    expect((await get(c.cookie)).status).toBe(401);
  });

  it('ends a session SESSION_MAX_AGE_DAYS after sign-in however active', async () => {
    const { cookie, id } = await signedIn();
    await rt.pool.query(`UPDATE sessions SET created_at = now() - interval '30 days 1 minute' WHERE user_id = $1`, [id]);
    expect((await get(cookie)).status).toBe(401);
    expect(await sessionRows(id)).toEqual([]);
  });

  it('slides the expiry of a session last renewed over a day ago and sends the renewed cookie', async () => {
    const { cookie, id } = await signedIn();
    await rt.pool.query(
      `UPDATE sessions SET expires_at = now() + interval '5 days', updated_at = now() - interval '2 days' WHERE user_id = $1`,
      [id],
    );
    const res = await get(cookie);
    expect(res.status).toBe(200);
    const renewed = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`));
    expect(renewed).toMatch(/Max-Age=604800/i);
    expect(renewed?.split(';')[0]).toBe(cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`)));
    const { rows } = await rt.pool.query(`SELECT expires_at > now() + interval '6 days' AS renewed FROM sessions WHERE user_id = $1`, [id]);
    expect(rows[0].renewed).toBe(true);
    // Renewed: the next request needs no write and sends no cookie.
    const next = await get(cookie);
    expect(next.status).toBe(200);
    expect(next.headers.getSetCookie()).toEqual([]);
  });

  it('keeps a "don\'t remember me" session from sliding, as better-auth does', async () => {
    const { cookie, id } = await signedIn({ rememberMe: false });
    expect(cookie).toMatch(/dont_remember=/);
    await rt.pool.query(
      `UPDATE sessions SET expires_at = now() + interval '5 days', updated_at = now() - interval '2 days' WHERE user_id = $1`,
      [id],
    );
    const res = await get(cookie);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    const { rows } = await rt.pool.query(`SELECT expires_at < now() + interval '6 days' AS kept FROM sessions WHERE user_id = $1`, [id]);
    expect(rows[0].kept).toBe(true);
  });

  it('puts the session user on every guarded route, not a user named by the request', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const res = await rt.app.request(`/api/profile?userId=${b.id}`, {
      headers: { cookie: a.cookie, origin: TEST_APP_URL, 'x-user-id': b.id, 'x-forwarded-for': uniqueIp() },
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain(a.email);
  });
});

// The fast path reads better-auth's cookie itself (signed-cookie.ts) instead of asking better-auth
// (ADR 021). These fail when an upgrade changes what it relies on: the cookie's name, its signature
// scheme, or what the signed value is (the sessions row's token); upgrade, run them, then adapt.
describe("better-auth's session cookie, as the fast path reads it (contract)", () => {
  it('comes from the better-auth version package.json pins exactly', () => {
    const pinned = (JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }).dependencies[
      'better-auth'
    ];
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const installed = (JSON.parse(readFileSync('node_modules/better-auth/package.json', 'utf8')) as { version: string }).version;
    expect(installed).toBe(pinned);
  });

  it('is named better-auth.session_token and holds the session token signed as `token.base64(HMAC-SHA256)`, URI-encoded', async () => {
    const user = await registerUser(rt);
    const res = await new IpClient(rt.app).raw('POST', '/api/auth/sign-in/email', { email: user.email, password: PASSWORD });
    expect(res.status).toBe(200);
    const ctx = await rt.auth.$context;
    expect(ctx.authCookies.sessionToken.name).toBe(COOKIE);
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`));
    expect(set, res.headers.getSetCookie().join('\n')).toBeDefined();
    const value = set!.split(';')[0]!.slice(COOKIE.length + 1);
    const token = (await rt.pool.query<{ token: string }>('SELECT token FROM sessions WHERE user_id = $1', [user.id])).rows[0]!.token;
    // The whole value, byte for byte: the signed part is the row's token, the signature our HMAC.
    expect(value).toBe(signed(token));
    expect(createSignedCookieReader(SECRET)(`${COOKIE}=${value}`, COOKIE)).toBe(token);
    // And better-auth itself still takes a cookie made this way, and refuses one signed with another secret.
    const session = await rt.auth.api.getSession({ headers: new Headers({ cookie: `${COOKIE}=${signed(token)}` }) });
    expect(session?.user.id).toBe(user.id);
    expect(await rt.auth.api.getSession({ headers: new Headers({ cookie: `${COOKIE}=${signed(token, `${SECRET}-other`)}` }) })).toBeNull();
  });
});
