// What each alert e-mail shows. Every value is plain text or an http(s) URL; templates escape all of
// it (AI and third-party text never becomes markup).
import type { StatementCount } from '../../../shared/library.ts';
import type { FreshnessReceipt } from '../../../shared/triggers.ts';

export type EmailLinks = {
  /**
   * The mail's item in the user's library (issue 27 §1): what was sent, with its sources, readable
   * and searchable in the app. The button the mail leads with.
   */
  library?: string;
  /** Opens the matching screen in the app (research prefilled, or the dashboard). */
  viewInApp: string;
  /** The alert's settings screen. */
  manage: string;
  /** How the manage link reads; default 'Manage this alert'. */
  manageLabel?: string;
  /** The unsubscribe page for this one alert; none for a report the user asked for. */
  unsubscribe?: string;
};

export type EmailArticle = {
  title: string;
  url: string;
  publisher: string | null;
  /** ISO 8601. */
  publishedAt: string | null;
  /** One or two sentences on why it matters (AI, grounded in the article); may be absent. */
  summary?: string | null;
  /** Only the headline could be read (paywall, robots.txt, failure). */
  headlineOnly?: boolean;
  /** `url` is Google News' redirect: the publisher's address could not be resolved. */
  googleLink?: boolean;
  /** The checked statements of `summary` (issue 27 §4), so that a mail left with fewer articles counts only its own. */
  statements?: StatementCount;
};

export type NewsAlertEmailProps = {
  companyName: string;
  keywords: string[];
  headline: string;
  analysis: string;
  articles: EmailArticle[];
  /** ISO: when the news was searched; what was published later comes in the next alert (ADR 016). */
  searchedAt: string;
  /** Published (the newest article) → found (searchedAt) → sent (the commit): issue 31 §3. */
  receipt: FreshnessReceipt;
  /** The headline's, analysis' and articles' statements checked against their sources; absent when not analysed. */
  statements?: StatementCount;
  links: EmailLinks;
};

export type NewsletterSection = {
  kind: 'company' | 'topic';
  /** The company name, or the topic's label (e.g. 'Regulatory Changes'). */
  title: string;
  summary: string;
  items: EmailArticle[];
  /** The checked statements of `summary`, and those dropped with articles left out for them (not the kept items'). */
  statements?: StatementCount;
};

export type NewsletterEmailProps = {
  industry: string;
  /** e.g. 'Weekly · Nov 16 – Nov 23, 2026'; the subject reads '<industry> digest · <periodLabel>'. */
  periodLabel: string;
  regions: string[];
  sections: NewsletterSection[];
  /** Said under the period, e.g. that the digest was not analysed because no AI provider is configured. */
  note?: string;
  /** Every statement of the digest checked against its sources; absent when not analysed. */
  statements?: StatementCount;
  /** Published (the newest article) → found (the searches) → sent (the commit): issue 31 §3. */
  receipt: FreshnessReceipt;
  links: EmailLinks;
};

export type EarningsReminderEmailProps = {
  companyName: string;
  ticker: string;
  /** ISO; midnight UTC means the day only (ADR 009). */
  earningsDate: string;
  /** e.g. 'Thursday, Jan 29, 2026' or 'Thursday, Jan 29, 2026, 4:30 PM ET'. */
  dateLabel: string;
  confidence: number;
  /** The card's badge text: 'Confirmed' or 'Tentative'. */
  confidenceLabel: string;
  sourceUrl: string;
  /** '24 hours before', '48 hours before', '1 week before'. */
  timingLabel: string;
  /** 'Confirmed by the company' or 'Estimated' (shared/earnings-alerts.ts earningsDateStatusLabels); absent on older runs. */
  statusLabel?: string;
  /** The source's name ('Nasdaq', 'SEC EDGAR') and how it gives the date. */
  sourceName?: string | null;
  sourceLine?: string | null;
  /** The call goes with the mail as a calendar event (.ics), the calendar feed's own. */
  calendarAttached?: boolean;
  links: EmailLinks;
};

export type EarningsDateMovedEmailProps = {
  companyName: string;
  ticker: string;
  /** ISO, the date before and after the move; midnight UTC means the day only (ADR 009). */
  previousDate: string;
  earningsDate: string;
  previousDateLabel: string;
  dateLabel: string;
  /** Days from the old call day to the new one: > 0 a delay, < 0 an advance, 0 the same day at another time. */
  dayShift: number;
  /** 'Delayed by 5 days', 'Advanced by 2 days', 'Same day, new time'. */
  change: string;
  /** What the move means for a seller, from the dates alone (shared/earnings-alerts.ts earningsMoveTexts). */
  why: string;
  /** The new date's status: 'Confirmed by the company' or 'Estimated'. */
  statusLabel: string;
  previousStatusLabel: string;
  sourceName: string;
  /** The new date's source (an http(s) address) and the previous one's, when they were web addresses. */
  sourceUrl: string | null;
  previousSourceUrl: string | null;
  links: EmailLinks;
};

export type EarningsSummaryEmailProps = {
  companyName: string;
  ticker: string;
  /** e.g. 'Q3 2026 results (8-K filed Oct 30, 2026)'. */
  periodLabel: string;
  keySummary: string;
  keyFindings: string[];
  quotes: { text: string; speaker: string | null }[];
  sources: EmailArticle[];
  /** The summary's and findings' statements checked against the documents. */
  statements?: StatementCount;
  links: EmailLinks;
};

export type RenderedEmail = { subject: string; html: string; text: string };
