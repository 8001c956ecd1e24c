// The operator console's API (issue 28 §3) on real PostgreSQL through the HTTP app: every route of
// the admin router refused (404) to the signed-out and to users, found by enumerating the router so
// a route added later is covered too; the console's page likewise; invites (one, a CSV, the list
// with statuses, resend, revoke); users (the list, suspend with its effects on sessions, sign-in and
// alerts, resume, delete with nothing of theirs left in any table); the audit log; the CLI's
// grant-operator and revoke-operator.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoutes } from '../../../src/server/features/admin/routes.ts';
import { createApp } from '../../../src/server/http/app.ts';
import { alertHandlers, createAlertDeps } from '../../../src/server/jobs/index.ts';
import { createAlertEngine, SUSPENDED_REASON } from '../../../src/server/jobs/runs/engine.ts';
import { insertDueRuns, insertManualRuns } from '../../../src/server/jobs/runs/schedule.ts';
import { eventRoutes } from '../../../src/server/realtime/routes.ts';
import { ADMIN_PAGE_SIZE, adminMessages, INVITE_CSV_MAX_CHARS, INVITE_CSV_MAX_LINES } from '../../../src/shared/admin.ts';
import { messages } from '../../../src/shared/messages.ts';
import { IpClient, PASSWORD, registerUser, signedInClient, type TestRuntime, uniqueEmail, uniqueIp } from '../../support/accounts.ts';
import { runAdmin } from '../../support/admin-cli.ts';
import { dueThisHour, insertAlertRun, insertEarningsTracking, insertNewsAlert, insertNewsletter } from '../../support/factories.ts';
import { startTestRuntime, TEST_APP_URL, type TestClient } from '../../support/runtime.ts';
import { SseReader } from '../../support/sse.ts';
import { userIdColumns, userRowsLeft } from '../../support/user-rows.ts';

let rt: TestRuntime;
let operator: { email: string; id: string; client: IpClient };

beforeAll(async () => {
  rt = await startTestRuntime();
  operator = await newOperator();
});
afterAll(async () => {
  await rt?.close();
});

async function newOperator() {
  const user = await registerUser(rt);
  await rt.pool.query(`UPDATE users SET role = 'operator' WHERE id = $1`, [user.id]);
  return { ...user, client: await signedInClient(rt, user.email) };
}

async function newUser() {
  const user = await registerUser(rt);
  return { ...user, client: await signedInClient(rt, user.email) };
}

const del = (client: TestClient, url: string, body?: unknown) => client.request('DELETE', url, body);

async function auditRows(subject: string) {
  const { rows } = await rt.pool.query<{ operator_label: string; operator_id: string | null; action: string; detail: unknown }>(
    'SELECT operator_label, operator_id, action, detail FROM admin_audit_log WHERE subject = $1 ORDER BY created_at, id',
    [subject],
  );
  return rows;
}

async function mailsTo(email: string) {
  const { rows } = await rt.pool.query<{ kind: string; text_body: string; status: string }>(
    'SELECT kind, text_body, status FROM mail_outbox WHERE to_address = $1 ORDER BY created_at, id',
    [email],
  );
  return rows;
}

const tokenIn = (text: string) => decodeURIComponent(/\/invite-only\?token=([^\s)>\]]+)/.exec(text)?.[1] ?? '');
const inviteEmailFor = async (token: string) => (await new IpClient(rt.app).post('/api/accounts/invites/check', { token })).body.email;

