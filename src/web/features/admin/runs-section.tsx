// The console's Runs section (issue 28 §3): the run engine's runs due, running, late and failed, by
// kind, each failure with the engine's reason, and a retry for a failed run.
import { useState } from 'react';
import {
  OPS_RUN_KINDS,
  type OpsRun,
  type OpsRunKind,
  opsMessages,
  RUN_VIEWS,
  type RunView,
  runKindLabels,
  runViewLabels,
} from '../../../shared/admin-ops.ts';
import { SelectField } from '../../components/ui/fields.tsx';
import { useRetryRun, useRuns } from './ops-api.ts';
import { ConfirmAction, Counts, Empty, formatCount, Pager, QueryState, SectionHeader, Table, Time } from './ops-ui.tsx';

const kindOptions = [{ value: '', label: 'All kinds' }, ...OPS_RUN_KINDS.map((kind) => ({ value: kind, label: runKindLabels[kind] }))];
const viewOptions = [
  { value: '', label: 'Due, running, late and failed' },
  ...RUN_VIEWS.map((view) => ({ value: view, label: runViewLabels[view] })),
];

const viewTone: Record<RunView, string> = {
  due: 'bg-slate-100 text-slate-700',
  running: 'bg-blue-50 text-blue-800',
  late: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-50 text-red-800',
};

export function RunsSection() {
  const [kind, setKind] = useState<OpsRunKind | undefined>();
  const [status, setStatus] = useState<RunView | undefined>();
  const [page, setPage] = useState(1);
  const runs = useRuns({ kind, status, page });

  return (
    <section aria-labelledby="ops-runs-title">
      <SectionHeader id="ops-runs-title" title={opsMessages.runsTitle} />
      <form aria-label="Run filters" className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label="Kind"
          options={kindOptions}
          value={kind ?? ''}
          onChange={(event) => {
            setKind((event.target.value || undefined) as OpsRunKind | undefined);
            setPage(1);
          }}
        />
        <SelectField
          label="Status"
          options={viewOptions}
          value={status ?? ''}
          onChange={(event) => {
            setStatus((event.target.value || undefined) as RunView | undefined);
            setPage(1);
          }}
        />
      </form>
      <QueryState query={runs} label="Loading the runs" error={opsMessages.runsLoadError}>
        {(data) => (
          <>
            <Counts
              label="Runs by status"
              items={RUN_VIEWS.map((view) => ({
                key: view,
                label: runViewLabels[view],
                count: data.totals[view],
                alarm: view !== 'due' && view !== 'running',
              }))}
              chosen={status}
              onPick={(view) => {
                setStatus(view);
                setPage(1);
              }}
            />
            <p className="mt-2 text-xs text-slate-500">
              Late: not finished {data.lateAfterMinutes} minutes after the time it was for. Failed: the last {data.failedWindowDays} days.
            </p>
            <Table caption="Runs per kind" columns={['Kind', ...RUN_VIEWS.map((view) => runViewLabels[view])]}>
              {data.byKind.map((row) => (
                <tr key={row.kind}>
                  <th scope="row" className="whitespace-nowrap px-3 py-2 font-medium text-slate-900">
                    {runKindLabels[row.kind]}
                  </th>
                  {RUN_VIEWS.map((view) => (
                    <td key={view} className="px-3 py-2 tabular-nums">
                      {formatCount(row[view])}
                    </td>
                  ))}
                </tr>
              ))}
            </Table>
            {data.runs.length === 0 ? (
              <Empty>{opsMessages.runsEmpty}</Empty>
            ) : (
              <Table caption="Runs, newest first" columns={['Status', 'Kind', 'User', 'For', 'Attempts', 'Reason', '']}>
                {data.runs.map((run) => (
                  <RunRow key={run.id} run={run} />
                ))}
              </Table>
            )}
            <Pager page={data.page} hasMore={data.hasMore} onPage={setPage} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function RunRow({ run }: { run: OpsRun }) {
  const retry = useRetryRun();
  return (
    <tr>
      <td className="px-3 py-2">
        <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${viewTone[run.view]}`}>
          {runViewLabels[run.view]}
        </span>
        <span className="ml-2 text-xs text-slate-500">{run.status}</span>
      </td>
      <td className="whitespace-nowrap px-3 py-2">{runKindLabels[run.kind]}</td>
      <td className="max-w-56 truncate px-3 py-2" title={run.userEmail}>
        {run.userEmail}
      </td>
      <td className="px-3 py-2">
        <Time iso={run.dueAt} />
      </td>
      <td className="px-3 py-2 tabular-nums">{run.attempts}</td>
      <td className="min-w-64 break-words px-3 py-2 text-slate-700">{run.reason ?? <span className="text-slate-400">—</span>}</td>
      <td className="px-3 py-2 text-right">
        {run.status === 'failed' &&
          (run.retryBlocked ? (
            <span className="text-xs text-slate-500">{run.retryBlocked}</span>
          ) : (
            <ConfirmAction
              label="Retry"
              title={`Retry this ${runKindLabels[run.kind].toLowerCase()} run of ${run.userEmail}`}
              description={opsMessages.retryConfirm}
              busy={retry.isPending}
              run={() => retry.mutateAsync(run.id)}
              done={opsMessages.retried}
              failed={opsMessages.retryFailed}
            />
          ))}
      </td>
    </tr>
  );
}
