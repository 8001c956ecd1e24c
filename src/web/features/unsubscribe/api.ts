// The unsubscribe page's data: the alert the link names (GET) and the one-click turn-off (POST).
// Both carry the link's token; no session is needed.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { UnsubscribeAlert } from '../../../shared/unsubscribe.ts';
import { api } from '../../lib/api-client.ts';
import { useSaveIntoCache } from '../../lib/save-into-cache.ts';

const path = (token: string) => `/api/unsubscribe?token=${encodeURIComponent(token)}`;
const key = (token: string) => ['unsubscribe', token] as const;

export function useUnsubscribeAlert(token: string) {
  return useQuery({
    queryKey: key(token),
    queryFn: ({ signal }) => api<UnsubscribeAlert>(path(token), { signal }),
    enabled: token !== '',
  });
}

/** The answer (the alert, now off) replaces the cached one (lib/save-into-cache.ts). */
export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: () => api<UnsubscribeAlert>(path(token), { method: 'POST' }),
    ...useSaveIntoCache(key(token), (_alert: UnsubscribeAlert, answer: UnsubscribeAlert) => answer),
  });
}
