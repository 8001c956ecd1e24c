// The alert engine on real PostgreSQL with local fakes for the news and the AI: due slots become
// runs once, a run's result and e-mail commit together once, failures are retried and then
// recorded with their reason, and bad source data never reaches a mail unescaped.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAiRunner } from '../../src/server/ai/runner.ts';
import { newsAlert } from '../../src/server/jobs/news-alert/handler.ts';
import { createAlertEngine, RetryableRunError } from '../../src/server/jobs/runs/engine.ts';
import { createAlertLinks } from '../../src/server/jobs/runs/links.ts';
import { insertDueRuns, insertManualRuns } from '../../src/server/jobs/runs/schedule.ts';
import { type AlertDeps, type AlertHandler, type AlertRunKind, runAtOnce } from '../../src/server/jobs/runs/types.ts';
import { readUnsubscribeToken } from '../../src/server/mail/unsubscribe-token.ts';
import { createSources } from '../../src/server/sources/index.ts';
import { type FakeNews, startFakeNews } from '../fakes/news.ts';
import { newsAlertModel } from '../fakes/news-alert-model.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai.ts';
import { INVENTED_URL } from '../fakes/research-model.ts';
import { registerUser, type TestRuntime } from '../support/accounts.ts';
import { EVERY_DAY, insertNewsAlert, type NewsAlertOverrides } from '../support/factories.ts';
import { startTestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let ai: FakeOpenAi;
let news: FakeNews;
let deps: AlertDeps;

const unavailable = (kind: string) => async () => {
  throw new Error(`no ${kind} handler in this test`);
};
const handlers: Record<AlertRunKind, AlertHandler> = {
  news: runAtOnce(newsAlert),
  newsletter: unavailable('newsletter'),
  earnings_check: unavailable('earnings'),
  earnings_reminder: unavailable('earnings'),
  earnings_summary: unavailable('earnings'),
  air_report: unavailable('air report'),
};

beforeAll(async () => {
  [ai, news] = await Promise.all([startFakeOpenAi(), startFakeNews()]);
  rt = await startTestRuntime({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-alert-model',
    AI_TIMEOUT_SECONDS: '2',
    AI_MAX_RETRIES: '1',
    GOOGLE_NEWS_BASE_URL: news.url,
    GDELT_BASE_URL: news.url,
    ALERT_MAX_ATTEMPTS: '2',
  });
  deps = {
    db: rt.db,
    config: rt.config,
    ai: createAiRunner(rt.config, rt.db),
    sources: createSources(rt.config, rt.db),
    links: createAlertLinks(rt.config.appUrl, rt.secret),
    now: () => new Date(),
  };
});
afterAll(async () => {
  await rt?.close();
  await Promise.all([ai?.stop(), news?.stop()]);
});
beforeEach(() => {
  ai.reset();
  ai.setHandler(newsAlertModel());
  news.reset();
});

const engine = (overrides: Partial<AlertDeps> = {}) => createAlertEngine({ ...deps, ...overrides, handlers, ahead: { news: newsAlert } });

/** A news alert row as the settings screen saves it, due this hour; `updated_at` long ago so today's slots count. */
async function seedNewsAlert(userId: string, overrides: NewsAlertOverrides = {}) {
  const alert = await insertNewsAlert(rt.db, userId, {
    deliveryDays: EVERY_DAY,
    deliveryTime: new Date(),
    updatedAt: sql`now() - interval '400 days'`,
    ...overrides,
  });
  return alert.id;
}

async function manualRun(userId: string) {
  const client = await rt.pool.connect();
  try {
    return await insertManualRuns(client, new Date(), userId);
  } finally {
    client.release();
  }
}

const runRow = async (id: string) =>
  (await rt.pool.query('SELECT status, attempts, reason, outcome, mail_id FROM alert_runs WHERE id = $1', [id])).rows[0];
const mailsFor = async (userId: string) =>
  (
    await rt.pool.query(
      'SELECT to_address, subject, text_body, html_body, headers, kind FROM mail_outbox WHERE user_id = $1 ORDER BY created_at',
      [userId],
    )
  ).rows;
const resultsFor = async (userId: string) =>
  (
    await rt.pool.query(
      'SELECT has_news, sent, perplexity_response, alert_id FROM sonar_results WHERE user_id = $1 ORDER BY processed_at',
      [userId],
    )
  ).rows;

describe('news alerts: one slot, one e-mail', () => {
  it('sends the due alert once, grounded, to the alert address, with one-click unsubscribe', async () => {
    const user = await registerUser(rt);
    const alertId = await seedNewsAlert(user.id, { notificationEmail: 'desk@example.com' });
    const client = await rt.pool.connect();
    const now = new Date();
    const [runId, ...more] = await insertDueRuns(client, now, user.id);
    expect(more).toHaveLength(0);
    // A second tick, or another worker's tick, in the same hour creates nothing.
    expect(await insertDueRuns(client, now, user.id)).toHaveLength(0);
    client.release();

    const result = await engine().process(runId!);
    expect(result).toMatchObject({ status: 'succeeded' });
    expect(await engine().process(runId!)).toEqual({ status: 'not-claimed' });

    const [mail, ...others] = await mailsFor(user.id);
    expect(others).toHaveLength(0);
    expect(mail.to_address).toBe('desk@example.com');
    expect(mail.kind).toBe('news-alert');
    expect(mail.subject).toContain('Acme Robotics');
    expect(mail.text_body).toContain(`${news.url}/`);
    expect(mail.text_body).not.toContain(INVENTED_URL);
    expect(mail.html_body).not.toContain(INVENTED_URL);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(mail.headers['List-Unsubscribe'])![1]!;
    const token = new URL(oneClick).searchParams.get('token')!;
    expect(readUnsubscribeToken(rt.secret, token)).toEqual({ kind: 'news', alertId });

    const [stored] = await resultsFor(user.id);
    expect(stored).toMatchObject({ has_news: true, sent: true, alert_id: alertId });
    expect(stored.perplexity_response.hasNews).toBe(true);
    expect(stored.perplexity_response.analysis.headline).toMatch(/^Acme Robotics /);
    expect(mail.subject).toBe(stored.perplexity_response.analysis.headline);
    expect(stored.perplexity_response.analysis.items.length).toBe(3);
    expect(await runRow(runId!)).toMatchObject({ status: 'succeeded', attempts: 1, mail_id: expect.any(String) });
    const usage = await rt.pool.query('SELECT task, background, status FROM ai_usage WHERE user_id = $1', [user.id]);
    expect(usage.rows).toEqual([{ task: 'news_alert', background: true, status: 'succeeded' }]);
  });

  it('two workers on the same run: the work may repeat, the e-mail does not', async () => {
    ai.setHandler(newsAlertModel({ latencyMs: 300 }));
    const user = await registerUser(rt);
    await seedNewsAlert(user.id);
    const [runId] = await manualRun(user.id);
    const results = await Promise.all([engine().process(runId!), engine().process(runId!), engine().process(runId!)]);
    expect(results.filter((r) => r.status === 'succeeded')).toHaveLength(1);
    expect(await mailsFor(user.id)).toHaveLength(1);
    expect(await resultsFor(user.id)).toHaveLength(1);
  });

  it('two slots of one alert at once (the schedule and run-alerts): the stories are mailed once, the other run says why', async () => {
    ai.setHandler(newsAlertModel({ latencyMs: 300 }));
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Concurrent Dynamics' });
    const client = await rt.pool.connect();
    const [scheduled] = await insertDueRuns(client, new Date(), user.id).finally(() => client.release());
    const [manual] = await manualRun(user.id);
    expect(scheduled).not.toBe(manual);
    // Both read "already sent" before the slow AI step, so both pass it; only the commit can tell.
    const results = await Promise.all([engine().process(scheduled!), engine().process(manual!)]);
    expect(ai.requests).toHaveLength(2);
    expect(results.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    const mailed = results.filter((r) => r.status === 'succeeded' && r.mailId !== null);
    const notMailed = results.filter((r) => r.status === 'succeeded' && r.mailId === null);
    expect(mailed).toHaveLength(1);
    expect(notMailed).toEqual([
      expect.objectContaining({ outcome: "no e-mail: its 3 articles reached this user in another run's e-mail meanwhile" }),
    ]);
    expect(await mailsFor(user.id)).toHaveLength(1);
    const sent = await rt.pool.query('SELECT count(*)::int AS n FROM sent_articles WHERE user_id = $1', [user.id]);
    expect(sent.rows[0].n).toBe(3);
    expect((await resultsFor(user.id)).map((r) => r.sent).sort()).toEqual([false, true]);
  });

  it('sends to the alerts e-mail of the profile, else the account e-mail, when the alert names none', async () => {
    const user = await registerUser(rt);
    const first = await seedNewsAlert(user.id, { companyName: 'Globex' });
    await engine().process((await manualRun(user.id))[0]!);
    await rt.pool.query('UPDATE sonar_alerts SET active = false WHERE id = $1', [first]);
    await rt.pool.query(`UPDATE users SET alerts_email = 'alerts@example.com' WHERE id = $1`, [user.id]);
    await seedNewsAlert(user.id, { companyName: 'Initech' });
    const runs = await manualRun(user.id);
    for (const id of runs) await engine().process(id);
    const mails = await mailsFor(user.id);
    expect(mails.map((m) => m.to_address)).toEqual([user.email, 'alerts@example.com']);
  });

  it('drops articles already sent to the user (same URL): each story is mailed once', async () => {
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Umbrella Corp' });
    const lookBack = () => rt.pool.query(`UPDATE alert_runs SET scanned_at = now() - interval '3 days' WHERE user_id = $1`, [user.id]);
    await engine().process((await manualRun(user.id))[0]!);
    // The next scans search the same three days again, so they find the same stories.
    await lookBack();
    await engine().process((await manualRun(user.id))[0]!);
    const [first, second] = await mailsFor(user.id);
    const links = (mail: { text_body: string }) => new Set(mail.text_body.match(new RegExp(`${news.url}/\\S+`, 'g')));
    expect(links(first).size).toBe(3);
    expect(links(second).size).toBeGreaterThan(0);
    for (const url of links(second)) expect(links(first).has(url)).toBe(false);
    for (const url of links(first)) expect(JSON.stringify(ai.requests[1])).not.toContain(url);

    ai.reset();
    ai.setHandler(newsAlertModel());
    await lookBack();
    const third = await engine().process((await manualRun(user.id))[0]!);
    expect(third).toMatchObject({ status: 'succeeded', mailId: null, outcome: expect.stringContaining('no new articles') });
    expect(ai.requests).toHaveLength(0);
    expect(await mailsFor(user.id)).toHaveLength(2);
  });

  it('drops a near-identical title already sent under another URL', async () => {
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Cyberdyne' });
    await rt.pool.query(
      `INSERT INTO sent_articles (user_id, url_key, title_key) VALUES ($1, 'syndicated.example.com/story', 'cyberdyne reports record quarterly revenue beating estimates')`,
      [user.id],
    );
    await engine().process((await manualRun(user.id))[0]!);
    expect(JSON.stringify(ai.requests[0])).not.toContain('record-quarterly-revenue');
  });

  it('no news: a result row with has_news false, no e-mail', async () => {
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Quiet Holdings' });
    const result = await engine().process((await manualRun(user.id))[0]!);
    expect(result).toMatchObject({ status: 'succeeded', mailId: null });
    expect(await mailsFor(user.id)).toHaveLength(0);
    expect(await resultsFor(user.id)).toMatchObject([{ has_news: false, sent: false }]);
  });

  it('an inactive or deleted alert is skipped, with the reason', async () => {
    const user = await registerUser(rt);
    const alertId = await seedNewsAlert(user.id);
    const [runId] = await manualRun(user.id);
    await rt.pool.query('UPDATE sonar_alerts SET active = false WHERE id = $1', [alertId]);
    expect(await engine().process(runId!)).toEqual({ status: 'skipped', reason: 'the alert is inactive' });
    expect(await runRow(runId!)).toMatchObject({ status: 'skipped', reason: 'the alert is inactive' });
    expect(ai.requests).toHaveLength(0);
  });
});

describe('news alerts: prepared before the slot (ADR 016)', () => {
  const nextHour = () => new Date(Math.ceil((Date.now() + 1) / 3_600_000) * 3_600_000);
  /** The next hour's slot, created ahead as the tick does with a lead of an hour. */
  async function aheadRun(userId: string) {
    const client = await rt.pool.connect();
    try {
      const ids = await insertDueRuns(client, new Date(), userId, 60);
      expect(ids).toHaveLength(1);
      return ids[0]!;
    } finally {
      client.release();
    }
  }
  /** The slot comes: what a worker's timer does at the due time. */
  const slotComes = (runId: string) => rt.pool.query(`UPDATE alert_runs SET due_at = now() WHERE id = $1`, [runId]);
  const searches = () => news.requests.filter((r) => r.path === '/rss/search').length;

  it('scans and analyses before the slot, sends nothing until it comes, then commits once with when the news was searched', async () => {
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Initech', deliveryTime: nextHour() });
    const runId = await aheadRun(user.id);
    expect(await engine().process(runId)).toEqual({ status: 'prepared', dueAt: nextHour() });
    expect(ai.requests).toHaveLength(1);
    expect(await mailsFor(user.id)).toHaveLength(0);
    expect(await resultsFor(user.id)).toHaveLength(0);
    expect(await engine().nextDue()).toEqual(nextHour());
    // Not yet due: nothing is committed.
    expect(await engine().deliverDue(2)).toBe(0);

    await slotComes(runId);
    expect(await engine().deliverDue(2)).toBe(1);
    expect(await engine().deliverDue(2)).toBe(0);
    const [mail, ...others] = await mailsFor(user.id);
    expect(others).toHaveLength(0);
    expect(mail.subject).toContain('Initech');
    expect(mail.text_body).toMatch(
      /News searched at \d{1,2}:\d{2} [AP]M ET on \w{3} \d{1,2}; anything published later comes in your next alert\./,
    );
    const row = (await rt.pool.query('SELECT status, plan, scanned_at, mail_id FROM alert_runs WHERE id = $1', [runId])).rows[0];
    expect(row).toMatchObject({ status: 'succeeded', plan: null, mail_id: expect.any(String) });
    // The next scan starts at the search, not at the slot: news published in between is not lost.
    const stored = (await resultsFor(user.id))[0].perplexity_response;
    expect(new Date(row.scanned_at).toISOString()).toBe(stored.searched.at);
    expect(ai.requests).toHaveLength(1);
  });

  it('an alert switched off or deleted after its slot was prepared sends nothing; the rest of its batch goes out', async () => {
    const user = await registerUser(rt);
    const neighbour = await registerUser(rt);
    const off = await seedNewsAlert(user.id, { companyName: 'Hooli', deliveryTime: nextHour() });
    await seedNewsAlert(neighbour.id, { companyName: 'Hooli', deliveryTime: nextHour() });
    const offRun = await aheadRun(user.id);
    const neighbourRun = await aheadRun(neighbour.id);
    expect(await engine().process(offRun)).toMatchObject({ status: 'prepared' });
    expect(await engine().process(neighbourRun)).toMatchObject({ status: 'prepared' });
    await rt.pool.query('UPDATE sonar_alerts SET active = false WHERE id = $1', [off]);
    await slotComes(offRun);
    await slotComes(neighbourRun);
    // One lane: both runs in one transaction, which the switched-off alert rolls back; then one by one.
    expect(await engine().deliverDue(1)).toBe(2);
    expect(await runRow(offRun)).toMatchObject({ status: 'skipped', reason: 'the alert is inactive' });
    expect(await runRow(neighbourRun)).toMatchObject({ status: 'succeeded', mail_id: expect.any(String) });
    expect(await mailsFor(neighbour.id)).toHaveLength(1);

    await rt.pool.query('DELETE FROM sonar_alerts WHERE id = $1', [off]);
    const other = await registerUser(rt);
    const gone = await seedNewsAlert(other.id, { companyName: 'Hooli', deliveryTime: nextHour() });
    const goneRun = await aheadRun(other.id);
    expect(await engine().process(goneRun)).toMatchObject({ status: 'prepared' });
    await rt.pool.query('DELETE FROM sonar_alerts WHERE id = $1', [gone]);
    await slotComes(goneRun);
    expect(await engine().deliverDue(1)).toBe(1);
    expect(await runRow(goneRun)).toMatchObject({ status: 'skipped', reason: 'the alert no longer exists' });
    expect([...(await mailsFor(user.id)), ...(await mailsFor(other.id))]).toHaveLength(0);
  });

  it('an alert saved after its slot was prepared is planned again from its new settings, and sent once', async () => {
    const user = await registerUser(rt);
    const alertId = await seedNewsAlert(user.id, { companyName: 'Soylent', deliveryTime: nextHour() });
    const runId = await aheadRun(user.id);
    expect(await engine().process(runId)).toMatchObject({ status: 'prepared' });
    // The user renames the company meanwhile (the settings screen bumps updated_at).
    await rt.pool.query(`UPDATE sonar_alerts SET company_name = 'Vandelay Industries', updated_at = now() WHERE id = $1`, [alertId]);
    await slotComes(runId);
    expect(await engine().deliverDue(1)).toBe(1);
    expect(await runRow(runId)).toBeUndefined();
    expect(await mailsFor(user.id)).toHaveLength(0);

    // The next tick plans the slot again, as it is still due under the new settings.
    const again = await aheadRun(user.id);
    expect(await engine().process(again)).toMatchObject({ status: 'prepared' });
    await slotComes(again);
    expect(await engine().deliverDue(1)).toBe(1);
    const [mail, ...others] = await mailsFor(user.id);
    expect(others).toHaveLength(0);
    expect(mail.subject).toContain('Vandelay Industries');
  });

  it('alerts asking the same search share it: one search for many users, the sent-article check stays per user', async () => {
    const users = await Promise.all([registerUser(rt), registerUser(rt), registerUser(rt)]);
    for (const user of users) await seedNewsAlert(user.id, { companyName: 'Globex Shared', deliveryTime: nextHour() });
    // The third user was already sent one of the stories.
    await rt.pool.query(
      `INSERT INTO sent_articles (user_id, url_key, title_key) VALUES ($1, 'seen.example.com/x', 'globex shared reports record quarterly revenue beating estimates')`,
      [users[2]!.id],
    );
    const runs = await Promise.all(users.map((user) => aheadRun(user.id)));
    const results = await Promise.all(runs.map((runId) => engine().process(runId)));
    expect(results.map((r) => r.status)).toEqual(['prepared', 'prepared', 'prepared']);
    expect(searches()).toBe(1);
    // One analysis per alert; the story the third user already has is left out of theirs only.
    const prompts = ai.requests.map((r) => JSON.stringify(r));
    expect(prompts).toHaveLength(3);
    expect(prompts.filter((p) => p.includes('reports record quarterly revenue'))).toHaveLength(2);

    for (const runId of runs) await slotComes(runId);
    expect(await engine().deliverDue(3)).toBe(3);
    for (const user of users) expect(await mailsFor(user.id)).toHaveLength(1);
  });
});

describe('news alerts: failures', () => {
  it('news sources down: retried, then the slot is failed with its reason, and the next slot still runs', async () => {
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Stark Industries' });
    news.mode.google = 'fail';
    news.mode.gdelt = 'fail';
    const [runId] = await manualRun(user.id);
    await expect(engine().process(runId!)).rejects.toBeInstanceOf(RetryableRunError);
    expect(await runRow(runId!)).toMatchObject({ status: 'queued', attempts: 1, reason: expect.stringContaining('news search failed') });
    const last = await engine().process(runId!);
    expect(last).toMatchObject({ status: 'failed', reason: expect.stringContaining('Google News and GDELT both failed') });
    expect(await runRow(runId!)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await mailsFor(user.id)).toHaveLength(0);

    news.reset();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [next] = await manualRun(user.id);
    expect(await engine().process(next!)).toMatchObject({ status: 'succeeded' });
    expect(await mailsFor(user.id)).toHaveLength(1);
  });

  it('the AI failing (429 throughout): retried, then failed with the reason', async () => {
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Overloaded Systems' });
    const [runId] = await manualRun(user.id);
    await expect(engine().process(runId!)).rejects.toBeInstanceOf(RetryableRunError);
    expect(await engine().process(runId!)).toMatchObject({ status: 'failed', reason: expect.stringContaining('429') });
    expect(await resultsFor(user.id)).toHaveLength(0);
  });

  it('no AI provider: the new articles go out as a digest, labelled as not analysed', async () => {
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Digest Dynamics' });
    const [runId] = await manualRun(user.id);
    const off = engine({ ai: createAiRunner({ ...rt.config, ai: null }, rt.db) });
    expect(await off.process(runId!)).toMatchObject({
      status: 'succeeded',
      outcome: expect.stringContaining('(not analysed: no AI provider configured); e-mail queued'),
    });
    expect(ai.requests).toHaveLength(0);
    const [mail] = await mailsFor(user.id);
    expect(mail.subject).toBe('Digest Dynamics: 4 new articles');
    expect(mail.text_body).toContain('Not analysed: no AI provider configured.');
    // Each item: the publisher's link and the article's own opening, or the label when only its headline could be read.
    expect(mail.text_body).toContain(`${news.url}/reuters/digest-dynamics-record-quarterly-revenue`);
    expect(mail.text_body).toContain(
      'Digest Dynamics said revenue rose 8% from a year earlier as services sales reached an all-time high.',
    );
    expect(mail.text_body).toMatch(/Bloomberg · [A-Z][a-z]{2} \d{1,2}, \d{4} · headline only/);
    expect(mail.text_body).not.toContain('news.google.com');
  });

  it('HTML and scripts in feed titles reach the mail as text only', async () => {
    news.mode.google = 'html-titles';
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Evil Corp' });
    expect(await engine().process((await manualRun(user.id))[0]!)).toMatchObject({ status: 'succeeded' });
    const [mail] = await mailsFor(user.id);
    expect(mail.html_body).not.toMatch(/<script|<img|onerror=/i);
    expect(mail.text_body).not.toMatch(/<script|<img/i);
  });

  it('web addresses the AI was talked into writing never reach the mail', async () => {
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Phishy Bank' });
    expect(await engine().process((await manualRun(user.id))[0]!)).toMatchObject({ status: 'succeeded' });
    const [mail] = await mailsFor(user.id);
    for (const part of [mail.subject, mail.text_body, mail.html_body]) expect(part).not.toContain('evil.example');
    expect(mail.text_body).toContain('Verify your account at');
  });

  it('a malformed feed falls back to GDELT; a huge feed is refused as a source error, not a crash', async () => {
    news.mode.google = 'malformed';
    const user = await registerUser(rt);
    await seedNewsAlert(user.id, { companyName: 'Hooli' });
    expect(await engine().process((await manualRun(user.id))[0]!)).toMatchObject({ status: 'succeeded' });
    news.mode.google = 'huge';
    news.mode.gdelt = 'fail';
    const other = await registerUser(rt);
    await seedNewsAlert(other.id, { companyName: 'Pied Piper' });
    const [runId] = await manualRun(other.id);
    const outcome = await engine()
      .process(runId!)
      .catch((err: unknown) => err);
    // Either the capped feed was read (succeeded) or refused (retryable): never a crash or an unescaped mail.
    if (outcome instanceof Error) expect(outcome).toBeInstanceOf(RetryableRunError);
    for (const mail of await mailsFor(other.id)) expect(mail.html_body).not.toMatch(/<script/i);
  });
});
