// Research stats generation with the retry policy of spec 02 §8, kept free of React and timers so
// every branch can be tested: the caller injects the call, the toasts and the wait. Failures are
// told apart by our server's status and code, never by their message: the spec's 'Validation failed'
// is code `validation_failed`, its '429' is HTTP status 429 (the provider's rate limit
// `ai_rate_limited` and the per-user limits alike).
import {
  type AnalyzeMetricsRequest,
  contentMessages,
  STATS_MAX_ATTEMPTS,
  STATS_RETRY_DELAYS_MS,
  type Stat,
} from '../../../shared/content.ts';
import { ApiRequestError, isApiError } from '../../lib/api-client.ts';

const text = contentMessages.stats;

/** What the screen toasts on the way: a validation retry, or the rate limit that ends the run. */
export type StatsNotice = { kind: 'info' | 'error'; title: string; description?: string };

type StatsDeps = {
  /**
   * One call of analyze-metrics: the stats of a checked answer (api.ts), else it throws, an
   * ApiRequestError for an HTTP error and spec 02 §8's 'Invalid response format' for another answer.
   */
  call: (body: AnalyzeMetricsRequest) => Promise<Stat[]>;
  notify: (notice: StatsNotice) => void;
  sleep: (ms: number) => Promise<void>;
};

/** The outcome the screen acts on; a final failure is thrown instead (the last attempt's error). */
type StatsOutcome = { kind: 'stats'; stats: Stat[] } | { kind: 'rate-limited' };

/** Spec 02 §8's 'Validation failed': the stats found could not be checked, other sources may do. */
export const isValidationFailure = (err: unknown): err is ApiRequestError => isApiError(err, 'validation_failed');

/** Spec 02 §8's '429': whoever limits (the AI provider or the user's own allowance), the run stops. */
export const isRateLimited = (err: unknown): err is ApiRequestError => err instanceof ApiRequestError && err.status === 429;

/**
 * Up to STATS_MAX_ATTEMPTS calls, each told its `attempt` so the server searches other sources.
 * 'Validation failed' retries at once with a toast saying so; a rate limit (429) toasts and stops
 * without a final error; anything else waits 1 s, then 2 s. The last attempt's error is thrown.
 */
export async function generateStats(request: Omit<AnalyzeMetricsRequest, 'attempt'>, deps: StatsDeps): Promise<StatsOutcome> {
  let lastError: unknown;
  for (let attempt = 0; attempt < STATS_MAX_ATTEMPTS; attempt++) {
    try {
      return { kind: 'stats', stats: await deps.call({ ...request, attempt }) };
    } catch (err) {
      lastError = err;
      if (isRateLimited(err)) {
        // Our server says how long to wait (the per-user limit's "try again in N minutes"): pass it on.
        const server = err.message.trim();
        deps.notify({ kind: 'error', title: text.rateLimited, ...(server && server !== text.rateLimited && { description: server }) });
        return { kind: 'rate-limited' };
      }
      const last = attempt === STATS_MAX_ATTEMPTS - 1;
      if (last) break;
      if (isValidationFailure(err)) {
        // Only promised when another attempt really follows.
        deps.notify({ kind: 'info', title: text.validationTitle, description: text.validationDescription });
        continue;
      }
      await deps.sleep(STATS_RETRY_DELAYS_MS[attempt] ?? STATS_RETRY_DELAYS_MS[1]);
    }
  }
  throw lastError;
}