describe('access: the console exists for operators only', () => {
  // Every route of the admin router, as Hono lists them (middleware registrations are 'ALL').
  const routes = () =>
    adminRoutes({ db: rt.db, pool: rt.pool, runs: rt.runs, prices: {}, appUrl: TEST_APP_URL, inviteTtlHours: 24 }, rt.auth)
      .routes.filter((r) => r.method !== 'ALL')
      .map((r) => ({ method: r.method, url: `/api/admin${r.path.replace(/:[^/]+/g, randomUUID())}` }));

  it('answers every route 404 to a signed-out client, to a signed-in user, and to an operator no longer one', async () => {
    const list = routes();
    // Invites (5), users (4), the audit log (1), runs (2), mail (2), AI usage (1), sources (1).
    expect(list.length).toBeGreaterThanOrEqual(16);
    const signedOut = new IpClient(rt.app);
    const user = await newUser();
    const former = await newOperator();
    await rt.pool.query(`UPDATE users SET role = 'user' WHERE id = $1`, [former.id]);
    for (const { method, url } of list) {
      for (const [who, client] of [
        ['signed out', signedOut],
        ['user', user.client],
        ['former operator', former.client],
      ] as const) {
        const res = await client.request(method, url, method === 'GET' ? undefined : {});
        expect({ who, method, url, status: res.status, code: res.body?.error?.code }).toEqual({
          who,
          method,
          url,
          status: 404,
          code: 'not_found',
        });
      }
    }
    // The same answer as a path that does not exist at all.
    expect((await user.client.get('/api/admin/no-such-thing')).body).toEqual((await user.client.get('/api/nope')).body);
  });

  it('lets an operator in (and a suspended operator not)', async () => {
    for (const url of ['/api/admin/invites', '/api/admin/users', '/api/admin/audit']) {
      expect((await operator.client.get(url)).status).toBe(200);
    }
    const other = await newOperator();
    await rt.pool.query('UPDATE users SET suspended_at = now() WHERE id = $1', [other.id]);
    expect((await other.client.get('/api/admin/users')).status).toBe(404);
  });

  it('serves the console page with 200 to an operator and 404 to anyone else', async () => {
    mkdirSync('data', { recursive: true });
    const webRoot = mkdtempSync(path.join('data', 'webroot-admin-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Enterprise OS</title>');
    try {
      const app = createApp({ ...rt, hub: rt.hub, webRoot: path.resolve(webRoot) });
      const signIn = async (email: string) => {
        const client = new IpClient(app);
        expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
        return client;
      };
      const user = await registerUser(rt);
      const clients = { signedOut: new IpClient(app), user: await signIn(user.email), operator: await signIn(operator.email) };
      for (const url of ['/admin', '/admin/users', '/ADMIN/', '/%61dmin']) {
        expect((await clients.signedOut.raw('GET', url)).status, url).toBe(404);
        expect((await clients.user.raw('GET', url)).status, url).toBe(404);
        const res = await clients.operator.raw('GET', url);
        expect(res.status, url).toBe(200);
        expect(await res.text()).toContain('<title>Enterprise OS</title>');
      }
      // Not a console path: served as before.
      expect((await clients.user.raw('GET', '/administrator')).status).toBe(404);
      expect((await clients.user.raw('GET', '/homepage')).status).toBe(200);
    } finally {
      rmSync(webRoot, { recursive: true, force: true });
    }
  });

  it('tells the app the current user is an operator, and no one else', async () => {
    expect((await operator.client.get('/api/profile/current')).body.profile).toMatchObject({ operator: true });
    const user = await newUser();
    expect((await user.client.get('/api/profile/current')).body.profile).not.toHaveProperty('operator');
  });
});

describe('invites', () => {
  it('invites one address: the invite, its mail through the outbox and the audit row', async () => {
    const email = uniqueEmail('invitee');
    const res = await operator.client.post('/api/admin/invites', { email: `  ${email.toUpperCase()} ` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), email });
    const { rows } = await rt.pool.query('SELECT email, sent_at, created_by FROM invites WHERE id = $1', [res.body.id]);
    expect(rows[0]).toMatchObject({ email, sent_at: expect.any(Date), created_by: operator.id });
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ kind: 'invite', status: 'pending' });
    expect(await inviteEmailFor(tokenIn(mail!.text_body))).toBe(email);
    expect(await auditRows(email)).toEqual([
      {
        operator_label: operator.email,
        operator_id: operator.id,
        action: 'invite.create',
        detail: { inviteId: res.body.id, source: 'single' },
      },
    ]);
  });

  it('refuses an invalid address, an existing user and an address already invited, with clear messages', async () => {
    const bad = await operator.client.post('/api/admin/invites', { email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation', message: 'Enter a valid e-mail address' });
    expect((await operator.client.post('/api/admin/invites', {})).status).toBe(400);

    const user = await registerUser(rt);
    const taken = await operator.client.post('/api/admin/invites', { email: user.email });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({ code: 'user_exists', message: `${user.email}: ${adminMessages.alreadyUser}.` });

    const email = uniqueEmail('twice');
    expect((await operator.client.post('/api/admin/invites', { email })).status).toBe(201);
    const again = await operator.client.post('/api/admin/invites', { email });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'invite_pending', message: `${email}: ${adminMessages.alreadyInvited}.` });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('invites from a CSV, reporting each line: created, or skipped and why', async () => {
    const user = await registerUser(rt);
    const pending = uniqueEmail('pending');
    await operator.client.post('/api/admin/invites', { email: pending });
    const [fresh, quoted] = [uniqueEmail('csv'), uniqueEmail('csv-quoted')];
    const csv = [
      'email,name',
      `${fresh},Ada`,
      'not-an-address,Bob',
      '',
      `${user.email}`,
      `${pending};Pat`,
      `"${quoted.toUpperCase()}", Quoted`,
      `${fresh}`,
    ].join('\r\n');
    const res = await operator.client.post('/api/admin/invites/csv', { csv });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      created: 2,
      skipped: 4,
      lines: [
        { line: 2, email: fresh, outcome: 'created' },
        { line: 3, email: 'not-an-address', outcome: 'skipped', reason: adminMessages.invalidAddress },
        { line: 5, email: user.email, outcome: 'skipped', reason: adminMessages.alreadyUser },
        { line: 6, email: pending, outcome: 'skipped', reason: adminMessages.alreadyInvited },
        { line: 7, email: quoted, outcome: 'created' },
        { line: 8, email: fresh, outcome: 'skipped', reason: adminMessages.duplicateLine },
      ],
    });
    expect(await mailsTo(fresh)).toHaveLength(1);
    expect(await mailsTo(quoted)).toHaveLength(1);
    expect((await auditRows(quoted))[0]).toMatchObject({ action: 'invite.create', detail: { source: 'csv' } });
  });

  it('refuses an empty CSV, one with too many lines and one too large, with what is wrong', async () => {
    const empty = await operator.client.post('/api/admin/invites/csv', { csv: '\n \n' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(adminMessages.csvEmpty);
    const long = Array.from({ length: INVITE_CSV_MAX_LINES + 1 }, (_, i) => `a${i}@x.io`).join('\n');
    const tooLong = await operator.client.post('/api/admin/invites/csv', { csv: long });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe(adminMessages.csvTooLong);
    const tooLarge = await operator.client.post('/api/admin/invites/csv', { csv: 'a'.repeat(INVITE_CSV_MAX_CHARS + 1) });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.error.message).toBe(adminMessages.csvTooLarge);
    expect((await operator.client.post('/api/admin/invites/csv', { csv: 42 })).status).toBe(400);
    // Nothing was invited by a refused file.
    expect(await mailsTo('a0@x.io')).toHaveLength(0);
  });

  it('lists invites newest first with their status, searched, filtered and paged', async () => {
    const tag = `list${Date.now().toString(36)}`;
    const emails = Array.from({ length: 4 }, (_, i) => `${tag}-${i}@example.com`);
    for (const email of emails) await operator.client.post('/api/admin/invites', { email });
    await rt.pool.query('UPDATE invites SET used_at = now() WHERE email = $1', [emails[0]]);
    await rt.pool.query(`UPDATE invites SET expires_at = now() - interval '1 hour' WHERE email = $1`, [emails[1]]);
    const { rows } = await rt.pool.query<{ id: string }>('SELECT id FROM invites WHERE email = $1', [emails[2]]);
    expect((await operator.client.post(`/api/admin/invites/${rows[0]!.id}/revoke`)).status).toBe(200);

    const all = await operator.client.get(`/api/admin/invites?q=${tag}`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 4, page: 1, pageSize: ADMIN_PAGE_SIZE });
    expect(all.body.items.map((i: { email: string; status: string }) => [i.email, i.status])).toEqual([
      [emails[3], 'sent'],
      [emails[2], 'revoked'],
      [emails[1], 'expired'],
      [emails[0], 'used'],
    ]);
    expect(all.body.items[0]).toMatchObject({ createdBy: operator.email, sentAt: expect.any(String) });
    for (const status of ['sent', 'used', 'expired', 'revoked']) {
      const one = await operator.client.get(`/api/admin/invites?q=${tag}&status=${status}`);
      expect(one.body.items.map((i: { status: string }) => i.status)).toEqual([status]);
    }
    // A pattern character is searched for as itself.
    expect((await operator.client.get(`/api/admin/invites?q=${tag}_%25`)).body.total).toBe(0);
    const beyond = await operator.client.get(`/api/admin/invites?q=${tag}&page=2`);
    expect(beyond.body).toMatchObject({ items: [], total: 4, page: 2 });

    for (const query of ['status=open', 'page=0', 'page=x', `q=${'x'.repeat(201)}`]) {
      const res = await operator.client.get(`/api/admin/invites?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('validation');
    }
  });

  it('resends with a new link (the old one stops working, sentAt moves), revokes, and refuses a closed invite', async () => {
    const email = uniqueEmail('resend');
    const created = await operator.client.post('/api/admin/invites', { email });
    const id = created.body.id as string;
    const oldToken = tokenIn((await mailsTo(email))[0]!.text_body);
    const before = (await rt.pool.query('SELECT sent_at FROM invites WHERE id = $1', [id])).rows[0].sent_at as Date;
    // An expired invite is renewed by a resend.
    await rt.pool.query(`UPDATE invites SET expires_at = now() - interval '1 minute' WHERE id = $1`, [id]);

    const resent = await operator.client.post(`/api/admin/invites/${id}/resend`);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const newToken = tokenIn(mails[1]!.text_body);
    expect(newToken).not.toBe(oldToken);
    expect(await inviteEmailFor(oldToken)).toBeNull();
    expect(await inviteEmailFor(newToken)).toBe(email);
    const after = (await rt.pool.query('SELECT sent_at, expires_at > now() AS open FROM invites WHERE id = $1', [id])).rows[0];
    expect(after.open).toBe(true);
    expect((after.sent_at as Date).getTime()).toBeGreaterThan(before.getTime());

    const revoked = await operator.client.post(`/api/admin/invites/${id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(await inviteEmailFor(newToken)).toBeNull();
    for (const action of ['resend', 'revoke']) {
      const closed = await operator.client.post(`/api/admin/invites/${id}/${action}`);
      expect(closed.status).toBe(409);
      expect(closed.body.error).toEqual({ code: 'invite_closed', message: adminMessages.inviteClosed });
    }
    expect((await auditRows(email)).map((r) => r.action)).toEqual(['invite.create', 'invite.resend', 'invite.revoke']);
    expect((await operator.client.post(`/api/admin/invites/${randomUUID()}/resend`)).status).toBe(404);
    expect((await operator.client.post('/api/admin/invites/not-a-uuid/revoke')).status).toBe(404);
  });
});

describe('users', () => {
  it('lists users with last sign-in, alerts configured, AI use this month, role and suspension; searched', async () => {
    const user = await newUser();
    await insertNewsAlert(rt.db, user.id);
    await insertNewsletter(rt.db, user.id);
    await insertEarningsTracking(rt.db, user.id, { active: false });
    await rt.pool.query(
      `INSERT INTO ai_usage (user_id, task, provider, model, status, input_tokens, output_tokens, started_at) VALUES
         ($1, 'research', 'openai', 'm', 'succeeded', 100, 20, now()),
         ($1, 'content', 'openai', 'm', 'failed', 5, 0, now()),
         ($1, 'research', 'openai', 'm', 'succeeded', 1000, 1000, date_trunc('month', now()) - interval '1 day')`,
      [user.id],
    );
    const res = await operator.client.get(`/api/admin/users?q=${encodeURIComponent(user.email.toUpperCase())}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toEqual({
      id: user.id,
      email: user.email,
      name: 'Ada Lovelace',
      role: 'user',
      createdAt: expect.any(String),
      suspendedAt: null,
      lastSignInAt: expect.any(String),
      alerts: 3,
      aiRuns: 2,
      aiTokens: 125,
    });
    // By name too; a part of a name finds every match.
    expect((await operator.client.get('/api/admin/users?q=ada%20love')).body.total).toBeGreaterThanOrEqual(1);
    expect((await operator.client.get(`/api/admin/users?q=${operator.email}`)).body.items[0]).toMatchObject({ role: 'operator' });
    expect((await operator.client.get('/api/admin/users?page=-1')).status).toBe(400);
  });

  it('refuses to suspend or delete oneself, with a clear message', async () => {
    const suspend = await operator.client.post(`/api/admin/users/${operator.id}/suspend`);
    expect(suspend.status).toBe(409);
    expect(suspend.body.error).toEqual({ code: 'self_action', message: adminMessages.selfAction });
    const remove = await del(operator.client, `/api/admin/users/${operator.id}`, { confirmEmail: operator.email });
    expect(remove.status).toBe(409);
    expect(remove.body.error.code).toBe('self_action');
    expect((await operator.client.get('/api/admin/users')).status).toBe(200);
  });

  it('suspends: the next request is 401, sign-in by password and by code is refused, and no alert of theirs runs', async () => {
    const user = await newUser();
    const other = await registerUser(rt);
    const due = await insertNewsAlert(rt.db, user.id, dueThisHour());
    const othersDue = await insertNewsAlert(rt.db, other.id, dueThisHour());
    // Runs already waiting or prepared for a slot are skipped; a finished one is left as it was.
    const queued = await insertAlertRun(rt.db, 'news', due);
    const prepared = await insertAlertRun(rt.db, 'news', due, { status: 'prepared', dueAt: sql`now() + interval '5 minutes'` });
    const done = await insertAlertRun(rt.db, 'news', due, { status: 'succeeded', finishedAt: sql`now()` });
    expect((await user.client.get('/api/profile')).status).toBe(200);

    const res = await operator.client.post(`/api/admin/users/${user.id}/suspend`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await user.client.get('/api/profile')).status).toBe(401);
    expect((await rt.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).rowCount).toBe(0);
    const { rows: runs } = await rt.pool.query<{ id: string; status: string; reason: string | null }>(
      'SELECT id, status, reason FROM alert_runs WHERE id = ANY($1)',
      [[queued.id, prepared.id, done.id]],
    );
    expect(Object.fromEntries(runs.map((r) => [r.id, [r.status, r.reason]]))).toEqual({
      [queued.id]: ['skipped', SUSPENDED_REASON],
      [prepared.id]: ['skipped', SUSPENDED_REASON],
      [done.id]: ['succeeded', null],
    });

    // Password: refused with the reason, only once the password is right.
    const client = new IpClient(rt.app);
    const wrong = await client.post('/api/auth/sign-in/email', { email: user.email, password: 'wrong-password-1' });
    expect(wrong.body.error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    const refused = await client.post('/api/auth/sign-in/email', { email: user.email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'ACCOUNT_SUSPENDED', message: messages.auth.suspended });
    // An e-mail code: the same.
    expect((await client.post('/api/auth/email-otp/send-verification-otp', { email: user.email, type: 'sign-in' })).status).toBe(200);
    const code = /\b(\d{6})\b/.exec((await mailsTo(user.email)).filter((m) => m.kind === 'otp').at(-1)!.text_body)![1];
    const byCode = await client.post('/api/auth/sign-in/email-otp', { email: user.email, otp: code });
    expect(byCode.status).toBe(403);
    expect(byCode.body.error).toEqual({ code: 'ACCOUNT_SUSPENDED', message: messages.auth.suspended });
    expect((await rt.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).rowCount).toBe(0);

    // The schedule plans no run of theirs (the workers' tick, and the CLI's run-alerts), others' as before.
    const planned = await insertDueRuns(rt.db, new Date());
    const plannedAlerts = (await rt.pool.query<{ alert_id: string }>('SELECT alert_id FROM alert_runs WHERE id = ANY($1)', [planned])).rows;
    expect(plannedAlerts.map((r) => r.alert_id)).toContain(othersDue.id);
    expect(plannedAlerts.map((r) => r.alert_id)).not.toContain(due.id);
    expect(await insertManualRuns(rt.db, new Date(), user.id)).toEqual([]);
    // A run queued at the moment of the suspension does nothing when a worker takes it.
    const engine = createAlertEngine({ ...createAlertDeps(rt), handlers: alertHandlers });
    const late = await insertAlertRun(rt.db, 'news', due);
    expect(await engine.process(late.id)).toEqual({ status: 'skipped', reason: SUSPENDED_REASON });

    expect((await operator.client.post(`/api/admin/users/${user.id}/suspend`)).body.error).toEqual({
      code: 'user_state',
      message: adminMessages.alreadySuspended,
    });
    const listed = await operator.client.get(`/api/admin/users?q=${user.email}`);
    expect(listed.body.items[0]).toMatchObject({ suspendedAt: expect.any(String), lastSignInAt: null });

    // Resumed: signing in works again, and the schedule plans their alerts.
    expect((await operator.client.post(`/api/admin/users/${user.id}/resume`)).status).toBe(200);
    expect((await client.post('/api/auth/sign-in/email', { email: user.email, password: PASSWORD })).status).toBe(200);
    expect(await insertManualRuns(rt.db, new Date(), user.id)).toHaveLength(1);
    expect((await operator.client.post(`/api/admin/users/${user.id}/resume`)).body.error.code).toBe('user_state');
    expect((await auditRows(user.email)).map((r) => [r.action, r.operator_id])).toEqual([
      ['user.suspend', operator.id],
      ['user.resume', operator.id],
    ]);
    expect((await auditRows(user.email))[0]!.detail).toEqual({ userId: user.id, sessionsEnded: 1, runsSkipped: 2 });
  });

  it("ends a suspended user's live-update stream at its next session check", async () => {
    const user = await registerUser(rt);
    const signIn = await rt.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: TEST_APP_URL, 'content-type': 'application/json', 'x-forwarded-for': uniqueIp() },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // The events route with a short heartbeat, so its session re-check comes quickly.
    const res = await new Hono().route('/api/events', eventRoutes(rt.hub, rt.auth, 100)).request('/api/events', { headers: { cookie } });
    const reader = new SseReader(res.body!);
    try {
      await reader.waitFor((e) => e.event === 'ready');
      expect((await operator.client.post(`/api/admin/users/${user.id}/suspend`)).status).toBe(200);
      await reader.waitFor((e) => e.event === 'session-ended');
      await expect.poll(() => reader.ended).toBe(true);
    } finally {
      await reader.close();
    }
  });

  it('deletes a user only when the e-mail is typed again, and then nothing of theirs remains in any table', async () => {
    const user = await newUser();
    const alert = await insertNewsAlert(rt.db, user.id);
    await insertNewsletter(rt.db, user.id);
    const run = await insertAlertRun(rt.db, 'news', alert);
    // A job of their run in pg-boss (the web's producer creates its schema on first use).
    const client = await rt.pool.connect();
    try {
      await client.query('BEGIN');
      await rt.runs.queue(client, [run.id]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect((await rt.pool.query(`SELECT 1 FROM pgboss.job WHERE data->>'runId' = $1`, [run.id])).rowCount).toBe(1);
    await rt.pool.query(
      `INSERT INTO mail_outbox (to_address, subject, text_body, kind, user_id) VALUES ($1, 'Alert', 'b', 'news-alert', $2), ($3, 'Code', 'b', 'otp', NULL)`,
      [`alerts-${user.email}`, user.id, user.email],
    );
    await rt.pool.query(`INSERT INTO ai_usage (user_id, task, provider, model) VALUES ($1, 'research', 'openai', 'm')`, [user.id]);
    await rt.pool.query(`INSERT INTO auth_attempts (key, failures) VALUES ($1, 1)`, [`/sign-in/email:account:${user.email}`]);
    const url = `/api/admin/users/${user.id}`;

    const missing = await del(operator.client, url, {});
    expect(missing.status).toBe(400);
    const wrong = await del(operator.client, url, { confirmEmail: `x${user.email}` });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'confirmation_mismatch', message: adminMessages.confirmMismatch });
    expect((await rt.pool.query('SELECT 1 FROM users WHERE id = $1', [user.id])).rowCount).toBe(1);

    const res = await del(operator.client, url, { confirmEmail: ` ${user.email.toUpperCase()} ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await user.client.get('/api/profile')).status).toBe(401);

    // Every column that holds a user id: named user_id, or a foreign key to users.
    const query = async (text: string, values?: unknown[]) => (await rt.pool.query(text, values)).rows;
    expect((await userIdColumns(query)).length).toBeGreaterThanOrEqual(18);
    expect(await userRowsLeft(query, user.id)).toEqual([]);
    expect((await rt.pool.query('SELECT 1 FROM users WHERE id = $1', [user.id])).rowCount).toBe(0);
    // Their mail (pending included) and the invites for their address are gone too, and their run's job.
    expect((await rt.pool.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', [user.email])).rowCount).toBe(0);
    expect((await rt.pool.query('SELECT 1 FROM invites WHERE email = $1', [user.email])).rowCount).toBe(0);
    expect((await rt.pool.query(`SELECT 1 FROM auth_attempts WHERE key LIKE '%' || $1`, [user.email])).rowCount).toBe(0);
    expect((await rt.pool.query(`SELECT 1 FROM pgboss.job WHERE data->>'runId' = $1`, [run.id])).rowCount).toBe(0);

    const [audit] = await auditRows(user.email);
    expect(audit).toMatchObject({ action: 'user.delete', operator_id: operator.id, detail: { userId: user.id, jobsDeleted: 1 } });
    expect((await del(operator.client, url, { confirmEmail: user.email })).status).toBe(404);
  });
});

describe('audit log', () => {
  it('lists every action newest first, a page at a time', async () => {
    const email = uniqueEmail('audited');
    const { body } = await operator.client.post('/api/admin/invites', { email });
    await operator.client.post(`/api/admin/invites/${body.id}/revoke`);
    const res = await operator.client.get('/api/admin/audit');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: ADMIN_PAGE_SIZE, total: expect.any(Number) });
    expect(res.body.items.slice(0, 2)).toEqual([
      {
        id: expect.any(String),
        operator: operator.email,
        action: 'invite.revoke',
        subject: email,
        detail: { inviteId: body.id },
        createdAt: expect.any(String),
      },
      expect.objectContaining({ action: 'invite.create', subject: email }),
    ]);
    expect((await operator.client.get('/api/admin/audit?page=abc')).status).toBe(400);
  });
});

