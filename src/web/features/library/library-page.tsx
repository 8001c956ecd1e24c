// /library (issue 27 §1–2): everything delivered to the user and what they kept, newest first, or
// the search for ?q=… (the shell's search box sends it here), best first, with where the words were
// found. Filters by kind, company and date live in the address too, so a search or a filtered list
// can be reloaded, shared between tabs and gone back to. Its own lazy chunk.
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  LIBRARY_KINDS,
  LIBRARY_QUERY_MAX_LENGTH,
  type LibraryKind,
  libraryKindLabels,
  libraryMessages,
  type LibraryPage as Page,
} from '../../../shared/library.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/fields.tsx';
import { type LibraryFilters, type LibraryRow, libraryCompaniesQuery, libraryPagesQuery } from './api.ts';
import { formatItemDate, siteOf, sourceCountLabel } from './format.ts';
import { splitSnippet } from './snippet.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FILTERS = ['kind', 'company', 'from', 'to'] as const;

/** The filters in the address; a value the server would refuse (an unknown kind, a malformed date) is left out. */
export function filtersOf(params: URLSearchParams): LibraryFilters {
  const kind = params.get('kind') ?? '';
  const company = params.get('company')?.trim() ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    ...((LIBRARY_KINDS as readonly string[]).includes(kind) ? { kind: kind as LibraryKind } : {}),
    ...(company ? { company } : {}),
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
  };
}

/** The words searched for in the address (trimmed, and cut to the length the server takes). */
export const wordsOf = (params: URLSearchParams) => (params.get('q') ?? '').trim().slice(0, LIBRARY_QUERY_MAX_LENGTH);

const kindOptions = [{ value: '', label: 'All kinds' }, ...LIBRARY_KINDS.map((kind) => ({ value: kind, label: libraryKindLabels[kind] }))];

export function LibraryPage() {
  const [params, setParams] = useSearchParams();
  const words = wordsOf(params);
  const filters = filtersOf(params);
  const pages = useInfiniteQuery(libraryPagesQuery(words, filters));

  const setFilter = (name: (typeof FILTERS)[number], value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const withoutWords = new URLSearchParams(params);
  withoutWords.delete('q');

  return (
    <div>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{libraryMessages.title}</h1>
      </header>

      <Filters filters={filters} onChange={setFilter} />

      {words && (
        <p className="mt-6 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-slate-700">
          <span className="break-words">
            Results for <strong className="font-semibold text-slate-900">“{words}”</strong>
          </span>
          <Link
            to={`/library${withoutWords.size ? `?${withoutWords}` : ''}`}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Clear search
          </Link>
        </p>
      )}

      <section aria-label={words ? 'Search results' : 'Your library'} className="mt-4">
        <Rows pages={pages} empty={words || Object.keys(filters).length > 0 ? libraryMessages.noResults : libraryMessages.empty} />
      </section>
    </div>
  );
}

function Filters({ filters, onChange }: { filters: LibraryFilters; onChange: (name: (typeof FILTERS)[number], value: string) => void }) {
  const { data } = useQuery(libraryCompaniesQuery(''));
  const companies = data?.companies ?? [];
  // A company from a link that is not in the list (yet) stays chosen.
  const listed = filters.company && !companies.includes(filters.company) ? [filters.company, ...companies] : companies;
  const companyOptions = [{ value: '', label: 'All companies' }, ...listed.map((name) => ({ value: name, label: name }))];
  return (
    <form aria-label="Filters" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(event) => event.preventDefault()}>
      <SelectField
        label="Kind"
        options={kindOptions}
        value={filters.kind ?? ''}
        onChange={(event) => onChange('kind', event.target.value)}
      />
      <SelectField
        label="Company"
        options={companyOptions}
        value={filters.company ?? ''}
        onChange={(event) => onChange('company', event.target.value)}
      />
      <Field
        label="From"
        type="date"
        value={filters.from ?? ''}
        max={filters.to}
        onChange={(event) => onChange('from', event.target.value)}
      />
      <Field label="To" type="date" value={filters.to ?? ''} min={filters.from} onChange={(event) => onChange('to', event.target.value)} />
    </form>
  );
}

type Pages = UseInfiniteQueryResult<InfiniteData<Page<LibraryRow>, unknown>>;

function Rows({ pages, empty }: { pages: Pages; empty: string }) {
  const { data, isError, refetch, isRefetching } = pages;
  if (!data) {
    if (isError) return <LoadFailure retrying={isRefetching} onRetry={() => refetch()} />;
    return (
      <output aria-label="Loading your library" className="block">
        <Card className="space-y-5">
          {[0, 1, 2].map((row) => (
            <div key={row} className="animate-pulse space-y-2">
              <div className="h-3 w-28 rounded bg-slate-200" />
              <div className="h-4 w-3/4 rounded bg-slate-200" />
              <div className="h-3 w-1/2 rounded bg-slate-200" />
            </div>
          ))}
        </Card>
      </output>
    );
  }
  // A row already shown (an item delivered while paging moved it to the next page) is shown once.
  const rows = [...new Map(data.pages.flatMap((page) => page.items).map((row) => [row.id, row])).values()];
  if (rows.length === 0) {
    return (
      <Card>
        <p className="text-sm text-slate-600">{empty}</p>
      </Card>
    );
  }
  return (
    <>
      <Card className="p-0">
        <ul className="divide-y divide-slate-100">
          {rows.map((row) => (
            <Row key={row.id} row={row} />
          ))}
        </ul>
      </Card>
      {pages.isFetchNextPageError && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {libraryMessages.loadError}
        </p>
      )}
      {pages.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" busy={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
}

function LoadFailure({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <Card>
      <p role="alert" className="text-slate-800">
        {libraryMessages.loadError}
      </p>
      <Button className="mt-4" variant="secondary" busy={retrying} onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}

/** A search hit's snippet: its text, with the matches in <mark>; never markup. */
export function Snippet({ text }: { text: string }) {
  return (
    <>
      {splitSnippet(text).map((part, index) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never reorder
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never reorder
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

function Row({ row }: { row: LibraryRow }) {
  const hit = 'snippet' in row ? row : null;
  return (
    <li className="px-6 py-4">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{libraryKindLabels[row.kind] ?? row.kind}</p>
      <Link
        to={`/library/${encodeURIComponent(row.id)}`}
        className="mt-0.5 block font-semibold break-words text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline"
      >
        {row.title}
      </Link>
      <p className="mt-1 text-sm break-words text-slate-600">
        {row.companies.length > 0 && `${row.companies.join(', ')} · `}
        <time dateTime={row.createdAt}>{formatItemDate(row.createdAt)}</time>
        {` · ${sourceCountLabel(row.sourceCount)}`}
      </p>
      {hit?.snippet && (
        <p className="mt-2 text-sm break-words text-slate-700">
          <Snippet text={hit.snippet} />
        </p>
      )}
      {hit?.snippetSource && (
        <p className="mt-1 text-xs break-words text-slate-600">from {hit.snippetSource.title?.trim() || siteOf(hit.snippetSource.url)}</p>
      )}
    </li>
  );
}
