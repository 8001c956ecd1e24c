// Configuration comes only from the environment, parsed once here. A bad value stops start-up
// with one line that names the variable (see README "Configuration" for each one).
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .default(false);

// Addresses the web app links to or embeds: web addresses only (never javascript: or data:).
const optionalUrl = z
  .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })])
  .optional()
  .transform((v) => v || undefined);

/** A service's address, with the public one as default (tests and proxies stand in for it). */
const serviceUrl = (defaultUrl: string) => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default(defaultUrl);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number({ error: 'must be a port number (1-65535)' }).int().min(1).max(65535).default(3000),
  APP_URL: optionalUrl,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a starting process waits for an unreachable database before giving up. */
  DATABASE_STARTUP_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  DATA_DIR: z.string().min(1).default('data'),
  EMBEDDED_PG_PORT: z.coerce.number({ error: 'must be a port number (1-65535)' }).int().min(1).max(65535).default(54329),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: bool,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Enterprise OS <no-reply@localhost>'),
  INVITE_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(168),
  WAITLIST_URL: optionalUrl,
  POSTHOG_KEY: z.string().optional(),
  POSTHOG_HOST: z.url().default('https://us.i.posthog.com'),
  CLIENT_PORTAL_URL: optionalUrl,
  /** Success Center and footer: where users reach support and the company. Unset → shown as not configured. */
  SUPPORT_EMAIL: z
    .union([z.literal(''), z.email()])
    .optional()
    .transform((v) => v || undefined),
  SUPPORT_CHAT_URL: optionalUrl,
  SUPPORT_CHAT_NAME: z.string().min(1).default('WhatsApp'),
  COMPANY_LINKEDIN_URL: optionalUrl,
  /** The subscription shown in the Success Center (spec 02 §9). */
  PLAN_NAME: z.string().min(1).default('Tier 2: Professional'),
  PLAN_NEXT_TIER: z.string().min(1).default('Enterprise'),
  PLAN_AIR_GENERATIONS: z.coerce.number().int().min(0).max(1000).default(3),
  /** AIR report runs (starts and retries) per user that may fail or be running in 24 hours: failed runs give their credit back. */
  AIR_MAX_FAILED_PER_DAY: z.coerce.number().int().min(1).max(1000).default(5),
  /**
   * The AI provider (README "AI"). Unset everywhere → AI features answer 503 and say what to set.
   * `openai` is any OpenAI-compatible server (OpenAI, Ollama, vLLM, LM Studio) at AI_BASE_URL.
   */
  AI_PROVIDER: z
    .enum(['openai', 'anthropic', 'perplexity', ''])
    .optional()
    .transform((v) => v || undefined),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  AI_MODEL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(900).default(120),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** Per user, across every process: AI tasks running at once, and started per hour. */
  AI_USER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(2),
  AI_USER_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Where research retrieves documents. Each is a base URL so tests and proxies can stand in. */
  GOOGLE_NEWS_BASE_URL: serviceUrl('https://news.google.com'),
  GDELT_BASE_URL: serviceUrl('https://api.gdeltproject.org'),
  /**
   * The least time between two requests to the news services, per process. Unset: Google News 1 s and
   * GDELT 5 s on their own hosts (POLITE_INTERVALS_MS), nothing on a stand-in at another address.
   */
  GOOGLE_NEWS_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  GDELT_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  SEC_BASE_URL: serviceUrl('https://www.sec.gov'),
  SEC_DATA_BASE_URL: serviceUrl('https://data.sec.gov'),
  /** SEC EDGAR refuses requests without a declared User-Agent naming a contact (company and e-mail). */
  SEC_USER_AGENT: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** Optional earnings-call transcripts from Financial Modeling Prep. */
  FMP_API_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  FMP_BASE_URL: serviceUrl('https://financialmodelingprep.com'),
  /** The Nasdaq earnings calendar (no key): next earnings dates for the earnings alerts. */
  NASDAQ_BASE_URL: serviceUrl('https://api.nasdaq.com'),
  /** Optional keyed earnings calendar from Finnhub. */
  FINNHUB_API_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  FINNHUB_BASE_URL: serviceUrl('https://finnhub.io'),
  /** Social listening for AIR reports: the Hacker News search API by Algolia (open, no key). */
  HACKER_NEWS_BASE_URL: serviceUrl('https://hn.algolia.com'),
  /** Publishers' sites, where news articles are read: the least time between two requests to one site. */
  PUBLISHER_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Let publisher links reach loopback and private addresses: only for local fakes in tests, never in production. */
  PUBLISHER_ALLOW_PRIVATE_ADDRESSES: bool,
  /** Alert engine (worker role): alert runs one worker process handles at once. */
  ALERT_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(16),
  /**
   * News alerts are scanned and analysed this long before their slot, so that at the slot only the
   * commit and the e-mail remain (ADR 016); the e-mail says when its news was searched. 0: at the slot.
   */
  ALERT_PREPARE_MINUTES: z.coerce.number().int().min(0).max(180).default(30),
  /** Attempts per alert slot (sources or AI failing) before the slot is recorded as failed. */
  ALERT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** The first retry waits this long; each next one twice as long (with jitter). */
  ALERT_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** A worker that stops sending heartbeats (killed, frozen) for this long gives its alert runs back. */
  ALERT_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  /** How often the job supervisor looks for runs whose worker died. */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** After SIGTERM: how long open requests and running jobs may take before they are cut. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
  /** Sign-in and code attempts allowed per account, and per IP, in AUTH_LIMIT_WINDOW_MINUTES. */
  AUTH_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  AUTH_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  /** Code and reset-link e-mails per address in AUTH_LIMIT_WINDOW_MINUTES. */
  AUTH_MAX_EMAILS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  AUTH_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** A session ends this many days after sign-in, however active (it also ends after 7 idle days). */
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
});

