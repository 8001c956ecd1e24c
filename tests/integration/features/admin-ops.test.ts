// The operator console's Runs, Mail, AI usage and Sources API (issue 28 §3) on real PostgreSQL,
// mounted as the console mounts it: behind the real requireOperator, with an operator who signed
// in through the auth API (users.role = 'operator', as the CLI's grant-operator sets it). Runs of
// several kinds and states (a late one among them), mail of each outcome, AI usage priced and not,
// source counts in and out of the window; a retry that the run engine then runs, a resend that the
// sender delivers once, their audit rows, and the refusals of bad input.
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_RUN_KINDS } from '../../../src/server/db/schema.ts';
import { type OperatorEnv, requireOperator } from '../../../src/server/features/admin/operator.ts';
import { adminOpsRoutes } from '../../../src/server/features/admin/ops-routes.ts';
import { sourceRates } from '../../../src/server/features/admin/sources.ts';
import { errorResponse } from '../../../src/server/http/errors.ts';
import { createAlertEngine } from '../../../src/server/jobs/runs/engine.ts';
import { LATE_AFTER_MINUTES } from '../../../src/server/jobs/runs/log.ts';
import type { AlertDeps, AlertHandler, AlertRunKind } from '../../../src/server/jobs/runs/types.ts';
import { startOutboxSender } from '../../../src/server/mail/sender.ts';
import {
  type AiUsageAnswer,
  type MailAnswer,
  OPS_PAGE_SIZE,
  OPS_RUN_KINDS,
  opsMessages,
  type RunsAnswer,
  type SourcesAnswer,
} from '../../../src/shared/admin-ops.ts';
import { type FakeSmtp, startFakeSmtp } from '../../fakes/smtp.ts';
import { IpClient, registerUser, type TestRuntime } from '../../support/accounts.ts';
import { insertAlertRun } from '../../support/factories.ts';
import { startTestRuntime } from '../../support/runtime.ts';

const PRICES = { 'priced-model': { input: 2, output: 10 } };

let rt: TestRuntime;
let app: Hono;
let smtp: FakeSmtp;
let operator: { email: string; id: string; client: IpClient };
let user: { email: string; id: string };

beforeAll(async () => {
  smtp = await startFakeSmtp({ smtpPort: 0 });
  rt = await startTestRuntime({ AI_PRICES: JSON.stringify(PRICES) });
  // The console's router as admin-a mounts it: the guard, then these routes; everything else is the real app (sign-in).
  const admin = new Hono<OperatorEnv>();
  admin.use(requireOperator(rt.db, rt.auth));
  admin.route('/', adminOpsRoutes({ db: rt.db, pool: rt.pool, runs: rt.runs, prices: rt.config.AI_PRICES }));
  app = new Hono();
  app.onError(errorResponse);
  app.route('/api/admin', admin);
  app.all('*', (c) => rt.app.fetch(c.req.raw, c.env as never));

  const op = await registerUser(rt);
  await rt.pool.query(`UPDATE users SET role = 'operator' WHERE id = $1`, [op.id]);
  operator = { ...op, client: await signedIn(op.email) };
  user = await registerUser(rt);
});
afterAll(async () => {
  // This file's runs (all its user's) must not stay queued or prepared for other files' engines.
  if (user) await rt.pool.query('DELETE FROM alert_runs WHERE user_id = $1', [user.id]);
  await rt?.close();
  await smtp?.stop();
});

