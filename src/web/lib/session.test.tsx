// @vitest-environment jsdom
// Signing out forgets the signed-in user everywhere in the tab: the query cache and the work kept in
// sessionStorage (the content screen's draft), so a shared computer shows nothing of theirs.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey, useSignOut } from './session.ts';

let paths: string[] = [];

function signOutHook() {
  vi.stubGlobal('fetch', async (input: string) => {
    paths.push(String(input));
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const client = new QueryClient();
  client.setQueryData(sessionQueryKey, { id: 'u1' });
  client.setQueryData(['somethingElse'], 'cached');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, signOut: renderHook(() => useSignOut(), { wrapper }).result };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  paths = [];
});

describe('useSignOut', () => {
  it('signs out, empties the cache and forgets what the tab kept', async () => {
    sessionStorage.setItem('contentOs.session.v1:u1', '{"draft":"a draft"}');
    const { client, signOut } = signOutHook();
    await act(() => signOut.current());
    expect(paths).toEqual(['/api/auth/sign-out']);
    expect(sessionStorage.length).toBe(0);
    expect(client.getQueryData(sessionQueryKey)).toBeNull();
    expect(client.getQueryData(['somethingElse'])).toBeUndefined();
  });

  it('still signs out when the browser blocks storage', async () => {
    const { client, signOut } = signOutHook();
    vi.stubGlobal('sessionStorage', {
      clear: () => {
        throw new DOMException('Access is denied.', 'SecurityError');
      },
    });
    await act(() => signOut.current());
    expect(client.getQueryData(sessionQueryKey)).toBeNull();
  });
});
