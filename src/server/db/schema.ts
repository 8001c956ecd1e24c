// Table and column names follow the spec (DESIGN §6) so data can move from the original backend.
// Auth tables follow better-auth's model; the users table carries the spec's profile columns too.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ALERT_TYPES, CHANNEL_KINDS } from '../../shared/channels.ts';
import { LIBRARY_KINDS, type LibraryDocument } from '../../shared/library.ts';
import { TRIGGER_KINDS } from '../../shared/triggers.ts';
import type { WolfebotMessageDocument } from '../../shared/wolfebot.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    linkedinProfileUrl: text('linkedin_profile_url'),
    phone: text('phone'),
    jobTitle: text('job_title'),
    companyName: text('company_name'),
    solutionType: text('solution_type'),
    solutionDescription: text('solution_description'),
    targetIndustries: text('target_industries').array().notNull().default(sql`'{}'::text[]`),
    primaryValueProp: text('primary_value_prop'),
    alertsEmail: text('alerts_email'),
    profileCompleted: boolean('profile_completed').notNull().default(false),
    posthogEnabled: boolean('posthog_enabled').notNull().default(false),
    /** 'operator' opens the operator console (/admin); granted only by the CLI (`grant-operator`). */
    role: text('role', { enum: ['user', 'operator'] })
      .notNull()
      .default('user'),
    /** Set by an operator: the user's sessions end, sign-in is refused and their alerts do not run. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** better-auth's two-factor plugin: true once an authenticator app is confirmed (issue 30). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  },
  (t) => [check('users_role', sql`${t.role} in ('user', 'operator')`)],
);

const userId = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: userId(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userId(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** better-auth's per-IP, per-path limiter, kept in the database so every web process shares it. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** Failed sign-in / code attempts per account and per IP (our own limit on top of better-auth's). */
export const authAttempts = pgTable('auth_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

/** Invites issued by the operator; only a hash of the token is stored. */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the invite e-mail last went out (a resend moves it); null for invites made before it was kept. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The operator who made it from the console; null from the CLI. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('invites_email_idx').on(t.email), index('invites_created_idx').on(t.createdAt)],
);

/** Every e-mail goes out through this table (transactional outbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    kind: text('kind').notNull(),
    /** The user a mail is about (alert mails), so the operator can list one user's mail. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on alert mails. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Files the mail carries (an earnings reminder's .ics event): name, MIME type and UTF-8 text. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'captured'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Attempts that lost the connection before the server answered: it may have taken the message (a possible duplicate). */
    unknownOutcomeAttempts: integer('unknown_outcome_attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_user_created_idx').on(t.userId, t.createdAt),
    // The operator's mail log for one address (the console and the CLI match it case-insensitively).
    index('mail_outbox_address_created_idx').on(sql`lower(${t.toAddress})`, t.createdAt),
  ],
);

export const sonarAlerts = pgTable(
  'sonar_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    active: boolean('active').notNull().default(false),
    companyName: text('company_name').notNull().default(''),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    deliveryDays: text('delivery_days').array().notNull().default(sql`'{}'::text[]`),
    deliveryTime: timestamp('delivery_time', { withTimezone: true }),
    notificationEmail: text('notification_email'),
    searchId: uuid('search_id').notNull().defaultRandom().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sonar_alerts_user_created_idx').on(t.userId, t.createdAt)],
);

export const sonarResults = pgTable(
  'sonar_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    companyName: text('company_name').notNull(),
    hasNews: boolean('has_news').notNull().default(false),
    sent: boolean('sent').notNull().default(false),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
    perplexityResponse: jsonb('perplexity_response'),
    /** The alert this scan was for (null for rows migrated from the original backend). */
    alertId: uuid('alert_id'),
  },
  (t) => [
    index('sonar_results_user_processed_idx').on(t.userId, t.processedAt),
    index('sonar_results_processed_idx').on(t.processedAt),
    // The dashboard's sent counts (a user's all time, the platform's month) read these alone
    // (index-only) instead of visiting every result row; see scripts/bench-dashboard.ts.
    index('sonar_results_user_sent_idx').on(t.userId).where(sql`sent`),
    index('sonar_results_sent_processed_idx').on(t.processedAt).where(sql`sent`),
  ],
);

