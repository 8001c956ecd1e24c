// The operator's view of outgoing mail and alert runs (npm run admin -- mail-log / alert-runs), run as
// the real CLI against seeded rows: newest first, filters, truncation to one line, the 200-line cap.
// Each CLI run starts a process (a few seconds on a shared machine): the tests have a longer timeout.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRunKind } from '../../../src/server/jobs/runs/types.ts';
import { registerUser, type TestRuntime } from '../../support/accounts.ts';
import { runAdmin } from '../../support/admin-cli.ts';
import { type AlertRunOverrides, insertAlertRun } from '../../support/factories.ts';
import { startTestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

const admin = (...args: string[]) => runAdmin(args);

type MailSeed = {
  kind: string;
  to: string;
  status: string;
  attempts: number;
  ageHours: number;
  subject: string;
  error?: string;
  userId?: string;
};
async function seedMail(m: MailSeed) {
  await rt.pool.query(
    `INSERT INTO mail_outbox (to_address, subject, text_body, kind, user_id, status, attempts, last_error, created_at, sent_at)
     VALUES ($1, $2, 'body', $3, $4, $5, $6, $7, now() - make_interval(hours => $8),
             CASE WHEN $5 IN ('sent', 'captured') THEN now() - make_interval(hours => $8) + interval '5 seconds' END)`,
    [m.to, m.subject, m.kind, m.userId ?? null, m.status, m.attempts, m.error ?? null, m.ageHours],
  );
}

/** A run of an alert that is not there (the listing does not look at the alert), `ageHours` old. */
async function seedRun({ kind, userId, ageHours, ...run }: { kind: AlertRunKind; userId: string; ageHours: number } & AlertRunOverrides) {
  await insertAlertRun(rt.db, kind, { id: randomUUID(), userId }, { ...run, createdAt: sql`now() - make_interval(hours => ${ageHours})` });
}

describe('admin mail-log', { timeout: 60_000 }, () => {
  it("lists a user's mail newest first with status, attempts, sent time, error and subject, one line each", async () => {
    const user = await registerUser(rt);
    const other = await registerUser(rt);
    await seedMail({
      kind: 'news-alert',
      to: 'alerts@example.org',
      userId: user.id,
      status: 'sent',
      attempts: 1,
      ageHours: 5,
      subject: 'Apple: Apple opens a new plant',
    });
    await seedMail({
      kind: 'newsletter',
      to: user.email,
      userId: user.id,
      status: 'failed',
      attempts: 8,
      ageHours: 2,
      subject: `Banking digest · ${'very long subject '.repeat(10)}`,
      error: `451 Temporary failure\nline two ${'x'.repeat(200)}`,
    });
    await seedMail({ kind: 'otp', to: user.email, status: 'pending', attempts: 0, ageHours: 1, subject: '123456 is your code' });
    await seedMail({
      kind: 'news-alert',
      to: other.email,
      userId: other.id,
      status: 'sent',
      attempts: 1,
      ageHours: 1,
      subject: 'Not this user',
    });
    await seedMail({
      kind: 'news-alert',
      to: user.email,
      userId: user.id,
      status: 'sent',
      attempts: 1,
      ageHours: 24 * 40,
      subject: 'Too old',
    });

    const { code, lines } = await admin('mail-log', '--user', user.email);
    expect(code).toBe(0);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\s+otp\s+\S+\s+pending\s+0x\s+sent -\s+error: -\s+123456 is your code$/);
    expect(lines[1]).toMatch(
      /newsletter\s+\S+\s+failed\s+8x\s+sent -\s+error: 451 Temporary failure line two x+…\s+Banking digest · very long subject .*…$/,
    );
    expect(lines[1]!.length).toBeLessThan(300);
    expect(lines[2]).toMatch(
      /news-alert\s+alerts@example\.org\s+sent\s+1x\s+sent \d{4}-\d\d-\d\dT\S+Z\s+error: -\s+Apple: Apple opens a new plant$/,
    );
    expect(lines.join('\n')).not.toContain('Not this user');
    expect(lines.join('\n')).not.toContain('Too old');

    expect((await admin('mail-log', '--user', user.email, '--status', 'failed')).lines).toHaveLength(1);
    expect((await admin('mail-log', '--user', user.email, '--days', '60')).lines).toHaveLength(4);
    expect((await admin('mail-log', '--user', user.email, '--status', 'captured')).lines).toEqual([
      `No mail in the last 30 days for ${user.email} with status captured.`,
    ]);
  });

  it('shows at most 200 lines and says so', async () => {
    const user = await registerUser(rt);
    await rt.pool.query(
      `INSERT INTO mail_outbox (to_address, subject, text_body, kind, user_id, status, created_at)
       SELECT $1, 'Mail ' || n, 'body', 'news-alert', $2, 'sent', now() - make_interval(mins => n) FROM generate_series(1, 205) n`,
      [user.email, user.id],
    );
    const { lines } = await admin('mail-log', '--user', user.email);
    expect(lines).toHaveLength(201);
    expect(lines[0]).toMatch(/Mail 1$/);
    expect(lines[199]).toMatch(/Mail 200$/);
    expect(lines[200]).toBe('(the newest 200 shown; narrow with --days, --user or --status)');
  });

  it('refuses an unknown status or a bad e-mail with the usage', async () => {
    const bad = await admin('mail-log', '--status', 'delivered');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--status must be one of pending, sent, failed, captured.');
    expect((await admin('alert-runs', '--user', 'not-an-email')).code).toBe(2);
  });
});

