// The earnings alert handlers on real PostgreSQL, with local fakes for SEC EDGAR, the earnings
// calendars and the AI: the date check (confirmed, estimated, not found, verification error, a new
// cycle when the date moves), the reminder e-mail and the post-call summary (grounded, waiting for
// the release, giving up). Each test commits the prepared run in a transaction, as the engine does;
// the library tests run them through the engine: each mail kept in the user's library as sent.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAiRunner } from '../../../src/server/ai/runner.ts';
import { NO_SUPPORTING_EVIDENCE } from '../../../src/server/ai/statements.ts';
import type { Config } from '../../../src/server/config.ts';
import { earningsTrackingResults } from '../../../src/server/db/schema.ts';
import { earningsCheckHandler, earningsReminderHandler, earningsSummaryHandler } from '../../../src/server/jobs/earnings/handler.ts';
import { createAlertEngine } from '../../../src/server/jobs/runs/engine.ts';
import {
  type AlertDeps,
  type AlertHandler,
  AlertPermanentFailure,
  AlertRetryLater,
  type AlertRun,
  type AlertRunKind,
  AlertSkip,
  type CommitResult,
  type PreparedRun,
} from '../../../src/server/jobs/runs/types.ts';
import { createSources } from '../../../src/server/sources/index.ts';
import {
  earningsModel,
  INFLATED_FINDING,
  INVENTED_FINDING,
  INVENTED_NAME,
  INVENTED_QUOTE,
  INVENTED_URL,
} from '../../fakes/earnings-model.ts';
import { startFakeFmp } from '../../fakes/fmp.ts';
import { type FakeEarningsCalendars, startFakeEarningsCalendars } from '../../fakes/nasdaq.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai.ts';
import { type FakeSec, startFakeSec } from '../../fakes/sec.ts';
import { registerUser, type TestRuntime } from '../../support/accounts.ts';
import { type EarningsTrackingOverrides, insertEarningsResult, insertEarningsTracking } from '../../support/factories.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';
import { articlesOf, expectKeptRun, keptItems, textOf } from './library-items.ts';

let rt: TestRuntime;
let ai: FakeOpenAi;
let sec: FakeSec;
let calendars: FakeEarningsCalendars;

beforeAll(async () => {
  [ai, sec, calendars] = await Promise.all([startFakeOpenAi({ handler: earningsModel() }), startFakeSec(), startFakeEarningsCalendars()]);
  rt = await startTestRuntime({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-earnings-model',
    SEC_BASE_URL: sec.url,
    SEC_DATA_BASE_URL: sec.url,
    SEC_USER_AGENT: 'Enterprise OS tests ops@example.com',
    NASDAQ_BASE_URL: calendars.url,
    ALERT_MAX_ATTEMPTS: '3',
    AI_MAX_RETRIES: '0',
  });
});
afterAll(async () => {
  await rt?.close();
  await Promise.all([ai?.stop(), sec?.stop(), calendars?.stop()]);
});
beforeEach(() => {
  ai.reset();
  ai.setHandler(earningsModel());
  sec.reset();
  calendars.reset();
});

/** Fresh sources per test (their caches would otherwise carry one test's calendar into the next). */
function deps(now: string, overrides: Partial<Config> = {}): AlertDeps {
  const config = { ...rt.config, ...overrides };
  return {
    db: rt.db,
    config,
    ai: createAiRunner(config, rt.db),
    sources: createSources(config, rt.db),
    links: {
      app: (path) => `${TEST_APP_URL}${path}`,
      libraryItem: (runId) => `${TEST_APP_URL}/library/${runId}`,
      unsubscribe: (kind, id) => ({
        page: `${TEST_APP_URL}/unsubscribe/${kind}/${id}`,
        oneClick: `${TEST_APP_URL}/api/unsubscribe/${kind}/${id}`,
      }),
    },
    now: () => new Date(now),
  };
}

let runs = 0;
function alertRun(kind: AlertRunKind, tracking: { id: string; userId: string }, slot: string, attempt = 1): AlertRun {
  runs += 1;
  return {
    id: `00000000-0000-4000-8000-${String(runs).padStart(12, '0')}`,
    kind,
    alertId: tracking.id,
    userId: tracking.userId,
    slot,
    attempt,
    createdAt: new Date(),
  };
}

/**
 * What the engine does with a prepared run: commit it in a transaction. The contract types `tx` as
 * Database (a transaction lacks only `$client`, which the handlers do not use).
 */
const commit = (prepared: PreparedRun): Promise<CommitResult> => rt.db.transaction((tx) => prepared.commit(tx));