async function signedIn(email: string) {
  const client = new IpClient(app as never);
  const res = await client.post('/api/auth/sign-in/email', { email, password: 'correct-horse-1' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return client;
}

const get = async <T>(path: string) => {
  const res = await operator.client.get(`/api/admin${path}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as T;
};
const auditOf = async (subject: string) =>
  (await rt.pool.query('SELECT operator_id, operator_label, action, detail FROM admin_audit_log WHERE subject = $1', [subject])).rows;

const ROUTES = [
  ['GET', '/runs'],
  ['POST', '/runs/00000000-0000-4000-8000-000000000000/retry'],
  ['GET', '/mail'],
  ['POST', '/mail/00000000-0000-4000-8000-000000000000/resend'],
  ['GET', '/ai-usage'],
  ['GET', '/sources'],
] as const;

describe('access', () => {
  it('answers 404 to the signed-out and to a signed-in user who is not an operator, on every route', async () => {
    const anonymous = new IpClient(app as never);
    const plain = await signedIn(user.email);
    for (const [method, path] of ROUTES) {
      for (const client of [anonymous, plain]) {
        const res = await client.request(method, `/api/admin${path}`, method === 'POST' ? {} : undefined);
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
  });

  it('keeps the console’s list of run kinds the engine’s', () => {
    expect([...OPS_RUN_KINDS]).toEqual([...ALERT_RUN_KINDS]);
  });
});

describe('validation', () => {
  it.each([
    ['/runs?kind=weekly', 'The kind is one of'],
    ['/runs?status=stuck', 'The status is one of'],
    ['/runs?page=0', 'The page is a whole number'],
    ['/runs?page=abc', 'The page is a whole number'],
    ['/runs?page=500', 'The page is a whole number'],
    ['/runs?sort=kind', ''],
    ['/mail?user=not-an-address', 'Enter a full e-mail address'],
    ['/mail?status=bounced', 'The status is one of'],
    ['/ai-usage?month=2026-13', 'The month is written YYYY-MM.'],
    ['/ai-usage?month=november', 'The month is written YYYY-MM.'],
    ['/sources?window=week', 'The window is hour or day.'],
    ['/mail?user=a%00b%40example.com', 'NUL'],
  ])('refuses %s with a 400 that says why', async (path, words) => {
    const res = await operator.client.get(`/api/admin${path}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation');
    expect(res.body.error.message).toContain(words);
  });

  it('answers an id that is not one, as an unknown one, with a 404 (as the whole console does)', async () => {
    for (const path of ['/runs/abc/retry', '/mail/abc/resend']) {
      const res = await operator.client.post(`/api/admin${path}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await operator.client.post(`/api/admin/runs/${unknown}/retry`)).body.error.message).toBe('There is no run with this id.');
    expect((await operator.client.post(`/api/admin/mail/${unknown}/resend`)).status).toBe(404);
    expect(await auditOf(unknown)).toEqual([]);
  });
});

describe('runs', () => {
  const alert = () => ({ id: crypto.randomUUID(), userId: user.id });
  const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
  let seeded: Record<string, string>;
  let before: RunsAnswer;

  beforeAll(async () => {
    before = await get<RunsAnswer>('/runs');
    const run = async (kind: AlertRunKind, overrides: Parameters<typeof insertAlertRun>[3]) =>
      (await insertAlertRun(rt.db, kind, alert(), overrides)).id;
    seeded = {
      // A news slot an hour ago that no worker took: late.
      late: await run('news', { slot: iso(3_600_000), status: 'queued' }),
      // Created ahead of its slot, to be prepared: due.
      ahead: await run('news', { slot: iso(-1_800_000), status: 'queued' }),
      // Prepared for a slot later than any other test's next hour: the engine's nextDue() reads the
      // earliest prepared run of the whole database, which other test files share.
      prepared: await run('newsletter', { slot: iso(-7_200_000), status: 'prepared', dueAt: sql`now() + interval '2 hours'` }),
      running: await run('earnings_check', { status: 'running', attempts: 1, startedAt: sql`now()` }),
      // A run waiting for the earnings release: due, not late, while its wait lasts.
      waiting: await run('earnings_check', {
        status: 'queued',
        notBefore: sql`now() + interval '2 hours'`,
        createdAt: sql`now() - interval '1 day'`,
      }),
      failed: await run('earnings_check', {
        status: 'failed',
        attempts: 3,
        reason: 'SEC answered 503 Service Unavailable',
        steps: { found: { date: '2026-11-30' } },
        finishedAt: sql`now()`,
      }),
      report: await run('air_report', { status: 'failed', reason: 'the AI service timed out', finishedAt: sql`now()` }),
      done: await run('news', { status: 'succeeded', outcome: '3 new articles; e-mail queued', finishedAt: sql`now()` }),
      oldFailure: await run('newsletter', { status: 'failed', reason: 'too old to show', createdAt: sql`now() - interval '8 days'` }),
    };
  });

  it('counts runs due, running, late and failed per kind, each run in one', async () => {
    const after = await get<RunsAnswer>('/runs');
    expect(after.lateAfterMinutes).toBe(LATE_AFTER_MINUTES);
    const delta = (kind: string, view: 'due' | 'running' | 'late' | 'failed') =>
      after.byKind.find((k) => k.kind === kind)![view] - before.byKind.find((k) => k.kind === kind)![view];
    expect(after.byKind.map((k) => k.kind)).toEqual([...OPS_RUN_KINDS]);
    expect([delta('news', 'late'), delta('news', 'due'), delta('news', 'failed')]).toEqual([1, 1, 0]);
    expect([delta('newsletter', 'due'), delta('newsletter', 'failed')]).toEqual([1, 0]);
    expect([delta('earnings_check', 'running'), delta('earnings_check', 'due'), delta('earnings_check', 'failed')]).toEqual([1, 1, 1]);
    expect(delta('air_report', 'failed')).toBe(1);
    expect(after.totals.late - before.totals.late).toBe(1);
  });

  it('lists each run with its view, the engine’s reason and whether it can be retried; finished and old runs are not listed', async () => {
    const { runs } = await get<RunsAnswer>('/runs');
    const byId = new Map(runs.map((r) => [r.id, r]));
    expect(byId.get(seeded.late!)).toMatchObject({ view: 'late', status: 'queued', userEmail: user.email, kind: 'news' });
    expect(byId.get(seeded.ahead!)?.view).toBe('due');
    expect(byId.get(seeded.prepared!)?.view).toBe('due');
    expect(byId.get(seeded.running!)?.view).toBe('running');
    expect(byId.get(seeded.waiting!)?.view).toBe('due');
    expect(byId.get(seeded.failed!)).toMatchObject({
      view: 'failed',
      reason: 'SEC answered 503 Service Unavailable',
      attempts: 3,
      retryBlocked: null,
    });
    expect(byId.get(seeded.report!)?.retryBlocked).toBe(opsMessages.reportRetry);
    expect(byId.get(seeded.running!)?.retryBlocked).toBe(opsMessages.notFailed);
    expect(byId.has(seeded.done!)).toBe(false);
    expect(byId.has(seeded.oldFailure!)).toBe(false);
    // Newest first.
    const created = runs.map((r) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('filters by kind and view, and pages', async () => {
    const late = await get<RunsAnswer>('/runs?status=late&kind=news');
    expect(late.runs.every((r) => r.view === 'late' && r.kind === 'news')).toBe(true);
    expect(late.runs.map((r) => r.id)).toContain(seeded.late);
    const failed = await get<RunsAnswer>('/runs?status=failed');
    expect(failed.runs.every((r) => r.status === 'failed')).toBe(true);
    expect(failed.runs.map((r) => r.id)).toEqual(expect.arrayContaining([seeded.failed, seeded.report]));
    const due = await get<RunsAnswer>('/runs?status=due&kind=earnings_check');
    expect(due.runs.map((r) => r.id)).toContain(seeded.waiting);
    expect(due.runs.map((r) => r.id)).not.toContain(seeded.running);
    const far = await get<RunsAnswer>('/runs?page=200');
    expect(far).toMatchObject({ runs: [], page: 200, pageSize: OPS_PAGE_SIZE, hasMore: false });
  });

  it('does not retry a run that has not failed, nor a report', async () => {
    for (const [id, message] of [
      [seeded.running!, opsMessages.notFailed],
      [seeded.done!, opsMessages.notFailed],
      [seeded.report!, opsMessages.reportRetry],
    ] as const) {
      const res = await operator.client.post(`/api/admin/runs/${id}/retry`);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'cannot_retry', message });
      expect(await auditOf(id)).toEqual([]);
    }
  });

  it('retries a failed run through the engine: a new run of the alert and its job, audited; the engine then runs it', async () => {
    const res = await operator.client.post(`/api/admin/runs/${seeded.failed}/retry`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { retryRunId } = res.body as { runId: string; retryRunId: string };
    const { rows } = await rt.pool.query(
      `SELECT n.kind, n.alert_id = o.alert_id AS same_alert, n.user_id, n.status, n.slot, n.steps, o.status AS old_status
         FROM alert_runs n, alert_runs o WHERE n.id = $1 AND o.id = $2`,
      [retryRunId, seeded.failed],
    );
    expect(rows[0]).toMatchObject({ kind: 'earnings_check', same_alert: true, user_id: user.id, status: 'queued', old_status: 'failed' });
    expect(rows[0].slot).toMatch(/^manual:/);
    // It resumes after the steps the failed run finished.
    expect(rows[0].steps).toEqual({ found: { date: '2026-11-30' } });
    // Its job is in the engine's queue, for a worker to take.
    const jobs = await rt.pool.query(`SELECT state FROM pgboss.job WHERE name = 'alert-run' AND data->>'runId' = $1`, [retryRunId]);
    expect(jobs.rows).toEqual([{ state: 'created' }]);
    expect(await auditOf(seeded.failed!)).toEqual([
      {
        operator_id: operator.id,
        operator_label: operator.email,
        action: 'run.retry',
        detail: { kind: 'earnings_check', retryRunId, reason: 'SEC answered 503 Service Unavailable' },
      },
    ]);

    // A second retry while that run is open would run the alert twice.
    const again = await operator.client.post(`/api/admin/runs/${seeded.failed}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(opsMessages.alreadyRetried);
    const listed = (await get<RunsAnswer>('/runs?status=failed')).runs.find((r) => r.id === seeded.failed);
    expect(listed?.retryBlocked).toBe(opsMessages.alreadyRetried);
    expect((await auditOf(seeded.failed!)).length).toBe(1);

    // The engine (as a worker would, given the job) runs it, with the step the failed run kept.
    const seen: unknown[] = [];
    const handler: AlertHandler = async (_run, _deps, _signal, step) => {
      seen.push(await step('found', async () => ({ date: 'fetched again' })));
      return { commit: async () => ({ mail: null, outcome: 'checked again' }) };
    };
    const refuse: AlertHandler = async () => {
      throw new Error('not in this test');
    };
    const handlers = Object.fromEntries(ALERT_RUN_KINDS.map((kind) => [kind, kind === 'earnings_check' ? handler : refuse]));
    const engine = createAlertEngine({
      db: rt.db,
      config: rt.config,
      now: () => new Date(),
      handlers: handlers as Record<AlertRunKind, AlertHandler>,
    } as AlertDeps & { handlers: Record<AlertRunKind, AlertHandler> });
    expect(await engine.process(retryRunId)).toEqual({ status: 'succeeded', outcome: 'checked again', mailId: null });
    expect(seen).toEqual([{ date: '2026-11-30' }]);
  });
});

describe('mail', () => {
  type Seed = { status?: string; attempts?: number; unknown?: number; kind?: string; to?: string; userId?: string | null; ago?: string };
  const ids: Record<string, string> = {};
  const insert = async (name: string, s: Seed) => {
    const { rows } = await rt.pool.query<{ id: string }>(
      `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, kind, user_id, headers, status, attempts, unknown_outcome_attempts, last_error, created_at, sent_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() - $12::interval, CASE WHEN $8 IN ('sent', 'captured') THEN now() END)
       RETURNING id`,
      [
        s.to ?? user.email,
        `Subject ${name} <b>not markup</b>`,
        `Text of ${name}`,
        `<p>HTML of ${name}</p>`,
        s.kind ?? 'news-alert',
        s.userId === undefined ? user.id : s.userId,
        { 'List-Unsubscribe': '<https://example.com/u>' },
        s.status ?? 'sent',
        s.attempts ?? 1,
        s.unknown ?? 0,
        s.status === 'failed' ? '550 mailbox unavailable' : null,
        s.ago ?? '0 seconds',
      ],
    );
    ids[name] = rows[0]!.id;
  };

  beforeAll(async () => {
    await insert('sent', {});
    await insert('retried', { attempts: 3 });
    await insert('failed', { status: 'failed', attempts: 8 });
    await insert('unknown', { unknown: 1, attempts: 2 });
    await insert('pending', { status: 'pending', attempts: 0 });
    await insert('captured', { status: 'captured' });
    // The invite went to their address before they had an account: theirs by address.
    await insert('invite', { kind: 'invite', userId: null });
    await insert('old', { ago: '40 days' });
    await insert('someone else', { to: 'someone-else@example.com', userId: null });
  });

  it('lists one person’s mail of the last 30 days with each outcome counted', async () => {
    const answer = await get<MailAnswer>(`/mail?user=${encodeURIComponent(user.email.toUpperCase())}`);
    expect(answer.windowDays).toBe(30);
    expect(answer.counts).toEqual({ pending: 1, sent: 4, retried: 3, failed: 1, unknown: 1, captured: 1 });
    expect(answer.mails.map((m) => m.id).sort()).toEqual(
      ['sent', 'retried', 'failed', 'unknown', 'pending', 'captured', 'invite'].map((n) => ids[n]).sort(),
    );
    const failed = answer.mails.find((m) => m.id === ids.failed)!;
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 8,
      lastError: '550 mailbox unavailable',
      userEmail: user.email,
      subject: 'Subject failed <b>not markup</b>',
      resendBlocked: null,
    });
    expect(answer.mails.find((m) => m.id === ids.unknown)!.unknownOutcomeAttempts).toBe(1);
    expect(answer.mails.find((m) => m.id === ids.pending)!.resendBlocked).toBe(opsMessages.stillPending);
    expect(answer.mails.find((m) => m.id === ids.invite)!.resendBlocked).toBe(opsMessages.credentialMail);
  });

  it.each([
    ['sent', ['sent', 'retried', 'unknown', 'invite']],
    ['retried', ['retried', 'failed', 'unknown']],
    ['failed', ['failed']],
    ['unknown', ['unknown']],
    ['pending', ['pending']],
    ['captured', ['captured']],
  ])('filters by %s', async (status, names) => {
    const answer = await get<MailAnswer>(`/mail?user=${encodeURIComponent(user.email)}&status=${status}`);
    expect(answer.mails.map((m) => m.id).sort()).toEqual(names.map((n) => ids[n]).sort());
  });

  it('lists everyone’s mail without a filter, and pages', async () => {
    const all = await get<MailAnswer>('/mail');
    expect(all.mails.map((m) => m.id)).toEqual(expect.arrayContaining([ids.sent, ids['someone else']]));
    expect(all.mails.map((m) => m.id)).not.toContain(ids.old);
    expect(await get<MailAnswer>(`/mail?user=${encodeURIComponent(user.email)}&page=2`)).toMatchObject({
      mails: [],
      page: 2,
      hasMore: false,
    });
  });

  it('does not resend a mail still queued, nor a sign-in link', async () => {
    for (const [name, message] of [
      ['pending', opsMessages.stillPending],
      ['invite', opsMessages.credentialMail],
    ] as const) {
      const res = await operator.client.post(`/api/admin/mail/${ids[name]}/resend`);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'cannot_retry', message });
      expect(await auditOf(ids[name]!)).toEqual([]);
    }
  });

  it('resends a failed mail as a new pending row, audited; the old row stays; the sender delivers the copy once', async () => {
    const res = await operator.client.post(`/api/admin/mail/${ids.failed}/resend`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { resentMailId } = res.body as { mailId: string; resentMailId: string };
    expect(resentMailId).not.toBe(ids.failed);
    const row = async (id: string) =>
      (
        await rt.pool.query(
          'SELECT to_address, subject, text_body, html_body, kind, user_id, headers, status, attempts, last_error FROM mail_outbox WHERE id = $1',
          [id],
        )
      ).rows[0];
    const original = await row(ids.failed!);
    expect(original).toMatchObject({ status: 'failed', attempts: 8, last_error: '550 mailbox unavailable' });
    expect(await row(resentMailId)).toEqual({
      ...original,
      status: 'pending',
      attempts: 0,
      last_error: null,
    });
    expect(await auditOf(ids.failed!)).toEqual([
      {
        operator_id: operator.id,
        operator_label: operator.email,
        action: 'mail.resend',
        detail: { resentMailId, to: user.email, kind: 'news-alert', status: 'failed' },
      },
    ]);

    const sender = await startOutboxSender({
      pool: rt.pool,
      databaseUrl: rt.databaseUrl,
      smtpUrl: `smtp://127.0.0.1:${smtp.smtpPort}`,
      from: 'Enterprise OS <no-reply@enterprise-os.test>',
      printCaptured: false,
    });
    try {
      await sender.drain();
      await sender.drain();
    } finally {
      await sender.stop();
    }
    const delivered = smtp.messages.filter((m) => m.subject === 'Subject failed <b>not markup</b>');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.headers['message-id']).toContain(resentMailId);
    expect((await row(resentMailId)).status).toBe('sent');
    expect((await row(ids.failed!)).status).toBe('failed');
  });
});

