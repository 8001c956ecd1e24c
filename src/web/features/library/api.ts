// The library's data (issue 27 §1–2): one page of items (or of search hits) at a time, newest first,
// with the filters the page shows; one item; the user's companies for the filter and the search box's
// suggestions; deleting an item. Live: every change to the user's library_items (a mail delivered, a
// draft kept, an item deleted in another tab) refetches what is shown.
import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LibraryItem, LibraryItemSummary, LibraryKind, LibraryPage, LibrarySearchHit } from '../../../shared/library.ts';
import { api } from '../../lib/api-client.ts';
import { liveTables } from '../../lib/live-updates.ts';

export type LibraryFilters = { kind?: LibraryKind; company?: string; from?: string; to?: string };
/** A row of the list: an item, or a search hit (an item with where the words were found). */
export type LibraryRow = LibraryItemSummary | LibrarySearchHit;

export const libraryKey = ['library'] as const;
// The database announces library_items changes (migration 0010's trigger); the realtime hub forwards
// a table once shared/live.ts's USER_TABLES names it, which the library's API branch adds. Until
// then this type says what is asked for.
const LIVE = liveTables('library_items');

/** '?name=value&…' of the parameters that are set (in this order), '' when none is. */
export function queryString(params: Record<string, string | null | undefined>): string {
  const set = Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  return set.length ? `?${new URLSearchParams(set)}` : '';
}

/** The list, or the search for `words` when there are any; each page is fetched with the last one's cursor. */
export const libraryPagesQuery = (words: string, filters: LibraryFilters) =>
  infiniteQueryOptions({
    queryKey: [...libraryKey, words ? 'search' : 'list', { words, ...filters }],
    queryFn: ({ pageParam, signal }) =>
      api<LibraryPage<LibraryRow>>(
        `/api/library${words ? '/search' : ''}${queryString({ q: words || undefined, ...filters, cursor: pageParam ?? undefined })}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: LIVE,
  });

export const libraryItemKey = (id: string) => [...libraryKey, 'item', id] as const;

export const libraryItemQuery = (id: string) =>
  queryOptions({
    queryKey: libraryItemKey(id),
    queryFn: ({ signal }) => api<LibraryItem>(`/api/library/${encodeURIComponent(id)}`, { signal }),
    meta: LIVE,
  });

export const useLibraryItem = (id: string) => useQuery(libraryItemQuery(id));

/** The user's companies: those starting with `prefix` (a few, for the suggestions), or all of them for ''. */
export const libraryCompaniesQuery = (prefix: string) =>
  queryOptions({
    queryKey: [...libraryKey, 'companies', prefix],
    queryFn: ({ signal }) => api<{ companies: string[] }>(`/api/library/companies?${new URLSearchParams({ prefix })}`, { signal }),
    // While the next letters' answer is on its way, the last suggestions stay rather than flicker.
    placeholderData: keepPreviousData,
    meta: LIVE,
  });

/** DELETE /api/library/:id: the item's page is left for the list, which no longer shows it. */
export function useDeleteLibraryItem(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>(`/api/library/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: libraryKey, predicate: (query) => query.queryKey[1] !== 'item' });
    },
  });
}
