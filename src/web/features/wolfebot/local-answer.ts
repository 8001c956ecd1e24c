// An answer this tab is reading as it streams, and how it joins the stored conversation on screen.
// The stream is fresher than the stored text (saved every ~300 ms), so while it runs its messages
// stand in for the stored ones; once it ends they go into the query's data and this is dropped.
import type { Message, WolfebotEvent } from '../../../shared/wolfebot.ts';

export type LocalAnswer = {
  /** What was asked, shown at once, before the server has stored it. */
  question: string;
  user: Message | null;
  assistant: Message | null;
};

export const startAnswer = (question: string): LocalAnswer => ({ question, user: null, assistant: null });

/** The answer after one event of its stream. */
export function applyEvent(answer: LocalAnswer, event: WolfebotEvent): LocalAnswer {
  switch (event.type) {
    case 'message':
      return event.message.role === 'user' ? { ...answer, user: event.message } : { ...answer, assistant: event.message };
    case 'delta':
      return answer.assistant ? { ...answer, assistant: { ...answer.assistant, text: answer.assistant.text + event.text } } : answer;
    case 'done':
      return { ...answer, assistant: event.message };
    case 'error':
      return answer.assistant ? { ...answer, assistant: { ...answer.assistant, status: 'failed', error: event.error.message } } : answer;
  }
}

const placeholder = (id: string, role: Message['role'], text: string, status: Message['status']): Message => ({
  id,
  role,
  text,
  status,
  citations: [],
  actions: [],
  createdAt: new Date(0).toISOString(),
});

export const PENDING_QUESTION_ID = 'pending-question';
export const PENDING_ANSWER_ID = 'pending-answer';

/** `stored` with the local answer's messages in their places (or after them), the local ones winning while they stream. */
export function mergeMessages(stored: readonly Message[], local: LocalAnswer | undefined): Message[] {
  if (!local) return [...stored];
  const user = local.user ?? placeholder(PENDING_QUESTION_ID, 'user', local.question, 'complete');
  const assistant = local.assistant ?? placeholder(PENDING_ANSWER_ID, 'assistant', '', 'streaming');
  // A stored answer that has ended is final; the stream's copy of it may lag by its last event.
  const pick = (mine: Message, theirs: Message) => (mine.status === 'streaming' && theirs.status !== 'streaming' ? theirs : mine);
  const merged = stored.map((m) => (m.id === user.id ? pick(user, m) : m.id === assistant.id ? pick(assistant, m) : m));
  for (const mine of [user, assistant]) if (!stored.some((m) => m.id === mine.id)) merged.push(mine);
  return merged;
}

/** `stored` with `messages` put in by id (added at the end when new). */
export function withMessages(stored: readonly Message[], messages: readonly Message[]): Message[] {
  const merged = stored.map((m) => messages.find((n) => n.id === m.id) ?? m);
  for (const message of messages) if (!stored.some((m) => m.id === message.id)) merged.push(message);
  return merged;
}
