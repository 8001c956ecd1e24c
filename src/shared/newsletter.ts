// The newsletter form (spec 02 §3 "Newsletter alert", §5 "Newsletter save", §9): one schema that
// the web form validates with before sending and the server parses the request body with.
import * as z from 'zod/mini';
import { optionalEmail, splitKeywords } from './schemas.ts';
import { DELIVERY_HOURS, REGIONS, type Region, WEEKDAYS, type Weekday } from './sonar.ts';

export const PORTFOLIO_LIMIT = 25;

export const INDUSTRY_MAX_LENGTH = 200;

const DEFAULT_REGIONS: Region[] = ['usa'];

export const TREND_TOPICS = [
  'competitive_shifts',
  'strategic_alliances',
  'market_expansion',
  'technology_adoption',
  'innovation_rd',
  'investment_activity',
  'regulatory_changes',
  'customer_experience',
  'operational_efficiency',
  'financial_performance',
  'market_consolidation',
  'leadership_changes',
] as const;

export type TrendTopic = (typeof TREND_TOPICS)[number];

export const trendTopicLabels: Record<TrendTopic, string> = {
  competitive_shifts: 'Competitive Shifts',
  strategic_alliances: 'Strategic Alliances',
  market_expansion: 'Market Expansion',
  technology_adoption: 'Technology Adoption',
  innovation_rd: 'Innovation & R&D',
  investment_activity: 'Investment Activity',
  regulatory_changes: 'Regulatory Changes',
  customer_experience: 'Customer Experience',
  operational_efficiency: 'Operational Efficiency',
  financial_performance: 'Financial Performance',
  market_consolidation: 'Market Consolidation',
  leadership_changes: 'Leadership Changes',
};

export const FREQUENCIES = ['7d', '14d', '30d'] as const;

export type Frequency = (typeof FREQUENCIES)[number];

export const frequencyLabels: Record<Frequency, string> = { '7d': 'Weekly', '14d': 'Bi-weekly', '30d': 'Monthly' };

/** Newsletter delivery times ('HH:MM'), the same hourly window as news alerts. */
export const NEWSLETTER_TIMES = DELIVERY_HOURS.map((h) => `${String(h).padStart(2, '0')}:00`);

const DEFAULT_NEWSLETTER_SCHEDULE = { delivery_day: 'MON', delivery_time: '09:00', frequency: '7d' } as const;

export const newsletterMessages = {
  missingTitle: 'Missing Information',
  missing: 'Please fill in all required fields',
  limitTitle: 'Maximum Limit Reached',
  limit: 'You can track up to 25 companies',
  saveFailedTitle: 'Error',
  saveFailed: 'Failed to save newsletter configuration',
  loadError: 'Error loading newsletter config',
  loadErrorDescription: 'Please try again later.',
  created: 'Newsletter created successfully.',
  updated: 'Newsletter updated successfully.',
  alreadyExists: 'You already have a newsletter. Update it instead.',
  notFound: 'You have no newsletter yet. Create it first.',
} as const;

export const NEWSLETTER_COMPANY_NAME_MAX_LENGTH = 200;
export const NEWSLETTER_KEYWORDS_MAX_LENGTH = 500;

export const newsletterErrors = {
  regionsRepeated: 'Each region can be chosen only once.',
  globalExclusive: 'Global cannot be combined with other regions.',
  topicsRepeated: 'Each industry category can be chosen only once.',
  industryTooLong: `Industry must be at most ${INDUSTRY_MAX_LENGTH} characters`,
  companyNameTooLong: `Company names must be at most ${NEWSLETTER_COMPANY_NAME_MAX_LENGTH} characters`,
  keywordsTooLong: `Keywords must be at most ${NEWSLETTER_KEYWORDS_MAX_LENGTH} characters per company`,
  deliveryDay: 'Choose a delivery day',
  deliveryTime: 'Choose a delivery time',
  frequency: 'Choose a frequency',
  email: 'Enter a valid e-mail address',
} as const;

const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;

const regionsSchema = z.pipe(
  z.array(z.enum(REGIONS)).check(
    z.maxLength(REGIONS.length, newsletterErrors.regionsRepeated),
    z.refine(unique, newsletterErrors.regionsRepeated),
    z.refine((regions) => !regions.includes('global') || regions.length === 1, newsletterErrors.globalExclusive),
  ),
  // Spec 02 §5: no region chosen means the default, USA.
  z.transform((regions: Region[]) => (regions.length ? regions : [...DEFAULT_REGIONS])),
);

