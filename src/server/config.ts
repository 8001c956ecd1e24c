// Configuration comes only from the environment, parsed once here, whole, before anything starts:
// every problem stops start-up, all reported at once, one line each naming its variable (see
// README "Configuration" for each one).
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { DEFAULT_LIBRARY_RETENTION_DAYS } from '../shared/library.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .default(false);

// Addresses the web app links to or embeds: web addresses only (never javascript: or data:).
const optionalUrl = z
  .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })])
  .optional()
  .transform((v) => v || undefined);

/**
 * Which proxies in front of the web role may say who the client is (X-Forwarded-For, read by
 * proxy-addr): false, none (the socket's address); true, one proxy whatever its address (the last
 * hop); a number of proxies in a chain; or a comma-separated list of the proxies' addresses and
 * subnets (`loopback`, `linklocal` and `uniquelocal` name those ranges), the client being the
 * nearest address not in the list. Entries a client writes itself are never believed.
 */
export type TrustProxy = boolean | number | string[];

const trustProxy = z
  .string()
  .default('')
  .transform((value, ctx): TrustProxy => {
    const v = value.trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true' || v === '1') return true;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    const addresses = v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    try {
      proxyaddr.compile(addresses);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be true, false, a number of proxies, or their addresses and subnets' });
    }
    return addresses;
  });

/** A service's address, with the public one as default (tests and proxies stand in for it). */
const serviceUrl = (defaultUrl: string) => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default(defaultUrl);

/** DATABASE_URL's value that asks for the embedded PostgreSQL (production runs it only when asked). */
const EMBEDDED = 'embedded';

/**
 * A server's address as pg and nodemailer read it, checked in full at start-up: a bad port would
 * otherwise surface as a stack trace (pg) or as every mail failing (nodemailer takes 99999). pg also
 * takes a socket directory as `?host=`. Messages never quote the value: it may hold a password.
 */
const serviceAddress = (schemes: readonly string[]) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const problem = addressProblem(value, schemes);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
      return value;
    });

/** A service address in parts, as written (scheme://[userinfo@]host[:port]rest), or null when it has no scheme://. */
function splitAddress(value: string) {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/is.exec(value);
  if (!match) return null;
  const [, scheme, authority, rest] = match as unknown as [string, string, string, string];
  const at = authority.lastIndexOf('@');
  const [, host = '', port = ''] = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/s.exec(authority.slice(at + 1)) ?? [];
  return { scheme: scheme.toLowerCase(), userinfo: authority.slice(0, at + 1), host, port, rest };
}

function addressProblem(value: string, schemes: readonly string[]): string | undefined {
  const address = splitAddress(value);
  if (!address || !schemes.includes(address.scheme)) return `must start with ${schemes.map((s) => `${s}://`).join(' or ')}`;
  const { scheme, userinfo, host, port, rest } = address;
  if (port && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535))
    return 'has a port that is not a number from 1 to 65535';
  if (!host && !socketDirectory(rest)) return 'names no host';
  try {
    new URL(`${scheme}://${userinfo}${host || 'localhost'}${port ? `:${port}` : ''}${rest}`);
  } catch {
    return 'is not a valid URL';
  }
  return undefined;
}

/** pg's `?host=/run/postgresql`: a socket directory instead of a host. */
const socketDirectory = (rest: string) => new URLSearchParams(rest.split('#')[0]!.split('?')[1] ?? '').get('host');

/** Where a (checked) service address points, for the operator: host:port and path, never the user or password. */
export function addressLocation(value: string, defaultPort: number): string {
  const address = splitAddress(value);
  if (!address) return 'an invalid address';
  const host = address.host || socketDirectory(address.rest) || 'localhost';
  return `${host}:${address.port || defaultPort}${address.rest.split(/[?#]/)[0]}`;
}

