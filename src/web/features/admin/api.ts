// The operator console's data (issue 28 §3): each section's list, a page at a time, and its actions.
// An action refreshes every list of the console (an invite made shows in the audit log too).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminInvite, AdminPage, AdminUser, AuditRow, CsvInviteReport, InviteStatus } from '../../../shared/admin.ts';
import { api } from '../../lib/api-client.ts';

export const adminKey = ['admin'] as const;

/** '?name=value&…' of the parameters that are set (text not empty, a page after the first), '' when none is. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const set = Object.entries(params).flatMap(([name, value]) =>
    (typeof value === 'string' && value !== '') || (typeof value === 'number' && value > 1) ? [[name, String(value)]] : [],
  );
  return set.length ? `?${new URLSearchParams(set)}` : '';
}

export type InviteFilters = { q: string; status: InviteStatus | ''; page: number };

export const invitesQuery = (filters: InviteFilters) =>
  queryOptions({
    queryKey: [...adminKey, 'invites', filters],
    queryFn: ({ signal }) =>
      api<AdminPage<AdminInvite>>(`/api/admin/invites${queryString({ q: filters.q.trim(), status: filters.status, page: filters.page })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const usersQuery = (filters: { q: string; page: number }) =>
  queryOptions({
    queryKey: [...adminKey, 'users', filters],
    queryFn: ({ signal }) =>
      api<AdminPage<AdminUser>>(`/api/admin/users${queryString({ q: filters.q.trim(), page: filters.page })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const auditQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminKey, 'audit', page],
    queryFn: ({ signal }) => api<AdminPage<AuditRow>>(`/api/admin/audit${queryString({ page })}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** A console action: on success every console list is read again. */
export function useAdminAction<Input, Output>(run: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey }),
  });
}

export const inviteOne = (email: string) => api<{ id: string; email: string }>('/api/admin/invites', { body: { email } });
export const inviteCsv = (csv: string) => api<CsvInviteReport>('/api/admin/invites/csv', { body: { csv } });
export const resendInvite = (id: string) =>
  api<{ id: string; email: string }>(`/api/admin/invites/${encodeURIComponent(id)}/resend`, { method: 'POST', body: {} });
export const revokeInvite = (id: string) =>
  api<{ id: string; email: string }>(`/api/admin/invites/${encodeURIComponent(id)}/revoke`, { method: 'POST', body: {} });
export const suspendUser = (id: string) =>
  api<{ id: string; email: string }>(`/api/admin/users/${encodeURIComponent(id)}/suspend`, { method: 'POST', body: {} });
export const resumeUser = (id: string) =>
  api<{ id: string; email: string }>(`/api/admin/users/${encodeURIComponent(id)}/resume`, { method: 'POST', body: {} });
export const deleteUser = ({ id, confirmEmail }: { id: string; confirmEmail: string }) =>
  api<{ id: string; email: string }>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE', body: { confirmEmail } });
