// Aurora OS research through the real API, with local fakes for the AI (OpenAI-compatible), the
// news (Google News RSS, GDELT) and SEC EDGAR: retrieval first, grounded answers, progress events,
// and every failure the issue lists (repair, 429, timeout, no provider, invented sources).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_SUPPORTING_EVIDENCE } from '../../../src/server/ai/statements.ts';
import { SUMMARY_DROPPED } from '../../../src/server/features/research/statements.ts';
import { messages } from '../../../src/shared/messages.ts';
import { type ResearchMeta, researchPaths } from '../../../src/shared/research.ts';
import { fmpCallKey, startFakeFmp } from '../../fakes/fmp.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { type FakeOpenAi, requestText, startFakeOpenAi } from '../../fakes/openai.ts';
import { INVENTED_FIGURE, INVENTED_QUOTE, INVENTED_STATISTIC, INVENTED_URL, researchModel } from '../../fakes/research-model.ts';
import { type FakeSec, startFakeSec } from '../../fakes/sec.ts';
import { registerUser, signedInClient, type TestRuntime } from '../../support/accounts.ts';
import { startTestRuntime, TestClient } from '../../support/runtime.ts';

let rt: TestRuntime;
let ai: FakeOpenAi;
let news: FakeNews;
let sec: FakeSec;
const SEC_USER_AGENT = 'Enterprise OS tests ops@example.com';

beforeAll(async () => {
  [ai, news, sec] = await Promise.all([startFakeOpenAi(), startFakeNews(), startFakeSec()]);
  rt = await startTestRuntime({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-research-model',
    AI_TIMEOUT_SECONDS: '2',
    GOOGLE_NEWS_BASE_URL: news.url,
    GDELT_BASE_URL: news.url,
    SEC_BASE_URL: sec.url,
    SEC_DATA_BASE_URL: sec.url,
    SEC_USER_AGENT,
  });
});
afterAll(async () => {
  await rt?.close();
  await Promise.all([ai?.stop(), news?.stop(), sec?.stop()]);
});
beforeEach(() => {
  ai.reset();
  ai.setHandler(researchModel());
  news.reset();
  sec.reset();
});

async function newClient() {
  const user = await registerUser(rt);
  return { user, client: await signedInClient(rt, user.email) };
}

const companyNews = { companyName: 'Acme Robotics', timeframe: '1w', sentiment: 'none', keyword: '' };
const trends = { industry: 'Cybersecurity', trendType: 'investment', timeframe: '90d', region: '' };
const earnings = { companyName: 'Apple Inc.', year: '2024', quarter: 'Q3', focusArea: 'services growth' };

/** Reads an NDJSON answer into its events. */
async function events(response: Response) {
  const text = await response.text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}
const streamed = (client: TestClient, path: string, body: unknown, signal?: AbortSignal) =>
  client.raw('POST', path, body, { accept: 'application/x-ndjson' }, signal);

const usageRows = async (userId: string) =>
  (await rt.pool.query('SELECT task, status, error_code, calls FROM ai_usage WHERE user_id = $1 ORDER BY started_at', [userId])).rows;

