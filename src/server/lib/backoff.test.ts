import { describe, expect, it } from 'vitest';
import { backoffMs, retry } from './backoff.ts';

describe('backoffMs', () => {
  it('doubles from the first wait after each failure, up to the longest', () => {
    const waits = [1, 2, 3, 4, 5, 6].map((failures) => backoffMs(failures, { firstMs: 500, maxMs: 15_000 }));
    expect(waits).toEqual([500, 1_000, 2_000, 4_000, 8_000, 15_000]);
    expect(backoffMs(1_000, { firstMs: 500, maxMs: 15_000 })).toBe(15_000);
  });
});

describe('retry', () => {
  it('tries again after the growing waits until the work succeeds', async () => {
    const seen: [string, number, number][] = [];
    let calls = 0;
    const result = await retry(
      async () => {
        calls++;
        if (calls < 3) throw new Error(`failure ${calls}`);
        return 'done';
      },
      {
        firstMs: 1,
        maxMs: 5,
        retryIf: (err, failures, waitMs) => {
          seen.push([(err as Error).message, failures, waitMs]);
          return true;
        },
      },
    );
    expect(result).toBe('done');
    expect(seen).toEqual([
      ['failure 1', 1, 1],
      ['failure 2', 2, 2],
    ]);
  });

  it('throws the error retryIf refuses, without waiting or trying again', async () => {
    let calls = 0;
    const retried: number[] = [];
    const failing = retry(
      async () => {
        calls++;
        throw new Error(calls === 1 ? 'passing' : 'lasting');
      },
      { firstMs: 1, maxMs: 1, retryIf: (err) => (err as Error).message === 'passing', onRetry: (_err, waitMs) => retried.push(waitMs) },
    );
    await expect(failing).rejects.toThrow('lasting');
    expect(calls).toBe(2);
    expect(retried).toEqual([1]);
  });
});
