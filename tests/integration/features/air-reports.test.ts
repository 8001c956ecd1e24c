// Account Intelligence Reports on real PostgreSQL with local fakes for the company's site, SEC
// EDGAR, the news, Hacker News and the AI: the request's rules, credits per New York month (a
// failed report gives its credit back), a report researched step by step and e-mailed once, a
// step whose source is down, a failure that a retry resumes, and reports kept to their owner.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditMonth } from '../../../src/server/features/air/service.ts';
import { alertHandlers, createAlertDeps } from '../../../src/server/jobs/index.ts';
import { createAlertEngine } from '../../../src/server/jobs/runs/engine.ts';
import { type AirReportDetail, type AirStep, airMessages } from '../../../src/shared/air.ts';
import { GHOST_PROSPECT, INVENTED_PERSON } from '../../fakes/air-model.ts';
import { type FakeCompanySite, startFakeCompanySite } from '../../fakes/company-site.ts';
import { type FakeHackerNews, startFakeHackerNews } from '../../fakes/hacker-news.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai.ts';
import { productModel } from '../../fakes/product-model.ts';
import { INVENTED_URL } from '../../fakes/research-model.ts';
import { type FakeSec, startFakeSec } from '../../fakes/sec.ts';
import { IpClient, registerUser, signedInClient, type TestRuntime } from '../../support/accounts.ts';
import { startTestRuntime } from '../../support/runtime.ts';
import { sourcesEnv } from '../../support/source-env.ts';

let rt: TestRuntime;
let bare: TestRuntime;
let ai: FakeOpenAi;
let site: FakeCompanySite;
let sec: FakeSec;
let hn: FakeHackerNews;
let news: FakeNews;
let engine: ReturnType<typeof createAlertEngine>;

const SOLUTION = 'Warehouse orchestration software; buyers are Supply Chain Operations and Finance leaders.';

beforeAll(async () => {
  [ai, site, sec, hn, news] = await Promise.all([
    startFakeOpenAi({ handler: productModel() }),
    startFakeCompanySite(),
    startFakeSec(),
    startFakeHackerNews(),
    startFakeNews(),
  ]);
  const fakes = {
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-air-model',
    AI_TIMEOUT_SECONDS: '5',
    AI_MAX_RETRIES: '0',
    ...sourcesEnv({ news, sec, hn }),
    PLAN_AIR_GENERATIONS: '3',
  };
  [rt, bare] = await Promise.all([startTestRuntime(fakes), startTestRuntime({ PLAN_AIR_GENERATIONS: '3' })]);
  engine = createAlertEngine({ ...createAlertDeps(rt), handlers: alertHandlers });
  // EDGAR records Initech's website: here, the fake site's address.
  sec.websites.set('1990001', `${site.url}/`);
});
afterAll(async () => {
  await Promise.all([rt?.close(), bare?.close()]);
  await Promise.all([ai?.stop(), site?.stop(), sec?.stop(), hn?.stop(), news?.stop()]);
});
beforeEach(() => {
  site.reset();
  hn.reset();
  sec.reset();
});

async function newUser(runtime = rt) {
  const user = await registerUser(runtime);
  return { ...user, client: await signedInClient(runtime, user.email) };
}

/** Runs the report's open run through the engine, as a worker would. */
async function research(reportId: string) {
  const { rows } = await rt.pool.query<{ id: string }>(
    `SELECT id FROM alert_runs WHERE kind = 'air_report' AND alert_id = $1 AND status = 'queued' ORDER BY created_at DESC LIMIT 1`,
    [reportId],
  );
  expect(rows, 'one queued run for the report').toHaveLength(1);
  return engine.process(rows[0]!.id);
}

const stepOf = (report: AirReportDetail, id: AirStep['id']) => report.steps.find((s) => s.id === id)!;

async function start(client: IpClient, website = site.url) {
  const res = await client.post('/api/air/reports', { website, solution: SOLUTION });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.report as AirReportDetail;
}

