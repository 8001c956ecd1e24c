// The conversation open last in this tab, per user: /wolfebot without a conversation opens it again,
// so leaving the page mid-answer and coming back by the sidebar finds the answer where it was.
// sessionStorage: the tab's own, cleared at sign-out (lib/session.ts), so it never reaches another user.
const keyOf = (userId: string) => `wolfebot.open.v1:${userId}`;

export function rememberOpenConversation(userId: string, conversationId: string) {
  try {
    globalThis.sessionStorage.setItem(keyOf(userId), conversationId);
  } catch {
    // Blocked storage: the page opens without a conversation, as it would in a new tab.
  }
}

export function recallOpenConversation(userId: string): string | null {
  try {
    return globalThis.sessionStorage.getItem(keyOf(userId));
  } catch {
    return null;
  }
}

export function forgetOpenConversation(userId: string) {
  try {
    globalThis.sessionStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing was kept.
  }
}
