// An Account Intelligence Report's narrative checked sentence by sentence (issue 27 §4), on real
// PostgreSQL with local fakes for the company's site, SEC EDGAR, the news, Hacker News and the AI:
// each event summary, priority, prospect's "why" and trigger compared with the documents it cites;
// a sentence no document supports is dropped from the report, its e-mail and its library item, an
// event left with nothing goes, and the count is in the e-mail, the item and the report's last step.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { alertHandlers, createAlertDeps } from '../../../src/server/jobs/index.ts';
import { createAlertEngine } from '../../../src/server/jobs/runs/engine.ts';
import type { AirReportDetail } from '../../../src/shared/air.ts';
import { INFLATED_FIGURE } from '../../fakes/air-model.ts';
import { type FakeCompanySite, startFakeCompanySite } from '../../fakes/company-site.ts';
import { type FakeHackerNews, startFakeHackerNews } from '../../fakes/hacker-news.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai.ts';
import { productModel } from '../../fakes/product-model.ts';
import { type FakeSec, startFakeSec } from '../../fakes/sec.ts';
import { registerUser, signedInClient, type TestRuntime } from '../../support/accounts.ts';
import { startTestRuntime } from '../../support/runtime.ts';
import { sourcesEnv } from '../../support/source-env.ts';
import { keptItems, mailLines, textOf } from './library-items.ts';

let rt: TestRuntime;
let ai: FakeOpenAi;
let site: FakeCompanySite;
let inflated: FakeCompanySite;
let sec: FakeSec;
let hn: FakeHackerNews;
let news: FakeNews;
let engine: ReturnType<typeof createAlertEngine>;

const SOLUTION = 'Warehouse orchestration software; buyers are Supply Chain Operations and Finance leaders.';

beforeAll(async () => {
  [ai, site, inflated, sec, hn, news] = await Promise.all([
    startFakeOpenAi({ handler: productModel() }),
    startFakeCompanySite(),
    // The fake model adds an unsupported figure to the events of a company named "Inflated …".
    startFakeCompanySite(0, 'Inflated Initech'),
    startFakeSec(),
    startFakeHackerNews(),
    startFakeNews(),
  ]);
  rt = await startTestRuntime({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-air-model',
    AI_TIMEOUT_SECONDS: '5',
    AI_MAX_RETRIES: '0',
    ...sourcesEnv({ news, sec, hn }),
    PLAN_AIR_GENERATIONS: '3',
  });
  engine = createAlertEngine({ ...createAlertDeps(rt), handlers: alertHandlers });
  sec.websites.set('1990001', `${site.url}/`);
});
afterAll(async () => {
  await rt?.close();
  await Promise.all([ai?.stop(), site?.stop(), inflated?.stop(), sec?.stop(), hn?.stop(), news?.stop()]);
});

/** A report on `website`, researched through the engine as a worker would: the report, its run, its mail. */
async function reportOn(website: string) {
  const user = await registerUser(rt);
  const client = await signedInClient(rt, user.email);
  const started = await client.post('/api/air/reports', { website, solution: SOLUTION });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const id = (started.body.report as AirReportDetail).id;
  const { rows } = await rt.pool.query<{ id: string }>(`SELECT id FROM alert_runs WHERE kind = 'air_report' AND alert_id = $1`, [id]);
  const result = await engine.process(rows[0]!.id);
  expect(result.status, JSON.stringify(result)).toBe('succeeded');
  const report = (await client.get(`/api/air/reports/${id}`)).body.report as AirReportDetail;
  const { rows: mails } = await rt.pool.query<{ text_body: string; html_body: string }>(
    `SELECT text_body, html_body FROM mail_outbox WHERE kind = 'air-report' AND user_id = $1`,
    [user.id],
  );
  expect(mails).toHaveLength(1);
  const [item] = await keptItems(rt.pool, user.id);
  return { report, mail: mails[0]!, item: item!, outcome: 'outcome' in result ? result.outcome : '' };
}

const builder = (report: AirReportDetail) => report.steps.find((s) => s.id === 'report_builder')!.summary ?? '';

it('every statement of a well-sourced report holds: counted in the e-mail, the library item and the page, no [n] mailed', async () => {
  const { report, mail, item, outcome } = await reportOn(`${site.url}/`);
  const count = item.document.statements!;
  expect(count.total).toBeGreaterThan(0);
  expect(count).toEqual({ sourced: count.total, total: count.total, dropped: 0 });
  const line = `${count.total} of ${count.total} statements sourced`;
  expect(mail.text_body).toContain(line);
  expect(mail.html_body).toContain(line);
  expect(builder(report)).toContain(line);
  expect(outcome).toContain(line);
  expect(mail.text_body).not.toMatch(/\[\d+\]/);
  expect(JSON.stringify(report.report)).not.toMatch(/\[\d+\]/);
});

it('a sentence no document supports is dropped from the report, its e-mail and its library item, and counted', async () => {
  const { report, mail, item } = await reportOn(`${inflated.url}/`);
  expect(report.report!.company.name).toMatch(/Inflated Initech/);
  for (const text of [mail.text_body, mail.html_body, textOf(item), JSON.stringify(report.report)]) {
    expect(text).not.toContain(INFLATED_FIGURE);
  }
  // The event that said only that is gone; the first keeps its supported sentences.
  expect(report.report!.events.some((e) => e.headline === 'Orders')).toBe(false);
  expect(report.report!.events[0]!.summary).toMatch(/This gives a seller a reason to call now\.$/);
  const count = item.document.statements!;
  expect(count).toEqual({ sourced: count.total - 2, total: count.total, dropped: 2 });
  const line = `${count.sourced} of ${count.total} statements sourced · 2 dropped: not supported by its source`;
  expect(mail.text_body).toContain(line);
  expect(mail.html_body).toContain(line);
  expect(builder(report)).toContain(line);
});

it("the library item links each fact and priority to its source exactly as the e-mail's lines do", async () => {
  const { report, mail, item } = await reportOn(`${site.url}/`);
  const sent = mailLines(mail.html_body);
  const facts = item.document.blocks.flatMap((b) => (b.type === 'facts' ? b.rows : []));
  const airFacts = [...report.report!.facts, ...report.report!.financials];
  expect(facts).toHaveLength(airFacts.length);
  expect(facts.length).toBeGreaterThan(0);
  for (const row of facts) {
    expect(row.sourceUrl, row.label).toMatch(/^https?:\/\//);
    expect(sent).toContainEqual({ text: `${row.label}: ${row.value} (source)`, links: [row.sourceUrl] });
  }
  const priorities = report.report!.buyingCenters.flatMap((c) => c.priorities);
  expect(priorities.length).toBeGreaterThan(0);
  const lines = item.document.blocks.flatMap((b) => (b.type === 'list' ? b.items : []));
  for (const priority of priorities) {
    const line = lines.find((l) => typeof l !== 'string' && l.text === priority.text);
    expect(line, priority.text).toEqual({ text: priority.text, sourceUrl: expect.stringMatching(/^https?:\/\//) });
    expect(sent).toContainEqual({ text: `• ${priority.text} (source)`, links: [(line as { sourceUrl: string }).sourceUrl] });
  }
});