const price = z.number().min(0).max(100_000);
const aiPrices = z
  .string()
  .optional()
  .transform((value, ctx): Record<string, { input: number; output: number }> => {
    if (!value?.trim()) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON: {"<model>":{"input":<USD per 1M tokens>,"output":<USD per 1M tokens>}}' });
      return z.NEVER;
    }
    const table = z.record(z.string().min(1), z.object({ input: price, output: price }).strict()).safeParse(parsed);
    if (!table.success) {
      ctx.addIssue({ code: 'custom', message: 'must map each model to {"input":<USD per 1M tokens>,"output":<USD per 1M tokens>}' });
      return z.NEVER;
    }
    return table.data;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number({ error: 'must be a port number (1-65535)' }).int().min(1).max(65535).default(3000),
  APP_URL: optionalUrl,
  /** A postgres:// URL, or `embedded` for the embedded PostgreSQL (unset means embedded too, outside production). */
  DATABASE_URL: z.preprocess((v) => (v === EMBEDDED ? undefined : v), serviceAddress(['postgres', 'postgresql'])),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a starting process waits for an unreachable database before giving up. */
  DATABASE_STARTUP_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  DATA_DIR: z.string().min(1).default('data'),
  EMBEDDED_PG_PORT: z.coerce.number({ error: 'must be a port number (1-65535)' }).int().min(1).max(65535).default(54329),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: trustProxy,
  SMTP_URL: serviceAddress(['smtp', 'smtps']),
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
  /** Days an item stays in a user's library (issue 27) unless they delete it first; housekeeping removes older ones. */
  LIBRARY_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(DEFAULT_LIBRARY_RETENTION_DAYS),
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
  /**
   * What the models cost, for the operator console and the metrics: JSON, model name → US dollars
   * per million input and output tokens, e.g. {"gpt-4o-mini":{"input":0.15,"output":0.6}}. A model
   * missing from it is shown with its tokens and no cost.
   */
  AI_PRICES: aiPrices,
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
  /**
   * Trigger events (issue 31): how often EDGAR's latest-filings feeds are read (one worker polls per
   * period, whatever the number of workers); 0 turns the poller off.
   */
  TRIGGER_EDGAR_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * Trigger events from the news: the whole watch list is searched once per period, in batches of
   * companies (one worker per period, always in the same order, so a company's gap between searches
   * is the period); 0 turns it off. 870 s, not 900: passes start at a fixed rate, and a timer's few
   * milliseconds to seconds of lateness must not make a gap longer than issue 31's 15 minutes.
   */
  TRIGGER_NEWS_POLL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(870),
  /**
   * Trigger events from earnings-date moves: how often the moves the earnings checks found are told
   * (one worker per period; the checks themselves run every 15 minutes per tracking); 0 turns it off.
   */
  TRIGGER_EARNINGS_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
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
  /**
   * The ops listener (README "Metrics and health"): /metrics, /healthz and /readyz on a port of
   * their own, for every role (the worker's health endpoint). Unset: no listener.
   */
  METRICS_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: 'must be a port number (1-65535)' }).int().min(1).max(65535).optional(),
  ),
  /** Loopback by default: the metrics are not public unless the operator says so. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** When set, /metrics asks for `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, 'must be at least 16 characters (e.g. `openssl rand -hex 24`)').optional()),
  /** json: one JSON object per line, for a log collector; pretty: the same as a readable line. Unset: json in production only. */
  LOG_FORMAT: z
    .enum(['json', 'pretty', ''])
    .optional()
    .transform((v) => v || undefined),
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
  /** Every user must sign in with a second factor (an authenticator app or a passkey); those without one enrol at their next sign-in. */
  REQUIRE_TWO_FACTOR: bool,
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
  'wolfebot',
  'trigger',
] as const;
export type AiTask = (typeof AI_TASKS)[number];

/** A configured AI provider; `models` holds the per-task overrides (AI_MODEL_<TASK>, e.g. AI_MODEL_TRENDS). */
export type AiConfig = { provider: AiProvider; baseUrl?: string; apiKey?: string; model: string; models: Partial<Record<AiTask, string>> };

export type Config = z.infer<typeof envSchema> & {
  LOG_FORMAT: 'json' | 'pretty';
  appUrl: string;
  production: boolean;
  ai: AiConfig | null;
  secUserAgent: string;
  /** Unknown names that look like ours but may belong to something else (start-up prints them). */
  warnings: string[];
};

