// The one post-save cache rule of every web api.ts: the server's answer to a save (create, update,
// delete, toggle) goes into the cached query the screen shows, and the saving tab does not refetch.
// The live update the save causes (live-updates.ts) refetches every open tab of the user, so the
// other tabs catch up, and this one gets again what it already shows.
//
// One case refetches: a list fetched (or still being fetched) while the save was on its way may be
// older than the save or newer (another tab's change); it must not undo the save, nor be undone by
// the answer. The answer is put in, and the query fetched once more, after the save (a fetch still
// under way is cancelled first, so its older list never lands). A refused save changes nothing,
// unless the refusal says this tab's copy is out of date (the row was deleted elsewhere, the
// newsletter created elsewhere): then the query is fetched again, since a tab whose live updates
// are down would otherwise repeat the refused save for ever.
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

/** `rows` with `row` in place of the row with its id, or added at the end (a new row). */
export function withRow<T extends { id: string }>(rows: readonly T[], row: T): T[] {
  return rows.some((r) => r.id === row.id) ? rows.map((r) => (r.id === row.id ? row : r)) : [...rows, row];
}

/** The cached data after the save: what the server answered, put into what the query held. */
type PutAnswer<TData, TAnswer, TVariables> = (data: TData, answer: TAnswer, variables: TVariables) => TData;

/** The mutation options that apply the rule to the query `queryKey` (spread them into useMutation). */
export function saveIntoCache<TData, TAnswer, TVariables>(
  client: QueryClient,
  queryKey: QueryKey,
  put: PutAnswer<TData, TAnswer, TVariables>,
) {
  return {
    /** When the query's data last changed before the save was sent. */
    onMutate: (): number | undefined => client.getQueryState(queryKey)?.dataUpdatedAt,
    onSuccess: (answer: TAnswer, variables: TVariables, sentAfter: number | undefined) => {
      const crossed = client.isFetching({ queryKey }) > 0 || client.getQueryState(queryKey)?.dataUpdatedAt !== sentAfter;
      client.setQueryData<TData>(queryKey, (data) => (data === undefined ? data : put(data, answer, variables)));
      // Refetching cancels a fetch under way (cancelRefetch).
      if (crossed) void client.invalidateQueries({ queryKey }, { cancelRefetch: true });
    },
    onError: (err: Error) => {
      if (isApiError(err, 'not_found') || isApiError(err, 'newsletter_exists')) void client.invalidateQueries({ queryKey });
    },
  };
}

export function useSaveIntoCache<TData, TAnswer, TVariables>(queryKey: QueryKey, put: PutAnswer<TData, TAnswer, TVariables>) {
  return saveIntoCache(useQueryClient(), queryKey, put);
}
