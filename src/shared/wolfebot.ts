// Wolfebot, the assistant (spec 02 §2 "Assistant placeholder", issue 27 §3): conversations kept per
// user, answers grounded in the user's own library first and in fresh retrieval when the question
// needs it, every factual sentence carrying its citations. What both sides share: the requests the
// server validates, the shapes it answers with, the eight conversation starters and the texts.
import * as z from 'zod/mini';
import type { StatementCount } from './library.ts';
import type { AiStatus } from './schemas.ts';

export const WOLFEBOT_MESSAGE_MAX_CHARS = 4000;
export const WOLFEBOT_TITLE_MAX_CHARS = 100;
/** A new conversation is named after its first message, cut to this many characters. */
export const WOLFEBOT_AUTO_TITLE_CHARS = 60;
/** The NDJSON content type of a streamed answer. */
export const WOLFEBOT_STREAM_TYPE = 'application/x-ndjson';

/** Example conversations from the coming-soon page (spec 02 §2), now conversation starters. */
export const WOLFEBOT_STARTERS = [
  'Prep for Acme discovery call',
  'Follow-up after the Northwind demo',
  'Pricing objection from Globex',
  'Research: Initech’s new CFO',
  'LinkedIn post ideas for this week',
  'Renewal talking points for Contoso',
  'Q3 pipeline review notes',
  'Cold outreach to Fabrikam ops leaders',
] as const;

export const wolfebotMessages = {
  messageRequired: 'Type a message for Wolfebot.',
  messageTooLong: `Keep your message to at most ${WOLFEBOT_MESSAGE_MAX_CHARS} characters.`,
  titleRequired: 'Give the conversation a name.',
  titleTooLong: `Keep the conversation name to at most ${WOLFEBOT_TITLE_MAX_CHARS} characters.`,
  notFound: 'This conversation does not exist. It may have been deleted.',
  noEvidence: 'I could not find anything about that in your library or in the news and filings I can search.',
  /** The model answered, but none of the facts it stated is in the documents it cited. */
  unsupported: 'I found sources about this, but none of them supports the answer I would give, so I will not guess.',
  interrupted: 'The answer was interrupted. Ask again.',
  failed: 'Wolfebot could not finish this answer. Ask again.',
  newConversation: 'New conversation',
  watchCompany: (company: string) =>
    `I can watch ${company} for you: a news alert e-mails you new stories about it. Press the button to set it up.`,
  airReport: (website: string) =>
    `I can e-mail you an Account Intelligence Report on ${website}. Press the button to start it; it uses one of your report credits.`,
  linkedinDraft: 'I can turn my last answer into a LinkedIn post draft. Press the button to keep it as a draft in your library.',
  nothingToDraft: 'There is no answer in this conversation to draft a post from yet. Ask me something first.',
  aiOff: 'Wolfebot needs an AI provider, and none is configured. Your library search still works.',
} as const;

const text = (required: string, max: number, tooLong: string) =>
  z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));

export const wolfebotMessageRequestSchema = z.strictObject({
  text: text(wolfebotMessages.messageRequired, WOLFEBOT_MESSAGE_MAX_CHARS, wolfebotMessages.messageTooLong),
});
export type WolfebotMessageRequest = z.output<typeof wolfebotMessageRequestSchema>;

export const wolfebotCreateSchema = z.strictObject({
  title: z.optional(text(wolfebotMessages.titleRequired, WOLFEBOT_TITLE_MAX_CHARS, wolfebotMessages.titleTooLong)),
});
export const wolfebotRenameSchema = z.strictObject({
  title: text(wolfebotMessages.titleRequired, WOLFEBOT_TITLE_MAX_CHARS, wolfebotMessages.titleTooLong),
});

export type Conversation = { id: string; title: string; createdAt: string; updatedAt: string };

export type CitationKind = 'library' | 'article' | 'news' | 'sec';
/** A numbered document an answer may cite as [n]: a library item, an article behind one, a fresh search result. */
export type Citation = { n: number; title: string; url: string; kind: CitationKind; libraryItemId?: string };

/**
 * Each sentence of a finished answer with the documents it cites, and the statement check's verdict
 * (issue 27 §4): 'supported' (its names, numbers, dates and quotes are in a cited document, together),
 * 'unsupported' (they are not: the page greys it out), 'uncited' (a factual sentence without a valid
 * citation: greyed too), 'not_factual' (no name, number, date or quote to check).
 */
export type SentenceVerdict = 'supported' | 'unsupported' | 'uncited' | 'not_factual';
export type AnswerSentence = { text: string; cites: number[]; verdict: SentenceVerdict };

/** Something the user may have done through the existing services, only on their click. */
export type WolfebotAction =
  | { type: 'watch_company'; company: string }
  | { type: 'air_report'; website: string }
  | { type: 'linkedin_draft'; text: string };

export type MessageStatus = 'streaming' | 'complete' | 'failed';
export type Message = {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  status: MessageStatus;
  error?: string;
  citations: Citation[];
  sentences?: AnswerSentence[];
  statements?: StatementCount;
  actions: WolfebotAction[];
  createdAt: string;
};

export type ConversationWithMessages = { conversation: Conversation; messages: Message[] };
export type WolfebotStatus = { ai: AiStatus };

/** The events of a streamed answer, one JSON object per line. */
export type WolfebotEvent =
  | { type: 'message'; message: Message }
  | { type: 'delta'; text: string }
  | { type: 'done'; message: Message }
  | { type: 'error'; error: { code: string; message: string } };

export const wolfebotPaths = {
  status: '/api/wolfebot/status',
  conversations: '/api/wolfebot/conversations',
  conversation: (id: string) => `/api/wolfebot/conversations/${encodeURIComponent(id)}`,
  messages: (id: string) => `/api/wolfebot/conversations/${encodeURIComponent(id)}/messages`,
} as const;

/** What a stored message carries besides its text (wolfebot_messages.document). */
export type WolfebotMessageDocument = Partial<Pick<Message, 'citations' | 'sentences' | 'statements' | 'actions'>>;