describe('admin alert-runs', { timeout: 60_000 }, () => {
  it("lists a user's runs newest first with slot, status, attempts and the outcome or the reason", async () => {
    const user = await registerUser(rt);
    const other = await registerUser(rt);
    await seedRun({
      kind: 'news',
      userId: user.id,
      slot: '2026-11-20T14:00:00.000Z',
      status: 'succeeded',
      attempts: 1,
      ageHours: 3,
      outcome: '3 new articles; e-mail queued',
    });
    await seedRun({
      kind: 'newsletter',
      userId: user.id,
      slot: '2026-11-21T14:00:00.000Z',
      status: 'failed',
      attempts: 3,
      ageHours: 2,
      reason: 'The AI provider did not answer (timeout)',
    });
    await seedRun({
      kind: 'earnings_check',
      userId: user.id,
      slot: 'manual:2026-11-22T06:00:00.000Z',
      status: 'skipped',
      attempts: 1,
      ageHours: 1,
      reason: 'The alert is inactive.',
    });
    await seedRun({
      kind: 'news',
      userId: other.id,
      slot: '2026-11-21T14:00:00.000Z',
      status: 'succeeded',
      attempts: 1,
      ageHours: 1,
      outcome: 'Other user',
    });

    const { code, lines } = await admin('alert-runs', '--user', user.email);
    expect(code).toBe(0);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      new RegExp(
        `earnings_check\\s+${user.email.replace(/[.+]/g, '\\$&')}\\s+manual:2026-11-22T06:00:00.000Z\\s+skipped\\s+1x\\s+The alert is inactive\\.$`,
      ),
    );
    expect(lines[1]).toMatch(/newsletter\s+\S+\s+2026-11-21T14:00:00.000Z\s+failed\s+3x\s+The AI provider did not answer \(timeout\)$/);
    expect(lines[2]).toMatch(/news\s+\S+\s+2026-11-20T14:00:00.000Z\s+succeeded\s+1x\s+3 new articles; e-mail queued$/);

    expect((await admin('alert-runs', '--user', user.email, '--status', 'failed')).lines).toHaveLength(1);
    expect((await admin('alert-runs', '--user', user.email, '--status', 'queued')).lines).toEqual([
      `No alert runs in the last 30 days for ${user.email} with status queued.`,
    ]);
    const bad = await admin('alert-runs', '--status', 'done');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--status must be one of queued, running, prepared, succeeded, failed, skipped.');
  });
});
