// Live updates end to end on the server side: Postgres NOTIFY (triggers) → realtime hub → the
// owner's SSE stream on GET /api/events. Changes made by direct SQL, by this process and by a
// second server process all arrive; other users' changes never do.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_USER } from '../../../src/server/realtime/hub.ts';
import { eventRoutes } from '../../../src/server/realtime/routes.ts';
import { PASSWORD, registerUser, signedInClient, uniqueIp, validProfile } from '../../support/accounts.ts';
import { freePort } from '../../support/ports.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';
import { inheritedEnv } from '../../support/server-process.ts';
import { SseReader } from '../../support/sse.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
const readers: SseReader[] = [];

beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  for (const reader of readers) await reader.close();
  await rt?.close();
});

/** Signs in and opens the user's event stream through the app; resolves once the stream is ready. */
async function stream(email: string) {
  const signIn = await rt.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { origin: TEST_APP_URL, 'content-type': 'application/json', 'x-forwarded-for': uniqueIp() },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await rt.app.request('/api/events', { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = new SseReader(res.body!);
  readers.push(reader);
  await reader.waitFor((e) => e.event === 'ready');
  return { reader, cookie };
}

describe('GET /api/events', () => {
  it('refuses a request without a session', async () => {
    const res = await rt.client.get('/api/events');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Please login to continue.');
  });

  it("delivers the owner's changes made by direct SQL, and never another user's", async () => {
    const alice = await registerUser(rt);
    const bob = await registerUser(rt);
    const { reader } = await stream(alice.email);

    // Bob's changes first: if they leaked, they would arrive before Alice's.
    await rt.pool.query("INSERT INTO feature_interest (user_id, feature_name) VALUES ($1, 'air')", [bob.id]);
    await rt.pool.query("UPDATE users SET job_title = 'Leaked' WHERE id = $1", [bob.id]);
    await rt.pool.query("INSERT INTO sonar_alerts (user_id, company_name) VALUES ($1, 'Acme')", [alice.id]);

    // Alice's own sign-in (stream() just made it) may still be announced: her session and her security log.
    const ownSignIn = new Set(['sessions', 'security_events']);
    const change = await reader.waitFor((e) => e.event === 'change' && !ownSignIn.has(JSON.parse(e.data).table));
    expect(JSON.parse(change.data)).toEqual({ table: 'sonar_alerts', op: 'INSERT' });

    await rt.pool.query("UPDATE sonar_alerts SET company_name = 'Acme Corp' WHERE user_id = $1", [alice.id]);
    await rt.pool.query('DELETE FROM sonar_alerts WHERE user_id = $1', [alice.id]);
    await reader.waitFor((e) => e.event === 'change' && JSON.parse(e.data).op === 'DELETE');
    // Changes to one table that arrive together coalesce into one event; none is another user's.
    expect(reader.changes().every((change) => change.table === 'sonar_alerts' || ownSignIn.has(change.table))).toBe(true);
    expect(reader.changes().at(-1)).toEqual({ table: 'sonar_alerts', op: 'DELETE' });
  });

  it("announces library items (kept, deleted) to their owner only, never another user's", async () => {
    const alice = await registerUser(rt);
    const bob = await registerUser(rt);
    const { reader } = await stream(alice.email);
    const bobClient = await signedInClient(rt, bob.email);
    const aliceClient = await signedInClient(rt, alice.email);

    // Bob keeps a draft first; then a change of Alice's in another table marks where the stream is.
    expect((await bobClient.post('/api/library/drafts', { text: "Bob's draft" })).status).toBe(201);
    await rt.pool.query("INSERT INTO sonar_alerts (user_id, company_name) VALUES ($1, 'Acme')", [alice.id]);
    await reader.waitFor((e) => e.event === 'change' && JSON.parse(e.data).table === 'sonar_alerts');
    expect(reader.changes().some((change) => change.table === 'library_items')).toBe(false);

    const kept = await aliceClient.post('/api/library/drafts', { text: "Alice's draft" });
    expect(kept.status).toBe(201);
    const insert = await reader.waitFor((e) => e.event === 'change' && JSON.parse(e.data).table === 'library_items');
    expect(JSON.parse(insert.data)).toEqual({ table: 'library_items', op: 'INSERT' });
    expect((await aliceClient.request('DELETE', `/api/library/${kept.body.id}`)).status).toBe(204);
    await reader.waitFor((e) => e.event === 'change' && e.data === JSON.stringify({ table: 'library_items', op: 'DELETE' }));
    // Bob's delete of his own draft reaches only Bob: announcements arrive in commit order, so it
    // would come before Alice's next change.
    const bobsDraft = (await bobClient.get('/api/library')).body.items[0].id;
    expect((await bobClient.request('DELETE', `/api/library/${bobsDraft}`)).status).toBe(204);
    await rt.pool.query("UPDATE sonar_alerts SET company_name = 'Acme Corp' WHERE user_id = $1", [alice.id]);
    await reader.waitFor((e) => e.event === 'change' && e.data === JSON.stringify({ table: 'sonar_alerts', op: 'UPDATE' }));
    expect(reader.changes().filter((change) => change.table === 'library_items')).toEqual([
      { table: 'library_items', op: 'INSERT' },
      { table: 'library_items', op: 'DELETE' },
    ]);
  });

  it('delivers changes made through the API to every open stream of the user (two tabs)', async () => {
    const user = await registerUser(rt);
    const tabA = await stream(user.email);
    const tabB = await stream(user.email);
    const client = await signedInClient(rt, user.email);
    expect((await client.put('/api/profile', validProfile)).status).toBe(200);
    // The sign-in itself is announced too (a sessions row, issue 30): the profile's change is the users one.
    for (const tab of [tabA, tabB]) {
      const change = await tab.reader.waitFor((e) => e.event === 'change' && JSON.parse(e.data).table === 'users');
      expect(JSON.parse(change.data)).toEqual({ table: 'users', op: 'UPDATE' });
    }
  });

  it(`refuses more than ${MAX_STREAMS_PER_USER} open streams per user with a 429`, async () => {
    const user = await registerUser(rt);
    const first = await stream(user.email);
    for (let i = 1; i < MAX_STREAMS_PER_USER; i++) {
      const res = await rt.app.request('/api/events', { headers: { cookie: first.cookie } });
      expect(res.status).toBe(200);
      readers.push(new SseReader(res.body!));
    }
    const refused = await rt.app.request('/api/events', { headers: { cookie: first.cookie } });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('too_many_streams');
    // A closed stream frees its place.
    await first.reader.close();
    await expect
      .poll(async () => {
        const res = await rt.app.request('/api/events', { headers: { cookie: first.cookie } });
        if (res.status === 200) readers.push(new SseReader(res.body!));
        return res.status;
      })
      .toBe(200);
  });

  it('carries no row data, only which table changed', async () => {
    const user = await registerUser(rt);
    const { reader } = await stream(user.email);
    await rt.pool.query("UPDATE users SET job_title = 'Secret title' WHERE id = $1", [user.id]);
    const change = await reader.waitFor((e) => e.event === 'change');
    expect(change.data).not.toContain('Secret');
    expect(Object.keys(JSON.parse(change.data)).sort()).toEqual(['op', 'table']);
  });

  it('ends the stream once the session is revoked', async () => {
    const user = await registerUser(rt);
    const { cookie } = await stream(user.email);
    // The same route with a short heartbeat, so the session re-check comes quickly.
    const quick = new Hono().route('/api/events', eventRoutes(rt.hub, rt.auth, 100));
    const res = await quick.request('/api/events', { headers: { cookie } });
    const reader = new SseReader(res.body!);
    readers.push(reader);
    await reader.waitFor((e) => e.event === 'ready');
    await rt.pool.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
    await reader.waitFor((e) => e.event === 'session-ended');
    await expect.poll(() => reader.ended).toBe(true);
  });

  it('tells streams to reload everything after the hub lost its database connection, then keeps delivering', async () => {
    const user = await registerUser(rt);
    const { reader } = await stream(user.email);
    await rt.pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'eos-realtime' AND datname = current_database()",
    );
    await reader.waitFor((e) => e.event === 'resync', 10_000);
    await rt.pool.query("UPDATE users SET job_title = 'After reconnect' WHERE id = $1", [user.id]);
    // The second process's sign-in is announced first (a sessions row, issue 30).
    const change = await reader.waitFor((e) => e.event === 'change' && JSON.parse(e.data).table === 'users');
    expect(JSON.parse(change.data)).toEqual({ table: 'users', op: 'UPDATE' });
  });
});

describe('a change made through a second server process', () => {
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });

  it('reaches the stream held by this process', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    let output = '';
    child = spawn(process.execPath, ['src/server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: {
        ...inheritedEnv(),
        NODE_ENV: 'test',
        ROLE: 'web',
        PORT: String(port),
        APP_URL: origin,
        DATABASE_URL: testDatabaseUrl(),
        AUTH_SECRET: 'second-process-secret-second-process-secret',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr!.on('data', (d: Buffer) => {
      output += d.toString();
    });
    await expect
      .poll(
        () =>
          fetch(`${origin}/healthz`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 30_000, message: output },
      )
      .toBe(200);

    const user = await registerUser(rt);
    const { reader } = await stream(user.email);

    const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const put = await fetch(`${origin}/api/profile`, {
      method: 'PUT',
      headers: { origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(validProfile),
    });
    expect(put.status).toBe(200);

    // The second process's sign-in is announced first (a sessions row, issue 30).
    const change = await reader.waitFor((e) => e.event === 'change' && JSON.parse(e.data).table === 'users');
    expect(JSON.parse(change.data)).toEqual({ table: 'users', op: 'UPDATE' });
  });
});
