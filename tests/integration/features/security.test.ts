// Issue 30 §3, §4, §7 against PostgreSQL: the sessions list and its sign-outs (only one's own), a
// signed-out session's next request and live stream, new-device and security e-mails queued with
// their event, and the security log (only one's own, newest first, paged).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, recordSecurityEvent, recordSignIn } from '../../../src/server/auth/security-events.ts';
import { MAILED_SECURITY_EVENTS } from '../../../src/server/mail/security-emails.ts';
import { SECURITY_LOG_PAGE_SIZE } from '../../../src/shared/security-log.ts';
import { IpClient, PASSWORD, registerUser, type TestRuntime } from '../../support/accounts.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';
import { SseReader } from '../../support/sse.ts';
import { keyOf, totp } from '../../support/totp.ts';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

let rt: TestRuntime;
const readers: SseReader[] = [];

beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  for (const reader of readers) await reader.close();
  await rt?.close();
});

/** A browser of its own: its cookies, client IP and user agent. */
class Browser extends IpClient {
  readonly userAgent: string;
  constructor(userAgent: string) {
    super(rt.app);
    this.userAgent = userAgent;
  }
  override raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) {
    return super.raw(method, path, body, { 'user-agent': this.userAgent, ...headers }, signal);
  }
}

async function signedIn(email: string, userAgent = CHROME_LINUX) {
  const browser = new Browser(userAgent);
  const res = await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return browser;
}

async function currentSessionId(browser: Browser): Promise<string> {
  const res = await browser.get('/api/security/sessions');
  expect(res.status).toBe(200);
  return res.body.sessions.find((s: { current: boolean }) => s.current).id;
}

async function openStream(browser: Browser) {
  const res = await browser.raw('GET', '/api/events');
  expect(res.status).toBe(200);
  const reader = new SseReader(res.body!);
  readers.push(reader);
  await reader.waitFor((e) => e.event === 'ready');
  return reader;
}

const securityMails = async (userId: string) =>
  (
    await rt.pool.query<{ kind: string; to_address: string; subject: string; text_body: string }>(
      "SELECT kind, to_address, subject, text_body FROM mail_outbox WHERE user_id = $1 AND kind LIKE 'security-%' ORDER BY created_at",
      [userId],
    )
  ).rows;

describe('the sessions list', () => {
  it("lists the user's own live sessions only, this one marked, with browser, device and IP, and no token", async () => {
    const user = await registerUser(rt);
    const stranger = await registerUser(rt);
    const laptop = await signedIn(user.email, CHROME_LINUX);
    const phone = await signedIn(user.email, SAFARI_IPHONE);
    await signedIn(stranger.email);
    // An expired session of the user's is not live, nor one signed in more than SESSION_MAX_AGE_DAYS (30) ago.
    await rt.pool.query(
      `INSERT INTO sessions (id, token, user_id, expires_at, created_at, user_agent)
       VALUES (gen_random_uuid(), gen_random_uuid(), $1, now() + interval '1 day', now() - interval '31 days', 'x')`,
      [user.id],
    );
    await rt.pool.query(
      `INSERT INTO sessions (id, token, user_id, expires_at, user_agent) VALUES (gen_random_uuid(), gen_random_uuid(), $1, now() - interval '1 minute', 'x')`,
      [user.id],
    );

    const res = await laptop.get('/api/security/sessions');
    expect(res.status).toBe(200);
    const sessions = res.body.sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true, browser: 'Chrome 140', device: 'Linux computer', ipAddress: laptop.ip });
    expect(sessions[1]).toMatchObject({ current: false, browser: 'Safari 17', device: 'iPhone', ipAddress: phone.ip });
    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual(['browser', 'current', 'device', 'id', 'ipAddress', 'lastRenewedAt', 'signedInAt']);
    }
    const { rows } = await rt.pool.query<{ token: string }>('SELECT token FROM sessions WHERE user_id = $1', [user.id]);
    for (const { token } of rows) expect(JSON.stringify(res.body)).not.toContain(token);
    // The other browser sees the same two, itself marked.
    expect(
      (await phone.get('/api/security/sessions')).body.sessions.map((s: { current: boolean; device: string }) => [s.device, s.current]),
    ).toEqual([
      ['iPhone', true],
      ['Linux computer', false],
    ]);
  });

  it('refuses a request without a session', async () => {
    const res = await new IpClient(rt.app).get('/api/security/sessions');
    expect(res.status).toBe(401);
  });
});

