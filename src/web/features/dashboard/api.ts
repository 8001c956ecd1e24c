// The dashboard's data: one query for the whole page, refreshed live by any change to a table it reads.
import { useQuery } from '@tanstack/react-query';
import { dashboardQuery } from './dashboard-query.ts';

export function useDashboard() {
  return useQuery(dashboardQuery);
}
