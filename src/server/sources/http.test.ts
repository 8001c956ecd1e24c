import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSourceHttp, describeUrl } from './http.ts';
import { SourceError } from './types.ts';

describe('describeUrl', () => {
  it('never shows the query string, where API keys live', () => {
    expect(describeUrl(new URL('https://financialmodelingprep.com/stable/x?symbol=AAPL&apikey=SECRET'))).toBe(
      'financialmodelingprep.com/stable/x',
    );
  });
});

describe('per-host politeness', () => {
  const starts: Array<{ host: string; at: number }> = [];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    starts.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => {
        starts.push({ host: url.host, at: Date.now() });
        return new Response('ok');
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('queues requests to one host an interval apart and leaves other hosts alone', async () => {
    const http = createSourceHttp({ userAgent: 'test', minIntervalMs: { 'slow.example': 1000 } });
    const t0 = Date.now();
    const all = Promise.all([
      http.getText('https://slow.example/1'),
      http.getText('https://slow.example/2'),
      http.getText('https://slow.example/3'),
      http.getText('https://fast.example/1'),
    ]);
    await vi.advanceTimersByTimeAsync(5000);
    await all;
    const slow = starts.filter((s) => s.host === 'slow.example').map((s) => s.at - t0);
    expect(slow).toEqual([0, 1000, 2000]);
    expect(starts.find((s) => s.host === 'fast.example')!.at - t0).toBe(0);
  });

  it('turns a non-2xx answer into a SourceError with the status and no query string', async () => {
    vi.stubGlobal('fetch', async () => new Response('nope', { status: 403 }));
    const http = createSourceHttp({ userAgent: 'test' });
    const error = await http.getText('https://api.example/x?apikey=SECRET').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).status).toBe(403);
    expect((error as SourceError).message).not.toContain('SECRET');
  });
});

describe('timeout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives up after timeoutMs with a SourceError, and passes a caller abort through as is', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: URL, init: RequestInit) =>
        new Promise((_, reject) => {
          // Like fetch: never answers, rejects with the signal's reason once it aborts.
          if (init.signal!.aborted) reject(init.signal!.reason);
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason), { once: true });
        }),
    );
    const http = createSourceHttp({ userAgent: 'test', timeoutMs: 30 });
    await expect(http.getText('https://slow.example/x')).rejects.toThrow(/no complete answer from slow.example\/x within 30 ms/);
    const controller = new AbortController();
    const pending = http.getText('https://slow.example/y', { signal: controller.signal });
    controller.abort(new Error('user left'));
    await expect(pending).rejects.toThrow('user left');
  });
});
