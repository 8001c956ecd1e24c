// "Your data" on real PostgreSQL through the HTTP app (issue 30 §5, §6): deleting one's account
// (every refusal and its message, the attempt limits, the e-mailed code, then nothing of the user
// left in any table, their alert never run, their invite dead and the final e-mail queued), and the
// export (once a day, built by the worker, the archive's rows without secrets, the link for its owner
// only), and the housekeeping of both. A worker killed mid-build: account-data-worker.test.ts.
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvite } from '../../../src/server/auth/invites.ts';
import { buildNextExport } from '../../../src/server/features/account-data/export-worker.ts';
import { housekeep } from '../../../src/server/jobs/housekeeping.ts';
import { insertDueRuns, insertManualRuns } from '../../../src/server/jobs/runs/schedule.ts';
import { accountDataMessages, DELETION_CODE } from '../../../src/shared/account-data.ts';
import { SECURITY_LOG_DAYS } from '../../../src/shared/security-log.ts';
import { airReportFixture, libraryDocumentFixture } from '../../support/account-data.ts';
import {
  IpClient,
  PASSWORD,
  registerUser,
  registrationBody,
  signedInClient,
  type TestRuntime,
  uniqueEmail,
} from '../../support/accounts.ts';
import { dueThisHour, insertAlertRun, insertNewsAlert, insertNewsletter } from '../../support/factories.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';
import { userRowsLeft } from '../../support/user-rows.ts';

const MAX_FAILURES = 3;
const MAX_CODES = 3;
let rt: TestRuntime;
const builder = () => ({ appUrl: TEST_APP_URL, secret: rt.secret });

beforeAll(async () => {
  rt = await startTestRuntime({ AUTH_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES), AUTH_MAX_EMAILS_PER_ACCOUNT: String(MAX_CODES) });
});
afterAll(async () => {
  await rt?.close();
});

async function newUser() {
  const user = await registerUser(rt);
  return { ...user, client: await signedInClient(rt, user.email) };
}

const query = async (text: string, values?: unknown[]) => (await rt.pool.query(text, values)).rows;

async function mailsTo(email: string) {
  return (await query('SELECT kind, subject, text_body, user_id FROM mail_outbox WHERE to_address = $1 ORDER BY created_at, id', [
    email,
  ])) as { kind: string; subject: string; text_body: string; user_id: string | null }[];
}

const lastCode = async (email: string) => /\b(\d{6})\b/.exec((await mailsTo(email)).filter((m) => m.kind === 'otp').at(-1)!.text_body)![1]!;

/** Forgets the wrong codes counted by the attempt limits, to reach the code's own limit. */
const forgetFailures = (userId: string) =>
  rt.pool.query('DELETE FROM auth_attempts WHERE key = $1', [`/change-password:account:${userId}`]);

/** Builds every pending export (the worker's pass). */
async function buildAll() {
  while (await buildNextExport(rt.db, builder())) {}
}