type AiProvider = 'openai' | 'anthropic' | 'perplexity';

/** Every task the AI runs; AI_MODEL_<TASK> (upper case) overrides the model of one. */
const AI_TASKS = [
  'company_news',
  'trends',
  'earnings',
  'news_alert',
  'newsletter',
  'earnings_summary',
  'content_stats',
  'content_hooks',
  'content_post',
  'content_modify',
  'air_report',
] as const;
export type AiTask = (typeof AI_TASKS)[number];

/** A configured AI provider; `models` holds the per-task overrides (AI_MODEL_<TASK>, e.g. AI_MODEL_TRENDS). */
export type AiConfig = { provider: AiProvider; baseUrl?: string; apiKey?: string; model: string; models: Partial<Record<AiTask, string>> };

export type Config = z.infer<typeof envSchema> & {
  appUrl: string;
  production: boolean;
  ai: AiConfig | null;
  secUserAgent: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    // The value itself is never printed: it may be a secret or a URL with a password.
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is not valid'}.`);
  }
  const config = parsed.data;
  const production = config.NODE_ENV === 'production';
  if (production && !config.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid configuration: AUTH_SECRET is required when NODE_ENV=production (32+ random characters, e.g. `openssl rand -base64 32`).',
    );
  }
  if (production && !config.APP_URL) {
    throw new ConfigError('Invalid configuration: APP_URL is required when NODE_ENV=production (the public https:// address of the app).');
  }
  const appUrl = (config.APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const ai = aiConfig(config, env);
  const secUserAgent = config.SEC_USER_AGENT ?? `Enterprise OS ${config.SUPPORT_EMAIL ?? `operator@${new URL(appUrl).hostname}`}`;
  return { ...config, appUrl, production, ai, secUserAgent };
}

/** Nothing set → no AI (the features say so). Something set but not enough → stop with what is missing. */
function aiConfig(config: z.infer<typeof envSchema>, env: NodeJS.ProcessEnv): AiConfig | null {
  const models: Partial<Record<AiTask, string>> = {};
  for (const [key, value] of Object.entries(env)) {
    const name = /^AI_MODEL_([A-Z0-9_]+)$/.exec(key)?.[1];
    if (!name || !value) continue;
    const task = AI_TASKS.find((t) => t === name.toLowerCase());
    // A typo would silently leave the task on AI_MODEL: stop and say which names exist.
    if (!task) {
      const known = AI_TASKS.map((t) => `AI_MODEL_${t.toUpperCase()}`).join(', ');
      throw new ConfigError(`Invalid configuration: ${key} names no AI task. The per-task models are ${known}.`);
    }
    models[task] = value;
  }
  const anySet = config.AI_PROVIDER || config.AI_BASE_URL || config.AI_API_KEY || config.AI_MODEL || Object.keys(models).length > 0;
  if (!anySet) return null;
  const provider = config.AI_PROVIDER ?? 'openai';
  if (!config.AI_MODEL)
    throw new ConfigError('Invalid configuration: AI_MODEL is required when an AI provider is configured (e.g. gpt-4o-mini, llama3.1).');
  if (provider !== 'openai' && !config.AI_API_KEY)
    throw new ConfigError(`Invalid configuration: AI_API_KEY is required when AI_PROVIDER=${provider}.`);
  if (provider === 'openai' && !config.AI_BASE_URL && !config.AI_API_KEY)
    throw new ConfigError('Invalid configuration: set AI_API_KEY (for OpenAI) or AI_BASE_URL (for a local OpenAI-compatible server).');
  return { provider, baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL, models };
}