describe('research API: access and input', () => {
  it('answers 401 without a session, for every endpoint', async () => {
    const anonymous = new TestClient(rt.app);
    expect((await anonymous.get(researchPaths.status)).status).toBe(401);
    for (const [path, body] of [
      [researchPaths.companyNews, companyNews],
      [researchPaths.trends, trends],
      [researchPaths.earnings, earnings],
    ] as const) {
      expect((await anonymous.post(path, body)).status).toBe(401);
    }
    expect(ai.requests).toHaveLength(0);
  });

  it('reports the configured model', async () => {
    const { client } = await newClient();
    expect((await client.get(researchPaths.status)).body).toEqual({ configured: true, model: 'fake-research-model' });
  });

  it("refuses missing required fields with each screen's words, before any retrieval or AI call", async () => {
    const { client } = await newClient();
    const cases = [
      [
        researchPaths.companyNews,
        { ...companyNews, companyName: '   ' },
        'Cannot generate analysis',
        'Please fill in all required fields.',
      ],
      [researchPaths.companyNews, { companyName: 'Acme' }, 'Cannot generate analysis', 'Please fill in all required fields.'],
      [researchPaths.trends, { ...trends, industry: '' }, 'Missing Information', 'Please fill in all required fields'],
      [researchPaths.trends, { industry: 'Cybersecurity', timeframe: '90d' }, 'Missing Information', 'Please fill in all required fields'],
      [researchPaths.trends, { ...trends, timeframe: '' }, 'Missing Information', 'Please fill in all required fields'],
      [researchPaths.earnings, { ...earnings, companyName: '' }, 'Missing Information', 'Please fill in all required fields'],
      [researchPaths.earnings, { companyName: 'Apple', quarter: 'Q1' }, 'Missing Information', 'Please fill in all required fields'],
      [researchPaths.earnings, { ...earnings, quarter: '' }, 'Missing Information', 'Please fill in all required fields'],
    ] as const;
    for (const [path, body, title, message] of cases) {
      const res = await client.post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation', title, message });
    }
    expect(ai.requests).toHaveLength(0);
    expect(news.requests).toHaveLength(0);
  });

  it('refuses values outside the option lists, unknown fields, over-long text and NUL with a 400', async () => {
    const { client } = await newClient();
    const bad = [
      [researchPaths.companyNews, { ...companyNews, timeframe: '5y' }],
      [researchPaths.companyNews, { ...companyNews, sentiment: 'angry' }],
      [researchPaths.companyNews, { ...companyNews, keyword: 'k'.repeat(201) }],
      [researchPaths.companyNews, { ...companyNews, userId: 'someone-else' }],
      [researchPaths.trends, { ...trends, region: 'mars' }],
      [researchPaths.trends, { ...trends, trendType: 'vibes' }],
      [researchPaths.earnings, { ...earnings, year: '2019' }],
      [researchPaths.earnings, { ...earnings, quarter: 'Q5' }],
      [researchPaths.earnings, { ...earnings, companyName: 'Apple\u0000' }],
      [researchPaths.earnings, ['not', 'an', 'object']],
    ] as const;
    for (const [path, body] of bad) expect((await client.post(path, body)).status, JSON.stringify(body)).toBe(400);
    expect(ai.requests).toHaveLength(0);
  });
});