describe('AI usage and cost', () => {
  let a: { email: string; id: string };
  let b: { email: string; id: string };
  const usage = async (userId: string, task: string, model: string, inTok: number, outTok: number, status: string, startedAt: string) =>
    rt.pool.query(
      `INSERT INTO ai_usage (user_id, task, provider, model, status, input_tokens, output_tokens, started_at)
       VALUES ($1, $2, 'openai', $3, $4, $5, $6, $7)`,
      [userId, task, model, status, inTok, outTok, startedAt],
    );

  beforeAll(async () => {
    [a, b] = [await registerUser(rt), await registerUser(rt)];
    // February 2001, New York: from 2001-02-01T05:00Z to 2001-03-01T05:00Z.
    await usage(a.id, 'research', 'priced-model', 1000, 500, 'succeeded', '2001-02-10T12:00:00Z');
    await usage(a.id, 'research', 'priced-model', 1000, 500, 'failed', '2001-02-01T05:00:00Z');
    await usage(a.id, 'wolfebot', 'unpriced-model', 300, 100, 'succeeded', '2001-02-28T23:00:00Z');
    await usage(b.id, 'research', 'priced-model', 500_000, 100_000, 'succeeded', '2001-03-01T04:59:59Z');
    // Outside the month: the evening of January 31st in New York, and March 1st there.
    await usage(b.id, 'research', 'priced-model', 9, 9, 'succeeded', '2001-02-01T04:59:59Z');
    await usage(b.id, 'research', 'priced-model', 9, 9, 'succeeded', '2001-03-01T05:00:00Z');
  });

  it('sums runs, failures and tokens per user and per task in a month, priced from AI_PRICES, unknown where a model has no price', async () => {
    const answer = await get<AiUsageAnswer>('/ai-usage?month=2001-02');
    expect(answer).toMatchObject({ month: '2001-02', from: '2001-02-01T05:00:00Z', to: '2001-03-01T05:00:00Z' });
    expect(answer.lines).toEqual([
      {
        email: b.email,
        task: 'research',
        runs: 1,
        failures: 0,
        inputTokens: 500_000,
        outputTokens: 100_000,
        cost: 2,
        pricedCost: 2,
        unpricedModels: [],
      },
      {
        email: a.email,
        task: 'research',
        runs: 2,
        failures: 1,
        inputTokens: 2000,
        outputTokens: 1000,
        cost: 0.014,
        pricedCost: 0.014,
        unpricedModels: [],
      },
      {
        email: a.email,
        task: 'wolfebot',
        runs: 1,
        failures: 0,
        inputTokens: 300,
        outputTokens: 100,
        cost: null,
        pricedCost: 0,
        unpricedModels: ['unpriced-model'],
      },
    ]);
    expect(answer.users.map((u) => [u.email, u.runs, u.cost, u.pricedCost, u.unpricedModels])).toEqual([
      [b.email, 1, 2, 2, []],
      [a.email, 3, null, 0.014, ['unpriced-model']],
    ]);
    expect(answer.tasks.map((t) => [t.task, t.runs, t.failures])).toEqual([
      ['research', 3, 1],
      ['wolfebot', 1, 0],
    ]);
    expect(answer.totals).toEqual({
      runs: 4,
      failures: 1,
      inputTokens: 502_300,
      outputTokens: 101_100,
      cost: null,
      pricedCost: 2.014,
      unpricedModels: ['unpriced-model'],
    });
  });

  it('shows this month without a month, and an empty month as zeros', async () => {
    await usage(a.id, 'content', 'priced-model', 10, 10, 'succeeded', new Date().toISOString());
    const now = await get<AiUsageAnswer>('/ai-usage');
    expect(now.month).toMatch(/^\d{4}-\d{2}$/);
    expect(now.lines.find((l) => l.email === a.email && l.task === 'content')).toMatchObject({ runs: 1, inputTokens: 10 });
    expect(await get<AiUsageAnswer>('/ai-usage?month=1999-01')).toMatchObject({
      lines: [],
      users: [],
      tasks: [],
      totals: { runs: 0, failures: 0, inputTokens: 0, outputTokens: 0, cost: 0, pricedCost: 0, unpricedModels: [] },
    });
  });
});

