// Wolfebot through the real API (issue 27 §3), with the local fakes for the AI (OpenAI-compatible,
// streaming) and the news: answers grounded in the user's library and cited, streamed and kept
// when the page leaves, fresh news without what the user was already sent, no model call without
// evidence, invented citations dropped, the refusals (no provider, limits, validation) and another
// user's conversations out of reach.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepItem } from '../../../src/server/library/keep.ts';
import { RETRIEVE_RANK_WINDOW, retrieveFromLibrary } from '../../../src/server/library/retrieve.ts';
import { titleKey } from '../../../src/server/sources/news/news.ts';
import { messages } from '../../../src/shared/messages.ts';
import { type Message, type WolfebotEvent, wolfebotMessages, wolfebotPaths } from '../../../src/shared/wolfebot.ts';
import { type FakeEarningsCalendars, startFakeEarningsCalendars } from '../../fakes/nasdaq.ts';
import { type FakeNews, startFakeNews } from '../../fakes/news.ts';
import { type FakeOpenAi, requestText, startFakeOpenAi } from '../../fakes/openai.ts';
import { type FakeSec, startFakeSec } from '../../fakes/sec.ts';
import { registerUser, signedInClient, type TestRuntime } from '../../support/accounts.ts';
import { startTestRuntime, type TestClient } from '../../support/runtime.ts';

let rt: TestRuntime;
let ai: FakeOpenAi;
let news: FakeNews;
let sec: FakeSec;
let calendars: FakeEarningsCalendars;

beforeAll(async () => {
  [ai, news, sec, calendars] = await Promise.all([startFakeOpenAi(), startFakeNews(), startFakeSec(), startFakeEarningsCalendars()]);
  rt = await startTestRuntime({
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-wolfebot-model',
    AI_TIMEOUT_SECONDS: '10',
    GOOGLE_NEWS_BASE_URL: news.url,
    GDELT_BASE_URL: news.url,
    SEC_BASE_URL: sec.url,
    SEC_DATA_BASE_URL: sec.url,
    NASDAQ_BASE_URL: calendars.url,
    // EDGAR refuses an undeclared client; the fake too.
    SEC_USER_AGENT: 'Enterprise OS tests ops@example.com',
  });
});
afterAll(async () => {
  await rt?.close();
  await Promise.all([ai?.stop(), news?.stop(), sec?.stop(), calendars?.stop()]);
});
beforeEach(() => {
  ai.reset();
  news.reset();
  ai.setHandler(() => ({ status: 500, content: 'no reply scripted' }));
});

async function newUser() {
  const user = await registerUser(rt);
  return { user, client: await signedInClient(rt, user.email) };
}

async function newConversation(client: TestClient) {
  const res = await client.post(wolfebotPaths.conversations, {});
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.conversation.id as string;
}

/** Reads a streamed answer into its events. */
async function ask(client: TestClient, id: string, text: string) {
  const response = await client.raw('POST', wolfebotPaths.messages(id), { text });
  if (response.status !== 200) return { status: response.status, body: await response.json(), events: [] as WolfebotEvent[] };
  const events = (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as WolfebotEvent);
  return { status: response.status, body: null, events };
}

const doneOf = (events: WolfebotEvent[]) => (events.find((e) => e.type === 'done') as { message: Message } | undefined)?.message;

async function keepReport(userId: string, title: string, text: string, companies: string[] = []) {
  const kept = await keepItem(rt.db, userId, { kind: 'company_news', title, companies, blocks: [{ type: 'paragraph', text }] });
  return kept!.id;
}

const PLANT = 'Acme Robotics opened a new assembly plant in Toledo, Ohio, employing 400 people.';