describe('signing out a session', () => {
  it("signs out one of the user's other sessions: its next request is 401, the others go on", async () => {
    const user = await registerUser(rt);
    const laptop = await signedIn(user.email);
    const phone = await signedIn(user.email, SAFARI_IPHONE);
    const tablet = await signedIn(user.email, FIREFOX_WINDOWS);
    const phoneSession = await currentSessionId(phone);

    const res = await laptop.request('DELETE', `/api/security/sessions/${phoneSession}`);
    expect(res.status).toBe(204);
    expect((await phone.get('/api/security/sessions')).status).toBe(401);
    expect((await phone.get('/api/profile/current')).body).toEqual({ profile: null });
    expect((await tablet.get('/api/security/sessions')).status).toBe(200);
    expect((await laptop.get('/api/security/sessions')).body.sessions).toHaveLength(2);
    const { rows } = await rt.pool.query("SELECT detail, ip_address FROM security_events WHERE user_id = $1 AND kind = 'session_revoked'", [
      user.id,
    ]);
    expect(rows).toEqual([{ detail: { session: `Safari 17 · iPhone · ${phone.ip}` }, ip_address: laptop.ip }]);
  });

  it("answers 404 for another user's session and leaves it alone; 404 for an id that is no session", async () => {
    const user = await registerUser(rt);
    const stranger = await registerUser(rt);
    const mine = await signedIn(user.email);
    const theirs = await signedIn(stranger.email);
    const theirSession = await currentSessionId(theirs);

    const res = await mine.request('DELETE', `/api/security/sessions/${theirSession}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: 'This session is not among yours (it may have ended already).' });
    expect((await theirs.get('/api/security/sessions')).status).toBe(200);
    expect((await mine.request('DELETE', '/api/security/sessions/not-a-session-id')).status).toBe(404);
    const { rows } = await rt.pool.query(
      "SELECT count(*)::int AS n FROM security_events WHERE user_id IN ($1, $2) AND kind LIKE 'session%'",
      [user.id, stranger.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('refuses to sign out the session in use from the list', async () => {
    const user = await registerUser(rt);
    const laptop = await signedIn(user.email);
    const res = await laptop.request('DELETE', `/api/security/sessions/${await currentSessionId(laptop)}`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This is the session you are using: sign out from the menu instead.');
    expect((await laptop.get('/api/security/sessions')).status).toBe(200);
  });

  it('"sign out everywhere else" keeps the current session only', async () => {
    const user = await registerUser(rt);
    const stranger = await registerUser(rt);
    const laptop = await signedIn(user.email);
    const phone = await signedIn(user.email, SAFARI_IPHONE);
    const tablet = await signedIn(user.email, FIREFOX_WINDOWS);
    const theirs = await signedIn(stranger.email);

    const res = await laptop.post('/api/security/sessions/revoke-others');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: 2 });
    expect((await phone.get('/api/security/sessions')).status).toBe(401);
    expect((await tablet.get('/api/security/sessions')).status).toBe(401);
    expect((await theirs.get('/api/security/sessions')).status).toBe(200);
    const left = (await laptop.get('/api/security/sessions')).body.sessions;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    const { rows } = await rt.pool.query("SELECT detail FROM security_events WHERE user_id = $1 AND kind = 'other_sessions_revoked'", [
      user.id,
    ]);
    expect(rows).toEqual([{ detail: { count: '2' } }]);
  });

  it("ends the signed-out session's live stream at once with 'session-ended', not at the heartbeat", async () => {
    const user = await registerUser(rt);
    const laptop = await signedIn(user.email);
    const phone = await signedIn(user.email, SAFARI_IPHONE);
    const laptopStream = await openStream(laptop);
    const phoneStream = await openStream(phone);

    const started = performance.now();
    expect((await laptop.request('DELETE', `/api/security/sessions/${await currentSessionId(phone)}`)).status).toBe(204);
    // The heartbeat is 25 s: well before it, the stream is told and closed.
    const ended = await phoneStream.waitFor((e) => e.event === 'session-ended', 5000);
    expect(ended.receivedAt - started).toBeLessThan(5000);
    await expect.poll(() => phoneStream.ended).toBe(true);
    // The session still signed in keeps its stream, and hears of the change to show the list anew.
    await laptopStream.waitFor((e) => e.event === 'change' && JSON.parse(e.data).table === 'sessions');
    expect(laptopStream.events.some((e) => e.event === 'session-ended')).toBe(false);
    expect(laptopStream.ended).toBe(false);
  });

  it('closes the stream of a session renewed in the same browser (two-factor turned on) quietly, without signing the page out', async () => {
    const user = await registerUser(rt);
    const laptop = await signedIn(user.email);
    const before = await currentSessionId(laptop);
    const stream = await openStream(laptop);
    const enrol = await laptop.post('/api/auth/two-factor/enable', { password: PASSWORD });
    // better-auth replaces the session as two-factor sign-in turns on: the old one is deleted.
    expect((await laptop.post('/api/auth/two-factor/verify-totp', { code: totp(keyOf(enrol.body.totpURI)) })).status).toBe(200);
    expect(await currentSessionId(laptop)).not.toBe(before);
    await expect.poll(() => stream.ended, { timeout: 10_000 }).toBe(true);
    expect(stream.events.some((e) => e.event === 'session-ended')).toBe(false);
    // The browser's new cookie opens a new stream.
    const again = await openStream(laptop);
    expect(again.ended).toBe(false);
  });
});

describe('recordSignIn: new-device e-mails', () => {
  const signIn = (userId: string, deviceCookie: string | undefined, appUrl = TEST_APP_URL) =>
    recordSignIn(rt.db, { userId, ipAddress: '198.51.100.4', userAgent: FIREFOX_WINDOWS, method: 'password', deviceCookie, appUrl });
  const cookieValue = (setCookie: string | null) => setCookie!.split(';')[0]!.split('=')[1]!;

  it('mails nothing on the first sign-in, nor from a known device; once from a new device, to the account address', async () => {
    const user = await registerUser(rt);
    // The alerts go elsewhere; security mail goes to the account's own address.
    await rt.pool.query("UPDATE users SET alerts_email = 'alerts@example.com' WHERE id = $1", [user.id]);

    const first = await signIn(user.id, undefined);
    expect(first.setCookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; Max-Age=34560000; HttpOnly; SameSite=Lax$`));
    const known = cookieValue(first.setCookie);
    expect(await securityMails(user.id)).toEqual([]);

    const again = await signIn(user.id, known);
    expect(cookieValue(again.setCookie)).toBe(known);
    expect(await securityMails(user.id)).toEqual([]);

    const fromNew = await signIn(user.id, undefined);
    const newDevice = cookieValue(fromNew.setCookie);
    expect(newDevice).not.toBe(known);
    const mails = await securityMails(user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'security-new-sign-in',
      to_address: user.email,
      subject: 'New sign-in to your Enterprise OS account',
    });
    expect(mails[0]!.text_body).toContain('From: IP address 198.51.100.4, Firefox 121 on a Windows computer');
    expect(mails[0]!.text_body).toContain('How: Password');
    expect(mails[0]!.text_body).toContain(`${TEST_APP_URL}/forgot-password`);

    // That device is known from now on; so is the first.
    await signIn(user.id, newDevice);
    await signIn(user.id, known);
    expect(await securityMails(user.id)).toHaveLength(1);
    const { rows } = await rt.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM security_events WHERE user_id = $1 AND kind = 'sign_in'",
      [user.id],
    );
    expect(rows[0]!.n).toBe(5);
    const stored = await rt.pool.query<{ device_hash: string }>('SELECT device_hash FROM known_devices WHERE user_id = $1', [user.id]);
    expect(stored.rows).toHaveLength(2);
    // Stored hashed: the cookie itself is nowhere in the database.
    for (const { device_hash } of stored.rows) expect([known, newDevice]).not.toContain(device_hash);
  });

  it('treats a malformed device cookie as none, and marks the cookie Secure on https', async () => {
    const user = await registerUser(rt);
    await signIn(user.id, undefined);
    const res = await signIn(user.id, 'forged<value>', 'https://os.example.com');
    expect(res.setCookie).toMatch(/; Secure$/);
    expect(cookieValue(res.setCookie)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mails = await securityMails(user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('https://os.example.com/profile');
  });

  it('mails once for two sign-ins racing from the same new device', async () => {
    const user = await registerUser(rt);
    await signIn(user.id, undefined);
    const device = 'A'.repeat(43);
    await Promise.all([signIn(user.id, device), signIn(user.id, device)]);
    expect(await securityMails(user.id)).toHaveLength(1);
  });
});

