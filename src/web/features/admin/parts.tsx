// What the console's sections share: the loading, empty and error states of a list, its pager, and
// how times and failures are written. Everything shown is text (React escapes it): addresses, names
// and audit details come from users and operators.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AdminPage } from '../../../shared/admin.ts';
import { LoadError } from '../../components/load-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatTime = (iso: string | null, none = '—') => (iso ? when.format(new Date(iso)) : none);

/** The server's reason for a refusal (its message is written for the operator), else a general one. */
export const failureText = (err: unknown) =>
  err instanceof ApiRequestError ? err.message : 'The server could not be reached. Please try again.';

export const cellClass = 'px-3 py-2 align-top text-sm text-slate-800';
export const headClass = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';

/** A list's states: loading, failed (with a retry), empty, or its table and pager. */
export function ListState<T>({
  query,
  label,
  empty,
  onPage,
  children,
}: {
  query: UseQueryResult<AdminPage<T>>;
  label: string;
  empty: string;
  onPage: (page: number) => void;
  children: (items: T[]) => ReactNode;
}) {
  const { data, isError, refetch, isRefetching, isPlaceholderData } = query;
  if (!data) {
    if (isError) return <LoadError message={`Could not load ${label}`} retrying={isRefetching} onRetry={() => refetch()} />;
    return (
      <output aria-label={`Loading ${label}`} className="block">
        <Card className="space-y-3">
          {[0, 1, 2].map((row) => (
            <div key={row} className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
          ))}
        </Card>
      </output>
    );
  }
  if (data.items.length === 0 && data.page === 1) {
    return (
      <Card>
        <p className="text-sm text-slate-600">{empty}</p>
      </Card>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <div aria-busy={isPlaceholderData || undefined}>
      {/* relative: a visually hidden label is absolutely placed; without a positioned box here it escapes the
          card's scrolling and widens the whole page on a phone. */}
      <Card className="relative overflow-x-auto p-0">{children(data.items)}</Card>
      <nav aria-label={`Pages of ${label}`} className="mt-3 flex items-center justify-between gap-2 text-sm text-slate-600">
        <span>
          Page {data.page} of {pages} · {data.total} in all
        </span>
        <span className="flex gap-2">
          <Button variant="secondary" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>
            Previous
          </Button>
          <Button variant="secondary" disabled={data.page >= pages} onClick={() => onPage(data.page + 1)}>
            Next
          </Button>
        </span>
      </nav>
    </div>
  );
}
