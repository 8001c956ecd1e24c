// LinkedIn OS content creation (spec 02 §3 entities, §5 rules, §7 calls 1–4, §9 constants): the
// request schemas both sides validate with, the response schemas the screen checks answers with,
// and the small text helpers the screen and the server share.
import * as z from 'zod/mini';
import type { AiStatus } from './schemas.ts';

/**
 * Spec 02 §5 and §8 for content creation (/content-os), word for word. Kept here rather than in
 * messages.ts, which every page loads, so only the content screen's chunk carries them.
 */
export const contentMessages = {
  missingTitle: 'Missing Information',
  fillAllFields: 'Please fill in all fields',
  selectHookFirst: 'Please select a hook first',
  missingFormValues: 'Missing required form values',
  stats: {
    validationTitle: 'Validation Error',
    validationDescription: 'Trying alternative data sources...',
    rateLimited: 'Please wait a moment before generating more stats',
    invalidFormat: 'Invalid response format from analyze-metrics',
    failedTitle: 'Error',
    failed: 'Failed to generate market data. Please try again.',
    generated: 'Market data generated!',
    hint: 'Not happy with the stats? There might be limited data available.',
    placeholder: 'Generate real-time market data for your piece here',
  },
  hooks: {
    failedTitle: 'Error',
    failed: 'Failed to generate hooks',
  },
  draft: {
    badResponse: 'Bad response from the AI.. try again',
    authFailed: 'Authentication failed. Check your log-in status',
    notOk: 'Hmm.. hang on. Try again',
    missingFields: 'You gotta fill in all the required fields',
    unknown: 'Content generation failed for some reason',
    generated: 'Content generated',
    selectFailedTitle: 'Error',
    selectFailed: 'Failed to select hook',
  },
  copy: {
    done: 'Got it!',
    failedTitle: 'Error',
    failed: "Hmm.. something's wrong",
  },
  edit: {
    savedTitle: 'Got it!',
    saved: 'Content updated',
  },
  modify: {
    savedTitle: 'Got it!',
    saved: 'Changes saved',
    failed: 'Failed to save changes',
  },
  ctaTitle: 'Finish up your piece: which CTA feels right?',
} as const;

export const HOOK_CATEGORIES = [
  'Problem Solution',
  'Curiosity Based',
  'Social Proof',
  'Personal Story',
  'Thought Leadership',
  'ROI Value Proposition',
  'Market Trend',
  'Credibility Building',
  'Contrarian',
  'Question',
  'Listicle Opener',
] as const;
export type HookCategory = (typeof HOOK_CATEGORIES)[number];

/** The five calls-to-action a draft comes with (spec 02 §3 "Post draft"), in display order. */
export const CTA_KINDS = ['engagement', 'directResponse', 'resourceAccess', 'meetingBooking', 'networkBuilding'] as const;
export type CtaKind = (typeof CTA_KINDS)[number];
export const ctaLabels: Record<CtaKind, string> = {
  engagement: 'Engagement',
  directResponse: 'Direct Response',
  resourceAccess: 'Resource Access',
  meetingBooking: 'Meeting Booking',
  networkBuilding: 'Network Building',
};

export const MODIFICATIONS = ['shorter', 'longer', 'simpler', 'professional', 'casual'] as const;
export type Modification = (typeof MODIFICATIONS)[number];
export const modificationLabels: Record<Modification, string> = {
  shorter: 'Shorter',
  longer: 'Longer',
  simpler: 'Simpler',
  professional: 'More professional',
  casual: 'More casual',
};

// Limits. Who/What/Why are a line each (Who may be several industries joined with commas).
export const CONTENT_FIELD_MAX_LENGTH = 500;
export const HOOK_MAX_LENGTH = 1_000;
export const POST_MAX_LENGTH = 10_000;
const STATISTIC_MAX_LENGTH = 600;
export const PREVIOUS_STATS_MAX = 60;

// Spec 02 §8–§9 timings and counts.
export const STATS_MAX_ATTEMPTS = 3;
export const STATS_RETRY_DELAYS_MS = [1_000, 2_000] as const;
export const STATS_HINT_AFTER = 4;
export const CONTENT_TOAST_MS = 1_500;
export const HOOKS_SCROLL_DELAY_MS = 100;
export const TIP_INTERVAL_MS = 8_000;

export const CONTENT_API = {
  status: '/api/content/status',
  analyzeMetrics: '/api/content/analyze-metrics',
  generateHooks: '/api/content/generate-hooks',
  postBuilder: '/api/content/post-builder',
  modifyContent: '/api/content/modify-content',
} as const;

const fill = contentMessages.fillAllFields;
const tooLong = (max: number) => `Must be at most ${max} characters.`;
const requiredText = (max: number, message: string = fill) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong(max)));
/** Text with something besides spaces in it, kept as it was sent. */
const someText = z.string().check(z.refine((text) => text.trim() !== ''));
const webAddress = z
  .string({ error: 'A source must be a web address.' })
  .check(z.trim(), z.maxLength(2_048), z.regex(/^https?:\/\/\S+$/i, 'A source must be a web address.'));

/** Who / What / Why and the hook category: all four required (spec 02 §5). */
const contentInputsShape = {
  hookCategory: z.enum(HOOK_CATEGORIES, fill),
  audience: requiredText(CONTENT_FIELD_MAX_LENGTH),
  solution: requiredText(CONTENT_FIELD_MAX_LENGTH),
  valueProposition: requiredText(CONTENT_FIELD_MAX_LENGTH),
};
const contentInputsSchema = z.strictObject(contentInputsShape);
export type ContentInputs = z.output<typeof contentInputsSchema>;

