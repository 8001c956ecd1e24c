// Wolfebot (issue 27 §3): conversations kept per user, and answers grounded in the user's own
// material. An answer is retrieve-then-answer on every provider (no tool calling needed): the
// user's library and the articles behind it, plus fresh news when the question asks what is new
// about a company (without the stories the user was already sent), numbered for the model, which
// cites them as [n]; checkAnswer() checks each sentence against what it cites (ai/statements.ts). The generation runs
// detached from the request that asked: a page that leaves loses nothing, it reads the answer from
// its row (saved as it streams, then complete or failed) when it comes back.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type LibraryKind, libraryKindLabels } from '../../../shared/library.ts';
import {
  type Conversation,
  type ConversationWithMessages,
  type Message,
  type MessageStatus,
  wolfebotMessages as texts,
  WOLFEBOT_AUTO_TITLE_CHARS,
  type WolfebotAction,
  type WolfebotEvent,
  type WolfebotMessageDocument,
} from '../../../shared/wolfebot.ts';
import { type AiRun, type AiRunner, aiRequestError } from '../../ai/runner.ts';
import { CITATION_RULE } from '../../ai/statements.ts';
import type { Database } from '../../db/client.ts';
import { wolfebotConversations, wolfebotMessages } from '../../db/schema.ts';
import { loadSentArticles } from '../../jobs/articles/seen-articles.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { errorMessage, log } from '../../lib/log.ts';
import { companyKey } from '../../library/keep.ts';
import { retrieveFromLibrary } from '../../library/retrieve.ts';
import type { News } from '../../sources/news/index.ts';
import type { EarningsCalendarSource } from '../../sources/sec/earnings-calendar.ts';
import { EIGHT_K_ITEMS } from '../../sources/sec/eight-k-items.ts';
import type { SecCompanySource } from '../../sources/sec/sec-company.ts';
import { type AnswerDocument, type CheckedAnswer, checkAnswer } from './check.ts';
import { asksForDraft, detectActions, detectCompany, detectSince, includesSent, wantsFilings, wantsNews } from './parse.ts';

export type WolfebotDeps = {
  db: Database;
  ai: AiRunner;
  news: News;
  secCompany: SecCompanySource;
  earningsCalendar: EarningsCalendarSource;
};

/** A row still 'streaming' this long after its last save belongs to a process that died. */
export const STALE_STREAMING_MS = 2 * 60_000;
/** The streaming text is saved at most this often, so a page that comes back reads it nearly as it was. */
const SAVE_EVERY_MS = 300;
/** Fresh news per question: a few stories, read within a few seconds. */
const NEWS_LIMIT = 8;
const NEWS_READ_BUDGET_MS = 8000;
const NEWS_DEFAULT_DAYS = 30;
const NEWS_MAX_DAYS = 90;
const NEWS_PASSAGE_CHARS = 1500;
/** The SEC and the earnings calendar get this long for one question; an answer goes on without them after it. */
const SEC_BUDGET_MS = 8000;
/** Filings listed per question (the latest 10-K and 10-Q and the 8-Ks of the last 12 months, newest first). */
const SEC_FILINGS_LISTED = 12;
/** Earlier messages the model sees, for follow-up questions. */
const HISTORY_MESSAGES = 6;
const HISTORY_MESSAGE_CHARS = 1200;
const MAX_OUTPUT_TOKENS = 1200;
const DAY_MS = 86_400_000;

const notFound = () => new AppError('not_found', texts.notFound);

type MessageRow = typeof wolfebotMessages.$inferSelect;
type ConversationRow = typeof wolfebotConversations.$inferSelect;