describe('deleting one’s account: refusals', () => {
  it('needs a session', async () => {
    const res = await new IpClient(rt.app).post('/api/account/delete', { password: PASSWORD, confirmation: 'DELETE' });
    expect(res.status).toBe(401);
  });

  it('says which field is wrong: no password nor code, a malformed code, a confirmation other than DELETE', async () => {
    const { client, id } = await newUser();
    const none = await client.post('/api/account/delete', { confirmation: 'DELETE' });
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toEqual({ password: accountDataMessages.secretRequired });
    const badCode = await client.post('/api/account/delete', { code: '12ab', confirmation: 'DELETE' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.error.fields).toEqual({ code: accountDataMessages.codeFormat });
    for (const confirmation of ['', 'delete', 'DELETE ME']) {
      const wrong = await client.post('/api/account/delete', { password: PASSWORD, confirmation });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toMatchObject({
        message: accountDataMessages.confirmationMismatch,
        fields: { confirmation: accountDataMessages.confirmationMismatch },
      });
    }
    expect((await client.get('/api/profile')).status).toBe(200);
    expect(await query('SELECT 1 FROM users WHERE id = $1', [id])).toHaveLength(1);
  });

  it('refuses a wrong password with a clear message, and pauses after the allowed failures', async () => {
    const { client, id } = await newUser();
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      const wrong = await client.post('/api/account/delete', { password: 'not-my-password', confirmation: 'DELETE' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toMatchObject({ code: 'INVALID_PASSWORD', message: accountDataMessages.wrongPassword });
    }
    // Paused: even the right password now waits for the window to end.
    const paused = await client.post('/api/account/delete', { password: PASSWORD, confirmation: 'DELETE' });
    expect(paused.status).toBe(429);
    expect(paused.body.error.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(await query('SELECT 1 FROM users WHERE id = $1', [id])).toHaveLength(1);
  });

  it('refuses a wrong, an expired and an overused code, and limits how many codes are asked for', async () => {
    const { client, email, id } = await newUser();
    const noCodeYet = await client.post('/api/account/delete', { code: '123456', confirmation: 'DELETE' });
    expect(noCodeYet.body.error).toMatchObject({ code: 'INVALID_OTP', message: accountDataMessages.wrongCode });

    const sent = await client.post('/api/account/deletion-code');
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(accountDataMessages.codeSent(email));
    const code = await lastCode(email);
    // Stored hashed, for 10 minutes.
    const [stored] = (await query(
      `SELECT value, round(extract(epoch FROM expires_at - now()) / 60) AS minutes FROM verifications WHERE identifier = $1`,
      [`delete-account:${id}`],
    )) as { value: string; minutes: string }[];
    expect(stored!.value).not.toContain(code);
    expect(Number(stored!.minutes)).toBe(DELETION_CODE.lifetimeMinutes);

    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await client.post('/api/account/delete', { code: wrongCode, confirmation: 'DELETE' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'INVALID_OTP', message: accountDataMessages.wrongCode });

    await rt.pool.query(`UPDATE verifications SET expires_at = now() - interval '1 second' WHERE identifier = $1`, [
      `delete-account:${id}`,
    ]);
    const expired = await client.post('/api/account/delete', { code, confirmation: 'DELETE' });
    expect(expired.body.error).toMatchObject({ code: 'OTP_EXPIRED', message: accountDataMessages.codeExpired });
    await forgetFailures(id);

    expect((await client.post('/api/account/deletion-code')).status).toBe(200);
    const fresh = await lastCode(email);
    const otherCode = fresh === '000000' ? '000001' : '000000';
    for (let i = 1; i < DELETION_CODE.allowedAttempts; i += 1) {
      expect((await client.post('/api/account/delete', { code: otherCode, confirmation: 'DELETE' })).body.error.code).toBe('INVALID_OTP');
      await forgetFailures(id);
    }
    const tooMany = await client.post('/api/account/delete', { code: otherCode, confirmation: 'DELETE' });
    expect(tooMany.body.error).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: accountDataMessages.codeTooManyTries });
    await forgetFailures(id);
    // The code is gone after the tries it allows, even the right one.
    expect((await client.post('/api/account/delete', { code: fresh, confirmation: 'DELETE' })).body.error.code).toBe('INVALID_OTP');

    // Codes asked for: MAX_CODES in the window (two asked above), then a clear 429.
    expect((await client.post('/api/account/deletion-code')).status).toBe(200);
    const limited = await client.post('/api/account/deletion-code');
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/^Too many codes asked for\. Please try again in \d+ minutes?\.$/);
    expect(await query('SELECT 1 FROM users WHERE id = $1', [id])).toHaveLength(1);
  });
});

