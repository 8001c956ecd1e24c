// The benchmark scripts' user: invited, registered and signed in through the real API in-process,
// as a browser would (same origin, one client IP). Returns the user's id and session cookie.
import type pg from 'pg';
import { createInvite } from '../../src/server/auth/invites.ts';
import type { Database } from '../../src/server/db/client.ts';

const EMAIL = 'bench@example.com';
const PASSWORD = 'bench-password-1';

/** Anything that answers a Request in-process, as the Hono app's `request` does. */
type InProcessApp = { request(path: string, init: RequestInit): Response | Promise<Response> };

export async function benchUser(app: InProcessApp, runtime: { db: Database; pool: pg.Pool }, appUrl: string) {
  const headers = { 'content-type': 'application/json', origin: appUrl, 'x-forwarded-for': '10.9.9.9' };
  const { token } = await createInvite(runtime.db, EMAIL, 1);
  const registration = await app.request('/api/accounts/registration', {
    method: 'POST',
    headers,
    body: JSON.stringify({
      token,
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Bench',
      lastName: 'User',
      linkedinProfileUrl: 'https://www.linkedin.com/in/bench',
      phone: '+1 555 000 0000',
    }),
  });
  if (registration.status !== 201) throw new Error(`registration answered ${registration.status}: ${await registration.text()}`);
  const signIn = await app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { rows } = await runtime.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [EMAIL]);
  return { id: rows[0]!.id, cookie };
}
