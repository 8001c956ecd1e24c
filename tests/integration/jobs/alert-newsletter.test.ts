// The newsletter run (issue 5 "Newsletter") on real PostgreSQL, with the fake news server (Google
// News RSS, GDELT) and the fake AI answering from the documents it is given: the digest grouped by
// company and topic, AI-identified trends, grounding, what was already sent, the period, regions,
// every way a run ends without a mail, and each mail kept in the user's library as it was sent.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAiRunner } from '../../../src/server/ai/runner.ts';
import { loadConfig } from '../../../src/server/config.ts';
import type { Database } from '../../../src/server/db/client.ts';
import { users } from '../../../src/server/db/schema.ts';
import { NOT_ANALYSED } from '../../../src/server/jobs/articles/digest.ts';
import { newsletterHandler } from '../../../src/server/jobs/newsletter/handler.ts';
import { createAlertEngine } from '../../../src/server/jobs/runs/engine.ts';
import { insertManualRuns } from '../../../src/server/jobs/runs/schedule.ts';
import { type AlertDeps, type AlertHandler, type AlertRun, type AlertRunKind, AlertSkip } from '../../../src/server/jobs/runs/types.ts';
import { newestPublished } from '../../../src/server/mail/alert-emails/freshness.ts';
import type { NewsletterSection } from '../../../src/server/mail/alert-emails/types.ts';
import { createSources } from '../../../src/server/sources/index.ts';
import { pageKey } from '../../../src/server/sources/web/site.ts';
import { freshnessLine } from '../../../src/shared/triggers.ts';
import { type FakeHttp, startFakeHttp } from '../../fakes/http.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { INFLATED_FIGURE, INVENTED_NAME, INVENTED_URL, LEAD, newsletterModel, TREND_TITLE_PREFIX } from '../../fakes/newsletter-model.ts';
import { type FakeOpenAi, requestText, startFakeOpenAi } from '../../fakes/openai.ts';
import { registerUser, type TestRuntime } from '../../support/accounts.ts';
import { insertNewsletter, type NewsletterOverrides } from '../../support/factories.ts';
import { startTestRuntime, TEST_APP_URL } from '../../support/runtime.ts';
import { expectKeptRun, keptItems, textOf } from './library-items.ts';

let rt: TestRuntime;
let ai: FakeOpenAi;
let news: FakeNews;
let gateway: FakeHttp;

/**
 * Between the app and the fake news: searches naming "Unreachable" fail (HTTP 500 from Google News
 * and GDELT alike), so one search of a run can fail while the others succeed.
 */