describe('wolfebot: answers', () => {
  it('answers from the library with a citation to the item, streamed in several pieces, and keeps the conversation', async () => {
    const { user, client } = await newUser();
    const itemId = await keepReport(user.id, 'Acme Robotics opens Toledo plant', PLANT, ['Acme Robotics']);
    ai.script({ content: 'Acme Robotics opened an assembly plant in Toledo that employs 400 people [1]. Want talking points?', chunks: 5 });
    const id = await newConversation(client);
    const { status, events } = await ask(client, id, 'Where did Acme Robotics open its plant?');
    expect(status).toBe(200);
    expect(events.filter((e) => e.type === 'message')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThanOrEqual(3);
    const done = doneOf(events)!;
    expect(done.status).toBe('complete');
    expect(done.citations).toEqual([
      { n: 1, title: 'Acme Robotics opens Toledo plant', url: `/library/${itemId}`, kind: 'library', libraryItemId: itemId },
    ]);
    expect(done.sentences!.map((s) => s.verdict)).toEqual(['supported', 'not_factual']);
    expect(done.statements).toEqual({ sourced: 1, total: 1, dropped: 0 });
    // The model saw the item's words, numbered, and was offered no tool: a local model without tool calling answers the same.
    expect(requestText(ai.requests[0]!)).toContain('[1] Acme Robotics opens Toledo plant');
    expect(ai.requests[0]).not.toHaveProperty('tools');
    expect(ai.requests[0]).toMatchObject({ stream: true });
    expect(ai.requests[0]!.stream).toBe(true);

    const read = await client.get(wolfebotPaths.conversation(id));
    expect(read.body.conversation.title).toBe('Where did Acme Robotics open its plant?');
    expect(read.body.messages.map((m: Message) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(read.body.messages[1].text).toBe(done.text);
    const usage = await rt.pool.query(
      'SELECT task, status, calls, input_tokens > 0 AS input, output_tokens > 0 AS output FROM ai_usage WHERE user_id = $1',
      [user.id],
    );
    // The streamed answer's tokens count too (the provider asked for stream_options.include_usage).
    expect(usage.rows).toEqual([{ task: 'wolfebot', status: 'succeeded', calls: 1, input: true, output: true }]);
  });

  it('finishes the answer when the page leaves mid-stream', async () => {
    const { user, client } = await newUser();
    await keepReport(user.id, 'Acme Robotics opens Toledo plant', PLANT, ['Acme Robotics']);
    const answer = 'Acme Robotics opened a plant in Toledo [1]. It employs 400 people [1].';
    ai.script({ content: answer, chunks: 6, chunkDelayMs: 150 });
    const id = await newConversation(client);
    const response = await client.raw('POST', wolfebotPaths.messages(id), { text: 'Where is the Acme Robotics plant?' });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"type":"message"');
    await reader.cancel();
    await vi.waitFor(
      async () => {
        const read = await client.get(wolfebotPaths.conversation(id));
        expect(read.body.messages[1]).toMatchObject({ status: 'complete', text: answer });
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('shows an answer left streaming by a process that died as failed', async () => {
    const { user, client } = await newUser();
    const id = await newConversation(client);
    await rt.pool.query(
      `INSERT INTO wolfebot_messages (conversation_id, user_id, role, text, status, updated_at)
       VALUES ($1, $2, 'assistant', 'Acme Robot', 'streaming', now() - interval '3 minutes')`,
      [id, user.id],
    );
    const read = await client.get(wolfebotPaths.conversation(id));
    expect(read.body.messages[0]).toMatchObject({ status: 'failed', error: wolfebotMessages.interrupted, text: 'Acme Robot' });
  });

  it('answers what changed since a date from fresh news, without a story the user was already sent', async () => {
    const { user, client } = await newUser();
    const since = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    await rt.pool.query(`INSERT INTO sent_articles (user_id, url_key, title_key) VALUES ($1, 'example.com/sent', $2)`, [
      user.id,
      titleKey('Acme Robotics reports record quarterly revenue, beating estimates'),
    ]);
    // The fixture model cites the document the prompt numbered for the story.
    ai.setHandler((request) => {
      const n = requestText(request).match(/\[(\d+)\] [^\n]*supplier partnership/)?.[1];
      return { content: `Acme Robotics announced a supplier partnership in Europe [${n}].` };
    });
    const id = await newConversation(client);
    const { events } = await ask(client, id, `What changed at Acme Robotics since ${since}?`);
    const done = doneOf(events)!;
    expect(done.status).toBe('complete');
    expect(news.requests.length).toBeGreaterThan(0);
    const prompt = requestText(ai.requests[0]!);
    expect(prompt).toContain('supplier partnership in Europe');
    expect(prompt).not.toMatch(/record quarterly revenue/i);
    // 400 hours ago is before the date asked about.
    expect(prompt).not.toContain('chief operating officer');
    expect(done.citations).toHaveLength(1);
    expect(done.citations[0]).toMatchObject({ kind: 'news' });
    expect(done.citations[0]!.title).toContain('supplier partnership');
  });

  it('answers what changed since the last conversation about the company from what is newer', async () => {
    const { user, client } = await newUser();
    const earlier = await newConversation(client);
    await rt.pool.query(
      `INSERT INTO wolfebot_messages (conversation_id, user_id, role, text, status, created_at)
       VALUES ($1, $2, 'user', 'Prep for Acme Robotics discovery call', 'complete', now() - interval '20 hours')`,
      [earlier, user.id],
    );
    ai.setHandler(() => ({ content: 'Acme Robotics reported record quarterly revenue [1].' }));
    const id = await newConversation(client);
    const { events } = await ask(client, id, 'What changed at Acme Robotics since my last conversation about Acme Robotics?');
    expect(doneOf(events)!.status).toBe('complete');
    const prompt = requestText(ai.requests[0]!);
    expect(prompt).toMatch(/record quarterly revenue/i);
    // 30 hours ago: before the last conversation.
    expect(prompt).not.toContain('supplier partnership');
    const { rows } = await rt.pool.query('SELECT last_company FROM wolfebot_conversations WHERE id = $1', [id]);
    expect(rows[0].last_company).toBe('Acme Robotics');
  });

  it("answers a question about a company's filings and earnings date from SEC EDGAR and the earnings calendar", async () => {
    const { client } = await newUser();
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    calendars.list({ provider: 'nasdaq', symbol: 'INTK', date: day, session: 'after-hours' });
    // The model cites the filings document by its number in the prompt.
    const filingsNumber = (request: Parameters<typeof requestText>[0]) =>
      Number(/\[(\d+)\] Initech Systems, Inc\.: recent SEC filings/.exec(requestText(request))?.[1]);
    ai.setHandler((request) => ({ content: `Initech filed an 8-K with results of operations on 2026-11-03 [${filingsNumber(request)}].` }));
    const id = await newConversation(client);
    const asked = await ask(client, id, 'Any recent SEC filings from Initech Systems, and when are its next earnings?');
    expect(asked.status).toBe(200);
    const prompt = requestText(ai.requests[0]!);
    // The filings document names the 8-K items; the calendar document carries the date and its status.
    expect(prompt).toContain('Initech Systems, Inc.: recent SEC filings');
    expect(prompt).toMatch(/2026-11-03: 8-K, item 2\.02 \(Results of Operations and Financial Condition\)/);
    expect(prompt).toContain(`is expected to report earnings on ${day}`);
    expect(prompt).toContain('Initech Systems, Inc.: figures reported to the SEC');
    const done = asked.events.find((e) => e.type === 'done');
    expect(done?.type === 'done' && done.message.citations).toEqual([
      expect.objectContaining({ n: filingsNumber(ai.requests[0]!), kind: 'sec', title: 'Initech Systems, Inc.: recent SEC filings' }),
    ]);
  });

  it('says it found nothing, without calling the model, when there is no evidence', async () => {
    const { user, client } = await newUser();
    const id = await newConversation(client);
    const { events } = await ask(client, id, 'what do quantum widgets cost?');
    expect(doneOf(events)).toMatchObject({ status: 'complete', text: wolfebotMessages.noEvidence, citations: [] });
    expect(ai.requests).toHaveLength(0);
    // It still counts as an answer in the user's limits.
    const usage = await rt.pool.query('SELECT status, calls FROM ai_usage WHERE user_id = $1', [user.id]);
    expect(usage.rows).toEqual([{ status: 'succeeded', calls: 0 }]);
  });

  it('drops a citation to a document that was not retrieved', async () => {
    const { user, client } = await newUser();
    await keepReport(user.id, 'Acme Robotics opens Toledo plant', PLANT, ['Acme Robotics']);
    ai.script({ content: 'Acme Robotics opened a plant in Toledo [1]. Acme Robotics will double revenue next year [9].' });
    const id = await newConversation(client);
    const done = doneOf((await ask(client, id, 'Tell me about Acme Robotics plant')).events)!;
    expect(done.text).toBe('Acme Robotics opened a plant in Toledo [1]. Acme Robotics will double revenue next year.');
    expect(done.citations.map((c) => c.n)).toEqual([1]);
    expect(done.sentences!.map((s) => s.verdict)).toEqual(['supported', 'uncited']);
    expect(done.statements).toEqual({ sourced: 1, total: 2, dropped: 0 });
  });

  it('records a provider failure as a failed answer in the user’s words', async () => {
    const { user, client } = await newUser();
    await keepReport(user.id, 'Acme Robotics opens Toledo plant', PLANT, ['Acme Robotics']);
    ai.setHandler(() => ({ status: 401, content: 'bad key' }));
    const id = await newConversation(client);
    const { events } = await ask(client, id, 'Where is the Acme Robotics plant?');
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'ai_unavailable' } });
    const read = await client.get(wolfebotPaths.conversation(id));
    expect(read.body.messages[1]).toMatchObject({ status: 'failed', error: expect.stringContaining('refused the credentials') });
  });

  it('suggests actions the user confirms, without the model', async () => {
    const { client } = await newUser();
    const id = await newConversation(client);
    const watch = doneOf((await ask(client, id, 'Watch Acme Robotics for me')).events)!;
    expect(watch.actions).toEqual([{ type: 'watch_company', company: 'Acme Robotics' }]);
    expect(watch.text).toBe(wolfebotMessages.watchCompany('Acme Robotics'));
    const air = doneOf((await ask(client, id, 'Email me an AIR report on acme.com')).events)!;
    expect(air.actions).toEqual([{ type: 'air_report', website: 'acme.com' }]);
    // Replies that only offered actions are nothing to draft from.
    const draft = doneOf((await ask(client, id, 'Draft a LinkedIn post from this')).events)!;
    expect(draft.actions).toEqual([]);
    expect(draft.text).toContain(wolfebotMessages.nothingToDraft);
    expect(ai.requests).toHaveLength(0);
  });

  it('drafts from the last real answer, not from a reply that offered actions', async () => {
    const { user, client } = await newUser();
    await keepReport(user.id, 'Acme Robotics opens Toledo plant', PLANT, ['Acme Robotics']);
    const answer = 'Acme Robotics opened an assembly plant in Toledo, Ohio [1].';
    ai.script({ content: answer });
    const id = await newConversation(client);
    expect(doneOf((await ask(client, id, 'Where did Acme Robotics open its plant?')).events)!.text).toBe(answer);
    await ask(client, id, 'Watch Acme Robotics for me');
    const draft = doneOf((await ask(client, id, 'Draft a LinkedIn post from this')).events)!;
    expect(draft.actions).toEqual([{ type: 'linkedin_draft', text: answer }]);
  });

  it('says the sources do not support an answer when none of its facts is in them', async () => {
    const { user, client } = await newUser();
    await keepReport(user.id, 'Acme Robotics opens Toledo plant', PLANT, ['Acme Robotics']);
    ai.script({ content: 'Acme Robotics opened a plant in Dayton employing 900 people [1].' });
    const id = await newConversation(client);
    const done = doneOf((await ask(client, id, 'Where did Acme Robotics open its plant?')).events)!;
    expect(done.text).toBe(wolfebotMessages.unsupported);
    expect(done.citations).toEqual([]);
    expect(done.statements).toEqual({ sourced: 0, total: 1, dropped: 0 });
  });

  it('greys a sentence whose figure is not in the cited source, and keeps the rest', async () => {
    const { user, client } = await newUser();
    await keepReport(user.id, 'Acme Robotics opens Toledo plant', PLANT, ['Acme Robotics']);
    ai.script({ content: 'Acme Robotics opened a plant in Toledo [1]. It employs 900 people [1].' });
    const id = await newConversation(client);
    const done = doneOf((await ask(client, id, 'Where did Acme Robotics open its plant?')).events)!;
    expect(done.sentences!.map((s) => [s.text, s.verdict])).toEqual([
      ['Acme Robotics opened a plant in Toledo [1].', 'supported'],
      ['It employs 900 people [1].', 'unsupported'],
    ]);
    expect(done.statements).toEqual({ sourced: 1, total: 2, dropped: 0 });
  });

  it('ranks only the newest matches of a library larger than the window, so that an answer starts soon', async () => {
    const { user } = await newUser();
    // The best match by far, but older than a window's worth of items that match too.
    await rt.pool.query(
      `INSERT INTO library_items (user_id, kind, title, document, body_text, created_at)
       VALUES ($1, 'company_news', 'Turbine turbine turbine', '{"blocks":[]}', 'Turbine orders, turbine output, turbine plant.', now() - interval '30 days')`,
      [user.id],
    );
    await rt.pool.query(
      `INSERT INTO library_items (user_id, kind, title, document, body_text, created_at)
       SELECT $1, 'news_alert', 'Weekly note ' || n, '{"blocks":[]}', 'A turbine was mentioned once.', now() - n * interval '1 minute'
         FROM generate_series(1, $2::int) n`,
      [user.id, RETRIEVE_RANK_WINDOW],
    );
    const newest = await retrieveFromLibrary(rt.db, user.id, 'What about turbines?');
    expect(newest.items.map((i) => i.title)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Weekly note ${n}`));
    // One item fewer in the window: the old one is ranked, and comes first.
    await rt.pool.query(`DELETE FROM library_items WHERE user_id = $1 AND title = 'Weekly note 1'`, [user.id]);
    const ranked = await retrieveFromLibrary(rt.db, user.id, 'What about turbines?');
    expect(ranked.items[0]!.title).toBe('Turbine turbine turbine');
  });
});

describe('wolfebot: conversations and refusals', () => {
  it('lists, renames and deletes conversations, newest first', async () => {
    const { client } = await newUser();
    const a = await newConversation(client);
    const b = (await client.post(wolfebotPaths.conversations, { title: '  Globex renewal  ' })).body.conversation;
    expect(b.title).toBe('Globex renewal');
    let list = (await client.get(wolfebotPaths.conversations)).body.conversations;
    expect(list.map((c: { id: string }) => c.id)).toEqual([b.id, a]);
    const renamed = await client.request('PATCH', wolfebotPaths.conversation(a), { title: 'Acme prep' });
    expect(renamed.body.conversation).toMatchObject({ id: a, title: 'Acme prep' });
    list = (await client.get(wolfebotPaths.conversations)).body.conversations;
    expect(list[0]).toMatchObject({ id: a, title: 'Acme prep' });
    expect((await client.request('DELETE', wolfebotPaths.conversation(a))).status).toBe(204);
    expect((await client.get(wolfebotPaths.conversation(a))).status).toBe(404);
    expect((await client.get(wolfebotPaths.conversations)).body.conversations).toHaveLength(1);
  });

  it("keeps another user's conversations out of reach", async () => {
    const owner = await newUser();
    const other = await newUser();
    const id = await newConversation(owner.client);
    const notFound = { code: 'not_found', message: wolfebotMessages.notFound };
    expect((await other.client.get(wolfebotPaths.conversation(id))).body.error).toEqual(notFound);
    expect((await other.client.request('PATCH', wolfebotPaths.conversation(id), { title: 'Mine' })).status).toBe(404);
    expect((await other.client.request('DELETE', wolfebotPaths.conversation(id))).status).toBe(404);
    expect((await other.client.post(wolfebotPaths.messages(id), { text: 'Hello' })).status).toBe(404);
    expect((await other.client.get(wolfebotPaths.conversation('not-a-uuid'))).status).toBe(404);
    expect((await other.client.get(wolfebotPaths.conversations)).body.conversations).toEqual([]);
    expect((await owner.client.get(wolfebotPaths.conversation(id))).body.conversation.title).toBe(wolfebotMessages.newConversation);
    const usage = await rt.pool.query('SELECT count(*)::int AS n FROM ai_usage WHERE user_id = $1', [other.user.id]);
    expect(usage.rows[0].n).toBe(0);
  });

  it('refuses bad input with a clear message', async () => {
    const { client } = await newUser();
    const id = await newConversation(client);
    const cases: [string, string, unknown, string][] = [
      ['POST', wolfebotPaths.messages(id), { text: '   ' }, wolfebotMessages.messageRequired],
      ['POST', wolfebotPaths.messages(id), {}, wolfebotMessages.messageRequired],
      ['POST', wolfebotPaths.messages(id), { text: 'x'.repeat(4001) }, wolfebotMessages.messageTooLong],
      ['POST', wolfebotPaths.conversations, { title: '' }, wolfebotMessages.titleRequired],
      ['POST', wolfebotPaths.conversations, { title: 'x'.repeat(101) }, wolfebotMessages.titleTooLong],
      ['PATCH', wolfebotPaths.conversation(id), {}, wolfebotMessages.titleRequired],
      ['PATCH', wolfebotPaths.conversation(id), { title: ' ' }, wolfebotMessages.titleRequired],
      ['PATCH', wolfebotPaths.conversation(id), { title: 'y'.repeat(101) }, wolfebotMessages.titleTooLong],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await client.request(method, path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation', message });
    }
    expect((await client.post(wolfebotPaths.conversations, { title: 'ok', userId: 'x' })).status).toBe(400);
    expect((await client.get(wolfebotPaths.conversation(id))).body.messages).toEqual([]);
  });

  it('answers 429 over the per-user AI limit, before writing anything', async () => {
    const { user, client } = await newUser();
    await rt.pool.query(
      `INSERT INTO ai_usage (user_id, task, provider, model, status) SELECT $1, 'wolfebot', 'openai', 'm', 'succeeded' FROM generate_series(1, 60)`,
      [user.id],
    );
    const id = await newConversation(client);
    const res = await client.post(wolfebotPaths.messages(id), { text: 'Where is the Acme Robotics plant?' });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('ai_user_limit');
    expect((await client.get(wolfebotPaths.conversation(id))).body.messages).toEqual([]);
  });

  it('reports the model in the status', async () => {
    const { client } = await newUser();
    expect((await client.get(wolfebotPaths.status)).body).toEqual({ ai: { configured: true, model: 'fake-wolfebot-model' } });
  });
});

describe('wolfebot without an AI provider', () => {
  let bare: TestRuntime;
  beforeAll(async () => {
    bare = await startTestRuntime({ GOOGLE_NEWS_BASE_URL: news.url });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('says so in the status and refuses a question with 503, writing nothing', async () => {
    const user = await registerUser(bare);
    const client = await signedInClient(bare, user.email);
    expect((await client.get(wolfebotPaths.status)).body).toEqual({ ai: { configured: false, message: messages.errors.aiNotConfigured } });
    const id = (await client.post(wolfebotPaths.conversations, {})).body.conversation.id;
    const res = await client.post(wolfebotPaths.messages(id), { text: 'Where is the Acme Robotics plant?' });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: 'ai_not_configured', message: messages.errors.aiNotConfigured });
    expect((await client.get(wolfebotPaths.conversation(id))).body.messages).toEqual([]);
    expect(news.requests).toHaveLength(0);
  });
});