export const newsletterAlerts = pgTable(
  'newsletter_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId().unique(),
    active: boolean('active').notNull().default(false),
    industry: text('industry').array().notNull().default(sql`'{}'::text[]`),
    regions: text('regions').array().notNull().default(sql`'{usa}'::text[]`),
    industryCategories: text('industry_categories').array().notNull().default(sql`'{}'::text[]`),
    portfolio: jsonb('portfolio').$type<{ company_name: string; keywords: string[] }[]>().notNull().default(sql`'[]'::jsonb`),
    deliverySchedule: jsonb('delivery_schedule')
      .$type<{ delivery_day: string; delivery_time: string; frequency: '7d' | '14d' | '30d' }>()
      .notNull()
      .default(sql`'{"delivery_day":"MON","delivery_time":"09:00","frequency":"7d"}'::jsonb`),
    notificationEmail: text('notification_email'),
    lastChecked: timestamp('last_checked', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('newsletter_portfolio_max_25', sql`jsonb_array_length(${t.portfolio}) <= 25`)],
);

export const newsletterResults = pgTable(
  'newsletter_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    sent: boolean('sent').notNull().default(false),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The digest as sent (sections, items, sources), for the record and for support. */
    digest: jsonb('digest'),
  },
  (t) => [
    index('newsletter_results_user_processed_idx').on(t.userId, t.processedAt),
    // The dashboard's platform month: newsletters sent since the first of the month.
    index('newsletter_results_sent_processed_idx').on(t.processedAt).where(sql`sent`),
  ],
);

export const earningsTracking = pgTable(
  'earnings_tracking',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    active: boolean('active').notNull().default(false),
    companyName: text('company_name').notNull().default(''),
    keywords: text('keywords'),
    notificationTiming: text('notification_timing', { enum: ['24h', '48h', '1w'] })
      .notNull()
      .default('24h'),
    notificationEmail: text('notification_email'),
    ticker: text('ticker'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('earnings_tracking_user_created_idx').on(t.userId, t.createdAt),
    check('earnings_tracking_timing', sql`${t.notificationTiming} in ('24h', '48h', '1w')`),
  ],
);

export const earningsTrackingResults = pgTable(
  'earnings_tracking_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackingId: uuid('tracking_id')
      .notNull()
      .unique()
      .references(() => earningsTracking.id, { onDelete: 'cascade' }),
    userId: userId(),
    earningsDate: timestamp('earnings_date', { withTimezone: true }),
    confidenceScore: real('confidence_score'),
    sourceUrl: text('source_url'),
    status: text('status'),
    notificationStatus: text('notification_status'),
    notificationSentAt: timestamp('notification_sent_at', { withTimezone: true }),
    transcriptStatus: text('transcript_status'),
    transcriptSentAt: timestamp('transcript_sent_at', { withTimezone: true }),
    alertCounter: integer('alert_counter').notNull().default(0),
    /** The ticker the engine resolved from the company name (earnings_tracking.ticker is the form's placeholder). */
    ticker: text('ticker'),
    /** When the next earnings date was last looked up, and by which provider. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    provider: text('provider'),
    /**
     * The calendar event's SEQUENCE (RFC 5545 §3.8.7.4): raised each time the date (or its status)
     * changes, so a calendar updates the event of the same UID in place.
     */
    eventSequence: integer('event_sequence').notNull().default(0),
    /** The date before the last move, and when the move was seen (a "date moved" alert went out). */
    previousEarningsDate: timestamp('previous_earnings_date', { withTimezone: true }),
    dateMovedAt: timestamp('date_moved_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('earnings_results_user_idx').on(t.userId),
    index('earnings_results_notification_sent_idx').on(t.notificationSentAt),
    index('earnings_results_transcript_sent_idx').on(t.transcriptSentAt),
  ],
);

export const featureInterest = pgTable(
  'feature_interest',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    featureName: text('feature_name', { enum: ['air', 'wolfebot'] }).notNull(),
    notificationEmail: text('notification_email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('feature_interest_user_feature_idx').on(t.userId, t.featureName),
    check('feature_interest_name', sql`${t.featureName} in ('air', 'wolfebot')`),
  ],
);

/**
 * One row per AI task run: the per-user limits count these (across every process), and the operator
 * reads token usage per user and task from them. A row stays 'running' until the run ends.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    task: text('task').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] })
      .notNull()
      .default('running'),
    errorCode: text('error_code'),
    /** Alert-engine runs: recorded for the operator, not counted against the interactive limits. */
    background: boolean('background').notNull().default(false),
    /** Model calls made, counting the repair attempt (the SDK's own retries are inside one call). */
    calls: integer('calls').notNull().default(0),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_usage_user_started_idx').on(t.userId, t.startedAt),
    // The operator console's month of everyone's usage.
    index('ai_usage_started_idx').on(t.startedAt),
    check('ai_usage_status', sql`${t.status} in ('running', 'succeeded', 'failed')`),
  ],
);