function startNewsGateway(target: string) {
  return startFakeHttp(async (req, res) => {
    if (decodeURIComponent(req.url ?? '').includes('Unreachable')) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Server Error');
      return;
    }
    const upstream = await fetch(`${target}${req.url}`);
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
}

beforeAll(async () => {
  [ai, news] = await Promise.all([startFakeOpenAi(), startFakeNews()]);
  gateway = await startNewsGateway(news.url);
  rt = await startTestRuntime({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-newsletter-model',
    AI_TIMEOUT_SECONDS: '5',
    GOOGLE_NEWS_BASE_URL: gateway.url,
    GDELT_BASE_URL: gateway.url,
  });
});
afterAll(async () => {
  await rt?.close();
  await Promise.all([ai?.stop(), news?.stop(), gateway?.stop()]);
});
beforeEach(() => {
  ai.reset();
  ai.setHandler(newsletterModel());
  news.reset();
});

const links: AlertDeps['links'] = {
  app: (path) => `${TEST_APP_URL}${path}`,
  libraryItem: (runId) => `${TEST_APP_URL}/library/${runId}`,
  unsubscribe: (kind, alertId) => ({
    page: `${TEST_APP_URL}/unsubscribe?kind=${kind}&alert=${alertId}`,
    oneClick: `${TEST_APP_URL}/api/unsubscribe/${kind}/${alertId}`,
  }),
};

function deps(overrides: Partial<AlertDeps> = {}): AlertDeps {
  const sources = createSources(rt.config, rt.db);
  return {
    db: rt.db,
    config: rt.config,
    ai: createAiRunner(rt.config, rt.db),
    sources: {
      ...sources,
      transcripts: null,
      earningsCalendar: {
        nextEarnings: () => Promise.reject(new Error('a newsletter run never asks for earnings dates')),
      },
    },
    links,
    now: () => new Date(),
    ...overrides,
  };
}

const APPLE = { company_name: 'Apple', keywords: ['iPhone', 'services'] };
const MICROSOFT = { company_name: 'Microsoft', keywords: [] };

async function newsletterFor(values: NewsletterOverrides = {}) {
  const user = await registerUser(rt);
  const newsletter = await insertNewsletter(rt.db, user.id, {
    industry: ['Fintech'],
    regions: ['usa'],
    industryCategories: ['regulatory_changes', 'market_expansion'],
    portfolio: [APPLE, MICROSOFT],
    deliverySchedule: { delivery_day: 'MON', delivery_time: '09:00', frequency: '7d' },
    ...values,
  });
  return { user, newsletter };
}

const runOf = (userId: string, alertId: string): AlertRun => ({
  id: randomUUID(),
  kind: 'newsletter',
  alertId,
  userId,
  slot: new Date().toISOString(),
  attempt: 1,
  createdAt: new Date(),
});

/** What the engine does with a handler: prepare outside any transaction, then commit in one. */
async function runNewsletter(userId: string, alertId: string, d: AlertDeps = deps()) {
  const prepared = await newsletterHandler(runOf(userId, alertId), d, new AbortController().signal);
  return rt.db.transaction((tx) => prepared.commit(tx as unknown as Database));
}

const resultsOf = async (userId: string) =>
  (
    await rt.pool.query<{ sent: boolean; digest: NewsletterSection[] | null }>(
      'SELECT sent, digest FROM newsletter_results WHERE user_id = $1 ORDER BY processed_at',
      [userId],
    )
  ).rows;
const sentCount = async (userId: string) =>
  (await rt.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM sent_articles WHERE user_id = $1', [userId])).rows[0]!.n;
const stateOf = async (id: string) =>
  (
    await rt.pool.query<{ last_checked: Date | null; updated_at: Date }>(
      'SELECT last_checked, updated_at FROM newsletter_alerts WHERE id = $1',
      [id],
    )
  ).rows[0]!;
const googleQueries = () => news.requests.filter((r) => r.path === '/rss/search').map((r) => r.query.get('q'));

describe('newsletter run: the digest', () => {
  it('groups the new articles by company (portfolio order), then topic, each item linked to a retrieved article', async () => {
    const { user, newsletter } = await newsletterFor();
    const before = await stateOf(newsletter.id);

    const { mail, outcome } = await runNewsletter(user.id, newsletter.id);

    // One search per company (the company as a phrase, any of its keywords) and per topic, over the frequency's 7 days.
    expect(googleQueries()).toEqual([
      '"Apple" iPhone OR services when:7d',
      '"Microsoft" when:7d',
      'Fintech Regulatory Changes when:7d',
      'Fintech Market Expansion when:7d',
    ]);
    expect(ai.requests).toHaveLength(1);
    const prompt = requestText(ai.requests[0]!);
    expect(prompt).toContain('Section 1 (company): Apple (keywords: iPhone, services)');
    expect(prompt).toContain('Section 4 (topic): Market Expansion');
    expect(prompt).toMatch(/^Period: Weekly · [A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2} \d{1,2}, \d{4}$/m);
    // The fixture story from 400 hours ago is older than the period.
    expect(prompt).not.toContain('chief operating officer');

    const [result] = await resultsOf(user.id);
    expect(result!.sent).toBe(true);
    const digest = result!.digest!;
    expect(digest.map((s) => [s.kind, s.title])).toEqual([
      ['company', 'Apple'],
      ['company', 'Microsoft'],
      ['topic', 'Regulatory Changes'],
      ['topic', 'Market Expansion'],
    ]);
    const items = digest.flatMap((s) => s.items);
    // Five fresh stories per search (a syndicated copy and a re-punctuated title are one story each).
    expect(items).toHaveLength(20);
    expect(items.map((i) => i.url)).not.toContain(INVENTED_URL);
    // Every link is the publisher's (Google's redirect links were decoded), never Google's.
    for (const item of items) expect(item.url.startsWith(`${news.url}/`)).toBe(true);
    // Title, publisher and date are the retrieved article's; the sentence is the model's.
    const first = digest[0]!.items[0]!;
    expect(first).toMatchObject({
      title: 'Apple iPhone OR services reports record quarterly revenue, beating estimates',
      publisher: 'Reuters',
      summary: 'It matters because Apple iPhone OR services reports record quarterly revenue, beating estimates.',
    });
    expect(Date.parse(first.publishedAt!)).toBeGreaterThan(Date.now() - 4 * 3_600_000);

    expect(mail).not.toBeNull();
    expect(mail!).toMatchObject({ to: user.email, kind: 'newsletter', unsubscribe: { kind: 'newsletter', alertId: newsletter.id } });
    expect(mail!.subject).toContain('Fintech');
    expect(mail!.text).toMatch(/Weekly · /);
    for (const title of ['Apple', 'Microsoft', 'Regulatory Changes', 'Market Expansion']) expect(mail!.text).toContain(title);
    expect(mail!.text).toContain('Microsoft shares rise after earnings');
    expect(mail!.text).toContain(first.url);
    expect(mail!.text).toContain(`${LEAD} Microsoft `);
    // Every sentence checked against the article it cites, the markers gone from the mail (issue 27 §4).
    expect(mail!.text).not.toMatch(/\[\d+\]/);
    expect(mail!.text).toContain('24 of 24 statements sourced');
    expect(mail!.html).toContain('24 of 24 statements sourced');
    expect(digest.every((s) => s.statements)).toBe(true);
    expect(mail!.text).not.toContain(INVENTED_URL);
    expect(mail!.html).not.toContain(INVENTED_URL);
    expect(mail!.text).toContain(`${TEST_APP_URL}/sonar-os/newsletter`);
    expect(mail!.text).toContain(`${TEST_APP_URL}/unsubscribe?kind=newsletter&alert=${newsletter.id}`);
    expect(outcome).toBe('20 articles in 4 sections of 20 new articles; e-mail queued');

    // Every mailed article is remembered; last_checked moves on without touching updated_at (the schedule's "last saved").
    expect(await sentCount(user.id)).toBe(20);
    const after = await stateOf(newsletter.id);
    expect(before.last_checked).toBeNull();
    expect(after.last_checked).not.toBeNull();
    expect(Math.abs(after.last_checked!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(after.updated_at.getTime()).toBe(before.updated_at.getTime());

    // The AI run is recorded for the user.
    const usage = await rt.pool.query('SELECT task, status FROM ai_usage WHERE user_id = $1', [user.id]);
    expect(usage.rows).toEqual([{ task: 'newsletter', status: 'succeeded' }]);
  });

  it('carries its freshness receipt: the newest article → when its searches began → sent at the commit, in the mail and the library item', async () => {
    const { user, newsletter } = await newsletterFor({ portfolio: [MICROSOFT], industryCategories: ['regulatory_changes'] });
    // The run's clock: the searches begin at its first reading; the mail is rendered two minutes on.
    const searchedAt = new Date();
    const sentAt = new Date(searchedAt.getTime() + 2 * 60_000);
    let readings = 0;
    const d = deps({ now: () => (readings++ === 0 ? searchedAt : sentAt) });
    const prepared = await newsletterHandler(runOf(user.id, newsletter.id), d, new AbortController().signal);
    // The run's scanned_at: what the dashboard's found → delivered counts from.
    expect(prepared.scannedAt).toEqual(searchedAt);
    const { mail, ...rest } = await rt.db.transaction((tx) => prepared.commit(tx as unknown as Database));
    const item = 'item' in rest ? rest.item : undefined;

    const items = (await resultsOf(user.id))[0]!.digest!.flatMap((s) => s.items);
    const publishedAt = newestPublished(items);
    expect(publishedAt).not.toBeNull();
    const line = freshnessLine({ publishedAt, foundAt: searchedAt.toISOString(), sentAt: sentAt.toISOString() });
    expect(line).toMatch(/^Published .+ → found .+ → sent .+ ET$/);
    expect(mail!.text).toContain(line);
    expect(mail!.html).toContain(line);
    expect(item!.blocks).toContainEqual({ type: 'facts', rows: [{ label: 'Freshness', value: line }] });
  });

  it('lets the AI identify the trends when no industry category is chosen', async () => {
    const { user, newsletter } = await newsletterFor({ industryCategories: [], portfolio: [MICROSOFT] });

    const { mail } = await runNewsletter(user.id, newsletter.id);

    expect(googleQueries()).toEqual(['"Microsoft" when:7d', 'Fintech trends when:7d']);
    const prompt = requestText(ai.requests[0]!);
    expect(prompt).toContain('Industry coverage (identify trends from these): Fintech trends');
    expect(prompt).toContain('identify two to five distinct trends');
    const digest = (await resultsOf(user.id))[0]!.digest!;
    expect(digest.map((s) => s.kind)).toEqual(['company', 'topic', 'topic']);
    expect(digest.slice(1).map((s) => s.title)).toEqual([`${TREND_TITLE_PREFIX} 1 in Fintech`, `${TREND_TITLE_PREFIX} 2 in Fintech`]);
    // The one broad search finds five fresh stories; the trends share them out, and the invented one is gone.
    expect(digest[1]!.items.length + digest[2]!.items.length).toBe(5);
    expect(digest[1]!.items[0]!.title).toBe('Fintech trends reports record quarterly revenue, beating estimates');
    expect(digest.flatMap((s) => s.items.map((i) => i.url))).not.toContain(INVENTED_URL);
    expect(mail!.text).toContain(`${TREND_TITLE_PREFIX} 1 in Fintech`);
  });

  it('sends to the newsletter address, else the alerts address, else the account address', async () => {
    const own = await newsletterFor({
      notificationEmail: 'desk@example.com',
      portfolio: [MICROSOFT],
      industryCategories: ['leadership_changes'],
    });
    await rt.db.update(users).set({ alertsEmail: 'alerts@example.com' }).where(eq(users.id, own.user.id));
    expect((await runNewsletter(own.user.id, own.newsletter.id)).mail!.to).toBe('desk@example.com');

    const profile = await newsletterFor({ notificationEmail: '  ', portfolio: [MICROSOFT], industryCategories: ['leadership_changes'] });
    await rt.db.update(users).set({ alertsEmail: 'alerts@example.com' }).where(eq(users.id, profile.user.id));
    expect((await runNewsletter(profile.user.id, profile.newsletter.id)).mail!.to).toBe('alerts@example.com');
  });

  it("searches the newsletter's first region; global searches without one", async () => {
    const uk = await newsletterFor({ regions: ['uk', 'europe'], portfolio: [MICROSOFT], industryCategories: ['leadership_changes'] });
    await runNewsletter(uk.user.id, uk.newsletter.id);
    const ukRequests = news.requests.filter((r) => r.path === '/rss/search');
    expect(ukRequests).toHaveLength(2);
    for (const r of ukRequests) expect([r.query.get('gl'), r.query.get('ceid')]).toEqual(['GB', 'GB:en']);
    expect(requestText(ai.requests[0]!)).toContain('Regions: UK, Europe');

    news.reset();
    const global = await newsletterFor({ regions: ['global'], portfolio: [MICROSOFT], industryCategories: ['leadership_changes'] });
    const { mail } = await runNewsletter(global.user.id, global.newsletter.id);
    for (const r of news.requests.filter((r) => r.path === '/rss/search'))
      expect([r.query.get('gl'), r.query.get('ceid')]).toEqual(['US', 'US:en']);
    expect(mail).not.toBeNull();
  });
});

describe('newsletter run: only what is new', () => {
  it('drops articles already e-mailed (same URL) and near-identical titles on the next run', async () => {
    const { user, newsletter } = await newsletterFor({
      portfolio: [{ company_name: 'Apple', keywords: [] }],
      industryCategories: ['regulatory_changes'],
    });
    await runNewsletter(user.id, newsletter.id);
    expect(await sentCount(user.id)).toBe(10);

    // As after a save, the period starts afresh. With a keyword added, Apple's stories come back under
    // other addresses with one more word in their titles; the topic's come back at the same addresses.
    await rt.pool.query(
      `UPDATE newsletter_alerts SET last_checked = NULL, portfolio = '[{"company_name":"Apple","keywords":["iPhone"]}]'::jsonb WHERE id = $1`,
      [newsletter.id],
    );
    ai.reset();
    news.reset();
    const { mail, outcome } = await runNewsletter(user.id, newsletter.id);

    expect(googleQueries()).toEqual(['"Apple" iPhone when:7d', 'Fintech Regulatory Changes when:7d']);
    const prompt = requestText(ai.requests[0]!);
    // 'Apple iPhone spending to reach $48 billion by 2030, growing 12% a year' shares 12 of 13 words
    // with the sent 'Apple spending …': near-identical. The shorter headlines differ by more than 10%.
    expect(prompt).not.toContain('spending to reach');
    expect(prompt).toContain('Apple iPhone reports record quarterly revenue, beating estimates');
    expect(prompt).not.toContain('Section 2 (topic)');
    const [, second] = await resultsOf(user.id);
    expect(second!.digest!.map((s) => [s.title, s.items.length])).toEqual([['Apple', 4]]);
    expect(mail!.text).toContain('Apple iPhone shares rise after earnings');
    expect(mail!.text).not.toContain('spending to reach');
    expect(outcome).toBe('4 articles in 1 section of 4 new articles; e-mail queued');
    expect(await sentCount(user.id)).toBe(14);
  });

  it('with nothing new since the last digest: no AI call, no mail, a result with sent=false, last_checked moved on', async () => {
    const { user, newsletter } = await newsletterFor({ portfolio: [MICROSOFT], industryCategories: ['leadership_changes'] });
    await runNewsletter(user.id, newsletter.id);
    const first = await stateOf(newsletter.id);
    ai.reset();
    news.reset();

    // The fake's stories are all older than the moment the first digest looked.
    const { mail, outcome } = await runNewsletter(user.id, newsletter.id);

    expect(googleQueries()).toEqual(['"Microsoft" when:1d', 'Fintech Leadership Changes when:1d']);
    expect(ai.requests).toHaveLength(0);
    expect(mail).toBeNull();
    expect(outcome).toMatch(/^no new articles since \d{4}-\d{2}-\d{2}$/);
    const results = await resultsOf(user.id);
    expect(results.map((r) => [r.sent, r.digest === null])).toEqual([
      [true, false],
      [false, true],
    ]);
    const second = await stateOf(newsletter.id);
    expect(second.last_checked!.getTime()).toBeGreaterThan(first.last_checked!.getTime());
    expect(second.updated_at.getTime()).toBe(first.updated_at.getTime());
  });

  it('never covers more than 30 days, however long ago the last digest was', async () => {
    const { user, newsletter } = await newsletterFor({
      portfolio: [MICROSOFT],
      industryCategories: ['leadership_changes'],
      lastChecked: new Date(Date.now() - 90 * 86_400_000),
    });
    await runNewsletter(user.id, newsletter.id);
    expect(googleQueries()).toEqual(['"Microsoft" when:30d', 'Fintech Leadership Changes when:30d']);
    const start = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'America/New_York' }).format(
      new Date(Date.now() - 30 * 86_400_000),
    );
    expect(requestText(ai.requests[0]!)).toContain(`Period: Weekly · ${start} – `);
  });
});

describe('newsletter run: runs at the same time', () => {
  const prepare = (userId: string, alertId: string) => newsletterHandler(runOf(userId, alertId), deps(), new AbortController().signal);
  const commit = (prepared: Awaited<ReturnType<typeof prepare>>) => rt.db.transaction((tx) => prepared.commit(tx as unknown as Database));

  it('two runs of one newsletter prepared together: its articles are mailed once, the other run says why', async () => {
    const { user, newsletter } = await newsletterFor();
    const [a, b] = await Promise.all([prepare(user.id, newsletter.id), prepare(user.id, newsletter.id)]);
    const results = await Promise.all([commit(a), commit(b)]);
    expect(results.filter((r) => r.mail !== null)).toHaveLength(1);
    expect(results.find((r) => r.mail === null)!.outcome).toBe(
      "no e-mail: its 20 articles reached this user in another run's e-mail meanwhile",
    );
    expect(await sentCount(user.id)).toBe(20);
    expect((await resultsOf(user.id)).map((r) => r.sent).sort()).toEqual([false, true]);
  });

  it('an article another run mailed meanwhile is dropped and the e-mail is written without it', async () => {
    const { user, newsletter } = await newsletterFor();
    const prepared = await prepare(user.id, newsletter.id);
    const lead = 'Apple iPhone OR services reports record quarterly revenue, beating estimates';
    // Another run commits the lead story (under a syndicated address) between this run's reading and its commit.
    await rt.pool.query(`INSERT INTO sent_articles (user_id, url_key, title_key) VALUES ($1, 'syndicated.example.com/apple', $2)`, [
      user.id,
      lead
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim(),
    ]);
    const { mail, outcome } = await commit(prepared);
    expect(outcome).toBe("20 articles in 4 sections of 20 new articles; e-mail queued (1 dropped: in another run's e-mail meanwhile)");
    // The article is gone from the list (the section's summary, the model's, may still name it).
    const leadUrl = `${news.url}/reuters/apple-iphone-or-services-record-quarterly-revenue`;
    expect(mail!.text).not.toContain(leadUrl);
    expect(mail!.html).not.toContain(leadUrl);
    expect(mail!.text).toContain(`${news.url}/reuters/microsoft-record-quarterly-revenue`);
    expect(mail!.text).toContain('Microsoft shares rise after earnings');
    expect(await sentCount(user.id)).toBe(20);
  });
});

describe('newsletter run: failures', () => {
  it('goes on when some searches fail, and says which in the outcome', async () => {
    const { user, newsletter } = await newsletterFor({
      portfolio: [MICROSOFT, { company_name: 'Unreachable Corp', keywords: [] }],
      industryCategories: ['leadership_changes'],
    });
    const { mail, outcome } = await runNewsletter(user.id, newsletter.id);
    expect(mail).not.toBeNull();
    expect((await resultsOf(user.id))[0]!.digest!.map((s) => s.title)).toEqual(['Microsoft', 'Leadership Changes']);
    expect(outcome).toBe('10 articles in 2 sections of 10 new articles; e-mail queued; 1 of 3 searches failed (Unreachable Corp)');
  });

  it('throws (for the engine to retry) when every search fails, writing nothing and asking no AI', async () => {
    const { user, newsletter } = await newsletterFor({ portfolio: [MICROSOFT], industryCategories: ['leadership_changes'] });
    news.mode.google = 'fail';
    news.mode.gdelt = 'fail';
    await expect(runNewsletter(user.id, newsletter.id)).rejects.toThrow(
      /^All 2 news searches failed \(last: news: Google News and GDELT both failed/,
    );
    expect(ai.requests).toHaveLength(0);
    expect(await resultsOf(user.id)).toEqual([]);
    expect((await stateOf(newsletter.id)).last_checked).toBeNull();
  });

  it("throws when the AI's answer never fits, after the runner's repair attempt; the AI run is recorded as failed", async () => {
    const { user, newsletter } = await newsletterFor({
      industry: ['Hopeless Widgets'],
      portfolio: [MICROSOFT],
      industryCategories: ['leadership_changes'],
    });
    await expect(runNewsletter(user.id, newsletter.id)).rejects.toThrow("The AI's answer did not match the expected format");
    expect(ai.requests).toHaveLength(2);
    expect(await resultsOf(user.id)).toEqual([]);
    expect(await sentCount(user.id)).toBe(0);
    const usage = await rt.pool.query('SELECT task, status, error_code FROM ai_usage WHERE user_id = $1', [user.id]);
    expect(usage.rows).toEqual([{ task: 'newsletter', status: 'failed', error_code: 'ai_invalid_output' }]);
  });

  it('uses a repaired answer when the first one was not valid JSON', async () => {
    const { user, newsletter } = await newsletterFor({ industry: ['Garbled Widgets'], portfolio: [MICROSOFT], industryCategories: [] });
    const { mail } = await runNewsletter(user.id, newsletter.id);
    expect(ai.requests).toHaveLength(2);
    expect(mail!.text).toContain('Microsoft shares rise after earnings');
  });

  it('sends nothing when the AI cites only articles it was not given, and records the run as unsent', async () => {
    const { user, newsletter } = await newsletterFor({ portfolio: [MICROSOFT], industryCategories: ['leadership_changes'] });
    ai.script({
      json: { sections: [{ section: 1, summary: 'Invented.', items: [{ url: INVENTED_URL, whyItMatters: 'Invented.' }] }], trends: [] },
    });
    const { mail, outcome } = await runNewsletter(user.id, newsletter.id);
    expect(mail).toBeNull();
    expect(outcome).toBe("10 new articles, but the AI's digest cited none of them; no e-mail");
    expect(await resultsOf(user.id)).toEqual([{ sent: false, digest: null }]);
    expect(await sentCount(user.id)).toBe(0);
    expect((await stateOf(newsletter.id)).last_checked).not.toBeNull();
  });

  it('without an AI provider sends the new articles as a digest, labelled as not analysed', async () => {
    const { user, newsletter } = await newsletterFor();
    const noAi = loadConfig({ NODE_ENV: 'test', DATABASE_URL: rt.databaseUrl });
    const prepared = await newsletterHandler(
      runOf(user.id, newsletter.id),
      deps({ ai: createAiRunner(noAi, rt.db) }),
      new AbortController().signal,
    );
    const { mail, outcome } = await rt.db.transaction((tx) => prepared.commit(tx as unknown as Database));
    expect(outcome).toContain('(not analysed: no AI provider configured); e-mail queued');
    expect(ai.requests).toHaveLength(0);
    expect(mail!.text).toContain('Not analysed: no AI provider configured.');
    expect(mail!.text).toContain(`${news.url}/reuters/apple-iphone-or-services-record-quarterly-revenue`);
    // The article's own opening under its title, and the label where only the headline could be read.
    expect(mail!.text).toContain(
      'Apple iPhone OR services said revenue rose 8% from a year earlier as services sales reached an all-time high.',
    );
    expect(mail!.text).toContain('headline only');
    const [result] = await resultsOf(user.id);
    expect(result!.digest!.map((s) => [s.kind, s.title])).toEqual([
      ['company', 'Apple'],
      ['company', 'Microsoft'],
      ['topic', 'Regulatory Changes'],
      ['topic', 'Market Expansion'],
    ]);
    expect(result!.digest!.every((s) => s.summary === '')).toBe(true);
  });

  it('skips an inactive newsletter, one without industry or company, and one that is not the run user’s', async () => {
    const skipped = async (userId: string, alertId: string) => {
      const run = newsletterHandler(runOf(userId, alertId), deps(), new AbortController().signal);
      await expect(run).rejects.toBeInstanceOf(AlertSkip);
      return run.catch((err: Error) => err.message);
    };
    const inactive = await newsletterFor({ active: false });
    expect(await skipped(inactive.user.id, inactive.newsletter.id)).toBe('the newsletter is inactive');
    const blank = await newsletterFor({ industry: ['   '] });
    expect(await skipped(blank.user.id, blank.newsletter.id)).toBe('the newsletter has no industry');
    const empty = await newsletterFor({ portfolio: [{ company_name: ' ', keywords: ['x'] }] });
    expect(await skipped(empty.user.id, empty.newsletter.id)).toBe('the newsletter has no company in its portfolio');
    expect(await skipped(blank.user.id, randomUUID())).toBe('the newsletter no longer exists');
    // Another user's newsletter under this user's run: as if it did not exist.
    const other = await newsletterFor();
    expect(await skipped(blank.user.id, other.newsletter.id)).toBe('the newsletter no longer exists');
    expect(news.requests).toHaveLength(0);
    expect(ai.requests).toHaveLength(0);
  });
});

describe('newsletter run: bad source data', () => {
  it('strips HTML and scripts from titles: the mail carries plain text only', async () => {
    const { user, newsletter } = await newsletterFor({ portfolio: [MICROSOFT], industryCategories: ['leadership_changes'] });
    news.mode.google = 'html-titles';
    const { mail } = await runNewsletter(user.id, newsletter.id);
    const digest = (await resultsOf(user.id))[0]!.digest!;
    const titles = digest.flatMap((s) => s.items.map((i) => i.title));
    expect(titles).toContain('Microsoft reports record quarterly revenue, beating estimates');
    for (const value of [...titles, ...digest.flatMap((s) => [s.summary, ...s.items.map((i) => i.summary ?? '')])]) {
      expect(value).not.toMatch(/[<>]|alert\(|onerror/);
    }
    expect(mail!.text).not.toMatch(/<script|onerror|<img/i);
    expect(mail!.html).not.toMatch(/<script|onerror|<img/i);
    expect(mail!.text).toContain('Microsoft reports record quarterly revenue, beating estimates');
  });

  it('reads GDELT when the Google News feed is malformed', async () => {
    const { user, newsletter } = await newsletterFor({ portfolio: [MICROSOFT], industryCategories: ['leadership_changes'] });
    news.mode.google = 'malformed';
    const { mail } = await runNewsletter(user.id, newsletter.id);
    expect(news.requests.some((r) => r.path === '/api/v2/doc/doc')).toBe(true);
    expect(mail!.text).toContain('Microsoft shares rise after earnings');
  });

  it('survives a huge feed', async () => {
    const { user, newsletter } = await newsletterFor({ portfolio: [MICROSOFT], industryCategories: ['leadership_changes'] });
    news.mode.google = 'huge';
    const { mail, outcome } = await runNewsletter(user.id, newsletter.id);
    expect(mail).not.toBeNull();
    expect(outcome).toMatch(/e-mail queued$/);
    expect(requestText(ai.requests[0]!).length).toBeLessThan(60_000);
  });
});

describe('newsletter run: kept in the library', () => {
  const unavailable = (kind: string) => async () => {
    throw new Error(`no ${kind} handler in this test`);
  };
  /** The engine with the newsletter handler (wrapped by `handler` when given), as a worker runs it. */
  const engine = (d: AlertDeps = deps(), handler: AlertHandler = newsletterHandler) =>
    createAlertEngine({
      ...d,
      handlers: {
        newsletter: handler,
        news: unavailable('news'),
        earnings_check: unavailable('earnings'),
        earnings_reminder: unavailable('earnings'),
        earnings_summary: unavailable('earnings'),
        air_report: unavailable('air report'),
        trigger: unavailable('trigger'),
      } satisfies Record<AlertRunKind, AlertHandler>,
    });
  const manualRun = async (userId: string) => {
    const [runId, ...others] = await insertManualRuns(rt.db, new Date(), userId);
    expect(others).toHaveLength(0);
    return runId!;
  };
  const mailOf = async (userId: string) =>
    (
      await rt.pool.query<{ id: string; subject: string; text_body: string; html_body: string }>(
        'SELECT id, subject, text_body, html_body FROM mail_outbox WHERE user_id = $1 ORDER BY created_at',
        [userId],
      )
    ).rows;

  it('keeps the digest as mailed under the run, which the mail links; once, however often the run is processed', async () => {
    const { user, newsletter } = await newsletterFor();
    const runId = await manualRun(user.id);
    expect(await engine().process(runId)).toMatchObject({ status: 'succeeded', mailId: expect.any(String) });
    expect(await engine().process(runId)).toEqual({ status: 'not-claimed' });

    const [mail, ...others] = await mailOf(user.id);
    expect(others).toHaveLength(0);
    expect(mail!.text_body).toContain(`Read in Enterprise OS ${TEST_APP_URL}/library/${runId}`);
    expect(mail!.html_body).toContain(`href="${TEST_APP_URL}/library/${runId}"`);
    // The other links stay.
    expect(mail!.text_body).toContain(`${TEST_APP_URL}/sonar-os/newsletter`);
    expect(mail!.text_body).toContain(`${TEST_APP_URL}/unsubscribe?kind=newsletter&alert=${newsletter.id}`);

    const digest = (await resultsOf(user.id))[0]!.digest!;
    const item = await expectKeptRun(
      rt.pool,
      { id: runId, userId: user.id },
      { kind: 'newsletter', title: mail!.subject, companies: ['Apple', 'Microsoft'], sources: digest.flatMap((s) => s.items) },
    );
    expect(item.title).toMatch(/^Fintech digest · Weekly · /);
    // The e-mail's groups, sections, summaries and per-article sentences, in its order.
    const headings = item.document.blocks.filter((b) => b.type === 'heading').map((b) => b.text);
    expect(headings).toEqual(['Your portfolio', 'Apple', 'Microsoft', 'Fintech trends', 'Regulatory Changes', 'Market Expansion']);
    for (const section of digest) expect(item.document.blocks).toContainEqual({ type: 'paragraph', text: section.summary });
    const articles = item.document.blocks.flatMap((b) => (b.type === 'articles' ? b.items : []));
    expect(articles.map((a) => a.summary)).toEqual(digest.flatMap((s) => s.items.map((i) => i.summary)));
    expect(item.document.blocks[0]).toEqual({ type: 'note', text: expect.stringMatching(/^Weekly · .* · Regions: USA$/) });
    expect((await keptItems(rt.pool, user.id)).map((k) => k.id)).toEqual([runId]);
  });

  it('without an AI provider keeps the digest with its label and the headline-only marks', async () => {
    const { user } = await newsletterFor({ portfolio: [APPLE], industryCategories: ['regulatory_changes'] });
    const noAi = loadConfig({ NODE_ENV: 'test', DATABASE_URL: rt.databaseUrl });
    const runId = await manualRun(user.id);
    expect(await engine(deps({ ai: createAiRunner(noAi, rt.db) })).process(runId)).toMatchObject({ status: 'succeeded' });
    const digest = (await resultsOf(user.id))[0]!.digest!;
    const sources = digest.flatMap((s) => s.items);
    expect(sources.some((a) => a.headlineOnly)).toBe(true);
    const [mail] = await mailOf(user.id);
    const item = await expectKeptRun(
      rt.pool,
      { id: runId, userId: user.id },
      { kind: 'newsletter', title: mail!.subject, companies: ['Apple'], sources },
    );
    expect(item.document.blocks).toContainEqual({ type: 'note', text: NOT_ANALYSED });
    expect(textOf(item)).toContain('Apple iPhone OR services said revenue rose 8% from a year earlier');
  });

  it('keeps only what the mail carried when another run mailed an article meanwhile', async () => {
    const { user } = await newsletterFor({ portfolio: [APPLE], industryCategories: ['regulatory_changes'] });
    const lead = `${news.url}/reuters/apple-iphone-or-services-record-quarterly-revenue`;
    // Between the run's reading and its commit, another run's mail takes the lead story.
    const racing: AlertHandler = async (run, d, signal) => {
      const prepared = await newsletterHandler(run, d, signal);
      await rt.pool.query(`INSERT INTO sent_articles (user_id, url_key, title_key) VALUES ($1, $2, 'another run')`, [
        user.id,
        pageKey(lead),
      ]);
      return prepared;
    };
    const runId = await manualRun(user.id);
    expect(await engine(deps(), racing).process(runId)).toMatchObject({
      status: 'succeeded',
      outcome: expect.stringContaining('(1 dropped'),
    });
    const [mail] = await mailOf(user.id);
    expect(mail!.text_body).not.toContain(lead);
    const digest = (await resultsOf(user.id))[0]!.digest!;
    const mailed = digest.flatMap((s) => s.items).filter((a) => a.url !== lead);
    expect(mailed).toHaveLength(digest.flatMap((s) => s.items).length - 1);
    for (const article of mailed) expect(mail!.text_body).toContain(article.url);
    await expectKeptRun(
      rt.pool,
      { id: runId, userId: user.id },
      { kind: 'newsletter', title: mail!.subject, companies: ['Apple'], sources: mailed },
    );
  });

  it('drops what the articles do not support from the mail and the library item, and counts it in both', async () => {
    const { user } = await newsletterFor({
      industry: ['Inflated Fintech'],
      portfolio: [APPLE],
      industryCategories: ['regulatory_changes'],
    });
    const runId = await manualRun(user.id);
    expect(await engine().process(runId)).toMatchObject({ status: 'succeeded', mailId: expect.any(String) });
    const [mail] = await mailOf(user.id);
    const digest = (await resultsOf(user.id))[0]!.digest!;
    // The invented figure (in Apple's summary) and person (its second article's only sentence: the
    // article goes with it) reach neither the mail nor the stored digest nor the library.
    for (const text of [mail!.text_body, mail!.html_body, JSON.stringify(digest)]) {
      expect(text).not.toContain(INFLATED_FIGURE);
      expect(text).not.toContain(INVENTED_NAME);
    }
    expect(digest[0]!.items).toHaveLength(4);
    expect(digest[0]!.statements).toEqual({ sourced: 1, total: 3, dropped: 2 });
    const line = '11 of 13 statements sourced · 2 dropped: not supported by its source';
    expect(mail!.text_body).toContain(line);
    expect(mail!.html_body).toContain(line);
    const item = await expectKeptRun(
      rt.pool,
      { id: runId, userId: user.id },
      { kind: 'newsletter', title: mail!.subject, companies: ['Apple'], sources: digest.flatMap((s) => s.items) },
    );
    expect(item.document.statements).toEqual({ sourced: 11, total: 13, dropped: 2 });
    expect(textOf(item)).not.toContain(INFLATED_FIGURE);
    expect(textOf(item)).not.toContain(INVENTED_NAME);
  });

  it('sends nothing when none of what the digest says is supported, and says why', async () => {
    const { user } = await newsletterFor({ industry: ['Baseless Fintech'], portfolio: [MICROSOFT], industryCategories: [] });
    const result = await engine().process(await manualRun(user.id));
    expect(result).toMatchObject({
      status: 'succeeded',
      mailId: null,
      outcome: expect.stringContaining("but none of what the AI's digest said of them is supported by the articles it cites"),
    });
    expect(await mailOf(user.id)).toEqual([]);
    expect(await resultsOf(user.id)).toEqual([{ sent: false, digest: null }]);
    expect(await keptItems(rt.pool, user.id)).toEqual([]);
  });

  it('keeps nothing for a run that mails nothing', async () => {
    const { user } = await newsletterFor({ portfolio: [MICROSOFT], industryCategories: ['leadership_changes'] });
    ai.script({
      json: { sections: [{ section: 1, summary: 'Invented.', items: [{ url: INVENTED_URL, whyItMatters: 'Invented.' }] }], trends: [] },
    });
    expect(await engine().process(await manualRun(user.id))).toMatchObject({ status: 'succeeded', mailId: null });
    expect(await keptItems(rt.pool, user.id)).toEqual([]);
  });
});
