// The signed-in user (app-requests.ts fetchSession: null without a session). Cached without expiry
// (spec 01 §7: the profile read is cached under userProfile), refreshed after sign-in/out or edits.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '../../shared/schemas.ts';
import { api } from './api-client.ts';
import { fetchSession } from './app-requests.ts';
import { liveTables } from './live-updates.ts';

export const sessionQueryKey = ['userProfile'] as const;

// retryOnMount off: after a failed check, pages that mount to report the error must not restart it.
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSession,
  staleTime: Number.POSITIVE_INFINITY,
  retryOnMount: false,
  meta: liveTables('users'),
});

export function useSession() {
  return useQuery(sessionQuery);
}

export function useSignOut() {
  const client = useQueryClient();
  return async () => {
    await api('/api/auth/sign-out', { method: 'POST', body: {} }).catch(() => {});
    client.clear();
    // Work kept for the tab (the content screen's draft) must not show to whoever signs in next on a
    // shared computer.
    try {
      sessionStorage.clear();
    } catch {
      // Blocked storage kept nothing.
    }
    client.setQueryData(sessionQueryKey, null);
  };
}

export const displayName = (p: Pick<Profile, 'firstName' | 'lastName'> | null | undefined) =>
  [p?.firstName, p?.lastName].filter(Boolean).join(' ').trim() || 'AI Writer';

export const initials = (p: Pick<Profile, 'firstName' | 'lastName' | 'email'> | null | undefined) =>
  ((p?.firstName?.[0] ?? '') + (p?.lastName?.[0] ?? '')).toUpperCase() || (p?.email?.[0]?.toUpperCase() ?? '?');
