// The profile's sessions list and security log (issue 30 §3, §7) as TanStack Query hooks on
// /api/security. Both follow live changes to their tables: a sign-in elsewhere, a session signed out
// from another tab, a new log entry show without a reload.
import { infiniteQueryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveSession, SecurityLogPage } from '../../../shared/security-log.ts';
import { api } from '../../lib/api-client.ts';
import { liveTables } from '../../lib/live-updates.ts';

const sessionsKey = ['security', 'sessions'] as const;
const logKey = ['security', 'log'] as const;

export function useActiveSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => api<{ sessions: ActiveSession[] }>('/api/security/sessions', { signal }),
    select: (answer) => answer.sessions,
    meta: liveTables('sessions'),
  });
}

function useSessionsMutation<TVariables, TAnswer>(request: (variables: TVariables) => Promise<TAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: sessionsKey }), client.invalidateQueries({ queryKey: logKey })]),
  });
}

export const useRevokeSession = () =>
  useSessionsMutation((id: string) => api<null>(`/api/security/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }));

export const useRevokeOtherSessions = () =>
  useSessionsMutation(() => api<{ revoked: number }>('/api/security/sessions/revoke-others', { method: 'POST', body: {} }));

export const securityLogQuery = infiniteQueryOptions({
  queryKey: logKey,
  queryFn: ({ pageParam, signal }) =>
    api<SecurityLogPage>(`/api/security/log${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  meta: liveTables('security_events'),
});
