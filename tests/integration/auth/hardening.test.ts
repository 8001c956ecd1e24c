// Hardening of the auth front door: limits hold under concurrency, bodies must be JSON, only the
// last X-Forwarded-For hop counts, code sending is limited per account, and tokens stay out of logs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpClient, ipsInBlock, registerUser, type TestRuntime, uniqueEmail } from '../../support/accounts.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';
import { SIGN_IN_LIMITS, startSignInLimitedRuntime } from '../../support/sign-in-limits.ts';

const PER_ACCOUNT = SIGN_IN_LIMITS.perAccount;
// This file's own address block (limits.test.ts uses 10.0.x.x).
const nextIp = ipsInBlock(77);

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startSignInLimitedRuntime();
});
afterAll(async () => {
  await rt?.close();
});

describe('concurrent attempts', () => {
  it('lets at most the per-account limit of 30 simultaneous wrong passwords through', async () => {
    const user = await registerUser(rt);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        new IpClient(rt.app, nextIp()).post('/api/auth/sign-in/email', { email: user.email, password: `wrong-password-${i}` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    const unauthorized = statuses.filter((s) => s === 401).length;
    const limited = results.filter((r) => r.status === 429);
    expect(
      statuses.filter((s) => s !== 401 && s !== 429),
      JSON.stringify(statuses),
    ).toEqual([]);
    expect(unauthorized, JSON.stringify(statuses)).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(unauthorized).toBeGreaterThan(0);
    expect(limited.length).toBe(30 - unauthorized);
    for (const r of limited) expect(r.body.error.code).toBe('account_throttled');
  });
});

describe('request bodies', () => {
  for (const path of ['/api/auth/sign-in/email', '/api/auth/email-otp/send-verification-otp']) {
    it(`refuses a form-encoded POST to ${path} with 415`, async () => {
      const email = uniqueEmail('form');
      const res = await rt.app.request(path, {
        method: 'POST',
        headers: { origin: TEST_APP_URL, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextIp() },
        body: new URLSearchParams({ email, password: 'wrong-password', type: 'sign-in' }).toString(),
      });
      expect(res.status).toBe(415);
      const body = (await res.json()) as { error: { code: string } };
      expect(body.error.code).toBe('unsupported_media_type');
      expect(res.headers.getSetCookie()).toEqual([]);
    });
  }
});

describe('X-Forwarded-For', () => {
  it('counts against the last hop, not the entries the client wrote', async () => {
    const signIn = (prefix: string) =>
      new IpClient(rt.app, `${prefix}, 10.9.9.9`).post('/api/auth/sign-in/email', { email: uniqueEmail('xff'), password: 'guess-123' });
    for (const prefix of ['a', 'b', 'c']) expect((await signIn(prefix)).status, `from ${prefix}`).toBe(401);
    const blocked = await signIn('d');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('too_many_attempts');

    // Another last hop is not affected.
    expect(
      (await new IpClient(rt.app, 'a, 10.9.9.10').post('/api/auth/sign-in/email', { email: uniqueEmail('xff'), password: 'x-1234567' }))
        .status,
    ).toBe(401);
  });
});

describe('sending codes', () => {
  it('is limited per account, whatever the IP', async () => {
    const user = await registerUser(rt);
    const send = () =>
      new IpClient(rt.app, nextIp()).post('/api/auth/email-otp/send-verification-otp', { email: user.email, type: 'sign-in' });
    for (let i = 0; i < 5; i++) expect((await send()).status, `call ${i + 1}`).toBe(200);
    const blocked = await send();
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual({
      code: 'too_many_emails',
      message: 'Too many e-mails were requested for this address. Please try again in 15 minutes.',
    });
    const { rows } = await rt.pool.query("SELECT 1 FROM mail_outbox WHERE to_address = $1 AND kind = 'otp'", [user.email]);
    expect(rows).toHaveLength(5);
  });
});

describe('request log', () => {
  it('never contains a reset token from the path, nor the values of query parameters', async () => {
    const TOKEN = 'SOMETOKEN123456789012345';
    const logged = await startTestRuntime({ LOG_LEVEL: 'info' });
    const chunks: string[] = [];
    const original = process.stdout.write;
    try {
      process.stdout.write = ((chunk: string | Uint8Array) => {
        chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
        return true;
      }) as typeof process.stdout.write;
      const res = await logged.app.request(`/api/auth/reset-password/${TOKEN}?callbackURL=/reset-password`, {
        headers: { 'x-forwarded-for': nextIp() },
      });
      expect(res.status).toBeLessThan(500);
      // What a user typed travels in query strings too (the content screen's prefill).
      await logged.app.request('/content-os?who=Hospital%20CFOs%20at%20Acme&what=Secret%20plan', {
        headers: { 'x-forwarded-for': nextIp() },
      });
    } finally {
      process.stdout.write = original;
      await logged.close();
    }
    const output = chunks.join('');
    // The request was logged (so the assertion below has something to look at) ...
    expect(output).toContain('GET /api/auth/reset-password/***');
    // ... without the token.
    expect(output).not.toContain(TOKEN);
    // Query parameters by name only.
    expect(output).toContain('GET /content-os?who=…&what=…');
    expect(output).not.toContain('Hospital');
    expect(output).not.toContain('Secret');
  });
});