async function tracking(values: EarningsTrackingOverrides = {}) {
  const user = await registerUser(rt);
  const row = await insertEarningsTracking(rt.db, user.id, { notificationTiming: '24h', ...values });
  return { id: row.id, userId: user.id, email: user.email };
}

async function storedResult(trackingId: string) {
  const [row] = await rt.db.select().from(earningsTrackingResults).where(eq(earningsTrackingResults.trackingId, trackingId));
  return row ?? null;
}

describe('earnings_check', () => {
  it('stores a date the Nasdaq calendar lists with a session as confirmed (0.9), with the ticker and a source to verify', async () => {
    const t = await tracking({ companyName: 'apple' });
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-10-30', session: 'after-hours' });
    const outcome = await commit(
      await earningsCheckHandler(
        alertRun('earnings_check', t, '2025-10-20T12:00:00.000Z'),
        deps('2025-10-20T14:00:00Z'),
        new AbortController().signal,
      ),
    );
    expect(outcome.mail).toBeNull();
    expect(await storedResult(t.id)).toMatchObject({
      earningsDate: new Date('2025-10-30T00:00:00Z'),
      confidenceScore: 0.9,
      status: 'confirmed',
      sourceUrl: 'https://www.nasdaq.com/market-activity/stocks/aapl/earnings',
      ticker: 'AAPL',
      provider: 'Nasdaq',
      notificationStatus: 'pending',
      transcriptStatus: 'pending',
      alertCounter: 0,
      userId: t.userId,
    });
    expect((await storedResult(t.id))?.checkedAt).toBeInstanceOf(Date);
  });

  it('stores a listing without a session as scheduled (0.7)', async () => {
    const t = await tracking({ companyName: 'MSFT' });
    calendars.list({ provider: 'nasdaq', symbol: 'MSFT', date: '2025-10-29', session: 'none' });
    await commit(
      await earningsCheckHandler(alertRun('earnings_check', t, 's1'), deps('2025-10-27T14:00:00Z'), new AbortController().signal),
    );
    expect(await storedResult(t.id)).toMatchObject({ status: 'scheduled', confidenceScore: 0.7, ticker: 'MSFT' });
  });

  it('estimates from the last SEC earnings release (+91 days) when no calendar lists the company', async () => {
    const t = await tracking({ companyName: 'Apple Inc.' });
    await commit(
      await earningsCheckHandler(alertRun('earnings_check', t, 's1'), deps('2025-08-15T14:00:00Z'), new AbortController().signal),
    );
    const result = await storedResult(t.id);
    // Last 8-K item 2.02 of the fixture: 2025-07-31; + 91 days = Thursday 2025-10-30.
    expect(result).toMatchObject({
      earningsDate: new Date('2025-10-30T00:00:00Z'),
      status: 'estimated',
      provider: 'SEC EDGAR estimate',
      ticker: 'AAPL',
    });
    expect(result?.confidenceScore).toBeCloseTo(0.3);
    expect(result?.sourceUrl).toBe(`${sec.url}/Archives/edgar/data/320193/000032019325000071/0000320193-25-000071-index.htm`);
  });

  it("records 'not_found' for a company SEC EDGAR does not know, without any calendar request", async () => {
    const t = await tracking({ companyName: 'Pear Computers' });
    const outcome = await commit(
      await earningsCheckHandler(alertRun('earnings_check', t, 's1'), deps('2025-08-15T14:00:00Z'), new AbortController().signal),
    );
    expect(outcome.outcome).toMatch(/not a company or ticker SEC EDGAR knows/);
    expect(await storedResult(t.id)).toMatchObject({ status: 'not_found', earningsDate: null, confidenceScore: null });
    expect(calendars.requests).toHaveLength(0);
  });

  it("throws a source failure for a retry, and records 'error' on the last attempt", async () => {
    const t = await tracking();
    calendars.fail('nasdaq');
    const d = deps('2025-08-15T14:00:00Z');
    await expect(earningsCheckHandler(alertRun('earnings_check', t, 's1', 1), d, new AbortController().signal)).rejects.toThrow(
      /answered 503/,
    );
    expect(await storedResult(t.id)).toBeNull();
    await commit(await earningsCheckHandler(alertRun('earnings_check', t, 's1', 3), d, new AbortController().signal));
    expect(await storedResult(t.id)).toMatchObject({ status: 'error', earningsDate: null });
  });

  it('keeps the known date when the last attempt fails, and marks it as a verification error', async () => {
    const t = await tracking();
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date('2025-10-30T00:00:00Z'),
      confidenceScore: 0.9,
      status: 'confirmed',
      notificationStatus: 'pending',
    });
    sec.mode.failSubmissions = true;
    calendars.fail('nasdaq');
    await commit(
      await earningsCheckHandler(alertRun('earnings_check', t, 's1', 3), deps('2025-08-15T14:00:00Z'), new AbortController().signal),
    );
    expect(await storedResult(t.id)).toMatchObject({
      status: 'error',
      earningsDate: new Date('2025-10-30T00:00:00Z'),
      confidenceScore: 0.9,
    });
  });

  it('starts a new cycle when the date changes (statuses pending, sent times cleared, counter kept); an unchanged date keeps them', async () => {
    const t = await tracking();
    const sentAt = new Date('2025-07-30T12:00:00Z');
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date('2025-07-31T00:00:00Z'),
      confidenceScore: 0.9,
      status: 'confirmed',
      notificationStatus: 'sent',
      notificationSentAt: sentAt,
      transcriptStatus: 'sent',
      transcriptSentAt: sentAt,
      alertCounter: 2,
    });
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-10-30', session: 'after-hours' });
    const d = deps('2025-08-15T14:00:00Z');
    const outcome = await commit(await earningsCheckHandler(alertRun('earnings_check', t, 's1'), d, new AbortController().signal));
    expect(outcome.outcome).toMatch(/was 2025-07-31/);
    expect(await storedResult(t.id)).toMatchObject({
      earningsDate: new Date('2025-10-30T00:00:00Z'),
      notificationStatus: 'pending',
      notificationSentAt: null,
      transcriptStatus: 'pending',
      transcriptSentAt: null,
      alertCounter: 2,
    });

    await rt.db
      .update(earningsTrackingResults)
      .set({ notificationStatus: 'sent', notificationSentAt: sentAt })
      .where(eq(earningsTrackingResults.trackingId, t.id));
    await commit(await earningsCheckHandler(alertRun('earnings_check', t, 's2'), d, new AbortController().signal));
    expect(await storedResult(t.id)).toMatchObject({ notificationStatus: 'sent', notificationSentAt: sentAt, transcriptStatus: 'pending' });
  });

  it('keeps a past date while its summary is still due, instead of moving on to next quarter', async () => {
    const t = await tracking();
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date('2025-07-31T00:00:00Z'),
      confidenceScore: 0.9,
      status: 'confirmed',
      notificationStatus: 'sent',
      transcriptStatus: 'pending',
    });
    calendars.list({ provider: 'nasdaq', symbol: 'AAPL', date: '2025-10-30', session: 'after-hours' });
    const outcome = await commit(
      await earningsCheckHandler(alertRun('earnings_check', t, 's1'), deps('2025-08-01T14:00:00Z'), new AbortController().signal),
    );
    expect(outcome.outcome).toMatch(/until its results summary is done/);
    expect(await storedResult(t.id)).toMatchObject({ earningsDate: new Date('2025-07-31T00:00:00Z'), transcriptStatus: 'pending' });
    expect(calendars.requests).toHaveLength(0);
  });

  it('skips an inactive, blank or deleted alert, and an alert of another user', async () => {
    const signal = new AbortController().signal;
    const d = deps('2025-08-15T14:00:00Z');
    const inactive = await tracking({ active: false });
    await expect(earningsCheckHandler(alertRun('earnings_check', inactive, 's1'), d, signal)).rejects.toThrow(AlertSkip);
    const blank = await tracking({ companyName: '  ' });
    await expect(earningsCheckHandler(alertRun('earnings_check', blank, 's1'), d, signal)).rejects.toThrow(AlertSkip);
    const mine = await tracking();
    const other = await tracking();
    await expect(earningsCheckHandler(alertRun('earnings_check', { id: mine.id, userId: other.userId }, 's1'), d, signal)).rejects.toThrow(
      AlertSkip,
    );
    await expect(
      earningsCheckHandler(
        alertRun('earnings_check', { id: '00000000-0000-4000-8000-999999999999', userId: mine.userId }, 's1'),
        d,
        signal,
      ),
    ).rejects.toThrow(AlertSkip);
    expect(sec.requests).toHaveLength(0);
  });
});

