// The operator console's Runs, Mail, AI usage and Sources data (issue 28 §3): one query per section
// and filter set, and the two actions (retry a run, resend a mail), which refresh their section.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AiUsageAnswer,
  MailAnswer,
  MailView,
  OpsRunKind,
  ResendAnswer,
  RetryAnswer,
  RunsAnswer,
  RunView,
  SourcesAnswer,
  SourceWindow,
} from '../../../shared/admin-ops.ts';
import { api } from '../../lib/api-client.ts';

export const opsKey = ['admin', 'ops'] as const;

/** '?name=value&…' of the parameters that are set, '' when none is. */
export function opsQueryString(params: Record<string, string | number | null | undefined>): string {
  const set = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => [name, String(value)]);
  return set.length ? `?${new URLSearchParams(set)}` : '';
}

export type RunFilters = { kind?: OpsRunKind; status?: RunView; page: number };
export type MailFilters = { user?: string; status?: MailView; page: number };

// An operator watches these: they are read again every half minute while shown, and the page shown
// stays on screen while the next filter's answer is on its way.
const WATCH = { refetchInterval: 30_000, placeholderData: keepPreviousData } as const;

const pageParam = (page: number) => (page > 1 ? page : undefined);

export const runsQuery = (f: RunFilters) =>
  queryOptions({
    queryKey: [...opsKey, 'runs', f],
    queryFn: ({ signal }) =>
      api<RunsAnswer>(`/api/admin/runs${opsQueryString({ kind: f.kind, status: f.status, page: pageParam(f.page) })}`, { signal }),
    ...WATCH,
  });

export const mailQuery = (f: MailFilters) =>
  queryOptions({
    queryKey: [...opsKey, 'mail', f],
    queryFn: ({ signal }) =>
      api<MailAnswer>(`/api/admin/mail${opsQueryString({ user: f.user, status: f.status, page: pageParam(f.page) })}`, { signal }),
    ...WATCH,
  });

export const aiUsageQuery = (month?: string) =>
  queryOptions({
    queryKey: [...opsKey, 'ai-usage', month ?? 'this'],
    queryFn: ({ signal }) => api<AiUsageAnswer>(`/api/admin/ai-usage${opsQueryString({ month })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const sourcesQuery = (window: SourceWindow) =>
  queryOptions({
    queryKey: [...opsKey, 'sources', window],
    queryFn: ({ signal }) => api<SourcesAnswer>(`/api/admin/sources${opsQueryString({ window })}`, { signal }),
    ...WATCH,
  });

export const useRuns = (f: RunFilters) => useQuery(runsQuery(f));
export const useMail = (f: MailFilters) => useQuery(mailQuery(f));
export const useAiUsage = (month?: string) => useQuery(aiUsageQuery(month));
export const useSources = (window: SourceWindow) => useQuery(sourcesQuery(window));

/** POST /api/admin/runs/:id/retry; the runs are read again (the failed run now has a run queued after it). */
export function useRetryRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<RetryAnswer>(`/api/admin/runs/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: [...opsKey, 'runs'] }),
  });
}

/** POST /api/admin/mail/:id/resend; the mail log is read again (the copy is a new pending row). */
export function useResendMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ResendAnswer>(`/api/admin/mail/${encodeURIComponent(id)}/resend`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: [...opsKey, 'mail'] }),
  });
}