describe('company news', () => {
  it('retrieves the news first, gives it to the model, and shows only the sources it retrieved', async () => {
    const { user, client } = await newClient();
    const res = await client.post(researchPaths.companyNews, { ...companyNews, keyword: 'supplier deals' });
    expect(res.status).toBe(200);

    const search = news.requests.find((r) => r.path === '/rss/search')!;
    expect(search.query.get('q')).toBe('"Acme Robotics" supplier deals when:7d');
    expect(search.headers['user-agent']).toBe(SEC_USER_AGENT);
    const prompt = requestText(ai.requests[0]!);
    expect(prompt).toContain('Company: Acme Robotics');
    expect(prompt).toContain('Pay particular attention to: supplier deals');
    expect(prompt).toContain(`URL: ${news.url}/reuters/acme-robotics-supplier-deals-record-quarterly-revenue`);
    // The model reads the article itself, and is told which sources are headlines only.
    expect(prompt).toContain('services revenue reached $24.2 billion');
    expect(prompt).toContain("Evidence: headline only (the article's text could not be read)");

    const { data, meta } = res.body;
    expect(data.keySummary).toContain('Acme Robotics');
    expect(data.keyFindings.length).toBeGreaterThan(0);
    // The model cited three retrieved articles and one invented URL: the invented one is gone.
    expect(data.sources.map((s: { url: string }) => s.url)).not.toContain(INVENTED_URL);
    expect(data.sources).toHaveLength(3);
    expect(data.sources[0]).toMatchObject({
      url: `${news.url}/reuters/acme-robotics-supplier-deals-record-quarterly-revenue`,
      publisher: 'Reuters',
    });
    expect(meta).toMatchObject({ documents: 5, model: 'fake-research-model', period: null });
    expect(await usageRows(user.id)).toEqual([{ task: 'company_news', status: 'succeeded', error_code: null, calls: 1 }]);
  });

  it('streams each stage as it starts, then the result', async () => {
    const { client } = await newClient();
    const res = await streamed(client, researchPaths.companyNews, companyNews);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const all = await events(res);
    expect(all.map((e) => e.stage ?? e.type)).toEqual(['retrieve', 'analyse', 'verify', 'verify', 'result']);
    expect(all[0]!.detail).toBe('Searching news about Acme Robotics from the last week');
    expect(all[1]!.detail).toBe('Reading 5 articles with fake-research-model');
    expect(all[2]!.detail).toBe('Checking 4 cited sources against the 5 retrieved');
    // Once checked, the same step says what was dropped: the invented URL and the invented document number [12].
    expect(all[3]!.detail).toBe(
      'Checked 4 cited sources against the 5 retrieved · 2 citations of sources that were not retrieved dropped · 5 of 7 statements sourced · 2 dropped: not supported by its source',
    );
    expect(all[4]!.data.sources).toHaveLength(3);
    expect(all[4]!.meta).toMatchObject({ statements: { sourced: 5, total: 7, dropped: 2 }, citationsDropped: 2 });
  });

  it('drops each sentence its cited document does not support, renumbers the markers to the sources shown, and counts them', async () => {
    const { client } = await newClient();
    const res = await client.post(researchPaths.companyNews, companyNews);
    expect(res.status).toBe(200);
    const { data, meta } = res.body as {
      data: { keySummary: string; keyFindings: string[]; sources: { url: string }[] };
      meta: ResearchMeta;
    };
    // The model's five findings: three from the articles, one with an invented figure, one citing a document [12] that does not exist.
    expect(data.keyFindings).toHaveLength(3);
    expect(data.keyFindings.join(' ')).not.toContain(INVENTED_FIGURE);
    expect(data.keyFindings.join(' ')).not.toContain('[12]');
    // Every marker is a number of the sources list, in its order: the third finding cites the third source.
    for (const [i, finding] of data.keyFindings.entries()) expect(finding).toMatch(new RegExp(`\\[${i + 1}\\]\\.$`));
    const markers = [...`${data.keySummary} ${data.keyFindings.join(' ')}`.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    expect(Math.max(...markers)).toBeLessThanOrEqual(data.sources.length);
    expect(meta.statements).toEqual({ sourced: 5, total: 7, dropped: 2 });
    expect(meta.citationsDropped).toBe(2);
    // Kept in the library with its count.
    const item = await rt.pool.query('SELECT document FROM library_items WHERE id = $1', [meta.libraryItemId]);
    expect(item.rows[0].document.statements).toEqual({ sourced: 5, total: 7, dropped: 2 });
  });

  it('lists a source a kept sentence cites that the model did not list, and says when the summary was left out', async () => {
    const { client } = await newClient();
    ai.script({
      json: {
        keySummary: 'Acme Robotics tripled its revenue to $999 billion [1].',
        keyFindings: [
          'Acme Robotics opened 40 stores in Lisbon [2].',
          'Acme Robotics said revenue rose 8% from a year earlier [1].',
          'Ask which suppliers they plan to add.',
        ],
        sources: [],
      },
    });
    const res = await client.post(researchPaths.companyNews, companyNews);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      keySummary: SUMMARY_DROPPED,
      keyFindings: ['Acme Robotics said revenue rose 8% from a year earlier [1].', 'Ask which suppliers they plan to add.'],
      sources: [expect.objectContaining({ url: `${news.url}/reuters/acme-robotics-record-quarterly-revenue` })],
    });
    expect(res.body.meta.statements).toEqual({ sourced: 1, total: 3, dropped: 2 });
    expect(res.body.meta.citationsDropped).toBeUndefined();
  });

  it('says there is no supporting evidence, with no findings, when no statement is supported', async () => {
    const { client } = await newClient();
    const all = await events(await streamed(client, researchPaths.companyNews, { ...companyNews, companyName: 'Unfounded Claims Ltd' }));
    const result = all.at(-1)!;
    expect(result.type).toBe('result');
    expect(result.data.keySummary).toBe(NO_SUPPORTING_EVIDENCE);
    expect(result.data.keyFindings).toEqual([]);
    expect(result.meta.statements).toMatchObject({ sourced: 0 });
    expect(result.meta.statements.dropped).toBe(result.meta.statements.total);
    expect(all.at(-2)!.detail).toContain(`0 of ${result.meta.statements.total} statements sourced`);
  });

  it('asks the model to focus on the chosen sentiment', async () => {
    const { client } = await newClient();
    expect((await client.post(researchPaths.companyNews, { ...companyNews, sentiment: 'negative' })).status).toBe(200);
    expect(requestText(ai.requests[0]!)).toContain('Focus on negative coverage');
    ai.reset();
    expect((await client.post(researchPaths.companyNews, companyNews)).status).toBe(200);
    expect(requestText(ai.requests[0]!)).not.toContain('Focus on');
  });

  it('falls back to GDELT when Google News fails', async () => {
    const { client } = await newClient();
    news.mode.google = 'fail';
    const res = await client.post(researchPaths.companyNews, companyNews);
    expect(res.status).toBe(200);
    expect(news.requests.map((r) => r.path)).toEqual(['/rss/search', '/api/v2/doc/doc']);
    expect(res.body.data.sources.length).toBeGreaterThan(0);
  });

  it('says so, without asking the model, when no news is found', async () => {
    const { client } = await newClient();
    news.mode.google = 'empty';
    news.mode.gdelt = 'empty';
    const res = await client.post(researchPaths.companyNews, { ...companyNews, timeframe: '24h' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      keySummary: 'No news about Acme Robotics from the last 24 hours was found in the news sources.',
      keyFindings: [],
      sources: [],
    });
    expect(res.body.meta.documents).toBe(0);
    expect(ai.requests).toHaveLength(0);
  });

  it('reports unreachable news sources as such, in the stream', async () => {
    const { user, client } = await newClient();
    news.mode.google = 'fail';
    news.mode.gdelt = 'fail';
    const all = await events(await streamed(client, researchPaths.companyNews, companyNews));
    expect(all.at(-1)).toEqual({
      type: 'error',
      error: { code: 'source_unavailable', message: 'The news sources (Google News, GDELT) could not be reached. Try again shortly.' },
    });
    expect(ai.requests).toHaveLength(0);
    expect((await usageRows(user.id))[0]).toMatchObject({ status: 'failed', error_code: 'source_unavailable' });
  });
});

