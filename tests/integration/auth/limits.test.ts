// Failed sign-in attempts are limited per account (whatever the IP) and per IP (whatever the account).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpClient, ipsInBlock, registerUser, type TestRuntime, uniqueEmail } from '../../support/accounts.ts';
import { SIGN_IN_LIMITS, startSignInLimitedRuntime } from '../../support/sign-in-limits.ts';

const { perAccount: PER_ACCOUNT, perIp: PER_IP } = SIGN_IN_LIMITS;
const WINDOW_MINUTES = 15;

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startSignInLimitedRuntime();
});
afterAll(async () => {
  await rt?.close();
});

// This file's own address block, one address per request in the distributed attack.
const nextIp = ipsInBlock(0);
const signIn = (email: string, password: string, ip = nextIp()) =>
  new IpClient(rt.app, ip).post('/api/auth/sign-in/email', { email, password });

describe('per-account limit', () => {
  it('blocks an account attacked from many IPs, even with the right password; other accounts still sign in', async () => {
    const victim = await registerUser(rt);
    const bystander = await registerUser(rt);
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const res = await signIn(victim.email, `wrong-${i}`);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await signIn(victim.email, victim.password);
    expect(blocked.status).toBe(429);
    // The owner is told what happened, for how long, and the way in that still works.
    expect(blocked.body.error).toEqual({
      code: 'account_throttled',
      title: 'Password sign-in paused',
      message: `Too many wrong passwords were tried for this account, so password sign-in is paused for ${WINDOW_MINUTES} minutes. You can still sign in with a one-time code sent to your e-mail.`,
    });
    expect(blocked.headers.getSetCookie()).toEqual([]);

    // The block is per account: the e-mail's case does not get around it.
    expect((await signIn(victim.email.toUpperCase(), victim.password)).status).toBe(429);

    expect((await signIn(bystander.email, bystander.password)).status).toBe(200);
  });

  it('a successful sign-in clears the account count', async () => {
    const user = await registerUser(rt);
    for (let i = 0; i < PER_ACCOUNT - 1; i++) expect((await signIn(user.email, 'wrong-password')).status).toBe(401);
    expect((await signIn(user.email, user.password)).status).toBe(200);
    for (let i = 0; i < PER_ACCOUNT - 1; i++) expect((await signIn(user.email, 'wrong-password')).status).toBe(401);
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });
});

describe('what an attacker cannot take from the owner or an office', () => {
  // better-auth's own limiter allowed 10 sign-ins a minute per address, correct ones included.
  it('an office behind one address signs in 12 times in a minute', { timeout: 60_000 }, async () => {
    const office = nextIp();
    const staff = await Promise.all(Array.from({ length: 3 }, () => registerUser(rt)));
    for (let round = 0; round < 4; round++) {
      for (const member of staff) expect((await signIn(member.email, member.password, office)).status, `round ${round + 1}`).toBe(200);
    }
  });

  it('with password sign-in paused, the owner still signs in with a one-time code', async () => {
    const owner = await registerUser(rt);
    for (let i = 0; i <= PER_ACCOUNT; i++) await signIn(owner.email, `wrong-${i}`);
    expect((await signIn(owner.email, owner.password)).body.error.code).toBe('account_throttled');

    const client = new IpClient(rt.app, nextIp());
    expect((await client.post('/api/auth/email-otp/send-verification-otp', { email: owner.email, type: 'sign-in' })).status).toBe(200);
    const { rows } = await rt.pool.query<{ text_body: string }>(
      `SELECT text_body FROM mail_outbox WHERE to_address = $1 AND kind = 'otp'`,
      [owner.email],
    );
    const code = rows[0]!.text_body.match(/\b(\d{6})\b/)![1]!;
    expect((await client.post('/api/auth/sign-in/email-otp', { email: owner.email, otp: code })).status).toBe(200);
    expect((await client.get('/api/profile')).body.email).toBe(owner.email);
  });
});

describe('per-IP limit', () => {
  it('blocks one IP that tries many accounts; other IPs are unaffected', async () => {
    const ip = nextIp();
    const target = await registerUser(rt);
    for (let i = 0; i < PER_IP; i++) {
      const res = await signIn(uniqueEmail('spray'), 'guess-123', ip);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await signIn(target.email, target.password, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual({
      code: 'too_many_attempts',
      message: `Too many attempts. Please try again in ${WINDOW_MINUTES} minutes.`,
    });

    expect((await signIn(target.email, target.password)).status).toBe(200);
  });
});