export const ALERT_RUN_KINDS = [
  'news',
  'newsletter',
  'earnings_check',
  'earnings_reminder',
  'earnings_summary',
  'air_report',
  'trigger',
] as const;
export const ALERT_RUN_STATUSES = ['queued', 'running', 'prepared', 'succeeded', 'failed', 'skipped'] as const;

/**
 * One row per (alert, slot): the run engine's ledger. The unique key makes a second tick, a second
 * worker, a retry or a restart harmless: a slot is claimed once and its result and e-mail are written
 * in the same transaction that marks it succeeded (issue 5, DESIGN §5 "Jobs").
 */
export const alertRuns = pgTable(
  'alert_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ALERT_RUN_KINDS }).notNull(),
    /**
     * sonar_alerts.id, newsletter_alerts.id, earnings_tracking.id or air_reports.id, by kind; for a
     * 'trigger', trigger_events.id (its slot is then the user's id: one trigger per user and event).
     */
    alertId: uuid('alert_id').notNull(),
    userId: userId(),
    /** The scheduled moment as an ISO string, or 'manual:<ISO>' for an operator's run-alerts. */
    slot: text('slot').notNull(),
    status: text('status', { enum: ALERT_RUN_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the run failed or was skipped (operator-facing, never shown to users). */
    reason: text('reason'),
    /** What the run did, in a sentence (e.g. "3 new articles; e-mail queued"). */
    outcome: text('outcome'),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    /** When a run that waits for something (an earnings release) is looked at again. */
    notBefore: timestamp('not_before', { withTimezone: true }),
    /**
     * A run prepared before its slot (status 'prepared', ADR 016): what its commit writes, kept until
     * `due_at`, when any worker commits it. Cleared once the run is finished.
     */
    plan: jsonb('plan'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** The moment the run's sources were read up to: the next scan of the alert starts there. */
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    /**
     * What each finished step of the run returned, by key (the engine's step(key, work)): another
     * attempt, a worker taking over after a crash, or a run that continues this one (a report's
     * retry) starts after them. Cleared once the run succeeds or is skipped.
     */
    steps: jsonb('steps').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_runs_slot_idx').on(t.kind, t.alertId, t.slot),
    index('alert_runs_user_created_idx').on(t.userId, t.createdAt),
    index('alert_runs_created_idx').on(t.createdAt),
    index('alert_runs_open_idx').on(t.createdAt).where(sql`status in ('queued', 'running', 'prepared')`),
    // The operator console's failed runs of the last days.
    index('alert_runs_failed_idx').on(t.createdAt).where(sql`status = 'failed'`),
    // The slot's commit claims prepared runs in (due_at, user_id) order, 25 at a time: walked in that
    // order, a claim reads its 25 rows, not every run still waiting for the slot (ADR 033).
    index('alert_runs_prepared_idx').on(t.dueAt, t.userId).where(sql`status = 'prepared'`),
    // "Since the last scan" and the newsletter's last delivery read the latest finished run per alert.
    index('alert_runs_alert_finished_idx').on(t.alertId, t.kind, t.finishedAt).where(sql`status = 'succeeded'`),
    check(
      'alert_runs_kind',
      sql`${t.kind} in ('news', 'newsletter', 'earnings_check', 'earnings_reminder', 'earnings_summary', 'air_report', 'trigger')`,
    ),
    check('alert_runs_status', sql`${t.status} in ('queued', 'running', 'prepared', 'succeeded', 'failed', 'skipped')`),
  ],
);

/**
 * Articles already e-mailed to a user (news alerts and newsletters): a later scan drops the same URL
 * or a near-identical title, so nobody reads the same story twice.
 */
export const sentArticles = pgTable(
  'sent_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    /** pageKey() (sources/web/site.ts); rows from before issue 26 kept the query as written, tracking parameters and all. */
    urlKey: text('url_key').notNull(),
    /** titleKey(): lower case, letters and digits only. */
    titleKey: text('title_key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sent_articles_user_url_idx').on(t.userId, t.urlKey), index('sent_articles_user_sent_idx').on(t.userId, t.sentAt)],
);

export const ARTICLE_STATUSES = ['ok', 'blocked', 'paywalled', 'failed'] as const;

/** PostgreSQL's full-text document type; written only by the database (a generated column or a trigger). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Publishers' articles as read by any search (issue 14), one row per canonical URL and shared by
 * every user, alert, newsletter and research run that meets the article: a page is fetched once.
 * Kept 90 days after it was read (housekeeping), like the record of articles sent.
 */
export const articles = pgTable(
  'articles',
  {
    /** pageKey() of the publisher URL (sources/web/site.ts): host without www, path without trailing slash, query without tracking parameters. */
    urlKey: text('url_key').primaryKey(),
    url: text('url').notNull(),
    title: text('title'),
    publisher: text('publisher'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The main text, paragraphs separated by blank lines; '' when none could be read. */
    text: text('text').notNull().default(''),
    /** ok; blocked (robots.txt or the site refused us); paywalled (only a teaser is free); failed. */
    status: text('status', { enum: ARTICLE_STATUSES }).notNull(),
    /** Why it is not ok, for operators. */
    detail: text('detail'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The words of title and text with their positions, set by the articles_search_vector trigger on
     * every write (migration 0012). Stored so that the library search checks a phrase without parsing
     * the article again; null only until the upgrade's backfill reaches an older row (online-indexes.ts).
     */
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    index('articles_fetched_idx').on(t.fetchedAt),
    check('articles_status', sql`${t.status} in ('ok', 'blocked', 'paywalled', 'failed')`),
  ],
);

/**
 * News searches shared by every alert that asks the same one (ADR 016): one row per (query, region,
 * window in days). The first process to claim a row searches and stores what it found; the others
 * read it while it is fresh. A claim whose process died (no result after a while) is taken over.
 */
export const newsSearches = pgTable(
  'news_searches',
  {
    key: text('key').primaryKey(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the search ran: what it found was published before this. Null while it runs. */
    searchedAt: timestamp('searched_at', { withTimezone: true }),
    /** The search's documents and failed providers (NewsResult). */
    result: jsonb('result'),
  },
  (t) => [index('news_searches_claimed_idx').on(t.claimedAt)],
);

/**
 * Google News article ids and the publisher URL Google's decode endpoint gave for each (null when
 * Google refused): each id is decoded once, by whichever process meets it first.
 */
export const googleNewsLinks = pgTable(
  'google_news_links',
  {
    articleId: text('article_id').primaryKey(),
    publisherUrl: text('publisher_url'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('google_news_links_checked_idx').on(t.checkedAt)],
);

export const AIR_REPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

/**
 * Account Intelligence Reports (issue 17). A report is researched by the run engine (an
 * alert_runs row of kind 'air_report' per start or retry, which keeps what each finished step found,
 * so a retry resumes after the last one); the table keeps what the page shows: the status, each
 * step's state and summary (live), and `report`, the result.
 * A report takes a credit of its `credit_month` (New York) unless it failed.
 */
export const airReports = pgTable(
  'air_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    website: text('website').notNull(),
    solution: text('solution').notNull(),
    companyName: text('company_name'),
    /** Moves with its run's status: 'succeeded' and 'failed' are written only in the transaction that ends the run (engine.ts). */
    status: text('status', { enum: AIR_REPORT_STATUSES }).notNull().default('queued'),
    /** 'YYYY-MM' in America/New_York: the month whose credits this report uses. */
    creditMonth: text('credit_month').notNull(),
    /** Each step's state and summary, as the page shows them (what the steps found is kept in the report's run). */
    steps: jsonb('steps').notNull(),
    report: jsonb('report'),
    /** { step, message } when the report failed: the step it had reached and why, in the user's words. */
    failure: jsonb('failure'),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    emailedTo: text('emailed_to'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('air_reports_user_created_idx').on(t.userId, t.createdAt),
    index('air_reports_user_month_idx').on(t.userId, t.creditMonth),
    check('air_reports_status', sql`${t.status} in ('queued', 'running', 'succeeded', 'failed')`),
  ],
);

/**
 * The library (issue 27): one row per thing delivered to a user (an alert run's e-mail: the row's
 * id is the run's, so the e-mail can link to it before it is written) or kept by them (research,
 * drafts), with its sources exactly as sent. Kept LIBRARY_RETENTION_DAYS unless deleted first.
 */
export const libraryItems = pgTable(
  'library_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    kind: text('kind', { enum: LIBRARY_KINDS }).notNull(),
    title: text('title').notNull(),
    /** The companies it is about, as written; `company_keys` holds them lower-cased for the filter. */
    companies: text('companies').array().notNull().default(sql`'{}'::text[]`),
    companyKeys: text('company_keys').array().notNull().default(sql`'{}'::text[]`),
    document: jsonb('document').$type<LibraryDocument>().notNull(),
    sourceCount: integer('source_count').notNull().default(0),
    /** The document as plain text (blocks and source titles), what the search reads besides the title. */
    bodyText: text('body_text').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body_text), 'B')`),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('library_items_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('library_items_user_kind_created_idx').on(t.userId, t.kind, t.createdAt.desc()),
    // btree_gin: the owner and the words in one index, so a search reads only this user's matches.
    index('library_items_search_idx').using('gin', t.userId, t.searchVector),
    index('library_items_companies_idx').using('gin', t.userId, t.companyKeys),
    index('library_items_created_idx').on(t.createdAt),
    check('library_items_kind', sql`${t.kind} in (${sql.raw(LIBRARY_KINDS.map((k) => `'${k}'`).join(', '))})`),
  ],
);

/**
 * The articles behind an item's sources (articles.url_key, pageKey()): the search reaches the shared
 * article store only through these rows, which carry the owner so the join never leaves the user's own.
 */
export const librarySources = pgTable(
  'library_item_sources',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => libraryItems.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    urlKey: text('url_key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.urlKey] }),
    index('library_item_sources_key_user_idx').on(t.urlKey, t.userId),
    index('library_item_sources_user_key_idx').on(t.userId, t.urlKey),
  ],
);

/** Wolfebot's conversations (issue 27 §3); `last_company` and `last_asked_at` answer "since my last conversation about X". */
export const wolfebotConversations = pgTable(
  'wolfebot_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The company the latest question of this conversation was about, as the user's lists spell it. */
    lastCompany: text('last_company'),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }),
  },
  (t) => [index('wolfebot_conversations_user_updated_idx').on(t.userId, t.updatedAt.desc())],
);

/**
 * A conversation's messages. An assistant row is written 'streaming' and its text updated as the
 * answer arrives, so a page that comes back reads the reply so far; `document` holds what the
 * finished answer carries besides its text (citations, the check's sentences and count, actions).
 */
export const wolfebotMessages = pgTable(
  'wolfebot_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => wolfebotConversations.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    text: text('text').notNull().default(''),
    status: text('status', { enum: ['streaming', 'complete', 'failed'] }).notNull(),
    error: text('error'),
    document: jsonb('document').$type<WolfebotMessageDocument>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('wolfebot_messages_conversation_created_idx').on(t.conversationId, t.createdAt),
    check('wolfebot_messages_role', sql`${t.role} in ('user', 'assistant')`),
    check('wolfebot_messages_status', sql`${t.status} in ('streaming', 'complete', 'failed')`),
  ],
);

/**
 * Every operator action in the console or the CLI, shown in the console. The operator's and the
 * subject's labels are copied in, so the record outlives a deleted account.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: text('operator_id').references(() => users.id, { onDelete: 'set null' }),
    /** The operator's e-mail at the time, or 'cli' for the command line. */
    operatorLabel: text('operator_label').notNull(),
    /** e.g. 'invite.create', 'user.suspend', 'run.retry', 'mail.resend'. */
    action: text('action').notNull(),
    /** What it acted on: an e-mail address, a run or mail id. */
    subject: text('subject').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt)],
);

/**
 * Outbound source requests counted per hour, service, host and outcome, written by every process
 * (a few upserts a minute), so the console shows answer rates across all web and worker processes.
 */
export const sourceRequestCounts = pgTable(
  'source_request_counts',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /**
     * The service: 'google-news', 'gdelt', 'sec', 'nasdaq', 'fmp', 'finnhub', 'hacker-news', 'publisher', 'company-site'
     * ('other' for a host of the services' client that no configured service is at). Written by
     * sources/web/request-counts.ts (SourceService).
     */
    service: text('service').notNull(),
    /** The configured service's host (URL.host, with a port); a publisher's or company's site (no www., no port). */
    host: text('host').notNull(),
    /** 'ok', 'http_error', 'network_error', 'refused' (not a public address), 'robots' (robots.txt said no). */
    outcome: text('outcome').notNull(),
    count: integer('count').notNull().default(0),
    totalMs: bigint('total_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.service, t.host, t.outcome] })],
);

/** Where alerts go besides e-mail (issue 29): a Slack or Teams incoming webhook, or a signed generic webhook. */
export const channels = pgTable(
  'channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    kind: text('kind', { enum: CHANNEL_KINDS }).notNull(),
    name: text('name').notNull(),
    /** The webhook address: a credential (whoever has it can post), never returned whole nor logged. */
    url: text('url').notNull(),
    /** What the app shows of the address: its host and the last characters of its path. */
    urlHint: text('url_hint').notNull(),
    /** The generic webhook's signing secret ('whsec_…', Standard Webhooks); null for Slack and Teams. */
    signingSecret: text('signing_secret'),
    /** 'paused' after repeated failures, until the user fixes the channel (edits it, tests it, or resumes). */
    status: text('status', { enum: ['active', 'paused'] })
      .notNull()
      .default('active'),
    /** Deliveries in a row that failed for good; reset by a success. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pauseReason: text('pause_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('channels_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('channels_user_name_idx').on(t.userId, sql`lower(${t.name})`),
    check('channels_kind', sql`${t.kind} in ('slack', 'teams', 'webhook')`),
    check('channels_status', sql`${t.status} in ('active', 'paused')`),
  ],
);

/** The channels an alert goes to (besides e-mail, unless opted out below). */
export const alertChannels = pgTable(
  'alert_channels',
  {
    alertType: text('alert_type', { enum: ALERT_TYPES }).notNull(),
    alertId: uuid('alert_id').notNull(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    userId: userId(),
  },
  (t) => [
    primaryKey({ columns: [t.alertType, t.alertId, t.channelId] }),
    index('alert_channels_channel_idx').on(t.channelId),
    index('alert_channels_user_idx').on(t.userId),
    check('alert_channels_type', sql`${t.alertType} in ('news', 'newsletter', 'earnings')`),
  ],
);

/** Alerts that go to their channels only ("instead of e-mail"); every other alert is e-mailed. */
export const alertEmailOptOuts = pgTable(
  'alert_email_opt_outs',
  {
    alertType: text('alert_type', { enum: ALERT_TYPES }).notNull(),
    alertId: uuid('alert_id').notNull(),
    userId: userId(),
  },
  (t) => [
    primaryKey({ columns: [t.alertType, t.alertId] }),
    index('alert_email_opt_outs_user_idx').on(t.userId),
    check('alert_email_opt_outs_type', sql`${t.alertType} in ('news', 'newsletter', 'earnings')`),
  ],
);

/**
 * The channels' outbox: one row per (item, channel), written in the transaction that delivers the
 * item (the run's commit), sent by the worker role. The row's id is the message's id on every
 * attempt (Standard Webhooks' webhook-id), so a receiver can drop a repeat.
 */
export const channelDeliveries = pgTable(
  'channel_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** The run that delivered the item (its library item has the same id); null for a test message. */
    runId: uuid('run_id').references(() => alertRuns.id, { onDelete: 'set null' }),
    alertType: text('alert_type', { enum: ALERT_TYPES }),
    alertId: uuid('alert_id'),
    /** 'alert' (an item a run delivered), 'test' (the channel's test button). */
    purpose: text('purpose', { enum: ['alert', 'test'] }).notNull(),
    /** The message as channels render it (channels/message.ts ChannelMessage). */
    message: jsonb('message').notNull(),
    /** 'pending' (due at next_attempt_at, or held while the channel is paused), 'sent', 'failed'. */
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The receiver's last answer: its HTTP status and the start of its body, or why none came. */
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('channel_deliveries_run_channel_idx').on(t.runId, t.channelId),
    index('channel_deliveries_pending_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('channel_deliveries_alert_idx').on(t.userId, t.alertType, t.alertId, t.createdAt.desc()),
    index('channel_deliveries_channel_idx').on(t.channelId, t.createdAt.desc()),
    index('channel_deliveries_created_idx').on(t.createdAt),
    check('channel_deliveries_purpose', sql`${t.purpose} in ('alert', 'test')`),
    check('channel_deliveries_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** Every attempt at a delivery: what the delivery log shows. */
export const channelDeliveryAttempts = pgTable(
  'channel_delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => channelDeliveries.id, { onDelete: 'cascade' }),
    userId: userId(),
    attempt: integer('attempt').notNull(),
    /** 'sent', 'retrying', 'failed'. */
    outcome: text('outcome', { enum: ['sent', 'retrying', 'failed'] }).notNull(),
    httpStatus: integer('http_status'),
    /** The receiver's answer (the start of its body) or why there was none; never the address. */
    answer: text('answer'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('channel_delivery_attempts_delivery_idx').on(t.deliveryId, t.createdAt),
    index('channel_delivery_attempts_user_idx').on(t.userId),
  ],
);

/** A user's private earnings calendar (webcal): the token in its address; a new token revokes the old. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
});

/** better-auth's two-factor plugin: the TOTP secret and backup codes (both encrypted with the auth secret). */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: userId(),
    /** False between "enable" and the first correct code: the app is not yet confirmed. */
    verified: boolean('verified').notNull().default(true),
    /** Consecutive wrong codes across challenges; at 10 the account's second factor is locked for 15 minutes. */
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factors_user_idx').on(t.userId)],
);

/** better-auth's passkey plugin (WebAuthn credentials). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: userId(),
    credentialID: text('credential_id').notNull().unique(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
    aaguid: text('aaguid'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/** The user's own security log (sign-ins, failures, factor changes, exports), kept 90 days. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    kind: text('kind').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** What else the event says (the method of a sign-in, a passkey's name); never a secret. */
    detail: jsonb('detail').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('security_events_user_idx').on(t.userId, t.createdAt.desc()), index('security_events_created_idx').on(t.createdAt)],
);

/** Devices a user has signed in from (a hash of a long-lived device cookie): a new one gets a security e-mail. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: userId(),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** "Export my data": the archive built in the background, fetched by a link whose token is stored hashed. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    tokenHash: text('token_hash').unique(),
    archive: bytea('archive'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt.desc()),
    index('data_exports_expires_idx').on(t.expiresAt),
    check('data_exports_status', sql`${t.status} in ('pending', 'ready', 'failed')`),
  ],
);

/** An alert's "Also tell me as it happens" (issue 31) and the kinds of event it wants; no row: off. */
export const triggerSubscriptions = pgTable(
  'trigger_subscriptions',
  {
    alertType: text('alert_type', { enum: ALERT_TYPES }).notNull(),
    alertId: uuid('alert_id').notNull(),
    userId: userId(),
    kinds: text('kinds', { enum: TRIGGER_KINDS }).array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.alertType, t.alertId] }),
    index('trigger_subscriptions_user_idx').on(t.userId),
    check('trigger_subscriptions_type', sql`${t.alertType} in ('news', 'newsletter', 'earnings')`),
  ],
);

/**
 * Watched companies as their users wrote them (normaliseCompanyName), resolved to EDGAR's CIK once
 * and again daily; `cik` null: EDGAR does not know the name. The poller maps a filing's CIK back
 * to the names watched, and from them to the subscriptions.
 */
export const companyCiks = pgTable(
  'company_ciks',
  {
    nameKey: text('name_key').primaryKey(),
    cik: text('cik'),
    ticker: text('ticker'),
    edgarName: text('edgar_name'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_ciks_cik_idx').on(t.cik)],
);

/**
 * The filings the EDGAR poller read from the latest-filings feeds, one row per (accession, CIK): a
 * schedule 13D lists its subject and its filer under one accession. The ledger that makes a filing
 * looked at once, whichever worker polls; kept a week.
 */
export const secFilings = pgTable(
  'sec_filings',
  {
    accession: text('accession').notNull(),
    cik: text('cik').notNull(),
    /** The entry's role: 'Filer', 'Subject', 'Filed by', 'Reporting'. */
    role: text('role').notNull(),
    form: text('form').notNull(),
    company: text('company').notNull(),
    /** An 8-K's items, e.g. {5.02, 9.01}. */
    items: text('items').array().notNull().default(sql`'{}'::text[]`),
    /** EDGAR's acceptance time (the feed's <updated>). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    indexUrl: text('index_url').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accession, t.cik] }), index('sec_filings_found_idx').on(t.foundAt)],
);

/**
 * One thing that happened at a company (issue 31): a filing or a story, told once to each user who
 * watches the company and wants its kind (alert_runs of kind 'trigger', one per user and event).
 */
export const triggerEvents = pgTable(
  'trigger_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'sec:<accession>' for a filing, 'news:<page key>' for a story: the same event found again adds nothing. */
    eventKey: text('event_key').notNull().unique(),
    /** Who it happened to: 'cik:<CIK>', or 'name:<watched name>' for a company EDGAR does not know. */
    companyKey: text('company_key').notNull(),
    cik: text('cik'),
    companyName: text('company_name').notNull(),
    kinds: text('kinds', { enum: TRIGGER_KINDS }).array().notNull(),
    /** "Acme Corp: officer appointed (8-K item 5.02)". */
    title: text('title').notNull(),
    /** What happened, from the source's own words (the message's first line). */
    summary: text('summary').notNull(),
    /** The source document: its address, title, publisher and the text the message is checked against. */
    source: jsonb('source')
      .$type<{ url: string; title: string; publisher: string; text: string; urlKey?: string; titleKey?: string }>()
      .notNull(),
    /**
     * The checked "why it matters" line per seller's solution (by a hash of its text): the users who
     * sell the same thing (or say nothing of it) share one model call for an event told to thousands.
     */
    why: jsonb('why').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** The same event seen again in other documents (a filing and five stories are one event), merged here. */
    merged: jsonb('merged')
      .$type<{ url: string; title: string; publisher: string; publishedAt: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** When the source published it (EDGAR's acceptance time, an article's date). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trigger_events_company_found_idx').on(t.companyKey, t.foundAt), index('trigger_events_found_idx').on(t.foundAt)],
);

/**
 * A user's "as it happens" rules (issue 31), one row per user; no row: the defaults. Quiet hours
 * hold a trigger until they end unless its kind is one the user calls urgent; past the daily cap,
 * the rest of the day's triggers come together in one roll-up.
 */
export const triggerSettings = pgTable('trigger_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 'HH:MM' in the user's time zone; both null: no quiet hours. */
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  /** IANA, e.g. 'Europe/Berlin'. */
  timeZone: text('time_zone').notNull(),
  urgentKinds: text('urgent_kinds', { enum: TRIGGER_KINDS }).array().notNull().default(sql`'{}'::text[]`),
  dailyCap: integer('daily_cap').notNull(),
  updatedAt: updatedAt(),
});

/** Stories the news poller made into an event or merged into one: looked at once (kept a week). */
export const triggerNewsSeen = pgTable(
  'trigger_news_seen',
  {
    urlKey: text('url_key').primaryKey(),
    eventId: uuid('event_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trigger_news_seen_seen_idx').on(t.seenAt)],
);

/** A single poller's turn across workers (the EDGAR feeds): whoever holds the lease polls; its cursor survives restarts. */
export const sourcePolls = pgTable('source_polls', {
  name: text('name').primaryKey(),
  leasedUntil: timestamp('leased_until', { withTimezone: true }).notNull().defaultNow(),
  /** When a poll last read the feeds; none yet: the next poll only takes note of what they list (a baseline). */
  polledAt: timestamp('polled_at', { withTimezone: true }),
  /** The poll's last outcome for the operator ("12 new filings, 1 trigger" or the error). */
  outcome: text('outcome'),
});

/**
 * Earnings dates that moved (issue 31: "earnings-date moves" as trigger events), one row per company
 * and move: an earnings check that sees a listed date still ahead give way to another listed day
 * writes it in its own commit, and the same move seen by another user's check of the same company
 * adds nothing (unique). The earnings trigger poller tells each row once (told_at) to the users who
 * watch the company and want the kind. The texts are the check's own (the owner's "date moved"
 * mail's), so a trigger and that mail word the same move alike.
 */
export const earningsMoves = pgTable(
  'earnings_moves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'cik:<CIK>', as trigger events name a company. */
    companyKey: text('company_key').notNull(),
    cik: text('cik'),
    ticker: text('ticker').notNull(),
    /** EDGAR's name of the company. */
    companyName: text('company_name').notNull(),
    previousDate: timestamp('previous_date', { withTimezone: true }).notNull(),
    earningsDate: timestamp('earnings_date', { withTimezone: true }).notNull(),
    /** 'Thursday, Oct 30, 2025' / 'Tuesday, Nov 4, 2025', 'Delayed by 5 days'. */
    previousLabel: text('previous_label').notNull(),
    dateLabel: text('date_label').notNull(),
    change: text('change').notNull(),
    /** The calendar that lists the new date (Nasdaq, Finnhub, Financial Modeling Prep) and where to check it. */
    sourceName: text('source_name').notNull(),
    sourceUrl: text('source_url'),
    /** When the check found the change (the calendars publish no time of their own). */
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the poller made it an event (or found nobody wanting it); null: not yet. */
    toldAt: timestamp('told_at', { withTimezone: true }),
    eventId: uuid('event_id'),
  },
  (t) => [
    uniqueIndex('earnings_moves_move_idx').on(t.companyKey, t.previousDate, t.earningsDate),
    index('earnings_moves_untold_idx').on(t.foundAt).where(sql`${t.toldAt} is null`),
  ],
);

/**
 * The next earnings date of each company watched for 'earnings_moved' that no active earnings alert
 * tracks (a news alert's company, a newsletter's portfolio): the earnings trigger poller looks these
 * up itself, each every 15 minutes as earnings checks do, so a move of theirs is found too.
 */
export const earningsWatchDates = pgTable('earnings_watch_dates', {
  companyKey: text('company_key').primaryKey(),
  ticker: text('ticker').notNull(),
  /** The listed date as last read (midnight UTC for a day, ADR 009); null: no calendar lists one. */
  earningsDate: timestamp('earnings_date', { withTimezone: true }),
  provider: text('provider'),
  sourceUrl: text('source_url'),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});
