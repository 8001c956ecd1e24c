// @vitest-environment jsdom
// A change the live stream announces while this tab's own write is in flight is refetched once the
// write's answer is in: turning two-factor sign-in off renews the session, the stream announces the
// users row's change first, and a refetch sent before the new cookie arrived found the user signed
// out (CI, the two-factor journey).
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';
import { useLiveUpdates } from './live-stream.ts';
import { liveTables } from './live-updates.ts';

class FakeEventSource extends EventTarget {
  static last: FakeEventSource | null = null;
  static readonly CLOSED = 2;
  readyState = 1;
  onerror: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.last = this;
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  announce(table: string) {
    this.dispatchEvent(new MessageEvent('change', { data: JSON.stringify({ table, op: 'UPDATE' }) }));
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeEventSource.last = null;
});

function liveUserQuery() {
  const reads: number[] = [];
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  renderHook(
    () => {
      useLiveUpdates();
      return useQuery({
        queryKey: ['me'],
        queryFn: () => {
          reads.push(Date.now());
          return api<{ ok: boolean }>('/api/me');
        },
        meta: liveTables('users'),
      });
    },
    { wrapper },
  );
  return reads;
}

describe("the live stream and this tab's writes", () => {
  it('refetches an announced change only once the write in flight has its answer', async () => {
    let answerWrite!: () => void;
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('fetch', (path: string) => {
      if (path === '/api/me') return Promise.resolve(Response.json({ ok: true }));
      return new Promise<Response>((resolve) => {
        answerWrite = () => resolve(Response.json({ status: true }));
      });
    });
    const reads = liveUserQuery();
    await waitFor(() => expect(reads).toHaveLength(1));
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());

    const write = api('/api/auth/two-factor/disable', { body: { password: 'p', code: 'c' } });
    FakeEventSource.last!.announce('users');
    // Well past the stream's 150 ms batch: no refetch while the write has no answer.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(reads).toHaveLength(1);

    answerWrite();
    await write;
    await waitFor(() => expect(reads).toHaveLength(2));
  });

  it('refetches at once when no write is in flight', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ ok: true })));
    const reads = liveUserQuery();
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    FakeEventSource.last!.announce('users');
    await waitFor(() => expect(reads).toHaveLength(2));
  });
});
