// POST /api/air/reports/:id/retry: runs a failed report again from the step that failed. The answer
// goes into the report's query and the list; a refusal refetches both (the report may have been
// retried elsewhere, the credits may be gone).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AirOverview } from '../../../../shared/air.ts';
import { api } from '../../../lib/api-client.ts';
import { airOverviewKey, withReport } from './get-air-overview.ts';
import { type AirReportAnswer, airReportKey } from './get-air-report.ts';

export function useRetryAirReport(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<AirReportAnswer>(`/api/air/reports/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    onSuccess: ({ report }) => {
      client.setQueryData<AirReportAnswer>(airReportKey(report.id), { report });
      client.setQueryData<AirOverview>(airOverviewKey, (overview) => overview && withReport(overview, report));
      void client.invalidateQueries({ queryKey: airOverviewKey });
    },
    onError: () => {
      void client.invalidateQueries({ queryKey: airReportKey(id) });
      void client.invalidateQueries({ queryKey: airOverviewKey });
    },
  });
}
