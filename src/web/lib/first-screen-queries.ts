// The session and the public config for the code that comes with the first screen (the landing and
// sign-in pages, the root layout), without TanStack Query's code (issue 27: a tenth of those pages'
// JavaScript, which they would otherwise load as soon as they are on screen). A public first screen
// asks for both once it is on screen (app.tsx) with plain requests; TanStack Query comes when a
// screen that uses it opens, when the sign-in page has signed someone in, when a request fails (its
// retries, spec 01 §9), or when the tab comes back into view or online (its refetch of what is
// stale), and its cache starts with what was fetched before (query-client.ts startWith). From then
// on these read its cache, through an observer as useQuery makes one.
import { useState, useSyncExternalStore } from 'react';
import type { Profile } from '../../shared/schemas.ts';
import { fetchPublicConfig, fetchSession } from './app-requests.ts';
import { firstPaint } from './first-paint.ts';
import type { PublicConfig } from './public-config.ts';
import type { ReadableData, ReadableQuery } from './query-client.ts';

/** What query-client.ts hands over as it loads. */
export type QueryClientModule = Pick<
  typeof import('./query-client.ts'),
  'queryClient' | 'prefetch' | 'startWith' | 'observeQuery' | 'setSignedInUser'
>;

/** A request made before TanStack Query came; `data` and `updatedAt` once answered. */
export type EarlyFetch<Data> = { promise: Promise<Data>; data?: Data; updatedAt?: number };
export type EarlyFetches = { [Name in ReadableQuery]?: EarlyFetch<ReadableData[Name]> };

const fetchers: { [Name in ReadableQuery]: () => Promise<ReadableData[Name]> } = {
  session: fetchSession,
  publicConfig: fetchPublicConfig,
};

let early: EarlyFetches = {};
let loaded: QueryClientModule | undefined;
let loading: Promise<QueryClientModule> | undefined;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

const loadWhenBack = () => {
  if (document.visibilityState === 'visible') void loadQueryClient().catch(() => {});
};

/**
 * Called by query-client.ts as it loads, however it came: with a screen's code (a public screen
 * under the provider may be the first) or by loadQueryClient. From then on its cache is the one.
 */
export function queryClientLoaded(module: QueryClientModule): void {
  module.startWith(early);
  early = {};
  loaded = module;
  document.removeEventListener('visibilitychange', loadWhenBack);
  window.removeEventListener('online', loadWhenBack);
  notify();
}

/** The app's QueryClient module, loaded once (with TanStack Query) on first ask. */
export function loadQueryClient(): Promise<QueryClientModule> {
  loading ??= import('./query-client.ts').then(() => loaded!);
  return loading;
}

/**
 * Asks for these queries once the first screen is on screen (app.tsx, at start): through TanStack
 * Query when it is in, else with plain requests, which TanStack Query takes over if it comes before
 * they are answered (a screen under its provider finds them on their way rather than asking itself).
 */
export function fetchQueries(names: ReadableQuery[]): void {
  if (loaded) {
    const { prefetch } = loaded;
    void firstPaint().then(() => names.forEach(prefetch));
    return;
  }
  for (const name of names) {
    const entry: EarlyFetch<unknown> = { promise: firstPaint().then((): Promise<unknown> => fetchers[name]()) };
    early[name] = entry as never;
    entry.promise.then(
      (data) => {
        entry.data = data;
        entry.updatedAt = Date.now();
        notify();
      },
      // TanStack Query retries it, taking this failure for its first try.
      () => void loadQueryClient().catch(() => {}),
    );
  }
  document.addEventListener('visibilitychange', loadWhenBack);
  window.addEventListener('online', loadWhenBack);
}

/** A store for useSyncExternalStore: the early answer, then an observer of the query once TanStack Query is in. */
function queryStore<Name extends ReadableQuery>(name: Name) {
  let observer = loaded?.observeQuery(name);
  return {
    subscribe(onChange: () => void) {
      let unsubscribe: (() => void) | undefined;
      const update = () => {
        if (loaded && !unsubscribe) {
          observer ??= loaded.observeQuery(name);
          unsubscribe = observer.subscribe(onChange);
        }
        onChange();
      };
      listeners.add(update);
      if (loaded) update();
      return () => {
        listeners.delete(update);
        unsubscribe?.();
      };
    },
    data: (): ReadableData[Name] | undefined =>
      observer ? observer.getCurrentResult().data : (early[name] as EarlyFetch<ReadableData[Name]> | undefined)?.data,
  };
}

function useQueryData<Name extends ReadableQuery>(name: Name): ReadableData[Name] | undefined {
  const [store] = useState(() => queryStore(name));
  return useSyncExternalStore(store.subscribe, store.data, store.data);
}

/** The signed-in user (null when signed out), as useSession's data. */
export const useSessionData = (): Profile | null | undefined => useQueryData('session');

/** The app's public config, as usePublicConfig's data. */
export const usePublicConfigData = (): PublicConfig | undefined => useQueryData('publicConfig');

/** Caches the user the sign-in page has just signed in, for the signed-in screens' useSession. */
export async function cacheSignedInUser(profile: Profile): Promise<void> {
  (await loadQueryClient()).setSignedInUser(profile);
}
