// The stats retry policy of spec 02 §8, every branch, with the call, the toasts and the wait injected.
// Failures are told apart by status and code only (what our server sends), never by their text.
import { describe, expect, it, vi } from 'vitest';
import { type AnalyzeMetricsRequest, contentMessages } from '../../../shared/content.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { readStats } from './api.ts';
import { generateStats, isRateLimited, isValidationFailure, type StatsNotice } from './stats-retry.ts';

const request: Omit<AnalyzeMetricsRequest, 'attempt'> = {
  hookCategory: 'Market Trend',
  audience: 'CFOs',
  solution: 'Spend analytics',
  valueProposition: 'Cut waste',
  generationCount: 2,
  previousStats: [{ statistic: 'Old stat 10%', source: 'https://old.example.com/a' }],
};
const stat = { statistic: '42% of CFOs plan to cut SaaS spend', source: 'https://news.example.com/cfo', publisher: 'Example News' };
const validation = () =>
  new ApiRequestError(422, { code: 'validation_failed', message: 'Validation failed: none of the statistics could be traced.' });
const rateLimited = () =>
  new ApiRequestError(429, { code: 'ai_user_limit', message: 'You have used your 30 AI requests for this hour. Try again in 12 minutes.' });
const serverError = (n: number) => new ApiRequestError(502, { code: 'ai_unavailable', message: `The AI did not answer (${n}).` });

/**
 * Runs generateStats with each attempt answered in turn by `answers`: an Error rejects, anything else
 * is the server's body, read as api.ts reads it.
 */