describe('trend scanner', () => {
  it('searches the region (USA when none is chosen) and keeps only figures and sources that were retrieved', async () => {
    const { client } = await newClient();
    const res = await client.post(researchPaths.trends, trends);
    expect(res.status).toBe(200);
    const search = news.requests.find((r) => r.path === '/rss/search')!;
    expect(search.query.get('q')).toBe('Cybersecurity investment when:90d');
    expect(search.query.get('gl')).toBe('US');
    const prompt = requestText(ai.requests[0]!);
    expect(prompt).toContain('Region: USA');
    expect(prompt).toContain('Trend type: Investment');

    const { data } = res.body;
    expect(data.trendAnalysis.length).toBeGreaterThan(0);
    // A figure from an article's own text (not its headline) is as good as one from a headline.
    expect(data.marketData).toEqual([
      {
        statistic: 'Cybersecurity investment said revenue rose 8% from a year earlier as services sales reached an all-time high.',
        source: `${news.url}/reuters/cybersecurity-investment-record-quarterly-revenue`,
      },
      {
        statistic: 'Cybersecurity investment spending to reach $48 billion by 2030, growing 12% a year.',
        source: `${news.url}/gartner/cybersecurity-investment-spending-forecast`,
      },
    ]);
    expect(data.sources.map((s: { url: string }) => s.url)).not.toContain(INVENTED_URL);
    expect(data.sources).toHaveLength(3);
    // A figure attributed to a retrieved article that does not state it is dropped and counted like a sentence.
    expect(data.marketData.map((m: { statistic: string }) => m.statistic)).not.toContain(INVENTED_STATISTIC);
    expect(res.body.meta.statements.dropped).toBeGreaterThanOrEqual(3);
    expect(data.keyFindings.join(' ')).not.toContain(INVENTED_FIGURE);
    for (const trend of data.trendAnalysis) expect(trend.analysis).toMatch(/\[\d\]\.$/);
  });

  it('answers with no trends, findings or figures when no statement is supported', async () => {
    const { client } = await newClient();
    const res = await client.post(researchPaths.trends, { ...trends, industry: 'Unfounded Hype' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ keySummary: NO_SUPPORTING_EVIDENCE, keyFindings: [], trendAnalysis: [], marketData: [] });
    expect(res.body.meta.statements.sourced).toBe(0);
  });

  it('searches the chosen region', async () => {
    const { client } = await newClient();
    expect((await client.post(researchPaths.trends, { ...trends, region: 'uk' })).status).toBe(200);
    expect(news.requests.find((r) => r.path === '/rss/search')!.query.get('ceid')).toBe('GB:en');
  });
});

