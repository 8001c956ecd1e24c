// The operator console's Runs, Mail, AI usage and Sources sections (issue 28 §3): the query strings
// both sides validate, the answers' shapes, and the words the sections show. Operator-only: nothing
// here is ever sent to a non-operator (the console's routes answer them 404).
import * as z from 'zod/mini';

/** Rows per page of the runs and mail lists: a page the browser draws at once, a query that stays small. */
export const OPS_PAGE_SIZE = 50;
/** Pages past this are refused: an operator narrows with the filters instead (and OFFSET stays cheap). */
export const OPS_MAX_PAGE = 200;

/** The run engine's kinds (server/db/schema.ts ALERT_RUN_KINDS, which shared code may not import; a server test keeps them equal). */
export const OPS_RUN_KINDS = [
  'news',
  'newsletter',
  'earnings_check',
  'earnings_reminder',
  'earnings_summary',
  'air_report',
  'trigger',
] as const;
export type OpsRunKind = (typeof OPS_RUN_KINDS)[number];
export const runKindLabels: Record<OpsRunKind, string> = {
  news: 'News alert',
  newsletter: 'Newsletter',
  earnings_check: 'Earnings check',
  earnings_reminder: 'Earnings reminder',
  earnings_summary: 'Earnings summary',
  air_report: 'Account report',
  trigger: 'As it happens',
};

/**
 * What the Runs section sorts runs into, each run in one: due (waiting for a worker, or prepared and
 * waiting for its slot), running, late (not finished LATE_AFTER_MINUTES after the moment it was for),
 * failed (for good, in the last FAILED_WINDOW_DAYS).
 */
export const RUN_VIEWS = ['due', 'running', 'late', 'failed'] as const;
export type RunView = (typeof RUN_VIEWS)[number];
export const runViewLabels: Record<RunView, string> = { due: 'Due', running: 'Running', late: 'Late', failed: 'Failed' };

/** The mail log's filters: an outbox status, or retried (more than one attempt) or unknown outcome (an attempt may have been delivered). */
export const MAIL_VIEWS = ['pending', 'sent', 'retried', 'failed', 'unknown', 'captured'] as const;
export type MailView = (typeof MAIL_VIEWS)[number];
export const mailViewLabels: Record<MailView, string> = {
  pending: 'Pending',
  sent: 'Sent',
  retried: 'Retried',
  failed: 'Failed',
  unknown: 'Unknown outcome',
  captured: 'Captured',
};

export const SOURCE_WINDOWS = ['hour', 'day'] as const;
export type SourceWindow = (typeof SOURCE_WINDOWS)[number];
/** The outcomes the outbound HTTP client counts (source_request_counts.outcome). */
export const SOURCE_OUTCOMES = ['ok', 'http_error', 'network_error', 'refused', 'robots'] as const;
export type SourceOutcome = (typeof SOURCE_OUTCOMES)[number];
export type SourceErrorOutcome = Exclude<SourceOutcome, 'ok'>;
export const sourceOutcomeLabels: Record<SourceErrorOutcome, string> = {
  http_error: 'HTTP errors',
  network_error: 'Network errors',
  refused: 'Refused (not a public address)',
  robots: 'Robots refusals',
};

const page = z.optional(z.string().check(z.regex(/^[1-9]\d{0,2}$/, `The page is a whole number from 1 to ${OPS_MAX_PAGE}.`)));

export const runsQuerySchema = z.strictObject({
  kind: z.optional(z.enum(OPS_RUN_KINDS, `The kind is one of ${OPS_RUN_KINDS.join(', ')}.`)),
  status: z.optional(z.enum(RUN_VIEWS, `The status is one of ${RUN_VIEWS.join(', ')}.`)),
  page,
});
export type RunsQuery = z.output<typeof runsQuerySchema>;

export const mailQuerySchema = z.strictObject({
  user: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, 'An e-mail address is at most 254 characters.')),
      z.email('Enter a full e-mail address to filter by.'),
    ),
  ),
  status: z.optional(z.enum(MAIL_VIEWS, `The status is one of ${MAIL_VIEWS.join(', ')}.`)),
  page,
});
export type MailQuery = z.output<typeof mailQuerySchema>;

export const aiUsageQuerySchema = z.strictObject({
  month: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month is written YYYY-MM.'))),
});

export const sourcesQuerySchema = z.strictObject({
  window: z.optional(z.enum(SOURCE_WINDOWS, 'The window is hour or day.')),
});

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────

export type RunCounts = Record<RunView, number>;