describe('earnings_reminder', () => {
  const DATE = '2025-10-30T00:00:00.000Z';

  it('e-mails the date, the badge and the source to the alert’s address, then counts it', async () => {
    const t = await tracking({ notificationEmail: 'deals@example.com', notificationTiming: '48h' });
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date(DATE),
      confidenceScore: 0.9,
      status: 'confirmed',
      ticker: 'AAPL',
      sourceUrl: 'https://www.nasdaq.com/market-activity/stocks/aapl/earnings',
      notificationStatus: 'pending',
      alertCounter: 1,
    });
    const outcome = await commit(
      await earningsReminderHandler(alertRun('earnings_reminder', t, DATE), deps('2025-10-28T12:00:00Z'), new AbortController().signal),
    );
    const mail = outcome.mail!;
    expect(mail).toMatchObject({ to: 'deals@example.com', kind: 'earnings-reminder', unsubscribe: { kind: 'earnings', alertId: t.id } });
    // A day-only date is that calendar day, not the evening before in New York.
    expect(mail.text).toContain('Thursday, Oct 30, 2025');
    expect(mail.text).toContain('Confirmed');
    expect(mail.text).toContain('https://www.nasdaq.com/market-activity/stocks/aapl/earnings');
    expect(mail.text).toContain(`${TEST_APP_URL}/sonar-os/earnings`);
    expect(mail.text).toContain(`${TEST_APP_URL}/unsubscribe/earnings/${t.id}`);
    expect(mail.subject).toContain('Apple Inc.');
    expect(await storedResult(t.id)).toMatchObject({ notificationStatus: 'sent', alertCounter: 2 });
    expect((await storedResult(t.id))?.notificationSentAt).toBeInstanceOf(Date);
  });

  it("goes to the user's account address without one of its own, and calls a low-confidence date Tentative", async () => {
    const t = await tracking();
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date(DATE),
      confidenceScore: 0.3,
      status: 'estimated',
      ticker: 'AAPL',
      sourceUrl: 'https://www.sec.gov/x-index.htm',
    });
    const { mail } = await commit(
      await earningsReminderHandler(alertRun('earnings_reminder', t, DATE), deps('2025-10-29T12:00:00Z'), new AbortController().signal),
    );
    expect(mail?.to).toBe(t.email);
    expect(mail?.text).toContain('Tentative');
    expect(mail?.text).not.toContain('Confirmed');
  });

  it('links the alerts screen instead of a source that is not a web address', async () => {
    const t = await tracking();
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date(DATE),
      confidenceScore: 0.7,
      status: 'scheduled',
      ticker: 'AAPL',
      sourceUrl: 'javascript:alert(1)',
    });
    const { mail } = await commit(
      await earningsReminderHandler(alertRun('earnings_reminder', t, DATE), deps('2025-10-29T12:00:00Z'), new AbortController().signal),
    );
    expect(mail?.text).not.toContain('javascript:');
    expect(mail?.text).toContain(`${TEST_APP_URL}/sonar-os/earnings`);
    expect(mail?.html).not.toContain('javascript:');
  });

  it('skips a slot whose date has moved, and a reminder already sent', async () => {
    const t = await tracking();
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date('2025-11-04T00:00:00Z'),
      confidenceScore: 0.9,
      status: 'confirmed',
      ticker: 'AAPL',
    });
    await expect(
      earningsReminderHandler(alertRun('earnings_reminder', t, DATE), deps('2025-10-29T12:00:00Z'), new AbortController().signal),
    ).rejects.toThrow('the earnings date moved');
    await rt.db.update(earningsTrackingResults).set({ notificationStatus: 'sent' }).where(eq(earningsTrackingResults.trackingId, t.id));
    await expect(
      earningsReminderHandler(
        alertRun('earnings_reminder', t, '2025-11-04T00:00:00.000Z'),
        deps('2025-11-03T12:00:00Z'),
        new AbortController().signal,
      ),
    ).rejects.toThrow(AlertSkip);
    expect(await storedResult(t.id)).toMatchObject({ alertCounter: 0 });
  });

  it('sends nothing when the date moves between preparing and committing', async () => {
    const t = await tracking();
    await insertEarningsResult(rt.db, t, { earningsDate: new Date(DATE), confidenceScore: 0.9, status: 'confirmed', ticker: 'AAPL' });
    const prepared = await earningsReminderHandler(
      alertRun('earnings_reminder', t, DATE),
      deps('2025-10-29T12:00:00Z'),
      new AbortController().signal,
    );
    await rt.db
      .update(earningsTrackingResults)
      .set({ earningsDate: new Date('2025-11-06T00:00:00Z') })
      .where(eq(earningsTrackingResults.trackingId, t.id));
    expect((await commit(prepared)).mail).toBeNull();
    expect(await storedResult(t.id)).toMatchObject({ alertCounter: 0, notificationStatus: null });
  });
});

