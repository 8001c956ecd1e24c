// Prospect OS: the Account Intelligence Report (spec 02 §2 /air, §5, §9; issue 17). The request both
// sides validate, the eight steps a report runs through, and the report's shape as the server sends
// it to the page and renders it in the e-mail. Everything a report states carries the URL it came
// from; people are only those named in a page or filing the server read.
import * as z from 'zod/mini';
import type { AiStatus } from './schemas.ts';

/** The solution text must have at least this many characters, not counting surrounding spaces (spec 02 §5). */
export const AIR_SOLUTION_MIN_CHARS = 30;
export const AIR_SOLUTION_MAX_CHARS = 4000;
export const AIR_WEBSITE_MAX_CHARS = 2048;
/** The report promises up to this many prospects (spec 02 §2), never padded with invented ones. */
export const AIR_MAX_PROSPECTS = 20;
/** A prospect's quality score (how well they match the buying centers, 0.00 to 1.00) must reach this to be in a report (spec 02 §9). */
export const AIR_PROSPECT_MIN_SCORE = 0.8;
/** News intelligence reads this far back. */
export const AIR_NEWS_DAYS = 90;

export const airMessages = {
  beThorough: 'IMPORTANT: be thorough to receive an accurate prospect list',
  websiteRequired: 'Company Website is required',
  websiteInvalid: 'Enter the company website as a web address, e.g. https://www.example.com',
  solutionTooShort: `Describe your solution and buying centers in at least ${AIR_SOLUTION_MIN_CHARS} characters`,
  solutionTooLong: `Keep the solution text to at most ${AIR_SOLUTION_MAX_CHARS} characters`,
  notFound: 'That report does not exist.',
  cannotRetry: 'Only a report that failed can be retried.',
  dailyLimitTitle: 'Daily limit reached',
  /** AIR_MAX_FAILED_PER_DAY reached: `counted` runs of the last 24 hours failed, `open` of them still running; a failed one ages out in `hours`. */
  dailyLimit: (counted: number, open: number, hours: number | null) => {
    const inHours = hours === null ? null : `in ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
    const when = open === 0 ? `Try again ${inHours}.` : `Try again once a running report has succeeded${inHours ? `, or ${inHours}` : ''}.`;
    return `${counted} of your report runs in the last 24 hours ${open === 0 ? 'failed' : 'failed or are still running'}; that is the daily limit. ${when}`;
  },
} as const;

/** Characters of the solution text that count towards the minimum. */
export const solutionLength = (solution: string) => solution.trim().length;

/**
 * A website as typed ("acme.com", "www.acme.com/about", "https://acme.com") as the https (or http)
 * address of its home page; null when it is not a web address with a dotted host name (or an IP
 * address, which local test sites use).
 */
export function normaliseWebsite(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  // The host as typed: URL would read "12345" as the address 0.0.48.57.
  const typedHost = trimmed.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#:]/)[0] ?? '';
  if (!typedHost.includes('.') && !typedHost.startsWith('[')) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname;
  const ip = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');
  if (!ip && !/^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i.test(host)) return null;
  return `${url.protocol}//${url.host}/`;
}

export const airRequestSchema = z.object({
  website: z.pipe(
    z.string().check(
      z.trim(),
      z.minLength(1, airMessages.websiteRequired),
      z.maxLength(AIR_WEBSITE_MAX_CHARS, airMessages.websiteInvalid),
      z.refine((value) => normaliseWebsite(value) !== null, airMessages.websiteInvalid),
    ),
    z.transform((value) => normaliseWebsite(value)!),
  ),
  solution: z
    .string()
    .check(
      z.trim(),
      z.minLength(AIR_SOLUTION_MIN_CHARS, airMessages.solutionTooShort),
      z.maxLength(AIR_SOLUTION_MAX_CHARS, airMessages.solutionTooLong),
    ),
});
export type AirRequest = z.infer<typeof airRequestSchema>;

/** The eight steps, in the order they run (spec 02 §2 'Under the Hood'). */
export const AIR_STEPS = [
  'company_enrichment',
  'news_intelligence',
  'social_listening',
  'persona_builder',
  'prospect_discovery',
  'outreach_strategy',
  'report_builder',
  'instant_delivery',
] as const;
export type AirStepId = (typeof AIR_STEPS)[number];

export const airStepNames: Record<AirStepId, string> = {
  company_enrichment: 'Company Enrichment',
  news_intelligence: 'News Intelligence',
  social_listening: 'Social Listening',
  persona_builder: 'Persona Builder',
  prospect_discovery: 'Prospect Discovery',
  outreach_strategy: 'Outreach Strategy',
  report_builder: 'Report Builder',
  instant_delivery: 'Instant Delivery',
};

/**
 * - waiting: not started yet;
 * - running: working now;
 * - done: finished, `summary` says what it found;
 * - not_available: its sources gave nothing usable (it says why), the report goes on without it;
 * - failed: the report stopped here (`summary` says why); a retry resumes from this step.
 */
export type AirStepState = 'waiting' | 'running' | 'done' | 'not_available' | 'failed';
export type AirStep = { id: AirStepId; state: AirStepState; summary: string | null };

export const initialAirSteps = (): AirStep[] => AIR_STEPS.map((id) => ({ id, state: 'waiting', summary: null }));

export type AirReportStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** A page, filing, article or post the server read for this report. */
export type AirSource = {
  url: string;
  title: string | null;
  /** e.g. 'acme.com', 'SEC EDGAR', 'Reuters', 'Hacker News'. */
  publisher: string | null;
  /** ISO 8601 date or time, when known. */
  publishedAt: string | null;
};

/** A fact with where it came from. */
export type AirFact = { label: string; value: string; sourceUrl: string };

export const AIR_EVENT_TYPES = [
  'leadership_change',
  'funding',
  'merger_acquisition',
  'expansion',
  'layoffs',
  'product_launch',
  'earnings',
  'partnership',
  'other',
] as const;
export type AirEventType = (typeof AIR_EVENT_TYPES)[number];
export const airEventLabels: Record<AirEventType, string> = {
  leadership_change: 'Leadership change',
  funding: 'Funding',
  merger_acquisition: 'M&A',
  expansion: 'Expansion',
  layoffs: 'Layoffs',
  product_launch: 'Product launch',
  earnings: 'Earnings',
  partnership: 'Partnership',
  other: 'Other',
};

/** A news event that matters to a seller, with its article. */
export type AirEvent = { type: AirEventType; date: string | null; headline: string; summary: string; sourceUrl: string };

/** A public discussion of the company (Social Listening). */
export type AirSocialPost = {
  /** Where it was posted, e.g. 'Hacker News'. */
  platform: string;
  title: string;
  /** The discussion itself. */
  url: string;
  /** What the discussion links to, when it is a link post. */
  linkUrl: string | null;
  postedAt: string | null;
  points: number | null;
  comments: number | null;
};

export type AirBuyingCenter = {
  name: string;
  /** The roles that decide on, influence or use the solution in this center. */
  roles: string[];
  /** Their likely priorities at this account, each grounded in a source. */
  priorities: { text: string; sourceUrl: string }[];
};

export type AirProspect = {
  name: string;
  title: string;
  buyingCenter: string;
  /** Why this person matches the persona. */
  why: string;
  /** Quality score, 0.00 to 1.00; only prospects at or above AIR_PROSPECT_MIN_SCORE are kept. */
  score: number;
  /** The page or filing that names them (with this title). */
  sourceUrl: string;
  /** e.g. 'Company website', 'SEC filing', 'News'. */
  sourceKind: string;
};

export type AirOutreach = {
  /** The prospect it is written for, or null for a buying center as a whole. */
  prospectName: string | null;
  buyingCenter: string;
  angle: string;
  /** The event the message hangs on, with its source. */
  trigger: { text: string; sourceUrl: string };
  /** A short first message in the user's voice. */
  message: string;
};

export type AirCompany = {
  name: string;
  website: string;
  legalName: string | null;
  ticker: string | null;
  cik: string | null;
  industry: string | null;
  headquarters: string | null;
  description: string | null;
};

export type AirReport = {
  company: AirCompany;
  /** Company enrichment: profile facts (legal name, industry, headquarters…), each with its source. */
  facts: AirFact[];
  /** Recent figures from SEC XBRL company facts. */
  financials: AirFact[];
  /** Latest 10-K / 10-Q / 8-K, with what each says in a line. */
  filings: { form: string; filedOn: string; title: string; highlight: string | null; url: string }[];
  events: AirEvent[];
  social: {
    /** The open sources asked, e.g. ['Hacker News']. */
    searched: string[];
    posts: AirSocialPost[];
    /** What the step could not do, in a sentence (no source answered, nothing found). */
    note: string | null;
  };
  buyingCenters: AirBuyingCenter[];
  prospects: AirProspect[];
  /** The report says how many it found (up to AIR_MAX_PROSPECTS) and why not more. */
  prospectNote: string;
  outreach: AirOutreach[];
  /** Everything the report was built from. */
  sources: AirSource[];
};

export type AirReportSummary = {
  id: string;
  website: string;
  companyName: string | null;
  status: AirReportStatus;
  createdAt: string;
  finishedAt: string | null;
};

export type AirReportDetail = AirReportSummary & {
  solution: string;
  steps: AirStep[];
  report: AirReport | null;
  /** Why it failed, and at which step (a retry resumes there). */
  failure: { step: AirStepId; message: string } | null;
  /** Where the e-mail went, once it is queued. */
  emailedTo: string | null;
};

export type AirCredits = {
  /** PLAN_AIR_GENERATIONS. */
  limit: number;
  used: number;
  remaining: number;
  /** YYYY-MM-DD: the 1st of next month (New York), when credits return. */
  refreshesOn: string;
};

export type AirOverview = {
  credits: AirCredits;
  ai: AiStatus;
  reports: AirReportSummary[];
  /** The profile's solution, buying centers and industries, as text to prefill the form ('' when the profile has none). */
  solutionDraft: string;
};
