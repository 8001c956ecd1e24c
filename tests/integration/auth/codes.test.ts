// One-time e-mail codes: sent through the outbox, single use, and never a way to create an account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpClient, registerUser, type TestRuntime, uniqueEmail } from '../../support/accounts.ts';
import { startTestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

type OutboxRow = { kind: string; to_address: string; subject: string; text_body: string; status: string };
const outbox = async (email: string) =>
  (
    await rt.pool.query<OutboxRow>(
      'SELECT kind, to_address, subject, text_body, status FROM mail_outbox WHERE to_address = $1 ORDER BY created_at',
      [email],
    )
  ).rows;

function codeIn(mail: OutboxRow) {
  const code = mail.text_body.match(/\b(\d{6})\b/)?.[1];
  expect(code, mail.text_body).toBeDefined();
  return code!;
}

describe('e-mail codes', () => {
  it('mails a 6-digit code that signs the user in once', async () => {
    const user = await registerUser(rt);
    const client = new IpClient(rt.app);
    const sent = await client.post('/api/auth/email-otp/send-verification-otp', { email: user.email, type: 'sign-in' });
    expect(sent.status).toBe(200);

    const mails = await outbox(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'otp', to_address: user.email, status: 'pending' });
    const code = codeIn(mails[0]!);
    // Only a hash of the code is stored.
    const stored = await rt.pool.query<{ value: string }>('SELECT value FROM verifications WHERE identifier LIKE $1', [`%${user.email}%`]);
    expect(stored.rows.length).toBeGreaterThan(0);
    for (const row of stored.rows) expect(row.value).not.toContain(code);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await client.post('/api/auth/sign-in/email-otp', { email: user.email, otp: wrong });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect((await client.get('/api/profile')).status).toBe(401);

    const signedIn = await client.post('/api/auth/sign-in/email-otp', { email: user.email, otp: code });
    expect(signedIn.status).toBe(200);
    const profile = await client.get('/api/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(user.email);

    const other = new IpClient(rt.app);
    const reused = await other.post('/api/auth/sign-in/email-otp', { email: user.email, otp: code });
    expect(reused.status).toBeGreaterThanOrEqual(400);
    expect(reused.status).toBeLessThan(500);
    expect((await other.get('/api/profile')).status).toBe(401);
  });

  it('a code sign-in keeps the password usable', async () => {
    const user = await registerUser(rt);
    const client = new IpClient(rt.app);
    expect((await client.post('/api/auth/email-otp/send-verification-otp', { email: user.email, type: 'sign-in' })).status).toBe(200);
    const code = codeIn((await outbox(user.email))[0]!);
    expect((await client.post('/api/auth/sign-in/email-otp', { email: user.email, otp: code })).status).toBe(200);
    const again = await new IpClient(rt.app).post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(again.status).toBe(200);
  });

  it('never creates an account for an unknown e-mail', async () => {
    const email = uniqueEmail('stranger');
    const client = new IpClient(rt.app);
    const sent = await client.post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
    expect(sent.status).toBe(200);
    expect(await outbox(email)).toEqual([]);

    const guess = await client.post('/api/auth/sign-in/email-otp', { email, otp: '123456' });
    expect(guess.status).toBeGreaterThanOrEqual(400);
    expect(guess.status).toBeLessThan(500);
    const { rows } = await rt.pool.query('SELECT id FROM users WHERE email = $1', [email]);
    expect(rows).toEqual([]);
  });
});

describe('wrong codes do not tell whether an address has an account', () => {
  const wrongCodes = async (email: string, tries: number, otp: string) => {
    const client = new IpClient(rt.app);
    const answers = [];
    for (let i = 0; i < tries; i++) {
      const res = await client.post('/api/auth/sign-in/email-otp', { email, otp });
      answers.push({ status: res.status, body: res.body });
    }
    return answers;
  };
  const requestCode = (email: string) => new IpClient(rt.app).post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });

  it('a real account and an unknown address get the same answers, try after try', async () => {
    const user = await registerUser(rt);
    const stranger = uniqueEmail('stranger');
    for (const email of [user.email, stranger]) expect((await requestCode(email)).status).toBe(200);
    const code = codeIn((await outbox(user.email))[0]!);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const [real, unknown] = await Promise.all([wrongCodes(user.email, 7, wrong), wrongCodes(stranger, 7, wrong)]);
    const invalid = { status: 400, body: { error: { code: 'INVALID_OTP', message: 'Invalid OTP' } } };
    const tooMany = { status: 403, body: { error: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts' } } };
    expect(real).toEqual([invalid, invalid, invalid, invalid, invalid, tooMany, invalid]);
    expect(unknown).toEqual(real);
  });

  it('an expired code is answered the same way for both', async () => {
    const user = await registerUser(rt);
    const stranger = uniqueEmail('stranger');
    for (const email of [user.email, stranger]) expect((await requestCode(email)).status).toBe(200);
    // Six minutes pass (codes live five).
    await rt.pool.query(`UPDATE verifications SET expires_at = now() - interval '1 minute' WHERE identifier LIKE $1`, [`%${user.email}%`]);
    await rt.pool.query(`UPDATE auth_attempts SET window_start = now() - interval '6 minutes' WHERE key = ANY($1)`, [
      [`code:${user.email}`, `code:${stranger}`],
    ]);
    const [real, unknown] = await Promise.all([wrongCodes(user.email, 2, '123456'), wrongCodes(stranger, 2, '123456')]);
    expect(real).toEqual([
      { status: 400, body: { error: { code: 'OTP_EXPIRED', message: 'OTP expired' } } },
      { status: 400, body: { error: { code: 'INVALID_OTP', message: 'Invalid OTP' } } },
    ]);
    expect(unknown).toEqual(real);
  });

  it('codes and reset links are answered at once, the same for a real account and an unknown address', async () => {
    const user = await registerUser(rt);
    const stranger = uniqueEmail('stranger');
    for (const [path, body] of [
      ['/api/auth/email-otp/send-verification-otp', { type: 'sign-in' }],
      ['/api/auth/request-password-reset', { redirectTo: '/reset-password' }],
    ] as const) {
      const [real, unknown] = await Promise.all([user.email, stranger].map((email) => new IpClient(rt.app).post(path, { email, ...body })));
      expect(real!.status).toBe(200);
      expect({ status: unknown!.status, body: unknown!.body }).toEqual({ status: real!.status, body: real!.body });
    }
    // The work happened after the answer: the real account got its two e-mails, the stranger none.
    expect((await outbox(user.email)).map((m) => m.kind).sort()).toEqual(['otp', 'reset-password']);
    expect(await outbox(stranger)).toEqual([]);
  });
});
