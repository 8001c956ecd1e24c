// The stats retry policy of spec 02 §8, every branch, with the call, the toasts and the wait injected.
import { describe, expect, it, vi } from 'vitest';
import { type AnalyzeMetricsRequest, contentMessages, STATS_VALIDATION_FAILED } from '../../../shared/content.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { generateStats, parseStatsResponse, type StatsNotice } from './stats-retry.ts';

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
  new ApiRequestError(422, { code: STATS_VALIDATION_FAILED, message: 'Validation failed: none of the statistics could be traced.' });
const rateLimited = () => new ApiRequestError(429, { code: 'rate_limited', message: 'Too many requests. Try again in a minute.' });
const serverError = (n: number) => new ApiRequestError(502, { code: 'ai_unavailable', message: `The AI did not answer (${n}).` });

/** Runs generateStats with each attempt answered in turn by `answers` (a value resolves, an Error rejects). */
async function run(answers: unknown[]) {
  const bodies: AnalyzeMetricsRequest[] = [];
  const notices: StatsNotice[] = [];
  const waits: number[] = [];
  const call = vi.fn(async (body: AnalyzeMetricsRequest) => {
    bodies.push(body);
    const answer = answers[bodies.length - 1];
    if (answer instanceof Error) throw answer;
    return answer;
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

  it("recognises 'Validation failed' in the message of any error", async () => {
    const { promise, notices } = await run([new Error('Validation failed: stats did not match'), { data: [stat] }]);
    expect(await promise).toEqual({ kind: 'stats', stats: [stat] });
    expect(notices.map((n) => n.title)).toEqual([contentMessages.stats.validationTitle]);
  });

  it('throws the last validation error after three attempts, without promising a fourth', async () => {
    const last = validation();
    const { promise, bodies, notices, waits } = await run([validation(), validation(), last]);
    await expect(promise).rejects.toBe(last);
    expect(bodies.map((b) => b.attempt)).toEqual([0, 1, 2]);
    expect(notices).toHaveLength(2);
    expect(waits).toEqual([]);
  });

  it('stops at a 429 with its own toast and no final error', async () => {
    const { promise, bodies, notices, waits } = await run([rateLimited(), { data: [stat] }]);
    expect(await promise).toEqual({ kind: 'rate-limited' });
    expect(bodies).toHaveLength(1);
    expect(notices).toEqual([
      {
        kind: 'error',
        title: 'Please wait a moment before generating more stats',
        description: 'Too many requests. Try again in a minute.',
      },
    ]);
    expect(waits).toEqual([]);
  });

  it('stops when a message mentions 429, even without the status, also after another failure', async () => {
    const { promise, bodies, notices, waits } = await run([serverError(1), new Error('Upstream answered 429 Too Many Requests')]);
    expect(await promise).toEqual({ kind: 'rate-limited' });
    expect(bodies).toHaveLength(2);
    // Not our server's error: nothing to add to the spec's text.
    expect(notices).toEqual([{ kind: 'error', title: contentMessages.stats.rateLimited }]);
    expect(waits).toEqual([1000]);
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
          return { data: [stat] };
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

describe('parseStatsResponse', () => {
  it('keeps statistic, source and publisher (null when absent or not text)', () => {
    expect(
      parseStatsResponse({
        data: [
          stat,
          { statistic: 'b 5%', source: 'https://b.example.com' },
          { statistic: 'c 6%', source: 'https://c.example.com', publisher: 3 },
        ],
      }),
    ).toEqual([
      stat,
      { statistic: 'b 5%', source: 'https://b.example.com', publisher: null },
      { statistic: 'c 6%', source: 'https://c.example.com', publisher: null },
    ]);
  });

  it.each([null, undefined, 'text', { data: null }, { data: {} }, { data: [] }, { data: [null] }, { data: [{ statistic: 'x' }] }])(
    'rejects %j',
    (body) => {
      expect(() => parseStatsResponse(body)).toThrow('Invalid response format from analyze-metrics');
    },
  );
});
