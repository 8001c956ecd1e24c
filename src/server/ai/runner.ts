// Every AI feature runs through here (DESIGN §5 "AI"): a task is a zod schema, a prompt and the
// configured provider. `run(user, task, work)` is the one way to use it: it checks that AI is
// configured and that the user is within their limits (counted in ai_usage, so every process
// agrees), lets `work` call `generate` — output that fits the schema: the SDK retries 429 and 5xx
// with backoff, each call has a timeout, and an answer that does not fit gets exactly one repair
// attempt — and records the outcome and tokens however `work` ends. A route that must refuse
// before it starts streaming calls `begin` first and `use` inside the stream: the same sequence.
import {
  APICallError,
  generateText,
  type LanguageModel,
  type ModelMessage,
  NoObjectGeneratedError,
  Output,
  RetryError,
  streamText,
} from 'ai';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import type { AiStatus } from '../../shared/schemas.ts';
import type { AiConfig, AiTask, Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { aiUsage } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { errorMessage, log } from '../lib/log.ts';
import { observeAiRun } from '../lib/metrics.ts';
import { createModelFactory, modelIdFor } from './models.ts';
import { costOf, type PriceTable } from './prices.ts';

type AiLimits = { concurrency: number; perHour: number; timeoutMs: number; maxRetries: number };

export const aiNotConfigured = () => new AppError('ai_not_configured', messages.errors.aiNotConfigured);
/** The caller went away (page closed, Cancel): recorded as such, never as a failure of ours. */
const aiCancelled = () => new AppError('cancelled', 'The analysis was cancelled.');

export function aiStatus(ai: AiRunner, task: AiTask): AiStatus {
  const model = ai.modelFor(task);
  return model ? { configured: true, model } : { configured: false, message: aiNotConfigured().message };
}

/**
 * A failed AI request as the API answers it: our own errors as they are, a caller that went away
 * as cancelled, a database out of reach as unavailable (503, as every other route answers it),
 * anything else logged and answered as an internal error.
 */
export function aiRequestError(err: unknown, signal: AbortSignal, task: AiTask): AppError {
  if (err instanceof AppError) return err;
  if (signal.aborted) return aiCancelled();
  if (isDatabaseUnavailable(err)) return new AppError('database_unavailable', messages.errors.databaseUnavailable);
  log.error('ai request failed', { task, error: errorMessage(err) });
  return new AppError('internal', messages.errors.internal);
}

/** What a model call produced: the checked output, and the URLs the provider itself cited (Perplexity). */
export type Generation<T> = { output: T; citations: string[] };

export type GenerateRequest<T> = {
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  signal?: AbortSignal;
  /** A bound on what one answer may cost (text in a document can ask the model to ramble). */
  maxOutputTokens?: number;
};

const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

export type StreamRequest = {
  system: string;
  prompt: string;
  signal?: AbortSignal;
  maxOutputTokens?: number;
  /** Each piece of text as the provider sends it. */
  onText: (delta: string) => void;
};

type Usage = { inputTokens?: number; outputTokens?: number } | undefined;

export class AiRun {
  readonly id: string;
  readonly task: AiTask;
  readonly provider: string;
  readonly model: string;
  private readonly languageModel: LanguageModel;
  private readonly limits: AiLimits;
  private readonly db: Database;
  private calls = 0;
  private inputTokens = 0;
  private outputTokens = 0;
  private ended = false;
  private readonly startedAt = performance.now();
  private readonly prices: PriceTable;

  constructor(init: {
    id: string;
    task: AiTask;
    ai: AiConfig;
    languageModel: LanguageModel;
    limits: AiLimits;
    db: Database;
    prices?: PriceTable;
  }) {
    this.id = init.id;
    this.task = init.task;
    this.provider = init.ai.provider;
    this.model = modelIdFor(init.ai, init.task);
    this.languageModel = init.languageModel;
    this.limits = init.limits;
    this.db = init.db;
    this.prices = init.prices ?? {};
  }

  /**
   * Runs `work` in this run and records how it ended, whatever happens: success, an error (as its
   * code; a caller that went away as cancelled), and the tokens. The error is rethrown as it was,
   * for the caller to classify (an alert's retry, a route's HTTP answer).
   */
  async use<T>(work: (run: AiRun) => Promise<T>, signal?: AbortSignal): Promise<T> {
    let result: T;
    try {
      result = await work(this);
    } catch (err) {
      await this.end(err instanceof AppError || !signal?.aborted ? err : aiCancelled());
      throw err;
    }
    await this.end();
    return result;
  }

  async generate<T>(request: GenerateRequest<T>): Promise<Generation<T>> {
    const first: ModelMessage[] = [{ role: 'user', content: request.prompt }];
    try {
      return await this.call(request, first);
    } catch (err) {
      if (!NoObjectGeneratedError.isInstance(err)) throw this.toAppError(err, request.signal);
      // One repair attempt: show the model its answer and what was wrong with it.
      log.warn('ai output did not fit the schema; asking for a repair', { task: this.task, model: this.model, reason: reasonOf(err) });
      const repair: ModelMessage[] = [
        ...first,
        { role: 'assistant', content: err.text ?? '' },
        {
          role: 'user',
          content: `That answer is not valid for the required JSON schema (${reasonOf(err)}). Reply again with only the corrected JSON object.`,
        },
      ];
      try {
        return await this.call(request, repair);
      } catch (second) {
        if (NoObjectGeneratedError.isInstance(second)) {
          throw new AppError('ai_invalid_output', "The AI's answer did not match the expected format, even after a repair attempt.");
        }
        throw this.toAppError(second, request.signal);
      }
    }
  }

  /**
   * Plain text, streamed: `onText` gets each piece as it arrives; the whole text is returned at the
   * end. Counted like `generate` (one call, its tokens); a provider failure, before or during the
   * stream, is thrown as the API's error.
   */
  async stream(request: StreamRequest): Promise<string> {
    this.calls += 1;
    let text = '';
    try {
      const result = streamText({
        model: this.languageModel,
        system: request.system,
        prompt: request.prompt,
        maxRetries: this.limits.maxRetries,
        timeout: this.limits.timeoutMs,
        abortSignal: request.signal,
        maxOutputTokens: request.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
        temperature: 0.2,
        // Errors arrive as parts of the stream below; without a handler the SDK would print them too.
        onError: () => {},
      });
      for await (const part of result.stream) {
        if (part.type === 'text-delta') {
          text += part.text;
          request.onText(part.text);
        } else if (part.type === 'finish') {
          this.count(part.totalUsage);
        } else if (part.type === 'error') {
          throw part.error;
        } else if (part.type === 'abort') {
          throw aiCancelled();
        }
      }
    } catch (err) {
      throw this.toAppError(err, request.signal);
    }
    return text;
  }

  private async call<T>(request: GenerateRequest<T>, promptMessages: ModelMessage[]): Promise<Generation<T>> {
    this.calls += 1;
    try {
      const result = await generateText({
        model: this.languageModel,
        system: request.system,
        messages: promptMessages,
        output: Output.object({ schema: request.schema }),
        maxRetries: this.limits.maxRetries,
        timeout: this.limits.timeoutMs,
        abortSignal: request.signal,
        maxOutputTokens: request.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
        temperature: 0.2,
      });
      this.count(result.usage);
      const citations = result.sources.flatMap((source) => (source.sourceType === 'url' ? [source.url] : []));
      return { output: result.output as T, citations };
    } catch (err) {
      if (NoObjectGeneratedError.isInstance(err)) this.count(err.usage);
      throw err;
    }
  }

  private count(usage: Usage) {
    this.inputTokens += usage?.inputTokens ?? 0;
    this.outputTokens += usage?.outputTokens ?? 0;
  }

  /** Provider failures as the API's errors; the provider's own words go to the log, not to the user. */
  private toAppError(err: unknown, signal?: AbortSignal): AppError {
    if (err instanceof AppError) return err;
    if (signal?.aborted) return aiCancelled();
    const last = RetryError.isInstance(err) ? err.lastError : err;
    if (isTimeout(last) || isTimeout(err)) {
      return new AppError('ai_timeout', `The AI provider did not answer within ${Math.round(this.limits.timeoutMs / 1000)} seconds.`);
    }
    if (APICallError.isInstance(last)) {
      const status = last.statusCode;
      log.warn('ai provider call failed', { task: this.task, model: this.model, status, error: last.message.slice(0, 300) });
      if (status === 429) return new AppError('ai_rate_limited', 'The AI provider is rate limiting requests (429). Try again in a minute.');
      if (status === 401 || status === 403)
        return new AppError('ai_unavailable', `The AI provider refused the credentials (${status}). An operator checks AI_API_KEY.`);
      if (status === 404) return new AppError('ai_unavailable', `The AI provider does not know the model "${this.model}" (404).`);
      if (status) return new AppError('ai_unavailable', `The AI provider failed to answer (${status}). Try again shortly.`);
      return new AppError('ai_unavailable', 'The AI provider could not be reached. Try again shortly.');
    }
    log.error('ai call failed', { task: this.task, model: this.model, error: errorMessage(err) });
    return new AppError('ai_unavailable', 'The AI provider could not be reached. Try again shortly.');
  }

  /** Records the outcome; safe to call more than once (only the first counts). */
  private async end(error?: unknown) {
    if (this.ended) return;
    this.ended = true;
    observeAiRun({
      task: this.task,
      status: error ? 'failed' : 'succeeded',
      seconds: (performance.now() - this.startedAt) / 1000,
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
      costUsd: costOf(this.prices, this.model, this.inputTokens, this.outputTokens),
    });
    await this.db
      .update(aiUsage)
      .set({
        status: error ? 'failed' : 'succeeded',
        errorCode: error ? (error instanceof AppError ? error.code : 'internal') : null,
        calls: this.calls,
        inputTokens: this.inputTokens,
        outputTokens: this.outputTokens,
        finishedAt: new Date(),
      })
      .where(eq(aiUsage.id, this.id))
      .catch((err) => log.error('could not record ai usage', { error: errorMessage(err) }));
  }
}

const isTimeout = (err: unknown) => err instanceof Error && (err.name === 'TimeoutError' || /timed? ?out/i.test(err.message));

function reasonOf(err: NoObjectGeneratedError) {
  const cause = err.cause instanceof Error ? err.cause.message : err.message;
  return cause.replace(/\s+/g, ' ').slice(0, 400);
}

type RunOptions = {
  /**
   * `background` runs (the alert engine) are recorded like any other but not held to the
   * interactive per-user limits: the worker's own concurrency bounds them, and a user's six alerts
   * due at 9:00 must not be refused, nor use up the hour of research they came in for.
   */
  background?: boolean;
  /** The caller's cancellation: a failure after it is recorded as cancelled. */
  signal?: AbortSignal;
};

export type AiRunner = {
  configured: boolean;
  /** The model a task would use, for the status endpoint; null without a provider. */
  modelFor(task: AiTask): string | null;
  /** Starts a run, or refuses (not configured, over the user's limits) before any work. */
  begin(userId: string, task: AiTask, options?: RunOptions): Promise<AiRun>;
  /** `begin`, then `work` inside the run (AiRun.use): the one way to use the model. */
  run<T>(userId: string, task: AiTask, work: (run: AiRun) => Promise<T>, options?: RunOptions): Promise<T>;
};

function limitsFromConfig(config: Config): AiLimits {
  return {
    concurrency: config.AI_USER_CONCURRENCY,
    perHour: config.AI_USER_REQUESTS_PER_HOUR,
    timeoutMs: config.AI_TIMEOUT_SECONDS * 1000,
    maxRetries: config.AI_MAX_RETRIES,
  };
}

export function createAiRunner(config: Config, db: Database): AiRunner {
  const ai = config.ai;
  const limits = limitsFromConfig(config);
  const modelFor = ai ? createModelFactory(ai) : null;
  // A run still marked 'running' after this long belongs to a process that died: it stops counting.
  const staleAfterSeconds = Math.ceil((limits.timeoutMs * 2 * (limits.maxRetries + 1)) / 1000) + 60;

  const runner: AiRunner = {
    configured: ai !== null,
    modelFor: (task) => (ai ? modelIdFor(ai, task) : null),
    async run(userId, task, work, options = {}) {
      const run = await runner.begin(userId, task, options);
      return run.use(work, options.signal);
    },
    async begin(userId, task, options = {}) {
      if (!ai || !modelFor) throw aiNotConfigured();
      if (options.background) {
        const [row] = await db
          .insert(aiUsage)
          .values({ userId, task, provider: ai.provider, model: modelIdFor(ai, task), background: true })
          .returning({ id: aiUsage.id });
        return new AiRun({ id: row!.id, task, ai, languageModel: modelFor(task), limits, db, prices: config.AI_PRICES });
      }
      const id = await db.transaction(async (tx) => {
        // One user's starts are serialised, so two requests cannot both take the last slot.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ai_usage:${userId}`}, 0))`);
        const { rows } = await tx.execute<{ running: number; last_hour: number; retry_seconds: number | null }>(sql`
          select
            count(*) filter (where status = 'running' and started_at > now() - make_interval(secs => ${staleAfterSeconds}))::int as running,
            count(*)::int as last_hour,
            ceil(extract(epoch from min(started_at) + interval '1 hour' - now()))::int as retry_seconds
          from ai_usage
          where user_id = ${userId} and not background and started_at > now() - interval '1 hour'`);
        const usage = rows[0]!;
        if (usage.running >= limits.concurrency) {
          throw new AppError(
            'ai_user_limit',
            `You already have ${usage.running} AI ${usage.running === 1 ? 'request' : 'requests'} running. Wait for ${usage.running === 1 ? 'it' : 'one'} to finish, then try again.`,
          );
        }
        if (usage.last_hour >= limits.perHour) {
          const minutes = Math.max(1, Math.ceil((usage.retry_seconds ?? 60) / 60));
          throw new AppError(
            'ai_user_limit',
            `You have used your ${limits.perHour} AI requests for this hour. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
          );
        }
        const [row] = await tx
          .insert(aiUsage)
          .values({ userId, task, provider: ai.provider, model: modelIdFor(ai, task) })
          .returning({ id: aiUsage.id });
        return row!.id;
      });
      return new AiRun({ id, task, ai, languageModel: modelFor(task), limits, db, prices: config.AI_PRICES });
    },
  };
  return runner;
}