/** Every problem of the environment, one line each, naming the variable (never its value). */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      problems.length === 1
        ? `Invalid configuration: ${problems[0]}`
        : `Invalid configuration (${problems.length} problems):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.problems = problems;
  }
}

/** Reads the whole environment and reports everything wrong with it at once, before anything starts. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const set = (name: string) => Boolean(env[name]);
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')} ${issue.message}.`);
  if (env.NODE_ENV === 'production') {
    if (!set('AUTH_SECRET'))
      problems.push(
        'AUTH_SECRET is required when NODE_ENV=production (32+ random characters, e.g. `openssl rand -base64 32`, kept in the environment file: README, Production).',
      );
    if (!set('APP_URL')) problems.push('APP_URL is required when NODE_ENV=production (the public https:// address of the app).');
    // An unset or misspelt DATABASE_URL would otherwise start an empty embedded database and serve it.
    if (!set('DATABASE_URL'))
      problems.push(
        `DATABASE_URL is required when NODE_ENV=production (a postgres:// URL, or DATABASE_URL=${EMBEDDED} for the embedded PostgreSQL under DATA_DIR).`,
      );
    if (env.PUBLISHER_ALLOW_PRIVATE_ADDRESSES === 'true' || env.PUBLISHER_ALLOW_PRIVATE_ADDRESSES === '1')
      problems.push('PUBLISHER_ALLOW_PRIVATE_ADDRESSES=true is for tests against local fakes and is refused when NODE_ENV=production.');
  }
  const ai = aiSettings(env, problems);
  const warnings = unknownNames(env, problems);
  if (parsed.success) metricsProblems(parsed.data, problems, warnings);
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const config = parsed.data;
  const appUrl = (config.APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const secUserAgent = config.SEC_USER_AGENT ?? `Enterprise OS ${config.SUPPORT_EMAIL ?? `operator@${new URL(appUrl).hostname}`}`;
  return {
    ...config,
    appUrl,
    production: config.NODE_ENV === 'production',
    LOG_FORMAT: config.LOG_FORMAT ?? (config.NODE_ENV === 'production' ? 'json' : 'pretty'),
    ai: ai && { ...ai, baseUrl: config.AI_BASE_URL },
    secUserAgent,
    warnings,
  };
}

/** Every variable the product reads (README, Configuration, lists each). */
export const KNOWN_NAMES = [...Object.keys(envSchema.shape), ...AI_TASKS.map((t) => `AI_MODEL_${t.toUpperCase()}`)];
/** The beginnings of our names: another name that starts so is probably meant for us. */
const OUR_PREFIXES = [
  'AI_',
  'DATABASE_',
  'SMTP_',
  'AUTH_',
  'ALERT_',
  'PUBLISHER_',
  'EMBEDDED_',
  'SESSION_',
  'MAIL_',
  'PLAN_',
  'SUPPORT_',
  'METRICS_',
];

/** The ops listener's port must be its own; metrics reachable beyond this machine without a token are worth a warning. */
function metricsProblems(config: z.infer<typeof envSchema>, problems: string[], warnings: string[]) {
  if (config.METRICS_PORT === undefined) return;
  if (config.ROLE !== 'worker' && config.METRICS_PORT === config.PORT)
    problems.push(`METRICS_PORT must differ from PORT (${config.PORT}): the metrics have a listener of their own.`);
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(config.METRICS_HOST) || config.METRICS_HOST.startsWith('127.');
  if (!loopback && !config.METRICS_TOKEN)
    warnings.push(
      `METRICS_HOST=${config.METRICS_HOST} without METRICS_TOKEN: whoever reaches port ${config.METRICS_PORT} there reads the metrics (set METRICS_TOKEN, or firewall the port).`,
    );
}

/** The setting `name` probably means: the same but for case, or a letter or two off (more for longer names). */
function nearestName(name: string, candidates = KNOWN_NAMES): string | undefined {
  const upper = name.toUpperCase();
  const allowed = upper.length >= 8 ? 2 : 1;
  let best: { name: string; distance: number } | undefined;
  for (const known of candidates) {
    const distance = editDistance(upper, known);
    if (distance <= allowed && (!best || distance < best.distance)) best = { name: known, distance };
  }
  return best?.name;
}