describe('earnings analysis', () => {
  it("reads the quarter's 8-K item 2.02 press release from SEC EDGAR, and keeps only quotes found in it", async () => {
    const { client } = await newClient();
    const res = await client.post(researchPaths.earnings, earnings);
    expect(res.status).toBe(200);
    expect(sec.requests.every((r) => r.userAgent === SEC_USER_AGENT)).toBe(true);
    const prompt = requestText(ai.requests[0]!);
    expect(prompt).toContain('Focus area: services growth');
    expect(prompt).toContain('We delivered record revenue this quarter');
    expect(prompt).not.toContain('must never reach the model');

    const { data, meta } = res.body;
    expect(meta.period).toBe('Q3 2024 · AAPL 8-K filed 2024-10-31');
    expect(data.quotes.map((q: { speaker: string }) => q.speaker)).toContain('Tim Cook, CEO of Apple Inc');
    expect(data.quotes.map((q: { text: string }) => q.text)).not.toContain(INVENTED_QUOTE);
    expect(data.quotes.length).toBeGreaterThan(0);
    expect(data.sources.map((s: { url: string }) => s.url)).not.toContain(INVENTED_URL);
    expect(data.sources.length).toBeGreaterThan(0);
    for (const source of data.sources) expect(source.url.startsWith(`${sec.url}/Archives/edgar/data/320193/`)).toBe(true);
    expect(data.keyFindings.join(' ')).not.toContain(INVENTED_FIGURE);
    expect(meta.statements.dropped).toBe(2);
    expect(meta.statements.sourced).toBeGreaterThan(0);
  });

  it('answers with no findings or quotes when no statement is supported', async () => {
    const { client } = await newClient();
    const res = await client.post(researchPaths.earnings, { ...earnings, companyName: 'Unfounded Results Inc' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ keySummary: NO_SUPPORTING_EVIDENCE, keyFindings: [], quotes: [] });
    expect(res.body.meta.statements.sourced).toBe(0);
    expect(res.body.meta.statements.total).toBeGreaterThan(0);
  });

  it('takes the most recent release when asked for the most recent quarter', async () => {
    const { client } = await newClient();
    const res = await client.post(researchPaths.earnings, { ...earnings, year: 'most_recent', quarter: 'most_recent' });
    expect(res.body.meta.period).toBe('Q2 2025 · AAPL 8-K filed 2025-07-31');
  });

  it('falls back to news about the results for a company EDGAR does not know', async () => {
    const { client } = await newClient();
    const all = await events(await streamed(client, researchPaths.earnings, { ...earnings, companyName: 'Private Widgets GmbH' }));
    expect(all.filter((e) => e.stage === 'retrieve').map((e) => e.detail)).toEqual([
      'Looking up Private Widgets GmbH in SEC EDGAR',
      "No SEC earnings release found; searching news about Private Widgets GmbH's results",
    ]);
    const result = all.at(-1)!;
    expect(result.type).toBe('result');
    expect(result.meta.period).toBe('News coverage of the results');
    expect(news.requests[0]!.query.get('q')).toMatch(/^"Private Widgets GmbH" earnings results Q3 2024 when:\d+d$/);
  });
});

