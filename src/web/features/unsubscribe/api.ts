// The unsubscribe page's data: the alert the link names (GET) and the one-click turn-off (POST).
// Both carry the link's token; no session is needed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnsubscribeAlert } from '../../../shared/unsubscribe.ts';
import { api } from '../../lib/api-client.ts';

const path = (token: string) => `/api/unsubscribe?token=${encodeURIComponent(token)}`;
const key = (token: string) => ['unsubscribe', token] as const;

export function useUnsubscribeAlert(token: string) {
  return useQuery({
    queryKey: key(token),
    queryFn: ({ signal }) => api<UnsubscribeAlert>(path(token), { signal }),
    enabled: token !== '',
  });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<UnsubscribeAlert>(path(token), { method: 'POST' }),
    onSuccess: (alert) => queryClient.setQueryData(key(token), alert),
  });
}
