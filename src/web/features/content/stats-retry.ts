// Research stats generation with the retry policy of spec 02 §8, kept free of React and timers so
// every branch can be tested: the caller injects the call, the toasts and the wait.
import {
  type AnalyzeMetricsRequest,
  contentMessages,
  STATS_MAX_ATTEMPTS,
  STATS_RETRY_DELAYS_MS,
  STATS_VALIDATION_FAILED,
  type Stat,
} from '../../../shared/content.ts';
import { ApiRequestError } from '../../lib/api-client.ts';

const text = contentMessages.stats;

/** What the screen toasts on the way: a validation retry, or the rate limit that ends the run. */
export type StatsNotice = { kind: 'info' | 'error'; title: string; description?: string };

export type StatsDeps = {
  /** One call of analyze-metrics; answers the parsed JSON body or throws (ApiRequestError for HTTP errors). */
  call: (body: AnalyzeMetricsRequest) => Promise<unknown>;
  notify: (notice: StatsNotice) => void;
  sleep: (ms: number) => Promise<void>;
};

/** The outcome the screen acts on; a final failure is thrown instead (the last attempt's error). */
export type StatsOutcome = { kind: 'stats'; stats: Stat[] } | { kind: 'rate-limited' };

/**
 * `{ data: [{ statistic, source }, ...] }` or the spec's 'Invalid response format' error. An empty
 * list counts as invalid too: it would clear the stats on screen and still toast success.
 */
export function parseStatsResponse(body: unknown): Stat[] {
  const data = (body as { data?: unknown } | null)?.data;
  const isStat = (item: unknown): item is Stat =>
    typeof item === 'object' && item !== null && typeof (item as Stat).statistic === 'string' && typeof (item as Stat).source === 'string';
  if (!Array.isArray(data) || data.length === 0 || !data.every(isStat)) throw new Error(text.invalidFormat);
  return data.map(({ statistic, source, publisher }) => ({
    statistic,
    source,
    publisher: typeof publisher === 'string' ? publisher : null,
  }));
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

const isValidationFailure = (err: unknown) =>
  messageOf(err).includes('Validation failed') || (err instanceof ApiRequestError && err.code === STATS_VALIDATION_FAILED);

const isRateLimited = (err: unknown) => (err instanceof ApiRequestError && err.status === 429) || messageOf(err).includes('429');

/**
 * Up to STATS_MAX_ATTEMPTS calls, each told its `attempt` so the server searches other sources.
 * 'Validation failed' retries at once with a toast saying so; a rate limit (429) toasts and stops
 * without a final error; anything else waits 1 s, then 2 s. The last attempt's error is thrown.
 */
export async function generateStats(request: Omit<AnalyzeMetricsRequest, 'attempt'>, deps: StatsDeps): Promise<StatsOutcome> {
  let lastError: unknown;
  for (let attempt = 0; attempt < STATS_MAX_ATTEMPTS; attempt++) {
    try {
      const body = await deps.call({ ...request, attempt });
      return { kind: 'stats', stats: parseStatsResponse(body) };
    } catch (err) {
      lastError = err;
      if (isRateLimited(err)) {
        // Our server says how long to wait (the per-user limit's "try again in N minutes"): pass it on.
        const server = err instanceof ApiRequestError ? err.message.trim() : '';
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