describe('earnings_summary', () => {
  // The fixture's Apple release is an 8-K filed 2025-07-31.
  const DATE = '2025-07-31T00:00:00.000Z';

  it('summarises the results release with grounded findings and quotes; invented ones are dropped', async () => {
    const t = await tracking({ keywords: 'services growth' });
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date(DATE),
      confidenceScore: 0.9,
      status: 'confirmed',
      ticker: 'AAPL',
      notificationStatus: 'sent',
      transcriptStatus: 'pending',
      alertCounter: 1,
    });
    const outcome = await commit(
      await earningsSummaryHandler(alertRun('earnings_summary', t, DATE), deps('2025-07-31T22:00:00Z'), new AbortController().signal),
    );
    const mail = outcome.mail!;
    expect(mail).toMatchObject({ to: t.email, kind: 'earnings-summary', unsubscribe: { kind: 'earnings', alertId: t.id } });
    expect(mail.subject).toContain('Q2 2025 results (8-K filed Jul 31, 2025)');
    expect(mail.text).toContain('quarterly revenue of $94.0 billion');
    expect(mail.text).toContain(`${sec.url}/Archives/edgar/data/320193/000032019325000071/ex99-1.htm`);
    expect(mail.text).not.toContain(INVENTED_FINDING);
    expect(mail.text).not.toContain(INVENTED_URL);
    expect(mail.html).not.toContain(INVENTED_URL);
    // The prompt carried the release and the reader's keywords.
    const prompt = JSON.stringify(ai.requests[0]);
    expect(prompt).toContain('services growth');
    expect(prompt).toContain('We delivered record revenue this quarter');
    expect(await storedResult(t.id)).toMatchObject({ transcriptStatus: 'sent', alertCounter: 2 });
    expect((await storedResult(t.id))?.transcriptSentAt).toBeInstanceOf(Date);
    const usage = await rt.pool.query('SELECT task, status FROM ai_usage WHERE user_id = $1', [t.userId]);
    expect(usage.rows).toEqual([{ task: 'earnings_summary', status: 'succeeded' }]);
  });

  it('keeps the quotes found in the release and drops the invented one', async () => {
    const t = await tracking();
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date(DATE),
      confidenceScore: 0.9,
      status: 'confirmed',
      ticker: 'AAPL',
      transcriptStatus: 'pending',
    });
    const prepared = await earningsSummaryHandler(
      alertRun('earnings_summary', t, DATE),
      deps('2025-08-01T10:00:00Z'),
      new AbortController().signal,
    );
    const { mail, outcome } = await commit(prepared);
    // The model answered three findings and three quotes, one of each invented.
    expect(outcome).toMatch(/: 3 findings, 2 quotes; e-mail queued$/);
    expect(mail?.text).not.toContain(INVENTED_QUOTE);
  });

  it('waits (AlertRetryLater, 2 hours on) while no release is filed, then gives up after 3 days', async () => {
    const t = await tracking({ companyName: 'Microsoft' });
    // Microsoft's last fixture release is 2025-07-30: nothing for a call on 2025-10-29.
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date('2025-10-29T00:00:00Z'),
      confidenceScore: 0.9,
      status: 'confirmed',
      ticker: 'MSFT',
      transcriptStatus: 'pending',
    });
    const slot = '2025-10-29T00:00:00.000Z';
    const error = await earningsSummaryHandler(
      alertRun('earnings_summary', t, slot),
      deps('2025-10-30T09:00:00Z'),
      new AbortController().signal,
    ).catch((err) => err);
    expect(error).toBeInstanceOf(AlertRetryLater);
    expect(error.message).toBe('waiting for the results release');
    expect((error as AlertRetryLater).at).toEqual(new Date('2025-10-30T11:00:00Z'));

    const outcome = await commit(
      await earningsSummaryHandler(alertRun('earnings_summary', t, slot), deps('2025-11-01T01:00:00Z'), new AbortController().signal),
    );
    expect(outcome.mail).toBeNull();
    expect(await storedResult(t.id)).toMatchObject({ transcriptStatus: 'not_found', alertCounter: 0 });
    expect(ai.requests).toHaveLength(0);
  });

  it('skips a summary whose date has moved', async () => {
    const t = await tracking();
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date('2025-10-30T00:00:00Z'),
      confidenceScore: 0.9,
      status: 'confirmed',
      ticker: 'AAPL',
      transcriptStatus: 'pending',
    });
    await expect(
      earningsSummaryHandler(alertRun('earnings_summary', t, DATE), deps('2025-08-01T10:00:00Z'), new AbortController().signal),
    ).rejects.toThrow('the earnings date moved');
  });

  it('falls back to the FMP transcript when no release is filed and FMP is configured', async () => {
    const fmp = await startFakeFmp('fmp-test-key');
    try {
      const t = await tracking({ companyName: 'Microsoft' });
      await insertEarningsResult(rt.db, t, {
        earningsDate: new Date('2025-10-29T00:00:00Z'),
        confidenceScore: 0.9,
        status: 'confirmed',
        ticker: 'MSFT',
        transcriptStatus: 'pending',
      });
      const d = deps('2025-10-30T09:00:00Z', { FMP_API_KEY: 'fmp-test-key', FMP_BASE_URL: fmp.url });
      const { mail } = await commit(
        await earningsSummaryHandler(alertRun('earnings_summary', t, '2025-10-29T00:00:00.000Z'), d, new AbortController().signal),
      );
      expect(mail?.subject).toContain('MSFT Q3 2025 earnings call transcript');
      expect(mail?.text).toContain('Our gross margin was 46.5 percent');
      expect(mail?.text).toContain(`${fmp.url}/stable/earning-call-transcript?symbol=MSFT&year=2025&quarter=3`);
      expect(mail?.text).not.toContain('fmp-test-key');
      expect(fmp.requests.map((r) => r.query.get('quarter'))).toEqual(['3']);
    } finally {
      await fmp.stop();
    }
  });

  it('fails for good without an AI provider, and leaves a failed AI call retryable with its usage recorded', async () => {
    const t = await tracking();
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date(DATE),
      confidenceScore: 0.9,
      status: 'confirmed',
      ticker: 'AAPL',
      transcriptStatus: 'pending',
    });
    const notConfigured = () => Promise.reject(new Error('not configured'));
    const noAi: AlertDeps = {
      ...deps('2025-08-01T10:00:00Z'),
      ai: { configured: false, modelFor: () => null, begin: notConfigured, run: notConfigured },
    };
    await expect(earningsSummaryHandler(alertRun('earnings_summary', t, DATE), noAi, new AbortController().signal)).rejects.toThrow(
      AlertPermanentFailure,
    );

    ai.setHandler(() => ({ status: 500, content: 'model crashed' }));
    const error = await earningsSummaryHandler(
      alertRun('earnings_summary', t, DATE),
      deps('2025-08-01T10:00:00Z'),
      new AbortController().signal,
    ).catch((err) => err);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AlertPermanentFailure);
    expect(error.message).toMatch(/AI provider failed to answer \(500\)/);
    const usage = await rt.pool.query('SELECT task, status FROM ai_usage WHERE user_id = $1', [t.userId]);
    expect(usage.rows).toEqual([{ task: 'earnings_summary', status: 'failed' }]);
    expect(await storedResult(t.id)).toMatchObject({ transcriptStatus: 'pending', alertCounter: 0 });
  });
});