/**
 * A misspelt setting is otherwise silently ignored (DATABSE_URL: the embedded database starts).
 * A near-miss that is surely one of our names stops start-up (a looser one is a warning); another name with one of our prefixes (e.g. a
 * Kubernetes service link, SMTP_SERVICE_HOST) is only a warning; the rest of the environment is not ours.
 */
function unknownNames(env: NodeJS.ProcessEnv, problems: string[]): string[] {
  const warnings: string[] = [];
  for (const name of Object.keys(env)) {
    if (name.length < 4 || KNOWN_NAMES.includes(name) || /^AI_MODEL_/.test(name)) continue;
    const meant = nearestName(name);
    if (meant) {
      const said = `${name} is not a setting of Enterprise OS: did you mean ${meant}?`;
      // Only a name that is surely ours misspelt stops start-up; API_URL, SITE_URL or EMAIL_FROM are
      // near APP_URL, SMTP_URL and MAIL_FROM too, and are other programs' settings in shared environments.
      if (surelyOurs(name, meant)) problems.push(said);
      else warnings.push(`${said} It is ignored.`);
      continue;
    }
    const prefix = OUR_PREFIXES.find((p) => name.toUpperCase().startsWith(p));
    if (prefix) {
      const ours = KNOWN_NAMES.filter((n) => n.startsWith(prefix) && !n.startsWith('AI_MODEL_'));
      warnings.push(`${name} is not a setting of Enterprise OS (the ${prefix} settings are ${ours.join(', ')}); it is ignored.`);
    }
  }
  return warnings;
}

/**
 * A near-miss that can only be ours: our name but for case, or with our name's first word (AI_MODLE,
 * SMTP_ULR), or a long first word one letter off it (DATABSE_URL).
 */
function surelyOurs(name: string, meant: string): boolean {
  const upper = name.toUpperCase();
  if (upper === meant) return true;
  const [first = '', ours = ''] = [upper.split('_')[0], meant.split('_')[0]];
  return first === ours || (ours.length >= 6 && editDistance(first, ours) <= 1);
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The AI provider from the raw environment (its values are checked by the schema). Nothing set → no
 * AI (the features say so); something set but not enough → a problem saying what is missing.
 */
function aiSettings(env: NodeJS.ProcessEnv, problems: string[]): Omit<AiConfig, 'baseUrl'> | null {
  const value = (name: string) => env[name] || undefined;
  const models: Partial<Record<AiTask, string>> = {};
  for (const [key, model] of Object.entries(env)) {
    const name = /^AI_MODEL_([A-Za-z0-9_]+)$/.exec(key)?.[1];
    if (!name || !model) continue;
    const task = AI_TASKS.find((t) => t === name.toLowerCase());
    // A typo would silently leave the task on AI_MODEL: say which names exist.
    if (!task) {
      const known = AI_TASKS.map((t) => `AI_MODEL_${t.toUpperCase()}`);
      const meant = nearestName(key, known);
      problems.push(`${key} names no AI task${meant ? `: did you mean ${meant}?` : '.'} The per-task models are ${known.join(', ')}.`);
      continue;
    }
    models[task] = model;
  }
  const anySet = ['AI_PROVIDER', 'AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'].some(value) || Object.keys(models).length > 0;
  if (!anySet) return null;
  const provider = (value('AI_PROVIDER') ?? 'openai') as AiProvider;
  const model = value('AI_MODEL');
  const apiKey = value('AI_API_KEY');
  const before = problems.length;
  if (!model) problems.push('AI_MODEL is required when an AI provider is configured (e.g. gpt-4o-mini, llama3.1).');
  if ((provider === 'anthropic' || provider === 'perplexity') && !apiKey)
    problems.push(`AI_API_KEY is required when AI_PROVIDER=${provider}.`);
  if (provider === 'openai' && !value('AI_BASE_URL') && !apiKey)
    problems.push(
      'AI_API_KEY or AI_BASE_URL is required for AI_PROVIDER=openai: set AI_API_KEY (for OpenAI) or AI_BASE_URL (for a local OpenAI-compatible server).',
    );
  return problems.length > before || !model ? null : { provider, apiKey, model, models };
}
