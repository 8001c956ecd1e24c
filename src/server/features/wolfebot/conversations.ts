// Wolfebot's conversations (issue 27 §3), kept per user: listed newest first, opened with their
// messages, renamed, deleted. Only the owner reaches one: another user's id reads as not found.
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  type Conversation,
  type ConversationWithMessages,
  type Message,
  type MessageStatus,
  wolfebotMessages as texts,
} from '../../../shared/wolfebot.ts';
import type { Database } from '../../db/client.ts';
import { wolfebotConversations, wolfebotMessages } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

/** A row still 'streaming' this long after its last save belongs to a process that died. */
export const STALE_STREAMING_MS = 2 * 60_000;
const notFound = () => new AppError('not_found', texts.notFound);

export type MessageRow = typeof wolfebotMessages.$inferSelect;
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

export async function ownConversation(db: Database, userId: string, id: string): Promise<ConversationRow> {
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
