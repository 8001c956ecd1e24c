import { describe, expect, it } from 'vitest';
import { createCache } from './cache.ts';

/** A load the test settles by hand, counting how often it was started. */
function loads<V>() {
  const started: Array<{ resolve(value: V): void; reject(error: Error): void }> = [];
  const load = () =>
    new Promise<V>((resolve, reject) => {
      started.push({ resolve, reject });
    });
  return { load, started };
}

describe('createCache', () => {
  it('keeps a loaded value for its time to live, then loads it again', async () => {
    let now = 1_000;
    const cache = createCache<string>({ ttlMs: 100, maxEntries: 10, now: () => now });
    let n = 0;
    const load = async () => `value ${++n}`;
    expect(await cache.get('a', load)).toBe('value 1');
    now += 99;
    expect(await cache.get('a', load)).toBe('value 1');
    now += 1;
    expect(await cache.get('a', load)).toBe('value 2');
  });

  it('shares a load in flight between the callers that ask for its key meanwhile', async () => {
    const cache = createCache<string>({ ttlMs: 100, maxEntries: 10 });
    const { load, started } = loads<string>();
    const first = cache.get('a', load);
    const second = cache.get('a', load);
    const other = cache.get('b', load);
    expect(started).toHaveLength(2);
    started[0]!.resolve('shared');
    started[1]!.resolve('other');
    expect(await Promise.all([first, second, other])).toEqual(['shared', 'shared', 'other']);
  });

  it('does not keep a failed load: the next caller loads again', async () => {
    const cache = createCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const { load, started } = loads<string>();
    const failing = cache.get('a', load);
    const sharing = cache.get('a', load);
    started[0]!.reject(new Error('no answer'));
    await expect(failing).rejects.toThrow('no answer');
    await expect(sharing).rejects.toThrow('no answer');
    expect(cache.size).toBe(0);
    const again = cache.get('a', load);
    expect(started).toHaveLength(2);
    started[1]!.resolve('answered');
    expect(await again).toBe('answered');
  });

  it('fails like a rejected load when the load throws before its first await', async () => {
    const cache = createCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    await expect(
      cache.get('a', () => {
        throw new Error('bad key');
      }),
    ).rejects.toThrow('bad key');
    expect(await cache.get('a', async () => 'loaded')).toBe('loaded');
  });

  it('keeps at most maxEntries keys, dropping the oldest first', async () => {
    const cache = createCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    let n = 0;
    const load = async () => `value ${++n}`;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(cache.size).toBe(2);
    expect(await cache.get('b', load)).toBe('value 2');
    expect(await cache.get('a', load)).toBe('value 4');
  });

  it('with ttlMs 0 shares only the work in flight and keeps nothing once it is done', async () => {
    const cache = createCache<string>({ ttlMs: 0, maxEntries: Number.POSITIVE_INFINITY });
    const { load, started } = loads<string>();
    const first = cache.get('a', load);
    const second = cache.get('a', load);
    started[0]!.resolve('done');
    expect(await Promise.all([first, second])).toEqual(['done', 'done']);
    expect(cache.size).toBe(0);
    void cache.get('a', load);
    expect(started).toHaveLength(2);
  });

  it("ends a caller's wait when its signal aborts, while the load goes on for the others", async () => {
    const cache = createCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const { load, started } = loads<string>();
    const controller = new AbortController();
    const leaving = cache.get('a', load, controller.signal);
    const staying = cache.get('a', load);
    controller.abort(new Error('the user left'));
    await expect(leaving).rejects.toThrow('the user left');
    started[0]!.resolve('loaded');
    expect(await staying).toBe('loaded');
    expect(await cache.get('a', load)).toBe('loaded');
    expect(started).toHaveLength(1);
    await expect(cache.get('a', load, controller.signal)).rejects.toThrow('the user left');
  });
});