describe('earnings mails: kept in the library', () => {
  const unavailable = (kind: string) => async () => {
    throw new Error(`no ${kind} handler in this test`);
  };
  /** The engine as a worker runs it, with the earnings handlers (the reminder's wrapped when given). */
  const engine = (d: AlertDeps, reminder: AlertHandler = earningsReminderHandler) =>
    createAlertEngine({
      ...d,
      handlers: {
        news: unavailable('news'),
        newsletter: unavailable('newsletter'),
        earnings_check: earningsCheckHandler,
        earnings_reminder: reminder,
        earnings_summary: earningsSummaryHandler,
        air_report: unavailable('air report'),
        trigger: unavailable('trigger'),
      } satisfies Record<AlertRunKind, AlertHandler>,
    });
  /** A run of the tracking's slot, queued as the schedule queues it. */
  const queueRun = async (kind: AlertRunKind, t: { id: string; userId: string }, slot: string) =>
    (
      await rt.pool.query<{ id: string }>('INSERT INTO alert_runs (kind, alert_id, user_id, slot) VALUES ($1, $2, $3, $4) RETURNING id', [
        kind,
        t.id,
        t.userId,
        slot,
      ])
    ).rows[0]!.id;
  const mailOf = async (userId: string) =>
    (
      await rt.pool.query<{ subject: string; text_body: string; html_body: string }>(
        'SELECT subject, text_body, html_body FROM mail_outbox WHERE user_id = $1 ORDER BY created_at',
        [userId],
      )
    ).rows;

  const REMINDER_DATE = '2025-10-30T00:00:00.000Z';
  const NASDAQ_PAGE = 'https://www.nasdaq.com/market-activity/stocks/aapl/earnings';

  it('the reminder: its date, confidence and source, under the run, linked from the mail; kept once', async () => {
    const t = await tracking();
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date(REMINDER_DATE),
      confidenceScore: 0.9,
      status: 'confirmed',
      ticker: 'AAPL',
      sourceUrl: NASDAQ_PAGE,
    });
    const runId = await queueRun('earnings_reminder', t, REMINDER_DATE);
    const d = deps('2025-10-29T12:00:00Z');
    expect(await engine(d).process(runId)).toMatchObject({ status: 'succeeded', mailId: expect.any(String) });
    expect(await engine(d).process(runId)).toEqual({ status: 'not-claimed' });

    const [mail, ...others] = await mailOf(t.userId);
    expect(others).toHaveLength(0);
    expect(mail!.text_body).toContain(`Read in Enterprise OS ${TEST_APP_URL}/library/${runId}`);
    expect(mail!.text_body).toContain(`${TEST_APP_URL}/aurora-os/earnings?company=Apple%20Inc.`);
    const item = await expectKeptRun(
      rt.pool,
      { id: runId, userId: t.userId },
      {
        kind: 'earnings_reminder',
        title: 'Apple Inc. earnings on Thursday, Oct 30, 2025',
        companies: ['Apple Inc.'],
        sources: [{ url: NASDAQ_PAGE }],
      },
    );
    expect(item.document.blocks).toContainEqual({
      type: 'facts',
      rows: [
        { label: 'Company', value: 'Apple Inc. (AAPL)' },
        { label: 'Earnings date', value: 'Thursday, Oct 30, 2025' },
        { label: 'Confidence', value: 'Confirmed' },
        { label: 'Status', value: 'Confirmed by the company' },
        { label: 'Reminder', value: '24 hours before the call' },
      ],
    });
    expect(item.document.blocks).toContainEqual({ type: 'link', label: 'Source: www.nasdaq.com', url: NASDAQ_PAGE });
    expect(await keptItems(rt.pool, t.userId)).toHaveLength(1);
  });

  it('a reminder whose source is no web address lists no source; like its mail, it points at the earnings screen', async () => {
    const t = await tracking();
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date(REMINDER_DATE),
      confidenceScore: 0.7,
      status: 'scheduled',
      ticker: 'AAPL',
      sourceUrl: 'javascript:alert(1)',
    });
    const runId = await queueRun('earnings_reminder', t, REMINDER_DATE);
    expect(await engine(deps('2025-10-29T12:00:00Z')).process(runId)).toMatchObject({ status: 'succeeded' });
    const item = await expectKeptRun(
      rt.pool,
      { id: runId, userId: t.userId },
      { kind: 'earnings_reminder', title: 'Apple Inc. earnings on Thursday, Oct 30, 2025', companies: ['Apple Inc.'], sources: [] },
    );
    expect(JSON.stringify(item.document)).not.toContain('javascript:');
    expect(item.document.blocks).toContainEqual({
      type: 'link',
      label: `Source: ${new URL(TEST_APP_URL).host}`,
      url: `${TEST_APP_URL}/sonar-os/earnings`,
    });
  });

  it('a reminder that mails nothing (its date moved meanwhile) keeps nothing', async () => {
    const t = await tracking();
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date(REMINDER_DATE),
      confidenceScore: 0.9,
      status: 'confirmed',
      ticker: 'AAPL',
    });
    const moving: AlertHandler = async (run, d, signal) => {
      const prepared = await earningsReminderHandler(run, d, signal);
      await rt.db
        .update(earningsTrackingResults)
        .set({ earningsDate: new Date('2025-11-06T00:00:00Z') })
        .where(eq(earningsTrackingResults.trackingId, t.id));
      return prepared;
    };
    const runId = await queueRun('earnings_reminder', t, REMINDER_DATE);
    expect(await engine(deps('2025-10-29T12:00:00Z'), moving).process(runId)).toMatchObject({ status: 'succeeded', mailId: null });
    expect(await keptItems(rt.pool, t.userId)).toEqual([]);
  });

  it('the summary: its findings, quotes and the documents it rests on, as mailed', async () => {
    const DATE = '2025-07-31T00:00:00.000Z';
    const t = await tracking();
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date(DATE),
      confidenceScore: 0.9,
      status: 'confirmed',
      ticker: 'AAPL',
      notificationStatus: 'sent',
      transcriptStatus: 'pending',
    });
    const runId = await queueRun('earnings_summary', t, DATE);
    expect(await engine(deps('2025-07-31T22:00:00Z')).process(runId)).toMatchObject({ status: 'succeeded', mailId: expect.any(String) });
    const [mail] = await mailOf(t.userId);
    expect(mail!.text_body).toContain(`${TEST_APP_URL}/library/${runId}`);
    // The mail's sources: every link under its "Sources" heading.
    const listed = [...mail!.text_body.slice(mail!.text_body.lastIndexOf('\nSource')).matchAll(new RegExp(`${sec.url}/\\S+`, 'g'))].map(
      (m) => m[0],
    );
    expect(listed.length).toBeGreaterThan(0);
    const item = await expectKeptRun(
      rt.pool,
      { id: runId, userId: t.userId },
      {
        kind: 'earnings_summary',
        title: 'Apple Inc. Q2 2025 results (8-K filed Jul 31, 2025)',
        companies: ['Apple Inc.'],
        sources: listed.map((url) => ({ url })),
      },
    );
    for (const source of articlesOf(item)) expect(mail!.text_body).toContain(`${source.title} ${source.url}`);
    const findings = item.document.blocks.find((b) => b.type === 'list');
    expect(findings?.type === 'list' && findings.items.length).toBe(3);
    for (const finding of findings?.type === 'list' ? findings.items : []) expect(mail!.text_body).toContain(finding);
    const quotes = item.document.blocks.filter((b) => b.type === 'quote');
    expect(quotes).toHaveLength(2);
    for (const quote of quotes) expect(mail!.text_body).toContain(`“${quote.type === 'quote' ? quote.text : ''}”`);
    expect(JSON.stringify(item.document)).not.toContain(INVENTED_URL);
    expect(JSON.stringify(item.document)).not.toContain(INVENTED_QUOTE);
    // Every sentence checked against the release it cites (issue 27 §4), in the mail and the item; no [n] mailed.
    expect(item.document.statements).toEqual({ sourced: 4, total: 4, dropped: 0 });
    expect(mail!.text_body).toContain('4 of 4 statements sourced');
    expect(mail!.html_body).toContain('4 of 4 statements sourced');
    expect(mail!.text_body).not.toMatch(/\[\d\]/);
  });

  const summaryFor = async (companyName: string) => {
    const DATE = '2025-07-31T00:00:00.000Z';
    const t = await tracking({ companyName });
    await insertEarningsResult(rt.db, t, {
      earningsDate: new Date(DATE),
      confidenceScore: 0.9,
      status: 'confirmed',
      ticker: 'AAPL',
      notificationStatus: 'sent',
      transcriptStatus: 'pending',
    });
    const runId = await queueRun('earnings_summary', t, DATE);
    expect(await engine(deps('2025-07-31T22:00:00Z')).process(runId)).toMatchObject({ status: 'succeeded', mailId: expect.any(String) });
    const [mail] = await mailOf(t.userId);
    const item = (await keptItems(rt.pool, t.userId)).find((k) => k.id === runId)!;
    return { mail: mail!, item };
  };

  it('the summary: a finding or sentence the release does not support is dropped from the mail and the item, and counted', async () => {
    const { mail, item } = await summaryFor('Inflated Apple');
    for (const text of [mail.text_body, mail.html_body, textOf(item)]) {
      expect(text).not.toContain(INFLATED_FINDING);
      expect(text).not.toContain(INVENTED_NAME);
    }
    const findings = item.document.blocks.find((b) => b.type === 'list');
    expect(findings?.type === 'list' && findings.items.length).toBe(3);
    expect(item.document.statements).toEqual({ sourced: 4, total: 6, dropped: 2 });
    const line = '4 of 6 statements sourced · 2 dropped: not supported by its source';
    expect(mail.text_body).toContain(line);
    expect(mail.html_body).toContain(line);
  });

  it('the summary: when nothing it states is supported, the mail says so instead of summarising', async () => {
    const { mail, item } = await summaryFor('Baseless Apple');
    expect(mail.text_body).toContain(NO_SUPPORTING_EVIDENCE);
    expect(mail.text_body).not.toContain(INVENTED_NAME);
    expect(mail.text_body).not.toContain(INFLATED_FINDING);
    expect(mail.text_body).not.toContain('Key findings');
    expect(mail.text_body).toContain('0 of 2 statements sourced · 2 dropped: not supported by its source');
    expect(item.document.blocks).toContainEqual({ type: 'paragraph', text: NO_SUPPORTING_EVIDENCE });
    expect(item.document.statements).toEqual({ sourced: 0, total: 2, dropped: 2 });
  });
});
