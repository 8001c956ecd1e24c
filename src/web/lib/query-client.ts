// The app's one QueryClient, and what the code of the first screen, without TanStack Query's, asks of
// it (issue 27): this file and TanStack Query come with the screens that use it (app/query-provider.tsx),
// and on the landing and sign-in pages when first-screen-queries.ts needs them.
import { type FetchQueryOptions, MutationCache, QueryCache, QueryClient, QueryObserver } from '@tanstack/react-query';
import type { Profile } from '../../shared/schemas.ts';
import { ApiRequestError } from './api-client.ts';
import { type EarlyFetches, queryClientLoaded } from './first-screen-queries.ts';
import { type PublicConfig, publicConfigQuery } from './public-config.ts';
import { sessionQuery, sessionQueryKey } from './session.ts';

// A 401 anywhere means the session is gone (expired, revoked by a password reset elsewhere):
// forget the cached user so the guards send the person to /login instead of showing stale pages.
const forgetSessionOn401 = (error: unknown) => {
  if (error instanceof ApiRequestError && error.status === 401) queryClient.setQueryData(sessionQueryKey, null);
};

// Spec 01 §9: queries retry 3 times (1 s doubling, capped at 30 s), mutations never; 5-minute cache.
// A 4xx is an answer, not a failure to retry.
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: forgetSessionOn401 }),
  mutationCache: new MutationCache({ onError: forgetSessionOn401 }),
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      retry: (failures, error) => !(error instanceof ApiRequestError && error.status < 500) && failures < 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    },
    mutations: { retry: false },
  },
});
// Mounted for the tab's life, not only while a QueryClientProvider is: the public config is refetched
// when the tab regains focus (how a new deployment is noticed) on the pages outside the provider too.
queryClient.mount();

/** The queries the code of the first screen reads (first-screen-queries.ts), by name. */
const readable = { session: sessionQuery, publicConfig: publicConfigQuery };
export type ReadableQuery = keyof typeof readable;
export type ReadableData = { session: Profile | null; publicConfig: PublicConfig };

/** Asks for the named query (app.tsx at start, first-screen-queries.ts). */
export const prefetch = (name: ReadableQuery) => queryClient.prefetchQuery(readable[name] as FetchQueryOptions<unknown>);

/**
 * The cache starts with what the first screen fetched before TanStack Query came: an answer as
 * answered then, a request still on its way or failed as the query's first try (a failure is retried).
 */
export function startWith(early: EarlyFetches): void {
  for (const name of Object.keys(early) as ReadableQuery[]) {
    const { promise, data, updatedAt } = early[name]!;
    const query = readable[name] as FetchQueryOptions<unknown>;
    if (updatedAt !== undefined) {
      queryClient.setQueryData(query.queryKey, data, { updatedAt });
      continue;
    }
    let first: Promise<unknown> | undefined = promise;
    const fetchAgain = query.queryFn as () => Promise<unknown>;
    void queryClient.prefetchQuery({
      ...query,
      queryFn: () => {
        const answer = first ?? fetchAgain();
        first = undefined;
        return answer;
      },
    });
  }
}

/** An observer of the named query, as useQuery makes one: it fetches what is missing or stale once subscribed. */
export const observeQuery = <Name extends ReadableQuery>(name: Name): QueryObserver<ReadableData[Name]> =>
  new QueryObserver(queryClient, readable[name] as never);

/** The user the sign-in page has just signed in. */
export const setSignedInUser = (profile: Profile) => queryClient.setQueryData(sessionQueryKey, profile);

// The first screen's code reads this cache from now on, starting it with what it fetched before.
queryClientLoaded({ queryClient, prefetch, startWith, observeQuery, setSignedInUser });