describe('recordSecurityEvent: security e-mails', () => {
  it('queues one mail per mailed kind to the account address with what, when and where; none for the others', async () => {
    const user = await registerUser(rt);
    await rt.pool.query("UPDATE users SET alerts_email = 'alerts@example.com' WHERE id = $1", [user.id]);
    for (const kind of MAILED_SECURITY_EVENTS) {
      await recordSecurityEvent(rt.db, {
        userId: user.id,
        kind,
        ipAddress: '192.0.2.9',
        userAgent: SAFARI_IPHONE,
        detail: { name: 'Work laptop' },
        appUrl: TEST_APP_URL,
      });
    }
    await recordSecurityEvent(rt.db, { userId: user.id, kind: 'sign_in_failed', ipAddress: '192.0.2.9', userAgent: SAFARI_IPHONE });
    await recordSecurityEvent(rt.db, { userId: user.id, kind: 'export_requested', ipAddress: null, userAgent: null });

    const mails = await securityMails(user.id);
    expect(mails.map((m) => m.kind)).toEqual(MAILED_SECURITY_EVENTS.map((kind) => `security-${kind.replaceAll('_', '-')}`));
    const events = await rt.pool.query<{ created_at: Date }>(
      'SELECT created_at FROM security_events WHERE user_id = $1 ORDER BY created_at',
      [user.id],
    );
    expect(events.rows).toHaveLength(MAILED_SECURITY_EVENTS.length + 2);
    for (const mail of mails) {
      expect(mail.to_address).toBe(user.email);
      expect(mail.text_body).toMatch(/When: \w+day, \w+ \d+, \d{4} at \d\d:\d\d UTC/);
      expect(mail.text_body).toContain('From: IP address 192.0.2.9, Safari 17 on an iPhone');
      expect(mail.text_body).toContain(`${TEST_APP_URL}/forgot-password`);
      expect(mail.text_body).toContain(`${TEST_APP_URL}/profile`);
    }
    expect(mails.find((m) => m.kind === 'security-passkey-added')!.text_body).toContain('"Work laptop"');
  });

  it('logs a mailed kind but sends nothing when the caller passed no app address (the links need it)', async () => {
    const user = await registerUser(rt);
    await recordSecurityEvent(rt.db, { userId: user.id, kind: 'password_changed', ipAddress: null, userAgent: null });
    expect(await securityMails(user.id)).toEqual([]);
    const { rows } = await rt.pool.query("SELECT kind FROM security_events WHERE user_id = $1 AND kind = 'password_changed'", [user.id]);
    expect(rows).toHaveLength(1);
  });

  it('fails for a user that does not exist, queuing no mail', async () => {
    const res = recordSecurityEvent(rt.db, {
      userId: 'no-such-user',
      kind: 'password_changed',
      ipAddress: null,
      userAgent: null,
      appUrl: TEST_APP_URL,
    });
    await expect(res).rejects.toThrow();
    const { rows } = await rt.pool.query("SELECT count(*)::int AS n FROM mail_outbox WHERE user_id = 'no-such-user'");
    expect(rows[0].n).toBe(0);
  });
});

