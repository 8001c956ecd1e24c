// Live updates (DESIGN §5): one EventSource per signed-in tab on /api/events. Each change names a
// table; every query that declared that table in `meta.liveTables` is refetched. Queries opt in
// where they are defined, so this file knows no feature:
//   useQuery({ queryKey: ['news-alerts'], queryFn, meta: liveTables('sonar_alerts') })
// The stream itself is live-stream.ts, loaded with the signed-in shell: the queries of the public
// pages, which declare their tables here too, come with the first screen (issue 27).
import type { QueryClient } from '@tanstack/react-query';
import type { UserTable } from '../../shared/live.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { liveTables?: readonly UserTable[] };
  }
}

export const liveTables = (...tables: UserTable[]) => ({ liveTables: tables });

/** Refetches the queries that show `table` (every live query when `table` is undefined). */
export function refreshLiveQueries(client: QueryClient, table?: UserTable) {
  return client.invalidateQueries({
    predicate: (query) => {
      const shown = query.meta?.liveTables;
      return shown !== undefined && (table === undefined || shown.includes(table));
    },
  });
}