const industryCategoriesSchema = z
  .array(z.enum(TREND_TOPICS))
  .check(z.maxLength(TREND_TOPICS.length, newsletterErrors.topicsRepeated), z.refine(unique, newsletterErrors.topicsRepeated));

const companySchema = z.strictObject({
  companyName: z.string().check(z.trim(), z.maxLength(NEWSLETTER_COMPANY_NAME_MAX_LENGTH, newsletterErrors.companyNameTooLong)),
  keywords: z.pipe(
    z.string().check(z.maxLength(NEWSLETTER_KEYWORDS_MAX_LENGTH, newsletterErrors.keywordsTooLong)),
    z.transform(splitKeywords),
  ),
});
type Company = z.output<typeof companySchema>;

const portfolioSchema = z.pipe(
  z.pipe(
    z.array(companySchema).check(z.maxLength(PORTFOLIO_LIMIT, newsletterMessages.limit)),
    // Spec 02 §5: rows without a company name are dropped, not refused.
    z.transform((companies: Company[]) => companies.filter((company) => company.companyName !== '')),
  ),
  z.array(z.custom<Company>()).check(z.minLength(1, newsletterMessages.missing)),
);

/** The newsletter as the form sends it (keywords as comma-separated text); parsed into what is stored. */
export const newsletterInputSchema = z.strictObject({
  active: z.boolean(),
  industry: z
    .string()
    .check(z.trim(), z.minLength(1, newsletterMessages.missing), z.maxLength(INDUSTRY_MAX_LENGTH, newsletterErrors.industryTooLong)),
  regions: regionsSchema,
  industryCategories: industryCategoriesSchema,
  portfolio: portfolioSchema,
  deliveryDay: z.enum(WEEKDAYS, newsletterErrors.deliveryDay),
  deliveryTime: z.enum(NEWSLETTER_TIMES as [string, ...string[]], newsletterErrors.deliveryTime),
  frequency: z.enum(FREQUENCIES, newsletterErrors.frequency),
  notificationEmail: optionalEmail,
});
export type NewsletterFormValues = z.input<typeof newsletterInputSchema>;
export type NewsletterInput = z.output<typeof newsletterInputSchema>;

/** The spec's titles for the two refusals it names; other refusals carry only their message. */
export function newsletterErrorTitle(message: string): string | undefined {
  if (message === newsletterMessages.missing) return newsletterMessages.missingTitle;
  if (message === newsletterMessages.limit) return newsletterMessages.limitTitle;
  return undefined;
}

export type Newsletter = {
  id: string;
  active: boolean;
  industry: string;
  regions: Region[];
  industryCategories: TrendTopic[];
  portfolio: { companyName: string; keywords: string[] }[];
  deliveryDay: Weekday;
  deliveryTime: string;
  frequency: Frequency;
  notificationEmail: string | null;
  lastChecked: string | null;
  updatedAt: string;
};

export type NewsletterResponse = { newsletter: Newsletter | null; defaultNotificationEmail: string };

/** A new form: inactive, USA, the default schedule, one empty company row to type into. */
export function newNewsletterForm(): NewsletterFormValues {
  return {
    active: false,
    industry: '',
    regions: [...DEFAULT_REGIONS],
    industryCategories: [],
    portfolio: [{ companyName: '', keywords: '' }],
    deliveryDay: DEFAULT_NEWSLETTER_SCHEDULE.delivery_day,
    deliveryTime: DEFAULT_NEWSLETTER_SCHEDULE.delivery_time,
    frequency: DEFAULT_NEWSLETTER_SCHEDULE.frequency,
    notificationEmail: '',
  };
}

/** A saved newsletter as form values (keywords back to comma-separated text). */
export function newsletterToForm(newsletter: Newsletter): NewsletterFormValues {
  return {
    active: newsletter.active,
    industry: newsletter.industry,
    regions: [...newsletter.regions],
    industryCategories: [...newsletter.industryCategories],
    portfolio: newsletter.portfolio.map((company) => ({ companyName: company.companyName, keywords: company.keywords.join(', ') })),
    deliveryDay: newsletter.deliveryDay,
    deliveryTime: newsletter.deliveryTime,
    frequency: newsletter.frequency,
    notificationEmail: newsletter.notificationEmail ?? '',
  };
}