describe('sources', () => {
  const count = (ago: string, service: string, host: string, outcome: string, n: number, ms: number) =>
    rt.pool.query(
      `INSERT INTO source_request_counts (hour, service, host, outcome, count, total_ms)
       VALUES (date_trunc('hour', now()) - $1::interval, $2, $3, $4, $5, $6)`,
      [ago, service, host, outcome, n, ms],
    );
  const service = `test-service-${crypto.randomUUID().slice(0, 8)}`;

  it('gives answer rates per service over the last hour or day, with errors by outcome and mean latency', async () => {
    await count('0 hours', service, 'a.example', 'ok', 8, 1600);
    await count('0 hours', service, 'a.example', 'http_error', 1, 300);
    await count('0 hours', service, 'b.example', 'robots', 1, 100);
    await count('1 hour', service, 'a.example', 'ok', 10, 1000);
    await count('3 hours', service, 'a.example', 'network_error', 5, 5000);
    await count('30 hours', service, 'a.example', 'ok', 1000, 1000);

    const hour = (await get<SourcesAnswer>('/sources')).services.find((s) => s.service === service);
    expect(hour).toEqual({
      service,
      hosts: 2,
      total: 20,
      ok: 18,
      okRate: 0.9,
      errors: { http_error: 1, network_error: 0, refused: 0, robots: 1 },
      meanMs: 150,
    });
    const day = await get<SourcesAnswer>('/sources?window=day');
    expect(day.window).toBe('day');
    expect(day.services.find((s) => s.service === service)).toMatchObject({ total: 25, ok: 18, okRate: 0.72, meanMs: 320 });
  });

  it('counts decoded Google links, robots refusals and article text in the window', async () => {
    const before = await get<SourcesAnswer>('/sources');
    const tag = crypto.randomUUID();
    await rt.pool.query(
      `INSERT INTO google_news_links (article_id, publisher_url, checked_at) VALUES
         ($1 || '-1', 'https://news.example/a', now()), ($1 || '-2', NULL, now()), ($1 || '-3', 'https://news.example/b', now() - interval '5 hours')`,
      [tag],
    );
    await rt.pool.query(
      `INSERT INTO articles (url_key, url, status, fetched_at) VALUES
         ($1 || '/ok', 'https://p.example/ok', 'ok', now()), ($1 || '/blocked', 'https://p.example/b', 'blocked', now()),
         ($1 || '/paywalled', 'https://p.example/p', 'paywalled', now()), ($1 || '/old', 'https://p.example/o', 'ok', now() - interval '3 days')`,
      [`p.example/${tag}`],
    );
    await count('0 hours', `${service}-2`, 'c.example', 'robots', 2, 20);
    const after = await get<SourcesAnswer>('/sources');
    expect(after.decode.checked - before.decode.checked).toBe(2);
    expect(after.decode.decoded - before.decode.decoded).toBe(1);
    expect(after.robots.refusals - before.robots.refusals).toBe(2);
    expect(after.robots.blockedArticles - before.robots.blockedArticles).toBe(1);
    expect(after.articles.read - before.articles.read).toBe(3);
    expect(after.articles.ok - before.articles.ok).toBe(1);
    expect(after.articles.share).toBeCloseTo(after.articles.ok / after.articles.read);
  });

  it('answers an empty window with zeros and no rates, never a division by zero', async () => {
    let empty: SourcesAnswer | undefined;
    // Everything deleted and read in one transaction, then rolled back: the database keeps its rows.
    await rt.db
      .transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM source_request_counts`);
        await tx.execute(sql`DELETE FROM google_news_links`);
        await tx.execute(sql`DELETE FROM articles`);
        empty = await sourceRates(tx, 'day');
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    expect(empty).toMatchObject({
      services: [],
      totals: { total: 0, ok: 0, okRate: null },
      decode: { checked: 0, decoded: 0, rate: null },
      robots: { refusals: 0, blockedArticles: 0 },
      articles: { read: 0, ok: 0, share: null },
    });
  });
});
