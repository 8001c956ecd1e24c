// Failed sign-in attempts are limited per account (whatever the IP) and per IP (whatever the account).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpClient, registerUser, type TestRuntime, uniqueEmail } from '../support/accounts.ts';
import { startTestRuntime } from '../support/runtime.ts';

const PER_ACCOUNT = 5;
const PER_IP = 3;

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime({ AUTH_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT), AUTH_MAX_FAILURES_PER_IP: String(PER_IP) });
});
afterAll(async () => {
  await rt?.close();
});

// This file's own address block, one address per request in the distributed attack.
let n = 0;
const nextIp = () => {
  n += 1;
  return `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};
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
    expect(blocked.body.error.code).toBe('too_many_attempts');
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
    expect(blocked.body.error.code).toBe('too_many_attempts');

    expect((await signIn(target.email, target.password)).status).toBe(200);
  });
});