const toConversation = (row: ConversationRow): Conversation => ({
  id: row.id,
  title: row.title,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A stored message as the API shows it; an answer whose process died while streaming reads as failed. */
export function toMessage(row: MessageRow, now = new Date()): Message {
  const stale = row.status === 'streaming' && now.getTime() - row.updatedAt.getTime() > STALE_STREAMING_MS;
  const status: MessageStatus = stale ? 'failed' : row.status;
  const error = stale ? texts.interrupted : row.error;
  const doc = row.document;
  return {
    id: row.id,
    role: row.role,
    text: row.text,
    status,
    ...(error ? { error } : {}),
    citations: doc.citations ?? [],
    ...(doc.sentences ? { sentences: doc.sentences } : {}),
    ...(doc.statements ? { statements: doc.statements } : {}),
    actions: doc.actions ?? [],
    createdAt: row.createdAt.toISOString(),
  };
}

async function ownConversation(db: Database, userId: string, id: string): Promise<ConversationRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(wolfebotConversations)
    .where(and(eq(wolfebotConversations.id, id), eq(wolfebotConversations.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function listConversations(db: Database, userId: string): Promise<Conversation[]> {
  const rows = await db
    .select()
    .from(wolfebotConversations)
    .where(eq(wolfebotConversations.userId, userId))
    .orderBy(desc(wolfebotConversations.updatedAt), desc(wolfebotConversations.id));
  return rows.map(toConversation);
}

export async function createConversation(db: Database, userId: string, title?: string): Promise<Conversation> {
  const [row] = await db
    .insert(wolfebotConversations)
    .values({ userId, title: title ?? texts.newConversation })
    .returning();
  return toConversation(row!);
}

export async function getConversation(db: Database, userId: string, id: string): Promise<ConversationWithMessages> {
  const conversation = await ownConversation(db, userId, id);
  const rows = await db
    .select()
    .from(wolfebotMessages)
    .where(and(eq(wolfebotMessages.conversationId, id), eq(wolfebotMessages.userId, userId)))
    .orderBy(asc(wolfebotMessages.createdAt), asc(wolfebotMessages.role));
  const now = new Date();
  return { conversation: toConversation(conversation), messages: rows.map((row) => toMessage(row, now)) };
}

export async function renameConversation(db: Database, userId: string, id: string, title: string): Promise<Conversation> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .update(wolfebotConversations)
    .set({ title })
    .where(and(eq(wolfebotConversations.id, id), eq(wolfebotConversations.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return toConversation(row);
}

export async function deleteConversation(db: Database, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const deleted = await db
    .delete(wolfebotConversations)
    .where(and(eq(wolfebotConversations.id, id), eq(wolfebotConversations.userId, userId)))
    .returning({ id: wolfebotConversations.id });
  if (deleted.length === 0) throw notFound();
}

/** Events of one answer, for the request that asked; the answer goes on whether anyone reads them. */
export class AnswerEvents {
  private readonly items: WolfebotEvent[] = [];
  private wake: (() => void) | null = null;
  private closed = false;

  push(event: WolfebotEvent) {
    this.items.push(event);
    this.wake?.();
  }

  close() {
    this.closed = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<WolfebotEvent> {
    while (true) {
      const next = this.items.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
  }
}

export type StartedAnswer = {
  userMessage: Message;
  assistantMessage: Message;
  events: AnswerEvents;
  /** Settles when the answer is stored, complete or failed (tests and shutdown wait for it). */
  finished: Promise<void>;
};

/**
 * Asks Wolfebot `text` in conversation `id`: refuses first (unknown conversation 404, AI not
 * configured 503, over the user's AI limits 429) before anything is written, then stores the
 * question and a streaming answer in one transaction and starts the answer, detached.
 * A message that only asks for an action (watch a company, a report, a draft) is answered
 * without the model, so it works without AI and does not count in the limits.
 */
export async function ask(deps: WolfebotDeps, userId: string, id: string, text: string, now = new Date()): Promise<StartedAnswer> {
  const { db } = deps;
  const conversation = await ownConversation(db, userId, id);
  const [previous] = await db
    .select({ text: wolfebotMessages.text })
    .from(wolfebotMessages)
    .where(
      and(
        eq(wolfebotMessages.conversationId, id),
        eq(wolfebotMessages.userId, userId),
        eq(wolfebotMessages.role, 'assistant'),
        eq(wolfebotMessages.status, 'complete'),
        // The last real answer: a reply that only offered actions is nothing to draft from.
        sql`coalesce(jsonb_array_length(${wolfebotMessages.document}->'actions'), 0) = 0`,
      ),
    )
    .orderBy(desc(wolfebotMessages.createdAt))
    .limit(1);
  const actions = detectActions(text, previous?.text ?? null);
  const actionOnly = actions.length > 0 || asksForDraft(text);
  const run = actionOnly ? null : await deps.ai.begin(userId, 'wolfebot');

  let rows: { user: MessageRow; assistant: MessageRow };
  try {
    rows = await db.transaction(async (tx) => {
      const [{ count }] = (await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(wolfebotMessages)
        .where(and(eq(wolfebotMessages.conversationId, id), eq(wolfebotMessages.userId, userId)))) as [{ count: number }];
      // The assistant's row is written a moment after the question's, so the two always read in order.
      const [user] = await tx
        .insert(wolfebotMessages)
        .values({ conversationId: id, userId, role: 'user', text, status: 'complete' })
        .returning();
      const [assistant] = await tx
        .insert(wolfebotMessages)
        .values({
          conversationId: id,
          userId,
          role: 'assistant',
          text: '',
          status: 'streaming',
          createdAt: new Date(user!.createdAt.getTime() + 1),
        })
        .returning();
      const autoTitle = count === 0 && conversation.title === texts.newConversation;
      await tx
        .update(wolfebotConversations)
        .set({ ...(autoTitle ? { title: autoTitleOf(text) } : {}), lastAskedAt: now })
        .where(and(eq(wolfebotConversations.id, id), eq(wolfebotConversations.userId, userId)));
      return { user: user!, assistant: assistant! };
    });
  } catch (err) {
    // The run began but no answer will be generated: it must not stay 'running' against the limits.
    await run?.use(() => Promise.reject(err)).catch(() => {});
    throw err;
  }

  const events = new AnswerEvents();
  const answer: Answer = { deps, userId, conversationId: id, messageId: rows.assistant.id, question: text, now, events };
  const finished = run ? generate(answer, run) : respondWithActions(answer, actions, previous?.text ?? null);
  return { userMessage: toMessage(rows.user), assistantMessage: toMessage(rows.assistant), events, finished };
}

export const autoTitleOf = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= WOLFEBOT_AUTO_TITLE_CHARS ? line : `${line.slice(0, WOLFEBOT_AUTO_TITLE_CHARS - 1).trimEnd()}…`;
};

type Answer = {
  deps: WolfebotDeps;
  userId: string;
  conversationId: string;
  messageId: string;
  question: string;
  now: Date;
  events: AnswerEvents;
};

async function saveMessage(
  answer: Answer,
  values: Partial<Pick<MessageRow, 'text' | 'status' | 'error' | 'document'>>,
): Promise<Message | null> {
  const [row] = await answer.deps.db
    .update(wolfebotMessages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(wolfebotMessages.id, answer.messageId), eq(wolfebotMessages.userId, answer.userId)))
    .returning();
  // The conversation moves to the top of the list when its answer ends.
  if (values.status && values.status !== 'streaming') {
    await answer.deps.db
      .update(wolfebotConversations)
      .set({ updatedAt: new Date() })
      .where(and(eq(wolfebotConversations.id, answer.conversationId), eq(wolfebotConversations.userId, answer.userId)));
  }
  return row ? toMessage(row) : null;
}

async function finish(answer: Answer, text: string, document: WolfebotMessageDocument) {
  const message = await saveMessage(answer, { text, status: 'complete', error: null, document });
  if (message) answer.events.push({ type: 'done', message });
}

async function fail(answer: Answer, err: unknown) {
  const error = aiRequestError(err, new AbortController().signal, 'wolfebot');
  const words = error.code === 'internal' ? texts.failed : error.message;
  try {
    const message = await saveMessage(answer, { status: 'failed', error: words });
    if (message) answer.events.push({ type: 'error', error: { code: error.code, message: words } });
  } catch (saveErr) {
    log.error('wolfebot could not record a failed answer', { error: errorMessage(saveErr) });
    answer.events.push({ type: 'error', error: { code: error.code, message: words } });
  }
}

async function respondWithActions(answer: Answer, actions: WolfebotAction[], previous: string | null) {
  try {
    const lines = actions.map((action) =>
      action.type === 'watch_company'
        ? texts.watchCompany(action.company)
        : action.type === 'air_report'
          ? texts.airReport(action.website)
          : texts.linkedinDraft,
    );
    if (asksForDraft(answer.question) && !previous) lines.push(texts.nothingToDraft);
    const text = lines.join('\n');
    answer.events.push({ type: 'delta', text });
    await finish(answer, text, { citations: [], actions });
  } catch (err) {
    await fail(answer, err);
  } finally {
    answer.events.close();
  }
}

/** Retrieval, the model's streamed answer, the check, stored: the whole answer, never thrown. */
async function generate(answer: Answer, run: AiRun) {
  let saved = Promise.resolve();
  try {
    const result = await run.use(async () => {
      const documents = await gather(answer);
      if (documents.length === 0) return null;
      let text = '';
      let lastSave = Date.now();
      const streamed = await run.stream({
        system: SYSTEM_PROMPT,
        prompt: await promptFor(answer, documents),
        maxOutputTokens: MAX_OUTPUT_TOKENS,
        onText: (delta) => {
          text += delta;
          answer.events.push({ type: 'delta', text: delta });
          if (Date.now() - lastSave >= SAVE_EVERY_MS) {
            lastSave = Date.now();
            const snapshot = text;
            // Saves run one after another, so a late one never overwrites a later text.
            saved = saved.then(() =>
              saveMessage(answer, { text: snapshot }).then(
                () => {},
                (err) => log.warn('wolfebot could not save a streaming answer', { error: errorMessage(err) }),
              ),
            );
          }
        },
      });
      return { documents, checked: checkAnswer(documents, streamed) };
    });
    await saved;
    if (!result) {
      answer.events.push({ type: 'delta', text: texts.noEvidence });
      await finish(answer, texts.noEvidence, { citations: [], actions: [] });
      return;
    }
    if (result.checked.noEvidence) {
      // Facts were stated and none is in its sources: said so instead of answering (the count tells what was checked).
      await finish(answer, texts.unsupported, { citations: [], actions: [], statements: result.checked.statements });
      return;
    }
    await finish(answer, result.checked.text, documentOf(result.checked));
  } catch (err) {
    await saved;
    await fail(answer, err);
  } finally {
    answer.events.close();
  }
}

const documentOf = (checked: CheckedAnswer): WolfebotMessageDocument => ({
  citations: checked.citations,
  sentences: checked.sentences,
  statements: checked.statements,
  actions: [],
});

/** The companies this user follows anywhere: alerts, newsletter portfolios, earnings, reports, the library. */
async function knownCompanies(db: Database, userId: string): Promise<string[]> {
  const { rows } = await db.execute<{ name: string }>(sql`
    select company_name as name from sonar_alerts where user_id = ${userId} and company_name <> ''
    union select p->>'company_name' from newsletter_alerts n, jsonb_array_elements(n.portfolio) p where n.user_id = ${userId}
    union select company_name from earnings_tracking where user_id = ${userId}
    union select company_name from air_reports where user_id = ${userId} and company_name is not null
    union select unnest(companies) from (
      select companies from library_items where user_id = ${userId} order by created_at desc limit 500) recent`);
  return rows.map((r) => r.name).filter((name): name is string => Boolean(name?.trim()));
}

/** When the user last asked about `company` in Wolfebot, before this question. */
async function lastAskedAbout(answer: Answer, company: string): Promise<Date | null> {
  const { rows } = await answer.deps.db.execute<{ at: Date | string | null }>(sql`
    select max(created_at) as at from wolfebot_messages
     where user_id = ${answer.userId} and role = 'user' and created_at < ${answer.now.toISOString()}::timestamptz
       and strpos(lower(text), ${company.toLowerCase()}) > 0`);
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}

/** The documents an answer may cite, numbered from 1: the library's items, their articles, then fresh news. */
async function gather(answer: Answer): Promise<AnswerDocument[]> {
  const { deps, userId, question, now } = answer;
  const company = detectCompany(question, await knownCompanies(deps.db, userId));
  const sinceAsked = detectSince(question, now);
  let since: Date | null = sinceAsked?.kind === 'date' ? sinceAsked.date : null;
  if (sinceAsked?.kind === 'last_conversation' && company) since = await lastAskedAbout(answer, company);
  if (company) {
    await deps.db
      .update(wolfebotConversations)
      .set({ lastCompany: company })
      .where(and(eq(wolfebotConversations.id, answer.conversationId), eq(wolfebotConversations.userId, userId)));
  }

  const library = await retrieveFromLibrary(deps.db, userId, question, {
    ...(company ? { companyKey: companyKey(company) } : {}),
    ...(since ? { since } : {}),
  });
  const documents: AnswerDocument[] = [];
  const add = (doc: Omit<AnswerDocument, 'n'>) => documents.push({ ...doc, n: documents.length + 1 });
  for (const item of library.items) {
    add({
      title: item.title,
      url: `/library/${item.id}`,
      kind: 'library',
      libraryItemId: item.id,
      text: `${libraryKindLabels[item.kind as LibraryKind]} from ${item.createdAt.slice(0, 10)}. ${item.text}`,
    });
  }
  const urls = new Set<string>();
  for (const passage of library.passages) {
    urls.add(passage.url);
    add({
      title: passage.title ?? passage.url,
      url: passage.url,
      kind: 'article',
      libraryItemId: passage.itemId,
      text: [passage.publisher, passage.publishedAt?.slice(0, 10), passage.text].filter(Boolean).join(' · '),
      publishedAt: passage.publishedAt ?? null,
    });
  }

  if (company && wantsNews(question)) {
    for (const doc of await freshNews(answer, company, since)) {
      if (urls.has(doc.url)) continue;
      urls.add(doc.url);
      add({
        title: doc.title ?? doc.url,
        url: doc.url,
        kind: 'news',
        text: [doc.publisher, doc.publishedAt?.slice(0, 10), doc.text].filter(Boolean).join(' · '),
        publishedAt: doc.publishedAt,
      });
    }
  }
  if (company && wantsFilings(question)) {
    for (const doc of await filingsAndDates(answer, company)) add(doc);
  }
  return documents;
}

/**
 * What SEC EDGAR and the earnings calendars say about `company`: its latest reported figures, its
 * recent filings (8-K items named) and its next earnings date, as documents the answer may cite.
 * Bounded by SEC_BUDGET_MS; a company EDGAR does not know, or a source that fails, adds nothing.
 */
async function filingsAndDates(answer: Answer, company: string): Promise<Omit<AnswerDocument, 'n'>[]> {
  const { deps, now } = answer;
  const signal = AbortSignal.timeout(SEC_BUDGET_MS);
  const documents: Omit<AnswerDocument, 'n'>[] = [];
  try {
    const match = await deps.secCompany.resolve(company, null, signal);

    if (!match) return [];
    const [profile, figures, next] = await Promise.all([
      deps.secCompany.profile(match.cik, signal),
      deps.secCompany.figures(match.cik, signal).catch(() => []),
      deps.earningsCalendar.nextEarnings(match.ticker, now, signal).catch(() => null),
    ]);
    if (figures.length > 0) {
      documents.push({
        title: `${profile.name}: figures reported to the SEC`,
        url: profile.profileUrl,
        kind: 'sec',
        text: figures.map((f) => `${f.label}: ${figureValue(f.value, f.unit)} (${f.form} filed ${f.filed})`).join('\n'),
      });
    }
    if (profile.filings.length > 0) {
      documents.push({
        title: `${profile.name}: recent SEC filings`,
        url: profile.profileUrl,
        kind: 'sec',
        text: profile.filings
          .slice(0, SEC_FILINGS_LISTED)
          .map((f) => {
            const items = f.items.map((item) => `item ${item}${EIGHT_K_ITEMS[item] ? ` (${EIGHT_K_ITEMS[item]!.title})` : ''}`);
            return `${f.filingDate}: ${f.form}${items.length ? `, ${items.join(', ')}` : ''}${f.reportDate ? `, for the period ended ${f.reportDate}` : ''}`;
          })
          .join('\n'),
      });
    }
    if (next) {
      const day = next.date.slice(0, 10);
      const status = next.confidence >= 0.8 ? 'confirmed' : 'tentative';
      documents.push({
        title: `${profile.name} (${next.ticker}): next earnings date`,
        url: next.sourceUrl,
        kind: 'sec',
        text: `${profile.name} (${next.ticker}) is expected to report earnings on ${day} (${longDate(day)}), ${status}, according to ${next.provider}.`,
      });
    }
  } catch (err) {
    log.warn('wolfebot SEC lookup failed', { error: errorMessage(err) });
  }
  return documents;
}

/** A reported figure as written in filings and as people say it: "USD 391,035,000,000 ($391.04 billion)". */
function figureValue(value: number, unit: string) {
  const exact = `${unit} ${value.toLocaleString('en-US')}`;
  if (unit !== 'USD' || Math.abs(value) < 1e6) return exact;
  const [scale, word] = Math.abs(value) >= 1e9 ? [1e9, 'billion'] : [1e6, 'million'];
  return `${exact} ($${(value / scale).toFixed(2)} ${word})`;
}

const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });

/** News about `company` since `since` (the last 30 days without one), without what the user was already sent unless asked. */
async function freshNews(answer: Answer, company: string, since: Date | null) {
  const { deps, userId, question, now } = answer;
  const days = since ? Math.min(NEWS_MAX_DAYS, Math.max(1, Math.ceil((now.getTime() - since.getTime()) / DAY_MS))) : NEWS_DEFAULT_DAYS;
  try {
    const result = await deps.news.search({ terms: { phrases: [company] }, days, limit: NEWS_LIMIT, readBudgetMs: NEWS_READ_BUDGET_MS });
    let documents = result.documents.filter((d) => !since || !d.publishedAt || new Date(d.publishedAt) >= since);
    if (!includesSent(question)) documents = (await loadSentArticles(deps.db, userId, now)).keepNew(documents);
    return documents.map((d) => ({ ...d, text: d.text.slice(0, NEWS_PASSAGE_CHARS) }));
  } catch (err) {
    // The library still answers when the news cannot be reached.
    log.warn('wolfebot news search failed', { error: errorMessage(err) });
    return [];
  }
}

const SYSTEM_PROMPT = [
  'You are Wolfebot, the assistant of a B2B salesperson. Answer from the numbered documents only: the user’s own library (alerts, newsletters, reports and research they were sent or kept), the articles behind it, and news searched for this question.',
  'Use no outside knowledge for facts, figures, names or dates. When the documents do not answer the question, say so in one sentence that starts with "I".',
  CITATION_RULE,
  'Cite only numbers from the list.',
  'Write plain text (no Markdown, no HTML), in short paragraphs, at most about 250 words.',
].join('\n');

async function promptFor(answer: Answer, documents: AnswerDocument[]) {
  const history = await answer.deps.db
    .select({ role: wolfebotMessages.role, text: wolfebotMessages.text })
    .from(wolfebotMessages)
    .where(
      and(
        eq(wolfebotMessages.conversationId, answer.conversationId),
        eq(wolfebotMessages.userId, answer.userId),
        eq(wolfebotMessages.status, 'complete'),
      ),
    )
    .orderBy(desc(wolfebotMessages.createdAt))
    .limit(HISTORY_MESSAGES + 1);
  // The newest complete message is this question itself.
  const earlier = history
    .slice(1)
    .reverse()
    .map((m) => `${m.role === 'user' ? 'User' : 'Wolfebot'}: ${m.text.slice(0, HISTORY_MESSAGE_CHARS)}`);
  const docs = documents.map((d) => [`[${d.n}] ${d.title}`, `URL: ${d.url}`, `Text: ${d.text}`].join('\n'));
  return [
    `Today is ${answer.now.toISOString().slice(0, 10)}.`,
    earlier.length ? `Conversation so far:\n${earlier.join('\n')}` : null,
    `Documents (${documents.length}):\n\n${docs.join('\n\n')}`,
    `Question: ${answer.question}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}
