// The answers this page is reading as they stream, by conversation: ask, follow the events, then
// hand the finished messages to the conversation's query. Leaving the page stops reading (the
// server goes on and stores the answer; coming back reads it, polling while it is still written).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConversationWithMessages, Message, WolfebotStatus } from '../../../shared/wolfebot.ts';
import { sessionQueryKey } from '../../lib/session.ts';
import { refreshConversations, wolfebotKeys } from './api.ts';
import { applyEvent, type LocalAnswer, startAnswer, withMessages } from './local-answer.ts';
import { type AskRefusal, askWolfebot } from './stream.ts';

export function useAnswers() {
  const client = useQueryClient();
  const [answers, setAnswers] = useState<Record<string, LocalAnswer>>({});
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const open = controllers.current;
    return () => {
      for (const controller of open.values()) controller.abort();
      open.clear();
    };
  }, []);

  /** Asks `text` in `conversationId`; resolves with the server's refusal, or null once the answer is read. */
  const ask = useCallback(
    async (conversationId: string, text: string): Promise<AskRefusal | null> => {
      controllers.current.get(conversationId)?.abort();
      const controller = new AbortController();
      controllers.current.set(conversationId, controller);
      let answer = startAnswer(text);
      const show = (next: LocalAnswer | undefined) =>
        setAnswers(({ [conversationId]: _, ...others }) => (next ? { ...others, [conversationId]: next } : others));
      show(answer);
      let listed = false;
      let outcome: Awaited<ReturnType<typeof askWolfebot>>;
      try {
        outcome = await askWolfebot(conversationId, text, {
          signal: controller.signal,
          onEvent: (event) => {
            answer = applyEvent(answer, event);
            show(answer);
            // Stored: the conversation now has its title (named after a first question) and moves up.
            if (event.type === 'message' && !listed) {
              listed = true;
              void refreshConversations(client);
            }
          },
        });
      } catch {
        // The page left: nothing more to show here.
        return null;
      } finally {
        if (controllers.current.get(conversationId) === controller) controllers.current.delete(conversationId);
      }
      if (controller.signal.aborted) return null;

      if (!outcome.ok) {
        show(undefined);
        const { refusal } = outcome;
        if (refusal.status === 401) client.setQueryData(sessionQueryKey, null);
        if (refusal.code === 'ai_not_configured') {
          client.setQueryData<WolfebotStatus>(wolfebotKeys.status, { ai: { configured: false, message: refusal.message } });
        }
        if (refusal.code === 'not_found') {
          void refreshConversations(client);
          void client.invalidateQueries({ queryKey: wolfebotKeys.conversation(conversationId) });
        }
        return refusal;
      }

      // The messages the stream ended with go into the conversation before the stream's copy goes,
      // so nothing on screen steps back; a stream that broke off leaves the rest to the stored row.
      const finished = [answer.user, answer.assistant].filter((m): m is Message => m !== null);
      client.setQueryData<ConversationWithMessages>(
        wolfebotKeys.conversation(conversationId),
        (data) => data && { ...data, messages: withMessages(data.messages, finished) },
      );
      show(undefined);
      void client.invalidateQueries({ queryKey: wolfebotKeys.conversation(conversationId) });
      void refreshConversations(client);
      return null;
    },
    [client],
  );

  return { answers, ask };
}
