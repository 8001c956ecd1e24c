// Security e-mails through the real sign-in paths (issue 30 §4): a device not seen before is told
// about, a known one and the very first sign-in are not; factor and password changes are mailed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpClient, PASSWORD, registerUser, type TestRuntime } from '../../support/accounts.ts';
import { startTestRuntime } from '../../support/runtime.ts';
import { keyOf, totp } from '../../support/totp.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

const subjects = async (email: string) =>
  (
    await rt.pool.query<{ subject: string }>(
      "SELECT subject FROM mail_outbox WHERE to_address = $1 AND kind <> 'otp' ORDER BY created_at",
      [email],
    )
  ).rows.map((r) => r.subject);

describe('security e-mails', () => {
  it('mails a sign-in from a new device once, not from a known one, and not the first sign-in', async () => {
    const user = await registerUser(rt);
    const before = await subjects(user.email);
    const laptop = new IpClient(rt.app);
    expect((await laptop.post('/api/auth/sign-in/email', { email: user.email, password: PASSWORD })).status).toBe(200);
    expect((await laptop.post('/api/auth/sign-in/email', { email: user.email, password: PASSWORD })).status).toBe(200);
    // The laptop's first sign-in is the account's first (nothing to compare with), its second a known
    // device: no mail. The phone is new: one mail.
    const phone = new IpClient(rt.app);
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    expect((await phone.post('/api/auth/sign-in/email', { email: user.email, password: PASSWORD }, { 'user-agent': iphone })).status).toBe(
      200,
    );
    expect((await subjects(user.email)).slice(before.length).filter((s) => /new sign-in/i.test(s))).toHaveLength(1);
    // The phone's mail names where it came from.
    const { rows } = await rt.pool.query<{ text_body: string }>(
      "SELECT text_body FROM mail_outbox WHERE to_address = $1 AND subject ILIKE '%new sign-in%' ORDER BY created_at DESC LIMIT 1",
      [user.email],
    );
    expect(rows[0]!.text_body).toContain(phone.ip);
    expect(rows[0]!.text_body).toMatch(/iPhone|Safari/);
    // Known now: signing in again from the phone sends nothing.
    const count = (await subjects(user.email)).length;
    expect((await phone.post('/api/auth/sign-in/email', { email: user.email, password: PASSWORD })).status).toBe(200);
    expect(await subjects(user.email)).toHaveLength(count);
  });

  it('mails two-factor on and off and a password change', async () => {
    const user = await registerUser(rt);
    const client = new IpClient(rt.app);
    await client.post('/api/auth/sign-in/email', { email: user.email, password: PASSWORD });
    const before = (await subjects(user.email)).length;
    const enrol = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    const key = keyOf(enrol.body.totpURI);
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: totp(key) })).status).toBe(200);
    expect((await client.post('/api/auth/two-factor/disable', { password: PASSWORD, code: totp(key) })).status).toBe(200);
    expect((await client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'a-new-pass-phrase-9' })).status).toBe(
      200,
    );
    expect((await subjects(user.email)).slice(before)).toEqual([
      'Two-factor sign-in turned on for your Enterprise OS account',
      'Two-factor sign-in turned off for your Enterprise OS account',
      'Your Enterprise OS password was changed',
    ]);
  });
});
