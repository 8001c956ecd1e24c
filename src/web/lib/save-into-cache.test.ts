// The one post-save cache rule: the answer goes into the cache and the saving tab does not refetch,
// except when a list crossed the save (fetched, or still being fetched, while it was on its way).
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import { saveIntoCache, withRow } from './save-into-cache.ts';

type Row = { id: string; name: string };
type List = { rows: Row[] };
const key = ['rows'] as const;

/** A server the test answers by hand: every GET waits until the test releases it. */
function setup(initial: Row[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  const gets: { resolve: (list: List) => void; signal: AbortSignal }[] = [];
  const observer = new QueryObserver<List>(client, {
    queryKey: key,
    queryFn: ({ signal }) => new Promise<List>((resolve) => gets.push({ resolve, signal })),
  });
  const unsubscribe = observer.subscribe(() => {});
  cleanups.push(() => {
    unsubscribe();
    client.clear();
  });
  gets.shift()?.resolve({ rows: initial });
  const saves: { resolve: (row: Row) => void; reject: (err: Error) => void }[] = [];
  const save = new MutationObserver<Row, Error, Row, number | undefined>(client, {
    mutationFn: () => new Promise<Row>((resolve, reject) => saves.push({ resolve, reject })),
    ...saveIntoCache(client, key, (list: List, answer: Row) => ({ rows: withRow(list.rows, answer) })),
  });
  const names = () => client.getQueryData<List>(key)?.rows.map((row) => row.name);
  return { client, gets, saves, save, names };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('withRow', () => {
  it('replaces the row with the same id, or adds a new one at the end', () => {
    const rows = [
      { id: '1', name: 'a' },
      { id: '2', name: 'b' },
    ];
    expect(withRow(rows, { id: '2', name: 'B' })).toEqual([rows[0], { id: '2', name: 'B' }]);
    expect(withRow(rows, { id: '3', name: 'c' })).toEqual([...rows, { id: '3', name: 'c' }]);
  });
});

describe('saveIntoCache', () => {
  it('puts the answer into the cache, and the saving tab does not refetch', async () => {
    const { gets, saves, save, names } = setup([{ id: '1', name: 'Old' }]);
    await settle();
    expect(names()).toEqual(['Old']);
    const done = save.mutate({ id: '1', name: 'New' });
    await settle();
    saves[0]!.resolve({ id: '1', name: 'New (as stored)' });
    await done;
    expect(names()).toEqual(['New (as stored)']);
    expect(gets).toHaveLength(0);
  });

  it('adds a created row', async () => {
    const { saves, save, names } = setup([{ id: '1', name: 'One' }]);
    await settle();
    const done = save.mutate({ id: '2', name: 'Two' });
    await settle();
    saves[0]!.resolve({ id: '2', name: 'Two' });
    await done;
    expect(names()).toEqual(['One', 'Two']);
  });

  it('a list fetched before the save and answered after it cannot undo it (a slow create): it is fetched again', async () => {
    const { client, gets, saves, save, names } = setup([]);
    await settle();
    // A live update from elsewhere: the list is being fetched when the user saves.
    void client.invalidateQueries({ queryKey: key });
    expect(gets).toHaveLength(1);
    const done = save.mutate({ id: '7', name: 'Created here' });
    await settle();
    saves[0]!.resolve({ id: '7', name: 'Created here' });
    await done;
    expect(gets[0]!.signal.aborted).toBe(true);
    gets[0]!.resolve({ rows: [] });
    await settle();
    expect(names()).toEqual(['Created here']);
    // The list it was fetching for, again, now after the save.
    expect(gets).toHaveLength(2);
    gets[1]!.resolve({ rows: [{ id: '7', name: 'Created here' }] });
    await settle();
    expect(names()).toEqual(['Created here']);
  });

  it('a list that came in while the save was on its way may be newer or older: the answer shows, then the list is fetched again', async () => {
    const { client, gets, saves, save, names } = setup([{ id: '1', name: 'Mine' }]);
    await settle();
    const done = save.mutate({ id: '1', name: 'Mine, edited' });
    await settle();
    // Another tab renamed it after this save was stored: the live update's list arrives first.
    void client.invalidateQueries({ queryKey: key });
    gets.shift()!.resolve({ rows: [{ id: '1', name: 'Theirs, later' }] });
    await settle();
    saves[0]!.resolve({ id: '1', name: 'Mine, edited' });
    await done;
    expect(names()).toEqual(['Mine, edited']);
    expect(gets).toHaveLength(1);
    gets[0]!.resolve({ rows: [{ id: '1', name: 'Theirs, later' }] });
    await settle();
    expect(names()).toEqual(['Theirs, later']);
  });

  it('a failed save changes nothing in the cache and fetches nothing', async () => {
    const { gets, saves, save, names } = setup([{ id: '1', name: 'Old' }]);
    await settle();
    const done = save.mutate({ id: '1', name: 'New' }).catch((err: Error) => err.message);
    await settle();
    saves[0]!.reject(new Error('refused'));
    expect(await done).toBe('refused');
    expect(names()).toEqual(['Old']);
    expect(gets).toHaveLength(0);
  });

  it('a refusal saying this copy is out of date (deleted or created elsewhere) fetches the list again', async () => {
    for (const refusal of [
      new ApiRequestError(404, { code: 'not_found', message: 'This alert no longer exists.' }),
      new ApiRequestError(409, { code: 'newsletter_exists', message: 'You already have a newsletter. Update it instead.' }),
    ]) {
      const { gets, saves, save, names } = setup([{ id: '1', name: 'Old' }]);
      await settle();
      const done = save.mutate({ id: '1', name: 'New' }).catch((err: Error) => err.message);
      await settle();
      saves[0]!.reject(refusal);
      expect(await done).toBe(refusal.message);
      await settle();
      expect(gets).toHaveLength(1);
      gets[0]!.resolve({ rows: [] });
      await settle();
      expect(names()).toEqual([]);
    }
  });

  it('other refusals (a limit, bad input) fetch nothing', async () => {
    const { gets, saves, save } = setup([{ id: '1', name: 'Old' }]);
    await settle();
    const done = save.mutate({ id: '1', name: 'New' }).catch((err: Error) => err.message);
    await settle();
    saves[0]!.reject(new ApiRequestError(409, { code: 'limit_reached', message: 'You can have up to 6 news alerts.' }));
    await done;
    await settle();
    expect(gets).toHaveLength(0);
  });
});
