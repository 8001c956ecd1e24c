// The Wolfebot API (/api/wolfebot) as TanStack Query hooks: the status (is an AI provider
// configured), the user's conversations and one conversation with its messages, and the list's
// create, rename and delete. Asking is not a query: it streams (stream.ts, use-answers.ts).
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Conversation, type ConversationWithMessages, type WolfebotStatus, wolfebotPaths } from '../../../shared/wolfebot.ts';
import { api, isApiError } from '../../lib/api-client.ts';
import { liveTables } from '../../lib/live-updates.ts';

/** Conversations and messages announce their changes (a message: added, deleted, or its status changed). */
const live = liveTables('wolfebot_conversations', 'wolfebot_messages');

/** While an answer is being written and this tab is not reading its stream, it is read again this often. */
export const STREAMING_POLL_MS = 700;

export const wolfebotKeys = {
  status: ['wolfebot', 'status'] as const,
  conversations: ['wolfebot', 'conversations'] as const,
  conversation: (id: string) => ['wolfebot', 'conversation', id] as const,
};

export type ConversationList = { conversations: Conversation[] };

export function useWolfebotStatus() {
  return useQuery({
    queryKey: wolfebotKeys.status,
    queryFn: ({ signal }) => api<WolfebotStatus>(wolfebotPaths.status, { signal }),
  });
}

export function useConversations() {
  return useQuery({
    queryKey: wolfebotKeys.conversations,
    queryFn: ({ signal }) => api<ConversationList>(wolfebotPaths.conversations, { signal }),
    meta: live,
  });
}

/**
 * One conversation. `following` says this tab is reading the answer's stream itself; otherwise an
 * answer still streaming (the page left and came back, another tab asked) is polled until it ends:
 * its text is saved every few hundred milliseconds, but only its end is announced.
 */
export function useConversation(id: string | null, following: boolean) {
  return useQuery({
    queryKey: wolfebotKeys.conversation(id ?? ''),
    queryFn: ({ signal }) => api<ConversationWithMessages>(wolfebotPaths.conversation(id ?? ''), { signal }),
    enabled: id !== null,
    meta: live,
    // Opened again, a conversation is read again: an answer may have ended while the page was away.
    staleTime: 0,
    refetchInterval: (query) =>
      !following && query.state.data?.messages.some((m) => m.status === 'streaming') ? STREAMING_POLL_MS : false,
  });
}

/** `conversation` in the list, in place or first (the list is newest first). */
export function withConversation(list: ConversationList, conversation: Conversation): ConversationList {
  const known = list.conversations.some((c) => c.id === conversation.id);
  return {
    conversations: known
      ? list.conversations.map((c) => (c.id === conversation.id ? conversation : c))
      : [conversation, ...list.conversations],
  };
}

export function refreshConversations(client: QueryClient) {
  return client.invalidateQueries({ queryKey: wolfebotKeys.conversations });
}

export function useCreateConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ conversation: Conversation }>(wolfebotPaths.conversations, { method: 'POST', body: {} }),
    onSuccess: ({ conversation }) => {
      client.setQueryData<ConversationList>(wolfebotKeys.conversations, (list) => list && withConversation(list, conversation));
      client.setQueryData<ConversationWithMessages>(wolfebotKeys.conversation(conversation.id), { conversation, messages: [] });
    },
  });
}

export function useRenameConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      api<{ conversation: Conversation }>(wolfebotPaths.conversation(id), { method: 'PATCH', body: { title } }),
    onSuccess: ({ conversation }) => {
      client.setQueryData<ConversationList>(wolfebotKeys.conversations, (list) => list && withConversation(list, conversation));
      client.setQueryData<ConversationWithMessages>(
        wolfebotKeys.conversation(conversation.id),
        (data) => data && { ...data, conversation },
      );
      // A rename moves nothing in the list by itself, but another tab's changes may have crossed it.
      void refreshConversations(client);
    },
    onError: (err) => {
      if (isApiError(err, 'not_found')) void refreshConversations(client);
    },
  });
}

export function useDeleteConversation() {
  const client = useQueryClient();
  const forget = (id: string) => {
    client.setQueryData<ConversationList>(
      wolfebotKeys.conversations,
      (list) => list && { conversations: list.conversations.filter((c) => c.id !== id) },
    );
    client.removeQueries({ queryKey: wolfebotKeys.conversation(id) });
    void refreshConversations(client);
  };
  return useMutation({
    mutationFn: (id: string) => api<null>(wolfebotPaths.conversation(id), { method: 'DELETE' }),
    onSuccess: (_answer, id) => forget(id),
    // Deleted already (another tab): gone all the same. Any other refusal leaves it listed.
    onError: (err, id) => (isApiError(err, 'not_found') ? forget(id) : void refreshConversations(client)),
  });
}