export type OpsRun = {
  id: string;
  kind: OpsRunKind;
  userEmail: string;
  /** The engine's slot: an ISO moment, 'manual:<ISO>' for a run started by hand, or an earnings check's day. */
  slot: string;
  /** The engine's status (queued, running, prepared, succeeded, failed, skipped). */
  status: string;
  view: RunView;
  attempts: number;
  /** The moment the run is for: its slot, its prepared due time, a wait's end, or its creation. */
  dueAt: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Why it failed (or why its last attempt failed, while it is retried), in the engine's words. */
  reason: string | null;
  /** Why the console will not retry it, or null when it can. Only failed runs are ever retried. */
  retryBlocked: string | null;
};

export type RunsAnswer = {
  lateAfterMinutes: number;
  failedWindowDays: number;
  byKind: ({ kind: OpsRunKind } & RunCounts)[];
  totals: RunCounts;
  runs: OpsRun[];
  page: number;
  pageSize: number;
  hasMore: boolean;
};

export type RetryAnswer = { runId: string; retryRunId: string };

export type MailCounts = Record<MailView, number>;

export type OpsMail = {
  id: string;
  createdAt: string;
  kind: string;
  to: string;
  /** The account the mail is about, when it names one. */
  userEmail: string | null;
  subject: string;
  status: 'pending' | 'sent' | 'failed' | 'captured';
  attempts: number;
  /** Attempts that lost the connection before the server answered: it may have been delivered (a possible duplicate). */
  unknownOutcomeAttempts: number;
  sentAt: string | null;
  lastError: string | null;
  /** Why the console will not resend it, or null when it can. */
  resendBlocked: string | null;
};

export type MailAnswer = {
  windowDays: number;
  counts: MailCounts;
  mails: OpsMail[];
  page: number;
  pageSize: number;
  hasMore: boolean;
};

export type ResendAnswer = { mailId: string; resentMailId: string };

export type UsageFigures = {
  runs: number;
  failures: number;
  inputTokens: number;
  outputTokens: number;
  /** US dollars from AI_PRICES; null when a model used has no price there (its tokens are still counted). */
  cost: number | null;
  /** The dollars of the priced models alone: the least it cost. */
  pricedCost: number;
  /** Models used without a price in AI_PRICES. */
  unpricedModels: string[];
};

export type AiUsageAnswer = {
  month: string;
  /** The month's bounds (America/New_York, like the report credits). */
  from: string;
  to: string;
  /** One line per user and task, the heaviest users first. */
  lines: ({ email: string; task: string } & UsageFigures)[];
  users: ({ email: string } & UsageFigures)[];
  tasks: ({ task: string } & UsageFigures)[];
  totals: UsageFigures;
};

export type SourceService = {
  service: string;
  hosts: number;
  total: number;
  ok: number;
  /** ok / total, null when there was no request. */
  okRate: number | null;
  errors: Record<SourceErrorOutcome, number>;
  /** Mean time per request in milliseconds, null when there was no request. */
  meanMs: number | null;
};

export type SourcesAnswer = {
  window: SourceWindow;
  /** The start of the first hourly bucket counted. */
  from: string;
  services: SourceService[];
  totals: { total: number; ok: number; okRate: number | null };
  /** Google News links checked in the window, and those Google decoded to a publisher's URL. */
  decode: { checked: number; decoded: number; rate: number | null };
  /** Requests robots.txt forbade, and articles stored as blocked (robots.txt or the site refused us). */
  robots: { refusals: number; blockedArticles: number };
  /** Publishers' articles read in the window, by status; share = ok / read. */
  articles: { read: number; ok: number; blocked: number; paywalled: number; failed: number; share: number | null };
};

export const opsMessages = {
  runsTitle: 'Runs',
  runsEmpty: 'No runs due, running, late or failed.',
  runsLoadError: 'Could not load the runs',
  retryConfirm: 'Run it again now? A new run of the same alert is queued; it resumes after the steps the failed run finished.',
  retried: 'Run queued again',
  retryFailed: 'Could not retry the run',
  mailTitle: 'Mail',
  mailEmpty: 'No mail matches.',
  mailLoadError: 'Could not load the mail log',
  resendConfirm: 'Send this message again? A copy is queued as a new mail; the original stays as it is.',
  resent: 'Mail queued again',
  resendFailed: 'Could not resend the mail',
  aiTitle: 'AI usage and cost',
  aiEmpty: (month: string) => `No AI runs in ${month}.`,
  aiLoadError: 'Could not load the AI usage',
  noPrice: 'No price in AI_PRICES for this model: tokens are counted, the cost is not known.',
  sourcesTitle: 'Sources',
  sourcesLoadError: 'Could not load the source rates',
  noRequests: 'No requests',
  // The 409s of the actions.
  notFailed: 'Only a failed run can be retried.',
  alreadyRetried: 'A run of this alert is already queued or running.',
  reportRetry: 'A report is retried by its owner from the report’s page: a retry takes one of their credits.',
  stillPending: 'This mail is still queued: it has not been given up on yet.',
  credentialMail: 'Sign-in links and codes are not resent: their text was removed after delivery. Ask the user to request a new one.',
} as const;
