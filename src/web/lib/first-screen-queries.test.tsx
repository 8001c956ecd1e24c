// @vitest-environment jsdom
// The landing and sign-in pages read the session and the config without TanStack Query's code, then
// from its cache once it has come, which starts with what they fetched (issue 27).
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('./first-screen-queries.ts');

const USER = { id: 'u1', firstName: 'Ada', posthogEnabled: false };
const CONFIG = { version: '2', buildId: 'b1', waitlistUrl: null };

let requests: string[];
let answers: Map<string, () => Response>;
let queryClientLoads: number;

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fresh copy of the module (its state is the tab's), with TanStack Query's loads counted. */
async function freshModule(): Promise<Module> {
  vi.resetModules();
  vi.doMock('./query-client.ts', async (importOriginal) => {
    queryClientLoads++;
    return importOriginal();
  });
  return import('./first-screen-queries.ts');
}

beforeEach(() => {
  requests = [];
  queryClientLoads = 0;
  answers = new Map([
    ['/api/profile/current', json({ profile: USER })],
    ['/api/config', json(CONFIG)],
  ]);
  vi.stubGlobal('fetch', async (input: string) => {
    requests.push(String(input));
    return answers.get(String(input))!();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.doUnmock('./query-client.ts');
});

describe('the first screen queries', () => {
  it('read the plain requests’ answers without TanStack Query, then its cache, which starts with them', async () => {
    const queries = await freshModule();
    queries.fetchQueries(['session', 'publicConfig']);
    const session = renderHook(() => queries.useSessionData());
    const config = renderHook(() => queries.usePublicConfigData());
    expect(session.result.current).toBeUndefined();
    await waitFor(() => expect(session.result.current).toEqual(USER));
    expect(config.result.current).toEqual(CONFIG);
    expect(queryClientLoads).toBe(0);

    const { queryClient } = await act(() => queries.loadQueryClient());
    expect(queryClient.getQueryData(['userProfile'])).toEqual(USER);
    expect(queryClient.getQueryData(['publicConfig'])).toEqual(CONFIG);
    expect(requests.sort()).toEqual(['/api/config', '/api/profile/current']);

    // From now on the cache is what they show.
    const signedIn = { ...USER, firstName: 'Grace' };
    await act(() => queries.cacheSignedInUser(signedIn as never));
    expect(session.result.current).toEqual(signedIn);
  });

  it('hand a request still on its way to TanStack Query, which does not ask again', async () => {
    let answer!: () => void;
    vi.stubGlobal('fetch', (input: string) => {
      requests.push(String(input));
      return new Promise<Response>((resolve) => {
        answer = () => resolve(json({ profile: USER })());
      });
    });
    const queries = await freshModule();
    queries.fetchQueries(['session']);
    const { queryClient } = await queries.loadQueryClient();
    const session = renderHook(() => queries.useSessionData());
    expect(session.result.current).toBeUndefined();
    answer();
    await waitFor(() => expect(session.result.current).toEqual(USER));
    expect(queryClient.getQueryData(['userProfile'])).toEqual(USER);
    expect(requests).toEqual(['/api/profile/current']);
  });

  it('take TanStack Query over however it came (with the code of a screen under its provider)', async () => {
    const queries = await freshModule();
    queries.fetchQueries(['session']);
    const { queryClient } = await import('./query-client.ts');
    const session = renderHook(() => queries.useSessionData());
    await waitFor(() => expect(session.result.current).toEqual(USER));
    expect(queryClient.getQueryData(['userProfile'])).toEqual(USER);
    // Once in, a query is asked for through it.
    queries.fetchQueries(['publicConfig']);
    await waitFor(() => expect(queryClient.getQueryData(['publicConfig'])).toEqual(CONFIG));
    expect(requests).toEqual(['/api/profile/current', '/api/config']);
  });

  it('leave a failed request to TanStack Query, which retries it', async () => {
    let failures = 1;
    answers.set('/api/config', () => (failures-- > 0 ? json({ error: { code: 'x', message: 'down' } }, 503)() : json(CONFIG)()));
    const queries = await freshModule();
    queries.fetchQueries(['publicConfig']);
    const config = renderHook(() => queries.usePublicConfigData());
    await waitFor(() => expect(queryClientLoads).toBe(1));
    // Spec 01 §9: the first retry a second later.
    await waitFor(() => expect(config.result.current).toEqual(CONFIG), { timeout: 4000 });
    expect(requests).toEqual(['/api/config', '/api/config']);
  });
});
