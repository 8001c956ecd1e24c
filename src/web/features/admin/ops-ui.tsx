// The pieces the Runs, Mail, AI usage and Sources sections share: their heading, the loading,
// empty and failed states, a table that scrolls sideways on a phone, a confirmed action with its
// toasts, and how times, numbers, rates and dollars are written.
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LoadError } from '../../components/load-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.tsx';

/** The section's heading; `id` names the section (aria-labelledby). */
export function SectionHeader({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      {children}
    </header>
  );
}

/**
 * The query's states around `children(data)`: a placeholder while the first answer comes, the
 * failure with a retry, then the data (a later failed refresh keeps the data shown).
 */
export function QueryState<T>({
  query,
  label,
  error,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, for screen readers ("Loading the runs"). */
  label: string;
  error: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data === undefined) {
    if (query.isError)
      return (
        <LoadError
          message={error}
          // A refusal says why (a filter the server does not take); anything else is "try again later".
          description={query.error instanceof ApiRequestError && query.error.status < 500 ? query.error.message : undefined}
          retrying={query.isRefetching}
          onRetry={() => void query.refetch()}
          className="mt-4"
        />
      );
    return (
      <output aria-label={label} className="mt-4 block">
        <Card className="space-y-4">
          {[0, 1, 2].map((row) => (
            <div key={row} className="h-4 w-full animate-pulse rounded bg-slate-200" />
          ))}
        </Card>
      </output>
    );
  }
  return <>{children(query.data)}</>;
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Card className="mt-4">
      <p className="text-sm text-slate-600">{children}</p>
    </Card>
  );
}

/** A table in a card that scrolls sideways where the screen is narrower than its columns. */
export function Table({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <Card className="relative mt-4 overflow-x-auto p-0">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </Card>
  );
}

/** Counts as chips (filters when `onPick` is given): the chosen one pressed. */
export function Counts<K extends string>({
  label,
  items,
  chosen,
  onPick,
}: {
  label: string;
  items: { key: K; label: string; count: number; alarm?: boolean }[];
  chosen?: K;
  onPick?: (key: K | undefined) => void;
}) {
  return (
    <ul aria-label={label} className="mt-4 flex flex-wrap gap-2">
      {items.map((item) => {
        const text = (
          <>
            <span>{item.label}</span>{' '}
            <span className={item.alarm && item.count > 0 ? 'font-bold text-red-700' : 'font-bold text-slate-900'}>
              {formatCount(item.count)}
            </span>
          </>
        );
        return (
          <li key={item.key}>
            {onPick ? (
              <button
                type="button"
                aria-pressed={chosen === item.key}
                onClick={() => onPick(chosen === item.key ? undefined : item.key)}
                className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:bg-slate-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-50"
              >
                {text}
              </button>
            ) : (
              <span className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-700">
                {text}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function Pager({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage: (page: number) => void }) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-center gap-3 text-sm text-slate-700">
      <Button variant="secondary" disabled={page === 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>Page {page}</span>
      <Button variant="secondary" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/**
 * A button that asks first: the dialog says what will happen; on confirmation `run` is called and
 * a toast tells how it went (the server's message when it refused).
 */
export function ConfirmAction({
  label,
  title,
  description,
  busy,
  run,
  done,
  failed,
}: {
  /** The button's text; also the dialog's confirm button. */
  label: string;
  title: string;
  description: string;
  busy: boolean;
  run: () => Promise<unknown>;
  done: string;
  failed: string;
}) {
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    try {
      await run();
      toast.success(done);
    } catch (err) {
      toast.error(failed, { description: err instanceof Error ? err.message : undefined });
    } finally {
      setOpen(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      variant="form"
      title={title}
      description={description}
      trigger={
        <Button variant="secondary" className="px-3 py-1">
          {label}
        </Button>
      }
    >
      <div className="mt-6 flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button busy={busy} onClick={() => void confirm()}>
          {label}
        </Button>
      </div>
    </Dialog>
  );
}

const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});
/** A moment as "Nov 27, 6:43 PM UTC": operators compare it with logs, which are in UTC. */
export const formatTime = (iso: string) => timeFormat.format(new Date(iso));

const countFormat = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => countFormat.format(n);

/** A share as "92.5 %", or the words for none when there was nothing to divide. */
export const formatRate = (rate: number | null, none = 'No requests') => (rate === null ? none : `${(rate * 100).toFixed(1)} %`);

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });
export const formatDollars = (n: number) => dollars.format(n);

export function Time({ iso }: { iso: string | null }) {
  if (!iso) return <span className="text-slate-400">—</span>;
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatTime(iso)}
    </time>
  );
}
