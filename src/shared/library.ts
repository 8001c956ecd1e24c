// The library (issue 27 §1–2): everything delivered to a user — alerts, newsletters, earnings mails,
// reports — and the research and drafts they kept, readable in the app with its sources exactly as
// sent, and searchable. One document shape for every kind, so the app reads them all one way.
import * as z from 'zod/mini';

export const LIBRARY_KINDS = [
  'news_alert',
  'newsletter',
  'earnings_reminder',
  'earnings_summary',
  'earnings_date_moved',
  'air_report',
  'company_news',
  'industry_trends',
  'earnings_analysis',
  'content_draft',
  'trigger_event',
] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

export const libraryKindLabels: Record<LibraryKind, string> = {
  news_alert: 'News alert',
  newsletter: 'Newsletter',
  earnings_reminder: 'Earnings reminder',
  earnings_summary: 'Earnings call summary',
  earnings_date_moved: 'Earnings date moved',
  air_report: 'Account Intelligence Report',
  company_news: 'Company news research',
  industry_trends: 'Industry trends research',
  earnings_analysis: 'Earnings analysis',
  content_draft: 'LinkedIn draft',
  trigger_event: 'As it happens',
};

/** How long an item is kept unless the user deletes it first (LIBRARY_RETENTION_DAYS overrides). */
export const DEFAULT_LIBRARY_RETENTION_DAYS = 730;
export const LIBRARY_PAGE_SIZE = 20;
export const LIBRARY_QUERY_MAX_LENGTH = 200;
/** Company names suggested while the user types in the search box. */
export const LIBRARY_SUGGESTIONS = 8;

/** A source as the item was sent: its link, and what could be read of it. */
export type LibrarySource = {
  url: string;
  title: string | null;
  publisher: string | null;
  /** ISO 8601. */
  publishedAt: string | null;
  /** Only the headline could be read (paywall, robots.txt, failure). */
  headlineOnly?: boolean;
  /** `url` is Google News' redirect: the publisher's address could not be resolved. */
  googleLink?: boolean;
};

/**
 * A line that links to its source as the e-mail did ("Run Ohio at capacity. (source)"). `sourceUrl`
 * is the http(s) address the e-mail linked; a line whose address was not one is kept as plain text.
 */
export type SourcedLine = { text: string; sourceUrl: string };

/** What a document is made of; every string is plain text (rendered as text, never as HTML). */
export type LibraryBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  /** Said about the item rather than in it, e.g. "Not analysed: no AI provider is configured". */
  | { type: 'note'; text: string }
  | { type: 'list'; items: (string | SourcedLine)[] }
  | { type: 'quote'; text: string; speaker: string | null }
  /** `sourceUrl`: the http(s) address the e-mail linked the row to ("Label: value (source)"). */
  | { type: 'facts'; rows: { label: string; value: string; sourceUrl?: string }[] }
  /** Articles as the e-mail listed them, each with what it reports when the e-mail said so. */
  | { type: 'articles'; items: (LibrarySource & { summary?: string | null })[] }
  | { type: 'link'; label: string; url: string };

/** How many of the item's factual statements were checked against their sources (issue 27 §4). */
export type StatementCount = { sourced: number; total: number; dropped: number };

export type LibraryDocument = {
  blocks: LibraryBlock[];
  /** Every source the item was sent with, the articles blocks' included, once each. */
  sources: LibrarySource[];
  statements?: StatementCount;
};

export type LibraryItemSummary = {
  id: string;
  kind: LibraryKind;
  title: string;
  companies: string[];
  /** ISO: when it was delivered (or kept). */
  createdAt: string;
  sourceCount: number;
};

export type LibraryItem = LibraryItemSummary & { document: LibraryDocument };

/** A search hit: the item, and where the words were found with the matches marked (see HIGHLIGHT). */
export type LibrarySearchHit = LibraryItemSummary & {
  snippet: string;
  /** The snippet is from this source's article text rather than from the item itself. */
  snippetSource: { title: string | null; url: string } | null;
};

/**
 * Marks around each match in a snippet. The server asks PostgreSQL for these control characters
 * instead of HTML tags and the app splits on them, so a snippet is always rendered as text.
 */
export const HIGHLIGHT = { start: '\u0002', stop: '\u0003' } as const;

export type LibraryPage<T> = { items: T[]; nextCursor: string | null };

const isoDate = (message: string) => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, message));

/** The library's list and search: every filter optional; `q` in web-search syntax (quotes, OR, -). */
export const libraryQuerySchema = z.strictObject({
  q: z.optional(
    z.string().check(z.trim(), z.maxLength(LIBRARY_QUERY_MAX_LENGTH, `Search for at most ${LIBRARY_QUERY_MAX_LENGTH} characters.`)),
  ),
  kind: z.optional(z.enum(LIBRARY_KINDS, 'Choose a kind from the list.')),
  company: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Company names are at most 200 characters.'))),
  from: z.optional(isoDate('Dates are written YYYY-MM-DD.')),
  to: z.optional(isoDate('Dates are written YYYY-MM-DD.')),
  cursor: z.optional(z.string().check(z.maxLength(200, 'Invalid cursor.'))),
});
export type LibraryQuery = z.output<typeof libraryQuerySchema>;

export const librarySuggestQuerySchema = z.strictObject({
  prefix: z.string().check(z.trim(), z.maxLength(100, 'Type at most 100 characters.')),
});

export const libraryMessages = {
  title: 'Library',
  empty: 'Everything Enterprise OS sends you will be kept here: alerts, newsletters, earnings mails, reports and the research you run.',
  noResults: 'Nothing in your library matches that search.',
  notFound: 'This item is not in your library. It may have been deleted.',
  deleted: 'Removed from your library',
  deleteConfirm: 'Delete this item from your library? This cannot be undone.',
  loadError: 'Could not load your library. Please try again.',
  searchPlaceholder: 'Search your library',
  readInApp: 'Read in Enterprise OS',
  kept: 'Saved to your library',
} as const;

/** "12 of 12 statements sourced" (issue 27 §4), shown in the app and in e-mails. */
export const statementCountLabel = (count: StatementCount) =>
  `${count.sourced} of ${count.total} statement${count.total === 1 ? '' : 's'} sourced` +
  (count.dropped > 0 ? ` · ${count.dropped} dropped: not supported by its source` : '');

/** A LinkedIn draft the user keeps (POST /api/library/drafts): the text as it stands, a title optional. */
export const LIBRARY_DRAFT_MAX_LENGTH = 10_000;
export const LIBRARY_TITLE_MAX_LENGTH = 200;
export const libraryDraftSchema = z.strictObject({
  title: z.optional(
    z
      .string('The title must be text.')
      .check(z.trim(), z.maxLength(LIBRARY_TITLE_MAX_LENGTH, `Titles are at most ${LIBRARY_TITLE_MAX_LENGTH} characters.`)),
  ),
  text: z
    .string('Write the draft to keep.')
    .check(
      z.trim(),
      z.minLength(1, 'Write the draft to keep.'),
      z.maxLength(LIBRARY_DRAFT_MAX_LENGTH, `Drafts are at most ${LIBRARY_DRAFT_MAX_LENGTH.toLocaleString('en-US')} characters.`),
    ),
});
export type LibraryDraft = z.output<typeof libraryDraftSchema>;

/** The API's refusals beyond the schemas' own messages. */
export const libraryErrors = {
  queryRequired: 'Type what to search for.',
  invalidCursor: 'Invalid cursor.',
  invalidDate: 'Dates are written YYYY-MM-DD.',
} as const;
