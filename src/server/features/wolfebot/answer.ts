// Wolfebot's answers (issue 27 §3): a question is stored with a streaming answer, then answered
// retrieve-then-answer: the documents gatherDocuments() finds (gather.ts) are numbered for the
// model, which cites them as [n]; checkAnswer() checks each sentence against what it cites
// (check.ts, ai/statements.ts). The generation runs detached from the request that asked: a page
// that leaves loses nothing, it reads the answer from its row (saved as it streams, then complete
// or failed) when it comes back. A message that only asks for an action is answered without the model.
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  type Message,
  wolfebotMessages as texts,
  WOLFEBOT_AUTO_TITLE_CHARS,
  type WolfebotAction,
  type WolfebotMessageDocument,
} from '../../../shared/wolfebot.ts';
import { type AiRun, type AiRunner, aiRequestError } from '../../ai/runner.ts';
import { CITATION_RULE } from '../../ai/statements.ts';
import { wolfebotConversations, wolfebotMessages } from '../../db/schema.ts';
import { errorMessage, log } from '../../lib/log.ts';
import { AnswerEvents } from './answer-events.ts';
import { type AnswerDocument, type CheckedAnswer, checkAnswer } from './check.ts';
import { type MessageRow, ownConversation, toMessage } from './conversations.ts';
import { type AskedQuestion, type GroundingSources, gatherDocuments } from './gather.ts';
import { asksForDraft, detectActions } from './parse.ts';

export type WolfebotDeps = GroundingSources & { ai: AiRunner };

/** The streaming text is saved at most this often, so a page that comes back reads it nearly as it was. */
const SAVE_EVERY_MS = 300;
/** Earlier messages the model sees, for follow-up questions. */
const HISTORY_MESSAGES = 6;
const HISTORY_MESSAGE_CHARS = 1200;
const MAX_OUTPUT_TOKENS = 1200;

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

/** One answer being made: the question as retrieval sees it, the row it is stored in, its events. */
type Answer = AskedQuestion & {
  deps: WolfebotDeps;
  messageId: string;
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
      const documents = await gatherDocuments(answer);
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
