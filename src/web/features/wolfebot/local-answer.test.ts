import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/wolfebot.ts';
import { applyEvent, mergeMessages, PENDING_ANSWER_ID, PENDING_QUESTION_ID, startAnswer, withMessages } from './local-answer.ts';

const message = (id: string, role: Message['role'], text: string, status: Message['status'] = 'complete'): Message => ({
  id,
  role,
  text,
  status,
  citations: [],
  actions: [],
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('a local answer', () => {
  it('follows the stream: both messages, the text in pieces, then the finished answer', () => {
    let answer = startAnswer('Where is the plant?');
    answer = applyEvent(answer, { type: 'delta', text: 'ignored before the answer exists' });
    expect(answer.assistant).toBeNull();
    answer = applyEvent(answer, { type: 'message', message: message('q', 'user', 'Where is the plant?') });
    answer = applyEvent(answer, { type: 'message', message: message('a', 'assistant', '', 'streaming') });
    answer = applyEvent(answer, { type: 'delta', text: 'In Tol' });
    answer = applyEvent(answer, { type: 'delta', text: 'edo [1].' });
    expect(answer.assistant).toMatchObject({ id: 'a', text: 'In Toledo [1].', status: 'streaming' });
    answer = applyEvent(answer, { type: 'done', message: message('a', 'assistant', 'In Toledo [1].') });
    expect(answer.assistant?.status).toBe('complete');
  });

  it('records a failure with its words', () => {
    let answer = applyEvent(startAnswer('x'), { type: 'message', message: message('a', 'assistant', 'Par', 'streaming') });
    answer = applyEvent(answer, { type: 'error', error: { code: 'ai_unavailable', message: 'The provider refused.' } });
    expect(answer.assistant).toMatchObject({ status: 'failed', error: 'The provider refused.', text: 'Par' });
  });
});

describe('mergeMessages', () => {
  const stored = [message('q0', 'user', 'Earlier'), message('a0', 'assistant', 'Earlier answer')];

  it('shows the question at once, and a pending answer, before the server has stored them', () => {
    const merged = mergeMessages(stored, startAnswer('New question'));
    expect(merged.map((m) => [m.id, m.role, m.text, m.status])).toEqual([
      ['q0', 'user', 'Earlier', 'complete'],
      ['a0', 'assistant', 'Earlier answer', 'complete'],
      [PENDING_QUESTION_ID, 'user', 'New question', 'complete'],
      [PENDING_ANSWER_ID, 'assistant', '', 'streaming'],
    ]);
  });

  it('puts the streamed text in place of the stored (older) text of the same answer', () => {
    const local = {
      question: 'Q',
      user: message('q1', 'user', 'Q'),
      assistant: message('a1', 'assistant', 'In Toledo, Ohio', 'streaming'),
    };
    const merged = mergeMessages([...stored, message('q1', 'user', 'Q'), message('a1', 'assistant', 'In Tol', 'streaming')], local);
    expect(merged.map((m) => m.text)).toEqual(['Earlier', 'Earlier answer', 'Q', 'In Toledo, Ohio']);
  });

  it('takes a stored answer that has ended over a stream that has not told it yet', () => {
    const local = { question: 'Q', user: null, assistant: message('a1', 'assistant', 'In Tol', 'streaming') };
    const merged = mergeMessages([message('a1', 'assistant', 'In Toledo [1].')], local);
    expect(merged.find((m) => m.id === 'a1')).toMatchObject({ status: 'complete', text: 'In Toledo [1].' });
  });

  it('withMessages puts finished messages in by id', () => {
    const merged = withMessages(stored, [message('a0', 'assistant', 'Changed'), message('q1', 'user', 'New')]);
    expect(merged.map((m) => m.text)).toEqual(['Earlier', 'Changed', 'New']);
  });
});