describe('the CLI: grant-operator and revoke-operator', { timeout: 60_000 }, () => {
  it('makes a user an operator and back, each written to the audit log as the CLI', async () => {
    const user = await newUser();
    expect((await user.client.get('/api/admin/users')).status).toBe(404);

    const granted = await runAdmin(['grant-operator', user.email.toUpperCase()]);
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.lines.at(-1)).toMatch(
      new RegExp(`^${user.email.replace(/[.+]/g, '\\$&')} is now an operator: the operator console is at https?://\\S+/admin\\.$`),
    );
    expect((await user.client.get('/api/admin/users')).status).toBe(200);
    expect((await runAdmin(['grant-operator', user.email])).lines.at(-1)).toBe(`${user.email} is already an operator.`);

    const revoked = await runAdmin(['revoke-operator', user.email]);
    expect(revoked.lines.at(-1)).toBe(`${user.email} is no longer an operator.`);
    expect((await user.client.get('/api/admin/users')).status).toBe(404);

    expect((await auditRows(user.email)).map((r) => [r.action, r.operator_label, r.operator_id])).toEqual([
      ['operator.grant', 'cli', null],
      ['operator.revoke', 'cli', null],
    ]);
    const unknown = await runAdmin(['grant-operator', uniqueEmail('nobody')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^No account for /);
    expect((await runAdmin(['grant-operator', 'not-an-address'])).code).toBe(2);
  });
});