describe('AI failures', () => {
  it('repairs an answer that is not valid JSON, and succeeds', async () => {
    const { user, client } = await newClient();
    const res = await client.post(researchPaths.companyNews, { ...companyNews, companyName: 'Garbled Corp' });
    expect(res.status).toBe(200);
    expect(ai.requests).toHaveLength(2);
    expect(res.body.data.keySummary).toContain('Garbled Corp');
    expect((await usageRows(user.id))[0]).toMatchObject({ status: 'succeeded', calls: 2 });
  });

  it('reports an answer that cannot be repaired as ai_invalid_output (502, or an error event when streamed)', async () => {
    const { client } = await newClient();
    const res = await client.post(researchPaths.trends, { ...trends, industry: 'Hopeless Industry' });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('ai_invalid_output');
    const all = await events(await streamed(client, researchPaths.trends, { ...trends, industry: 'Hopeless Industry' }));
    expect(all.at(-1)).toEqual({
      type: 'error',
      error: { code: 'ai_invalid_output', message: "The AI's answer did not match the expected format, even after a repair attempt." },
    });
  });

  it('retries a 429 from the provider and succeeds', async () => {
    const { client } = await newClient();
    const res = await client.post(researchPaths.companyNews, { ...companyNews, companyName: 'Busy Bee Inc' });
    expect(res.status).toBe(200);
    expect(ai.requests).toHaveLength(2);
  });

  it('times out a model that takes longer than AI_TIMEOUT_SECONDS', async () => {
    const { user, client } = await newClient();
    const all = await events(await streamed(client, researchPaths.earnings, { ...earnings, companyName: 'Sluggish Systems' }));
    expect(all.at(-1)).toEqual({
      type: 'error',
      error: { code: 'ai_timeout', message: 'The AI provider did not answer within 2 seconds.' },
    });
    expect((await usageRows(user.id))[0]).toMatchObject({ status: 'failed', error_code: 'ai_timeout' });
  });

  it('stops the work when the browser goes away', async () => {
    const { user, client } = await newClient();
    const cancel = new AbortController();
    const res = await streamed(client, researchPaths.companyNews, { ...companyNews, companyName: 'Sluggish Cancelled Co' }, cancel.signal);
    const reader = res.body!.getReader();
    await reader.read(); // the first stage: the analysis is under way
    await new Promise((r) => setTimeout(r, 200));
    cancel.abort();
    await reader.cancel().catch(() => {});
    await expect
      .poll(async () => (await usageRows(user.id))[0], { timeout: 1_500 })
      .toMatchObject({ status: 'failed', error_code: 'cancelled' });
  });
});

describe('earnings-call transcripts (FMP)', () => {
  const FMP_KEY = 'research-fmp-key-1234567890';
  let withFmp: TestRuntime;
  let fmp: Awaited<ReturnType<typeof startFakeFmp>>;
  beforeAll(async () => {
    fmp = await startFakeFmp(FMP_KEY);
    withFmp = await startTestRuntime({
      AI_BASE_URL: ai.url,
      AI_MODEL: 'fake-research-model',
      AI_TIMEOUT_SECONDS: '2',
      GOOGLE_NEWS_BASE_URL: news.url,
      GDELT_BASE_URL: news.url,
      SEC_BASE_URL: sec.url,
      SEC_DATA_BASE_URL: sec.url,
      SEC_USER_AGENT,
      FMP_API_KEY: FMP_KEY,
      FMP_BASE_URL: fmp.url,
    });
  });
  afterAll(async () => {
    await withFmp?.close();
    await fmp?.stop();
  });
  beforeEach(() => fmp.reset());

  const run = async () => {
    const user = await registerUser(withFmp);
    const client = await signedInClient(withFmp, user.email);
    const all = await events(await streamed(client, researchPaths.earnings, earnings));
    return {
      stages: all.filter((e) => e.stage === 'retrieve').map((e) => e.detail as string),
      result: all.at(-1)!,
      prompt: requestText(ai.requests.at(-1)!),
    };
  };

  it('reads the transcript of the call asked for, labelled with that call', async () => {
    const { result, prompt } = await run();
    expect(result.type).toBe('result');
    expect(result.meta.period).toBe('Q3 2024 · AAPL 8-K filed 2024-10-31');
    expect(prompt).toContain('AAPL Q3 2024 earnings call transcript');
    expect(prompt).toContain('Apple Inc. Q3 2024 earnings conference call');
  });

  it('never passes another call off as the one asked for, and says the asked call was not found', async () => {
    // As the real FMP did (asked for Q1 2020, it answered with the Q4 call): asked for Q3 2024, the Q2 2024 call.
    fmp.answerWith.set(fmpCallKey('AAPL', { year: 2024, quarter: 3 }), { year: 2024, quarter: 2 });
    const { stages, result, prompt } = await run();
    expect(fmp.requests.map((r) => `Q${r.query.get('quarter')} ${r.query.get('year')}`)).toEqual(['Q3 2024']);
    expect(result.type).toBe('result');
    expect(result.meta.period).toBe('Q3 2024 · AAPL 8-K filed 2024-10-31 · the Q3 2024 earnings-call transcript was not found');
    expect(stages).toContain('The Q3 2024 earnings-call transcript was not found; the analysis reads the release alone');
    // Neither labelled Q3 2024 nor read as part of this quarter.
    expect(prompt).not.toContain('earnings call transcript');
    expect(prompt).not.toContain('Q2 2024 earnings conference call');
    expect(result.data.sources.map((s: { url: string }) => s.url).some((url: string) => url.startsWith(fmp.url))).toBe(false);
  });
});

