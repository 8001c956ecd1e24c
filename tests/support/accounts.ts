// Test data for the integration tests: unique e-mails and client IPs, invited and registered
// users, signed-in clients. Every user is created the real way (invite → registration API).
import { expect } from 'vitest';
import { createInvite } from '../../src/server/auth/invites.ts';
import { type startTestRuntime, TestClient } from './runtime.ts';

export type TestRuntime = Awaited<ReturnType<typeof startTestRuntime>>;

let counter = 0;

/** A fresh, never-used e-mail address. */
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

let ipCounter = 0;
/** A fresh client IP, so one test's attempts never count against another's (the runtime trusts X-Forwarded-For). */
export function uniqueIp() {
  ipCounter += 1;
  return `10.${100 + (process.pid % 100)}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

/** Client IPs from an address block of a test file's own (10.<block>.x.y), a new one per call. */
export function ipsInBlock(block: number) {
  let n = 0;
  return () => {
    n += 1;
    return `10.${block}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };
}

/** A TestClient that presents itself from one client IP. */
export class IpClient extends TestClient {
  readonly ip: string;
  constructor(app: TestRuntime['app'], ip = uniqueIp()) {
    super(app);
    this.ip = ip;
  }
  override raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) {
    return super.raw(method, path, body, { 'x-forwarded-for': this.ip, ...headers }, signal);
  }
}

export const PASSWORD = 'correct-horse-1';

export function registrationBody(token: string, email: string, overrides: Record<string, unknown> = {}) {
  return {
    token,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    password: PASSWORD,
    linkedinProfileUrl: 'https://www.linkedin.com/in/ada-lovelace',
    phone: '+1 (555) 123-4567',
    ...overrides,
  };
}

export const validProfile = {
  firstName: 'Grace',
  lastName: 'Hopper',
  linkedinProfileUrl: 'https://www.linkedin.com/in/grace-hopper',
  phone: '+1 555 987 6543',
  jobTitle: 'Account Executive',
  companyName: 'Acme Corp',
  solutionType: 'SaaS',
  solutionDescription: 'Revenue analytics for banks',
  targetIndustries: 'Banking, Insurance',
  primaryValueProp: 'Faster pipeline',
  alertsEmail: '',
};

/** Invites and registers a user through the API, then signs out; returns the e-mail, password and user id. */
export async function registerUser(rt: TestRuntime, email = uniqueEmail(), password = PASSWORD) {
  const { token } = await createInvite(rt.db, email, 24);
  const client = new IpClient(rt.app);
  const res = await client.post('/api/accounts/registration', registrationBody(token, email, { password }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // Registering signs in; tests start from a user with no session, as after signing out.
  expect((await client.post('/api/auth/sign-out')).status).toBe(200);
  const { rows } = await rt.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  expect(rows).toHaveLength(1);
  return { email, password, id: rows[0]!.id };
}

/** A new client (own cookies, own IP) signed in with e-mail and password. */
export async function signedInClient(rt: TestRuntime, email: string, password = PASSWORD) {
  const client = new IpClient(rt.app);
  const res = await client.post('/api/auth/sign-in/email', { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return client;
}