/** A statistic and the web address of the article it comes from; publisher names that article's site. */
export const statSchema = z.object({
  statistic: z.string().check(z.trim(), z.minLength(1, 'A statistic cannot be empty.'), z.maxLength(STATISTIC_MAX_LENGTH)),
  source: webAddress,
  publisher: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
});
export type Stat = { statistic: string; source: string; publisher?: string | null };

// 1. analyze-metrics. `attempt` (0–2) is the client's retry: each one searches other sources.
export const analyzeMetricsRequestSchema = z.strictObject({
  ...contentInputsShape,
  generationCount: z._default(z.number().check(z.int(), z.minimum(0), z.maximum(10_000)), 0),
  previousStats: z._default(z.array(statSchema).check(z.maxLength(PREVIOUS_STATS_MAX)), []),
  attempt: z._default(z.number().check(z.int(), z.minimum(0), z.maximum(STATS_MAX_ATTEMPTS - 1)), 0),
});
export type AnalyzeMetricsRequest = z.input<typeof analyzeMetricsRequestSchema>;
export type AnalyzeMetricsQuery = z.output<typeof analyzeMetricsRequestSchema>;
export type AnalyzeMetricsResponse = { data: Stat[] };
/**
 * A non-empty list of statistic and source (spec 02 §7 call 1); an empty one would clear the stats
 * on screen and still say success. The texts are shown as sent (links only for http(s)); the
 * publisher only names the site, so one that is not text reads as none rather than losing the stats.
 */
export const analyzeMetricsResponseSchema: z.ZodMiniType<AnalyzeMetricsResponse> = z.object({
  data: z
    .array(z.object({ statistic: z.string(), source: z.string(), publisher: z.catch(z.nullable(z.string()), null) }))
    .check(z.minLength(1)),
});

// 2. generate-hooks
export const generateHooksRequestSchema = z.strictObject({
  inputs: contentInputsSchema,
  marketData: z._default(z.nullable(statSchema), null),
});
export type GenerateHooksRequest = z.input<typeof generateHooksRequestSchema>;
export type GenerateHooksQuery = z.output<typeof generateHooksRequestSchema>;
export type GenerateHooksResponse = { hooks: string[] };
export const generateHooksResponseSchema: z.ZodMiniType<GenerateHooksResponse> = z.object({ hooks: z.array(z.string()) });

// 3. post-builder
export const postBuilderRequestSchema = z.strictObject({
  hook: requiredText(HOOK_MAX_LENGTH, contentMessages.selectHookFirst),
  inputs: z.strictObject({ ...contentInputsShape, marketData: z._default(z.nullable(statSchema), null) }),
});
export type PostBuilderRequest = z.input<typeof postBuilderRequestSchema>;
export type PostBuilderQuery = z.output<typeof postBuilderRequestSchema>;
export type CtaOptions = Record<CtaKind, string>;
export type PostBuilderResponse = { content: string; ctaOptions: CtaOptions };
/** The draft and every one of the five CTA texts, none blank (spec 02 §7 call 3: both required). */
export const postBuilderResponseSchema: z.ZodMiniType<PostBuilderResponse> = z.object({
  content: someText,
  ctaOptions: z.object(Object.fromEntries(CTA_KINDS.map((kind) => [kind, someText])) as Record<CtaKind, typeof someText>),
});

// 4. modify-content
export const modifyContentRequestSchema = z.strictObject({
  content: requiredText(POST_MAX_LENGTH, 'There is no content to change.'),
  modification: z.enum(MODIFICATIONS, `Choose one of: ${MODIFICATIONS.join(', ')}.`),
});
export type ModifyContentRequest = z.input<typeof modifyContentRequestSchema>;
export type ModifyContentResponse = { modifiedContent: string };
/** A rewrite with nothing in it is a failure: the draft on screen stays (spec 02 §4). */
export const modifyContentResponseSchema: z.ZodMiniType<ModifyContentResponse> = z.object({ modifiedContent: someText });

/** Whether AI is configured, for the screen's banner (same shape as research's status). */
export type ContentStatus = AiStatus;
export const contentStatusSchema: z.ZodMiniType<ContentStatus> = z.union([
  z.object({ configured: z.literal(true), model: z.string() }),
  z.object({ configured: z.literal(false), message: z.string() }),
]);

/** '1. Hook', '2) Hook', '- Hook' → 'Hook' (spec 02 §3: leading numbering is stripped for display). */
export const stripHookNumbering = (hook: string) =>
  hook
    .trim()
    .replace(/^(?:\(?\d{1,2}[.):-]|[-•*])\s+/, '')
    .trim();

/** A draft's paragraphs: separated by a blank line (spec 02 §3). */
export const draftParagraphs = (content: string) =>
  content
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter(Boolean);

export const joinParagraphs = (paragraphs: string[]) => paragraphs.join('\n\n');

/** What Copy puts on the clipboard: the draft, a blank line, then the chosen CTA if any (spec 02 §4). */
export const copyText = (draft: string, cta: string | null | undefined) =>
  cta?.trim() ? `${draft.trim()}\n\n${cta.trim()}` : draft.trim();
