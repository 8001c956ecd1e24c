// POST /api/air/reports: starts a report, using a credit. The answer goes into the report's query
// (its page opens without a second request) and into the list; the overview is fetched again for
// the credits. A refusal that says the page's copy is out of date (no credits left, AI no longer
// configured) updates it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AirOverview, AirRequest } from '../../../../shared/air.ts';
import { api, isApiError } from '../../../lib/api-client.ts';
import { airOverviewKey, withReport } from './get-air-overview.ts';
import { type AirReportAnswer, airReportKey } from './get-air-report.ts';

export function useCreateAirReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: AirRequest) => api<AirReportAnswer>('/api/air/reports', { method: 'POST', body: request }),
    onSuccess: ({ report }) => {
      client.setQueryData<AirReportAnswer>(airReportKey(report.id), { report });
      client.setQueryData<AirOverview>(airOverviewKey, (overview) => overview && withReport(overview, report));
      void client.invalidateQueries({ queryKey: airOverviewKey });
    },
    onError: (err) => {
      if (isApiError(err, 'ai_not_configured')) {
        client.setQueryData<AirOverview>(
          airOverviewKey,
          (overview) => overview && { ...overview, ai: { configured: false, message: err.message } },
        );
      }
      if (isApiError(err, 'no_credits')) void client.invalidateQueries({ queryKey: airOverviewKey });
    },
  });
}