describe('the request', () => {
  it('refuses a blank website, a website that is not an address, and a solution under 30 characters', async () => {
    const { client, id } = await newUser();
    const blank = await client.post('/api/air/reports', { website: '  ', solution: SOLUTION });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields.website).toBe(airMessages.websiteRequired);
    const notAnAddress = await client.post('/api/air/reports', { website: 'not a site', solution: SOLUTION });
    expect(notAnAddress.status).toBe(400);
    expect(notAnAddress.body.error.fields.website).toBe(airMessages.websiteInvalid);
    const short = await client.post('/api/air/reports', { website: 'initech.example', solution: `  ${'x'.repeat(29)}  ` });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.solution).toBe(airMessages.solutionTooShort);
    const { rows } = await rt.pool.query('SELECT id FROM air_reports WHERE user_id = $1', [id]);
    expect(rows).toHaveLength(0);
  });

  it('starts nothing without an AI provider, and says how to configure one', async () => {
    const { client, id } = await newUser(bare);
    const overview = await client.get('/api/air');
    expect(overview.body.ai.configured).toBe(false);
    const res = await client.post('/api/air/reports', { website: 'initech.example', solution: SOLUTION });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('ai_not_configured');
    const { rows } = await bare.pool.query('SELECT id FROM air_reports WHERE user_id = $1', [id]);
    expect(rows).toHaveLength(0);
  });

  it('is only for a signed-in user', async () => {
    const res = await new IpClient(rt.app).get('/api/air');
    expect(res.status).toBe(401);
  });
});

