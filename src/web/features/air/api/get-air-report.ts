// GET /api/air/reports/:id: one report with its steps. Live: the server announces every step it
// takes as a change to air_reports, so the page follows the report as it is built.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AirReportDetail } from '../../../../shared/air.ts';
import { api } from '../../../lib/api-client.ts';
import { liveTables } from '../../../lib/live-updates.ts';

export type AirReportAnswer = { report: AirReportDetail };

export const airReportKey = (id: string) => ['air', 'report', id] as const;

export const airReportQuery = (id: string) =>
  queryOptions({
    queryKey: airReportKey(id),
    queryFn: ({ signal }) => api<AirReportAnswer>(`/api/air/reports/${encodeURIComponent(id)}`, { signal }),
    meta: liveTables('air_reports'),
  });

export const useAirReport = (id: string) => useQuery(airReportQuery(id));