describe('without an AI provider', () => {
  let bare: TestRuntime;
  beforeAll(async () => {
    bare = await startTestRuntime({ GOOGLE_NEWS_BASE_URL: news.url, SEC_BASE_URL: sec.url });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('answers 503 naming the variables to set, streamed or not, and retrieves nothing', async () => {
    const user = await registerUser(bare);
    const client = await signedInClient(bare, user.email);
    expect((await client.get(researchPaths.status)).body).toEqual({ configured: false, message: messages.errors.aiNotConfigured });
    for (const [path, body] of [
      [researchPaths.companyNews, companyNews],
      [researchPaths.trends, trends],
      [researchPaths.earnings, earnings],
    ] as const) {
      const res = await client.post(path, body);
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({ code: 'ai_not_configured', message: messages.errors.aiNotConfigured });
      const raw = await streamed(client, path, body);
      expect(raw.status).toBe(503);
    }
    expect(news.requests).toHaveLength(0);
    expect(sec.requests).toHaveLength(0);
  });
});

describe('other providers', () => {
  async function runtimeFor(env: Record<string, string>) {
    return startTestRuntime({
      AI_BASE_URL: ai.url,
      AI_API_KEY: 'test-provider-key',
      GOOGLE_NEWS_BASE_URL: news.url,
      GDELT_BASE_URL: news.url,
      SEC_BASE_URL: sec.url,
      SEC_DATA_BASE_URL: sec.url,
      SEC_USER_AGENT,
      ...env,
    });
  }

  it('runs the same analysis on Anthropic (messages API)', async () => {
    const other = await runtimeFor({ AI_PROVIDER: 'anthropic', AI_MODEL: 'claude-fake' });
    try {
      const user = await registerUser(other);
      const client = await signedInClient(other, user.email);
      const res = await client.post(researchPaths.companyNews, companyNews);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(ai.requests[0]!.model).toBe('claude-fake');
      expect(res.body.data.sources).toHaveLength(3);
      expect(res.body.meta.model).toBe('claude-fake');
    } finally {
      await other.close();
    }
  });

  it("counts Perplexity's own citations as retrieved, and still drops what neither retrieved nor cited", async () => {
    const other = await runtimeFor({ AI_PROVIDER: 'perplexity', AI_MODEL: 'sonar-fake' });
    try {
      const user = await registerUser(other);
      const client = await signedInClient(other, user.email);
      const cited = 'https://perplexity-read.example.org/acme-analysis';
      ai.script({
        json: { keySummary: 'Acme is growing.', keyFindings: ['Growth'], sources: [cited, INVENTED_URL] },
        citations: [cited],
      });
      const res = await client.post(researchPaths.companyNews, companyNews);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.sources).toEqual([{ url: cited, title: null, publisher: null, publishedAt: null }]);
    } finally {
      await other.close();
    }
  });
});