describe('deleting one’s account', () => {
  it('deletes everything of the user at once: nothing left in any table, no run of theirs, their invite dead, the final e-mail queued', async () => {
    const email = uniqueEmail('deleted');
    const { token } = await createInvite(rt.db, email, 24);
    const registering = new IpClient(rt.app);
    expect((await registering.post('/api/accounts/registration', registrationBody(token, email))).status).toBe(201);
    const id = ((await query('SELECT id FROM users WHERE email = $1', [email])) as { id: string }[])[0]!.id;
    const client = await signedInClient(rt, email);
    const other = await newUser();

    // A bit of everything: alerts (one due now, with a queued run and its job), a report, the library,
    // a conversation, usage, a channel, factors, the security log, an export, a device, mail.
    const alert = await insertNewsAlert(rt.db, id, dueThisHour());
    const othersAlert = await insertNewsAlert(rt.db, other.id, dueThisHour());
    await insertNewsletter(rt.db, id);
    const run = await insertAlertRun(rt.db, 'news', alert);
    const pg = await rt.pool.connect();
    try {
      await pg.query('BEGIN');
      await rt.runs.queue(pg, [run.id]);
      await pg.query('COMMIT');
    } finally {
      pg.release();
    }
    await rt.pool.query(
      `INSERT INTO air_reports (user_id, website, solution, credit_month, steps, status, report) VALUES ($1, 'https://acme.example', 'x', '2026-11', '[]', 'succeeded', $2)`,
      [id, JSON.stringify(airReportFixture('Acme'))],
    );
    await rt.pool.query(
      `INSERT INTO library_items (user_id, kind, title, document, body_text) VALUES ($1, 'news_alert', 'Acme', $2, 'Acme')`,
      [id, JSON.stringify(libraryDocumentFixture('Acme grew.'))],
    );
    await rt.pool.query(`INSERT INTO wolfebot_conversations (user_id, title) VALUES ($1, 'Acme?')`, [id]);
    await rt.pool.query(`INSERT INTO ai_usage (user_id, task, provider, model) VALUES ($1, 'research', 'openai', 'm')`, [id]);
    await rt.pool.query(
      `INSERT INTO channels (user_id, kind, name, url, url_hint) VALUES ($1, 'slack', 'Sales', 'https://hooks.slack.com/services/T1/B1/x', 'x')`,
      [id],
    );
    await rt.pool.query(`INSERT INTO two_factors (id, secret, backup_codes, user_id) VALUES ($1, 's', 'b', $2)`, [`tf-${id}`, id]);
    await rt.pool.query(
      `INSERT INTO passkeys (id, public_key, user_id, credential_id, counter, device_type, backed_up) VALUES ($1, 'k', $2, $1, 0, 'singleDevice', false)`,
      [`pk-${id}`, id],
    );
    await rt.pool.query(`INSERT INTO security_events (user_id, kind) VALUES ($1, 'sign_in')`, [id]);
    await rt.pool.query(`INSERT INTO known_devices (user_id, device_hash) VALUES ($1, 'd')`, [id]);
    expect((await client.post('/api/account/exports')).status).toBe(202);
    await rt.pool.query(
      `INSERT INTO mail_outbox (to_address, subject, text_body, kind, user_id) VALUES ($1, 'Alert', 'b', 'news-alert', $2)`,
      [email, id],
    );
    expect(await userRowsLeft(query, id)).toEqual(expect.arrayContaining(['sessions.user_id', 'sonar_alerts.user_id', 'passkeys.user_id']));

    const res = await client.post('/api/account/delete', { password: PASSWORD, confirmation: ' DELETE ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ deleted: true });

    expect((await client.get('/api/profile')).status).toBe(401);
    expect(await userRowsLeft(query, id)).toEqual([]);
    expect(await query('SELECT 1 FROM users WHERE id = $1', [id])).toHaveLength(0);
    // Their run's job is gone, and the schedule plans nothing of theirs (the other user's alert still runs).
    expect(await query(`SELECT 1 FROM pgboss.job WHERE data->>'runId' = $1`, [run.id])).toHaveLength(0);
    const planned = await insertDueRuns(rt.db, new Date());
    const plannedAlerts = ((await query('SELECT alert_id FROM alert_runs WHERE id = ANY($1)', [planned])) as { alert_id: string }[]).map(
      (r) => r.alert_id,
    );
    expect(plannedAlerts).toContain(othersAlert.id);
    expect(plannedAlerts).not.toContain(alert.id);
    expect(await insertManualRuns(rt.db, new Date(), id)).toEqual([]);
    // The invite they came with cannot register again.
    expect(await query('SELECT 1 FROM invites WHERE email = $1', [email])).toHaveLength(0);
    const again = await new IpClient(rt.app).post('/api/accounts/registration', registrationBody(token, email));
    expect(again.status).toBe(400);
    expect(await query('SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(0);
    // Only the final e-mail is left for the address, with no user id.
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'account-deleted', user_id: null, subject: expect.stringContaining('was deleted') });
    expect(mails[0]!.text_body).toContain(email);
    // The other user is untouched.
    expect((await other.client.get('/api/profile')).status).toBe(200);
  });

  it('deletes with a code e-mailed to the user instead of the password', async () => {
    const { client, email, id } = await newUser();
    expect((await client.post('/api/account/deletion-code')).status).toBe(200);
    const res = await client.post('/api/account/delete', { code: await lastCode(email), confirmation: 'DELETE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await userRowsLeft(query, id)).toEqual([]);
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['account-deleted']);
  });
});

describe('exporting one’s data', () => {
  it('asks for an export at most once a day, with when the next is possible', async () => {
    const { client, id } = await newUser();
    expect((await client.get('/api/account/exports/latest')).body).toEqual({ latest: null, nextExportAt: null });
    const first = await client.post('/api/account/exports', {}, { 'user-agent': 'TestBrowser/1.0' });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ message: accountDataMessages.exportRequested, latest: { status: 'pending', downloadUrl: null } });
    const second = await client.post('/api/account/exports');
    expect(second.status).toBe(429);
    const next = new Date(first.body.nextExportAt);
    expect(second.body.error).toEqual({ code: 'export_too_soon', message: accountDataMessages.exportTooSoon(next) });
    expect(second.body.error.message).toMatch(/^You can export your data once a day\. The next export is possible on .+ UTC\.$/);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(await query(`SELECT 1 FROM data_exports WHERE user_id = $1`, [id])).toHaveLength(1);
    const events = (await query(
      `SELECT kind, ip_address, user_agent FROM security_events WHERE user_id = $1 AND kind = 'export_requested'`,
      [id],
    )) as { ip_address: string; user_agent: string }[];
    expect(events).toEqual([{ kind: 'export_requested', ip_address: client.ip, user_agent: 'TestBrowser/1.0' }]);

    // A failed export does not count; one a day later is possible again.
    await rt.pool.query(`UPDATE data_exports SET status = 'failed' WHERE user_id = $1`, [id]);
    expect((await client.post('/api/account/exports')).status).toBe(202);
    await rt.pool.query(`UPDATE data_exports SET created_at = now() - interval '25 hours' WHERE user_id = $1`, [id]);
    expect((await client.post('/api/account/exports')).status).toBe(202);
  });

  it('builds the archive in the background and e-mails a link that only its owner can use', async () => {
    const { client, email, id } = await newUser();
    const other = await newUser();
    await insertNewsAlert(rt.db, id);
    await rt.pool.query(
      `INSERT INTO air_reports (user_id, website, solution, credit_month, steps, status, report, company_name) VALUES ($1, 'https://acme.example', 'x', '2026-11', '[]', 'succeeded', $2, 'Acme')`,
      [id, JSON.stringify(airReportFixture('Acme'))],
    );
    await rt.pool.query(
      `INSERT INTO library_items (user_id, kind, title, document, body_text) VALUES ($1, 'news_alert', 'Acme grows', $2, 'x')`,
      [id, JSON.stringify(libraryDocumentFixture('Acme grew.'))],
    );
    await rt.pool.query(
      `INSERT INTO channels (user_id, kind, name, url, url_hint, signing_secret) VALUES ($1, 'webhook', 'Hook', 'https://hooks.example/secret-path', 'hooks.example/…', 'whsec_x')`,
      [id],
    );
    await rt.pool.query(`INSERT INTO two_factors (id, secret, backup_codes, user_id) VALUES ($1, 'totp-secret', 'backup', $2)`, [
      `tf-${id}`,
      id,
    ]);
    expect((await client.post('/api/account/exports')).status).toBe(202);
    await buildAll();

    const state = (await client.get('/api/account/exports/latest')).body;
    expect(state.latest).toMatchObject({ status: 'ready', downloadUrl: expect.stringMatching(`^${TEST_APP_URL}/api/account/exports/`) });
    const readyAt = new Date(state.latest.readyAt);
    expect(new Date(state.latest.expiresAt).getTime() - readyAt.getTime()).toBe(7 * 24 * 3600 * 1000);
    const mail = (await mailsTo(email)).find((m) => m.kind === 'data-export')!;
    expect(mail.text_body).toContain(state.latest.downloadUrl);
    expect(mail.text_body).toContain(`expires on ${new Date(state.latest.expiresAt).toUTCString()}`);
    const path = new URL(state.latest.downloadUrl).pathname;
    // Stored as its hash only.
    const [row] = (await query('SELECT token_hash FROM data_exports WHERE user_id = $1', [id])) as { token_hash: string }[];
    expect(path).not.toContain(row!.token_hash);

    // Another user's session with the right token, a wrong token, no session: refused.
    expect((await other.client.get(path)).status).toBe(404);
    expect((await client.get(`${path}x`)).status).toBe(404);
    expect((await new IpClient(rt.app).get(path)).status).toBe(401);
    // Opened in a browser signed out: to the sign-in page, then the profile with the link.
    const browser = await new IpClient(rt.app).raw('GET', path, undefined, { accept: 'text/html,application/xhtml+xml' });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('location')).toBe('/login?redirect_to=%2Fprofile');

    const download = await client.raw('GET', path, undefined, { 'user-agent': 'TestBrowser/2.0' });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="enterprise-os-export-${readyAt.toISOString().slice(0, 10)}.zip"`,
    );
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const names = Object.keys(files);
    expect(names).toContain('data.json');
    expect(names.filter((n) => n.startsWith('library/'))).toEqual([`library/${readyAt.toISOString().slice(0, 10)}-acme-grows.md`]);
    expect(names.filter((n) => n.startsWith('reports/'))).toHaveLength(1);
    const data = JSON.parse(strFromU8(files['data.json']!));
    for (const table of [
      'users',
      'accounts',
      'sessions',
      'sonar_alerts',
      'air_reports',
      'library_items',
      'channels',
      'two_factors',
      'data_exports',
      'security_events',
    ]) {
      expect(data.tables[table]?.length, table).toBeGreaterThan(0);
    }
    expect(data.tables.users[0].email).toBe(email);
    // No secret: password hashes, session tokens, second factor secrets, webhook addresses, archives.
    const text = strFromU8(files['data.json']!);
    expect(data.tables.accounts[0]).not.toHaveProperty('password');
    expect(data.tables.sessions[0]).not.toHaveProperty('token');
    expect(data.tables.two_factors[0]).not.toHaveProperty('secret');
    expect(data.tables.two_factors[0]).not.toHaveProperty('backup_codes');
    expect(data.tables.channels[0]).not.toHaveProperty('url');
    expect(data.tables.channels[0]).not.toHaveProperty('signing_secret');
    expect(data.tables.data_exports[0]).not.toHaveProperty('archive');
    expect(data.tables.data_exports[0]).not.toHaveProperty('token_hash');
    expect(data.tables.library_items[0]).not.toHaveProperty('search_vector');
    for (const secret of ['totp-secret', 'secret-path', 'whsec_x']) expect(text).not.toContain(secret);

    const downloaded = await query(
      `SELECT ip_address, user_agent, detail FROM security_events WHERE user_id = $1 AND kind = 'export_downloaded'`,
      [id],
    );
    expect(downloaded).toEqual([{ ip_address: client.ip, user_agent: 'TestBrowser/2.0', detail: { exportId: state.latest.id } }]);
  });
  it('marks an export it cannot build as failed, which the section says and which does not count against the day', async () => {
    const { client, id } = await newUser();
    // A report row the archive cannot read (no company): the build fails, the worker goes on.
    await rt.pool.query(
      `INSERT INTO air_reports (user_id, website, solution, credit_month, steps, status, report) VALUES ($1, 'https://acme.example', 'x', '2026-11', '[]', 'succeeded', '{}')`,
      [id],
    );
    expect((await client.post('/api/account/exports')).status).toBe(202);
    await buildAll();
    expect(
      await query('SELECT status, error IS NOT NULL AS explained, archive IS NULL AS empty FROM data_exports WHERE user_id = $1', [id]),
    ).toEqual([{ status: 'failed', explained: true, empty: true }]);
    expect((await client.get('/api/account/exports/latest')).body).toMatchObject({
      latest: { status: 'failed', downloadUrl: null },
      nextExportAt: null,
    });
    expect((await client.post('/api/account/exports')).status).toBe(202);
  });
  // A builder killed halfway: account-data-worker.test.ts, on real worker processes.
});

describe('housekeeping', () => {
  it('deletes expired exports with their archives and keeps the others', async () => {
    const { client, id } = await newUser();
    expect((await client.post('/api/account/exports')).status).toBe(202);
    await buildAll();
    await rt.pool.query(
      `INSERT INTO data_exports (user_id, status, archive, expires_at) VALUES ($1, 'ready', '\\x00', now() - interval '1 minute')`,
      [id],
    );
    await housekeep(rt.db, { libraryRetentionDays: 36_500 });
    expect(await query(`SELECT status, expires_at > now() AS live FROM data_exports WHERE user_id = $1`, [id])).toEqual([
      { status: 'ready', live: true },
    ]);
  });

  it(`deletes security events older than ${SECURITY_LOG_DAYS} days`, async () => {
    const { id } = await newUser();
    for (const days of [SECURITY_LOG_DAYS + 1, SECURITY_LOG_DAYS - 1, 0]) {
      await rt.pool.query(
        `INSERT INTO security_events (user_id, kind, detail, created_at) VALUES ($1, 'sign_in', $2, now() - make_interval(days => $3))`,
        [id, JSON.stringify({ days: String(days) }), days],
      );
    }
    await housekeep(rt.db, { libraryRetentionDays: 36_500 });
    const kept = (await query(
      `SELECT detail->>'days' AS days FROM security_events WHERE user_id = $1 AND detail ? 'days' ORDER BY created_at`,
      [id],
    )) as {
      days: string;
    }[];
    expect(kept.map((r) => Number(r.days))).toEqual([SECURITY_LOG_DAYS - 1, 0]);
  });
});