describe('the security log', () => {
  it("lists the user's own events only, newest first, with labels, method, IP, browser and device", async () => {
    const user = await registerUser(rt);
    const stranger = await registerUser(rt);
    const browser = await signedIn(user.email);
    // The log starts empty: the events below are the whole of it (the sign-in above logs one too).
    await rt.pool.query('DELETE FROM security_events WHERE user_id = $1', [user.id]);
    await recordSignIn(rt.db, {
      userId: user.id,
      ipAddress: '198.51.100.4',
      userAgent: FIREFOX_WINDOWS,
      method: 'email_code',
      deviceCookie: undefined,
      appUrl: TEST_APP_URL,
    });
    await recordSecurityEvent(rt.db, {
      userId: user.id,
      kind: 'password_changed',
      ipAddress: '198.51.100.5',
      userAgent: CHROME_LINUX,
      appUrl: TEST_APP_URL,
    });
    await recordSecurityEvent(rt.db, { userId: stranger.id, kind: 'sign_in_failed', ipAddress: '203.0.113.1', userAgent: null });
    // Past the 90 days the log is kept: not shown, even before housekeeping deletes it.
    await rt.pool.query(
      "INSERT INTO security_events (user_id, kind, created_at) VALUES ($1, 'sign_in_failed', now() - interval '91 days')",
      [user.id],
    );

    const res = await browser.get('/api/security/log');
    expect(res.status).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.events.map((e: { kind: string }) => e.kind)).toEqual(['password_changed', 'sign_in']);
    expect(res.body.events[0]).toMatchObject({
      label: 'Password changed',
      note: null,
      ipAddress: '198.51.100.5',
      browser: 'Chrome 140',
      device: 'Linux computer',
    });
    expect(res.body.events[1]).toMatchObject({
      label: 'Signed in',
      note: 'With: E-mailed code',
      ipAddress: '198.51.100.4',
      browser: 'Firefox 121',
      device: 'Windows computer',
    });
    expect((await new IpClient(rt.app).get('/api/security/log')).status).toBe(401);
  });

  it('pages back with "before", skipping and repeating nothing, and refuses a position that is not one of the user\'s events', async () => {
    const user = await registerUser(rt);
    const stranger = await registerUser(rt);
    const browser = await signedIn(user.email);
    await rt.pool.query('DELETE FROM security_events WHERE user_id = $1', [user.id]);
    // One more than a page, several at the very same time.
    await rt.pool.query(
      `INSERT INTO security_events (user_id, kind, created_at)
       SELECT $1, 'sign_in_failed', now() - (n / 3) * interval '1 second' FROM generate_series(1, $2::int) n`,
      [user.id, SECURITY_LOG_PAGE_SIZE + 5],
    );
    const first = await browser.get('/api/security/log');
    expect(first.body.events).toHaveLength(SECURITY_LOG_PAGE_SIZE);
    expect(first.body.nextCursor).toBe(first.body.events.at(-1).id);
    const second = await browser.get(`/api/security/log?before=${first.body.nextCursor}`);
    expect(second.body.events).toHaveLength(5);
    expect(second.body.nextCursor).toBeNull();
    const ids = [...first.body.events, ...second.body.events].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(SECURITY_LOG_PAGE_SIZE + 5);

    for (const before of ['nonsense', crypto.randomUUID()]) {
      const bad = await browser.get(`/api/security/log?before=${before}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('The log position is not valid: reload the page.');
    }
    await recordSecurityEvent(rt.db, { userId: stranger.id, kind: 'sign_in_failed', ipAddress: null, userAgent: null });
    const { rows } = await rt.pool.query<{ id: string }>('SELECT id FROM security_events WHERE user_id = $1', [stranger.id]);
    expect((await browser.get(`/api/security/log?before=${rows[0]!.id}`)).status).toBe(400);
  });
});
