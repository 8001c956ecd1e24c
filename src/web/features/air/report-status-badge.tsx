import type { AirReportStatus } from '../../../shared/air.ts';
import { cn } from '../../lib/cn.ts';
import { reportStatusLabels } from './format.ts';

const styles: Record<AirReportStatus, string> = {
  queued: 'bg-slate-100 text-slate-800',
  running: 'bg-brand-50 text-brand-700',
  succeeded: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
};

export function ReportStatusBadge({ status }: { status: AirReportStatus }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2.5 py-1 text-xs font-semibold', styles[status])}>
      {reportStatusLabels[status]}
    </span>
  );
}