describe('credits', () => {
  it('counts the reports of this New York month, refuses at the limit and comes back on the 1st', async () => {
    const { client, id } = await newUser();
    const before = await client.get('/api/air');
    expect(before.body.credits).toMatchObject({ limit: 3, used: 0, remaining: 3 });
    for (let i = 0; i < 3; i++) await start(client, `https://initech-${i}.example`);
    const spent = await client.get('/api/air');
    expect(spent.body.credits).toMatchObject({ used: 3, remaining: 0 });
    const refused = await client.post('/api/air/reports', { website: 'initech.example', solution: SOLUTION });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('no_credits');
    expect(refused.body.error.message).toMatch(/Credits return on [A-Z][a-z]+ 1\./);

    // Last month's reports do not count this month.
    const [year, month] = creditMonth(new Date()).split('-').map(Number) as [number, number];
    const lastMonth = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
    await rt.pool.query('UPDATE air_reports SET credit_month = $2 WHERE user_id = $1', [id, lastMonth]);
    const refreshed = await client.get('/api/air');
    expect(refreshed.body.credits).toMatchObject({ used: 0, remaining: 3 });
  });

  it('takes the last credit once when two requests race for it', async () => {
    const { client } = await newUser();
    await start(client, 'https://one.example');
    await start(client, 'https://two.example');
    const answers = await Promise.all([
      client.post('/api/air/reports', { website: 'https://three.example', solution: SOLUTION }),
      client.post('/api/air/reports', { website: 'https://four.example', solution: SOLUTION }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});

describe('a report', () => {
  it('researches the account in eight steps and e-mails the report once, with sources and no invented people', async () => {
    const { client, id } = await newUser();
    const started = await start(client);
    expect(started.status).toBe('queued');
    expect(started.steps.every((s) => s.state === 'waiting')).toBe(true);

    const result = await research(started.id);
    expect(result.status, JSON.stringify(result)).toBe('succeeded');
    const { body } = await client.get(`/api/air/reports/${started.id}`);
    const report = body.report as AirReportDetail;
    expect(report.status).toBe('succeeded');
    expect(report.steps.map((s) => s.state)).toEqual(Array(8).fill('done'));
    const r = report.report!;
    expect(r.company.name).toBe('Initech');
    expect(r.company.ticker).toBe('INTK');
    expect(r.financials.length).toBeGreaterThan(0);
    expect(r.events.length).toBeGreaterThan(0);
    expect(r.events.some((e) => e.sourceUrl === INVENTED_URL)).toBe(false);
    expect(r.social.posts.length).toBeGreaterThan(0);
    expect(r.buyingCenters.map((c) => c.name)).toContain('Supply Chain Operations');
    expect(r.buyingCenters.flatMap((c) => c.priorities).some((p) => p.sourceUrl === INVENTED_URL)).toBe(false);
    const names = r.prospects.map((p) => p.name);
    expect(names).toContain('Priya Raman');
    expect(names).toContain('Lena Kowalczyk');
    expect(names).not.toContain(INVENTED_PERSON);
    // Under the 0.80 quality score (the fake model scores the general counsel 0.55): not in the report.
    expect(names).not.toContain('Helen Marsh');
    expect(r.prospects.every((p) => p.score >= 0.8)).toBe(true);
    expect(r.prospects.map((p) => p.score)).toEqual([...r.prospects.map((p) => p.score)].sort((a, b) => b - a));
    expect(r.prospects.length).toBeLessThanOrEqual(20);
    expect(r.prospectNote).toMatch(new RegExp(`^${r.prospects.length} prospects? with a quality score of 0\\.80 or more`));
    for (const p of r.prospects) expect(p.sourceUrl).toMatch(/^http/);
    expect(r.outreach.some((o) => o.prospectName === GHOST_PROSPECT)).toBe(false);
    expect(r.outreach.length).toBeGreaterThan(0);
    // No prospect or message carries an e-mail address or a phone number (the contact page has both).
    const personal = JSON.stringify([r.prospects, r.outreach]);
    expect(personal).not.toMatch(/[\w.+-]+@[\w-]+\.\w+/);
    expect(personal).not.toMatch(/\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4}/);

    const mails = await rt.pool.query<{ to_address: string; subject: string; html_body: string; text_body: string }>(
      `SELECT to_address, subject, html_body, text_body FROM mail_outbox WHERE kind = 'air-report' AND user_id = $1`,
      [id],
    );
    expect(mails.rows).toHaveLength(1);
    const mail = mails.rows[0]!;
    expect(mail.subject).toBe('Account Intelligence Report: Initech');
    expect(mail.text_body).toContain('Priya Raman');
    expect(mail.html_body).toContain(r.prospects[0]!.sourceUrl.replace(/&/g, '&amp;'));
    expect(report.emailedTo).toBe(mail.to_address);

    // The run again (a second worker, a redelivered job) sends nothing more.
    const again = await engine.process((await rt.pool.query(`SELECT id FROM alert_runs WHERE alert_id = $1`, [started.id])).rows[0].id);
    expect(again.status).toBe('not-claimed');
    const count = await rt.pool.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'air-report' AND user_id = $1`, [id]);
    expect(count.rows[0].n).toBe(1);
  });

  it('goes on without a step whose source is down, and says so', async () => {
    const { client } = await newUser();
    const started = await start(client);
    hn.mode.down = true;
    expect((await research(started.id)).status).toBe('succeeded');
    const report = (await client.get(`/api/air/reports/${started.id}`)).body.report as AirReportDetail;
    expect(stepOf(report, 'social_listening')).toMatchObject({ state: 'not_available' });
    expect(stepOf(report, 'social_listening').summary).toMatch(/Hacker News could not be reached/);
    expect(report.report!.social.posts).toEqual([]);
    expect(report.report!.social.note).toMatch(/could not be reached/);
  });

  it('goes on without news when both news services are down, and says so', async () => {
    const { client } = await newUser();
    const started = await start(client);
    news.mode.google = 'fail';
    news.mode.gdelt = 'fail';
    try {
      expect((await research(started.id)).status).toBe('succeeded');
    } finally {
      news.reset();
    }
    const report = (await client.get(`/api/air/reports/${started.id}`)).body.report as AirReportDetail;
    expect(stepOf(report, 'news_intelligence')).toMatchObject({ state: 'not_available' });
    expect(stepOf(report, 'news_intelligence').summary).toBe(
      'The news sources (Google News, GDELT) could not be reached; the report goes on without news.',
    );
  });

  it('fails at the step whose source failed, gives the credit back, and a retry resumes there', async () => {
    const { client } = await newUser();
    const started = await start(client);
    site.mode.down = true;
    expect((await research(started.id)).status).toBe('failed');
    const failed = (await client.get(`/api/air/reports/${started.id}`)).body.report as AirReportDetail;
    expect(failed.status).toBe('failed');
    expect(failed.failure?.step).toBe('company_enrichment');
    expect(stepOf(failed, 'company_enrichment').state).toBe('failed');
    expect((await client.get('/api/air')).body.credits.used).toBe(0);

    site.mode.down = false;
    const retried = await client.post(`/api/air/reports/${started.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.report.status).toBe('queued');
    expect((await client.get('/api/air')).body.credits.used).toBe(1);
    expect((await research(started.id)).status).toBe('succeeded');
    const done = (await client.get(`/api/air/reports/${started.id}`)).body.report as AirReportDetail;
    expect(done.status).toBe('succeeded');
    expect(done.failure).toBeNull();

    const notFailed = await client.post(`/api/air/reports/${started.id}/retry`);
    expect(notFailed.status).toBe(409);
    expect(notFailed.body.error.message).toBe(airMessages.cannotRetry);
  });

  it('is seen only by its owner', async () => {
    const owner = await newUser();
    const other = await newUser();
    const started = await start(owner.client);
    const res = await other.client.get(`/api/air/reports/${started.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(airMessages.notFound);
    expect((await other.client.post(`/api/air/reports/${started.id}/retry`)).status).toBe(404);
    expect((await other.client.get('/api/air')).body.reports).toEqual([]);
    expect((await owner.client.get('/api/air/reports/not-a-uuid')).status).toBe(404);
  });
});