async function run(answers: unknown[]) {
  const bodies: AnalyzeMetricsRequest[] = [];
  const notices: StatsNotice[] = [];
  const waits: number[] = [];
  const call = vi.fn(async (body: AnalyzeMetricsRequest) => {
    bodies.push(body);
    const answer = answers[bodies.length - 1];
    if (answer instanceof Error) throw answer;
    return readStats(answer);
  });
  const promise = generateStats(request, {
    call,
    notify: (notice) => notices.push(notice),
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { promise, bodies, notices, waits };
}

describe('generateStats', () => {
  it('answers the stats of the first attempt, sent with attempt 0 and the whole request', async () => {
    const { promise, bodies, notices, waits } = await run([{ data: [stat] }]);
    expect(await promise).toEqual({ kind: 'stats', stats: [stat] });
    expect(bodies).toEqual([{ ...request, attempt: 0 }]);
    expect(notices).toEqual([]);
    expect(waits).toEqual([]);
  });

  it("retries at once after 'Validation failed', saying it tries other sources", async () => {
    const { promise, bodies, notices, waits } = await run([validation(), { data: [stat] }]);
    expect(await promise).toEqual({ kind: 'stats', stats: [stat] });
    expect(bodies.map((b) => b.attempt)).toEqual([0, 1]);
    expect(notices).toEqual([{ kind: 'info', title: 'Validation Error', description: 'Trying alternative data sources...' }]);
    expect(waits).toEqual([]);
  });

  it("knows 'Validation failed' by its code, whatever the message says", async () => {
    const coded = new ApiRequestError(422, { code: 'validation_failed', message: 'No article could back a figure.' });
    const { promise, notices, waits } = await run([coded, { data: [stat] }]);
    expect(await promise).toEqual({ kind: 'stats', stats: [stat] });
    expect(notices.map((n) => n.title)).toEqual([contentMessages.stats.validationTitle]);
    expect(waits).toEqual([]);
  });

  it("treats the words 'Validation failed' without the code as another error", async () => {
    const worded = [
      new Error('Validation failed: stats did not match'),
      new ApiRequestError(400, { code: 'validation', message: 'Validation failed: audience' }),
    ];
    const { promise, notices, waits } = await run([...worded, { data: [stat] }]);
    expect(await promise).toEqual({ kind: 'stats', stats: [stat] });
    expect(notices).toEqual([]);
    expect(waits).toEqual([1000, 2000]);
  });

  it('throws the last validation error after three attempts, without promising a fourth', async () => {
    const last = validation();
    const { promise, bodies, notices, waits } = await run([validation(), validation(), last]);
    await expect(promise).rejects.toBe(last);
    expect(bodies.map((b) => b.attempt)).toEqual([0, 1, 2]);
    expect(notices).toHaveLength(2);
    expect(waits).toEqual([]);
  });

  it("stops at a 429 (the user's own limit) with its own toast and no final error", async () => {
    const { promise, bodies, notices, waits } = await run([rateLimited(), { data: [stat] }]);
    expect(await promise).toEqual({ kind: 'rate-limited' });
    expect(bodies).toHaveLength(1);
    expect(notices).toEqual([
      {
        kind: 'error',
        title: 'Please wait a moment before generating more stats',
        description: 'You have used your 30 AI requests for this hour. Try again in 12 minutes.',
      },
    ]);
    expect(waits).toEqual([]);
  });

  it("stops at the AI provider's rate limit too, also after another failure", async () => {
    const provider = new ApiRequestError(429, {
      code: 'ai_rate_limited',
      message: 'The AI provider is rate limiting requests (429). Try again in a minute.',
    });
    const { promise, bodies, notices, waits } = await run([serverError(1), provider]);
    expect(await promise).toEqual({ kind: 'rate-limited' });
    expect(bodies).toHaveLength(2);
    expect(notices).toEqual([{ kind: 'error', title: contentMessages.stats.rateLimited, description: provider.message }]);
    expect(waits).toEqual([1000]);
  });

  it("adds nothing to the spec's text when the server said just that, or nothing", async () => {
    for (const message of [contentMessages.stats.rateLimited, '  ']) {
      const { promise, notices } = await run([new ApiRequestError(429, { code: 'http_429', message })]);
      expect(await promise).toEqual({ kind: 'rate-limited' });
      expect(notices).toEqual([{ kind: 'error', title: contentMessages.stats.rateLimited }]);
    }
  });

  it("treats '429' in a message without the status as another error", async () => {
    const worded = [new Error('Upstream answered 429 Too Many Requests'), serverError(429)];
    const { promise, notices, waits } = await run([...worded, { data: [stat] }]);
    expect(await promise).toEqual({ kind: 'stats', stats: [stat] });
    expect(notices).toEqual([]);
    expect(waits).toEqual([1000, 2000]);
  });

  it('waits 1 s, then 2 s, after other errors and throws the third error', async () => {
    const last = serverError(3);
    const { promise, bodies, notices, waits } = await run([serverError(1), serverError(2), last]);
    await expect(promise).rejects.toBe(last);
    expect(bodies.map((b) => b.attempt)).toEqual([0, 1, 2]);
    expect(waits).toEqual([1000, 2000]);
    expect(notices).toEqual([]);
  });

  it('succeeds on the third attempt after two other errors', async () => {
    const { promise, waits } = await run([new TypeError('Failed to fetch'), serverError(2), { data: [stat] }]);
    expect(await promise).toEqual({ kind: 'stats', stats: [stat] });
    expect(waits).toEqual([1000, 2000]);
  });

  it('treats an answer that is not a list of stats as another error', async () => {
    const { promise, bodies, waits } = await run([{ data: 'nope' }, { data: [] }, { data: [{ statistic: 'x', source: 7 }] }]);
    await expect(promise).rejects.toThrow(new Error('Invalid response format from analyze-metrics'));
    expect(bodies).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('really waits between attempts when the wait is a timer', async () => {
    vi.useFakeTimers();
    try {
      let attempts = 0;
      const promise = generateStats(request, {
        call: async () => {
          attempts++;
          if (attempts < 3) throw serverError(attempts);
          return [stat];
        },
        notify: () => {},
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(attempts).toBe(1);
      await vi.advanceTimersByTimeAsync(999);
      expect(attempts).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(attempts).toBe(2);
      await vi.advanceTimersByTimeAsync(1999);
      expect(attempts).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(attempts).toBe(3);
      expect(await promise).toEqual({ kind: 'stats', stats: [stat] });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('isValidationFailure and isRateLimited', () => {
  it('compare the status and code of our API errors only', () => {
    expect(isValidationFailure(validation())).toBe(true);
    expect(isValidationFailure(new ApiRequestError(502, { code: 'validation_failed', message: '' }))).toBe(true);
    expect(isValidationFailure(new Error('Validation failed'))).toBe(false);
    expect(isValidationFailure(new ApiRequestError(422, { code: 'validation', message: 'Validation failed' }))).toBe(false);
    for (const code of ['ai_rate_limited', 'ai_user_limit', 'http_429']) {
      expect(isRateLimited(new ApiRequestError(429, { code, message: '' }))).toBe(true);
    }
    expect(isRateLimited(new Error('429 Too Many Requests'))).toBe(false);
    expect(isRateLimited(new ApiRequestError(502, { code: 'ai_unavailable', message: 'The AI provider failed to answer (429).' }))).toBe(
      false,
    );
    expect(isRateLimited('429')).toBe(false);
  });
});
