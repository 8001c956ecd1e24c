// The console's AI usage and cost (issue 28 §3): runs, failures, tokens and dollars per user and per
// task for a month, priced from the AI_PRICES table; a model without a price there shows its tokens
// and says that its cost is not known.
import { useState } from 'react';
import { opsMessages, type UsageFigures } from '../../../shared/admin-ops.ts';
import { Field } from '../../components/ui/field.tsx';
import { useAiUsage } from './ops-api.ts';
import { Empty, formatCount, formatDollars, QueryState, SectionHeader, Table } from './ops-ui.tsx';

const FIGURE_COLUMNS = ['Runs', 'Failures', 'Input tokens', 'Output tokens', 'Cost'];

/** The cost as dollars; where a model has no price, what is known and which models are missing. */
function Cost({ figures }: { figures: UsageFigures }) {
  if (figures.cost !== null) return <>{formatDollars(figures.cost)}</>;
  return (
    <span title={opsMessages.noPrice}>
      {figures.pricedCost > 0 ? `at least ${formatDollars(figures.pricedCost)}` : 'Unknown'}
      <span className="block text-xs text-amber-800">No price for {figures.unpricedModels.join(', ')}</span>
    </span>
  );
}

function Figures({ figures }: { figures: UsageFigures }) {
  return (
    <>
      <td className="px-3 py-2 tabular-nums">{formatCount(figures.runs)}</td>
      <td className="px-3 py-2 tabular-nums">{formatCount(figures.failures)}</td>
      <td className="px-3 py-2 tabular-nums">{formatCount(figures.inputTokens)}</td>
      <td className="px-3 py-2 tabular-nums">{formatCount(figures.outputTokens)}</td>
      <td className="px-3 py-2 tabular-nums">
        <Cost figures={figures} />
      </td>
    </>
  );
}

export function AiUsageSection() {
  const [month, setMonth] = useState('');
  const usage = useAiUsage(month || undefined);

  return (
    <section aria-labelledby="ops-ai-title">
      <SectionHeader id="ops-ai-title" title={opsMessages.aiTitle} />
      <form aria-label="Month filter" className="mt-4 max-w-xs" onSubmit={(event) => event.preventDefault()}>
        <Field
          label="Month"
          type="month"
          value={month}
          hint="This month when empty (New York time)."
          onChange={(event) => setMonth(event.target.value)}
        />
      </form>
      <QueryState query={usage} label="Loading the AI usage" error={opsMessages.aiLoadError}>
        {(data) =>
          data.lines.length === 0 ? (
            <Empty>{opsMessages.aiEmpty(data.month)}</Empty>
          ) : (
            <>
              {data.totals.unpricedModels.length > 0 && (
                <p role="note" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  {opsMessages.noPrice} ({data.totals.unpricedModels.join(', ')})
                </p>
              )}
              <Table caption={`AI usage per user, ${data.month}`} columns={['User', ...FIGURE_COLUMNS]}>
                {data.users.map((row) => (
                  <tr key={row.email}>
                    <th scope="row" className="max-w-64 truncate px-3 py-2 font-medium text-slate-900" title={row.email}>
                      {row.email}
                    </th>
                    <Figures figures={row} />
                  </tr>
                ))}
                <tr className="bg-slate-50 font-semibold">
                  <th scope="row" className="px-3 py-2 text-slate-900">
                    Total
                  </th>
                  <Figures figures={data.totals} />
                </tr>
              </Table>
              <Table caption={`AI usage per task, ${data.month}`} columns={['Task', ...FIGURE_COLUMNS]}>
                {data.tasks.map((row) => (
                  <tr key={row.task}>
                    <th scope="row" className="whitespace-nowrap px-3 py-2 font-medium text-slate-900">
                      {row.task}
                    </th>
                    <Figures figures={row} />
                  </tr>
                ))}
              </Table>
              <Table caption={`AI usage per user and task, ${data.month}`} columns={['User', 'Task', ...FIGURE_COLUMNS]}>
                {data.lines.map((row) => (
                  <tr key={`${row.email} ${row.task}`}>
                    <td className="max-w-64 truncate px-3 py-2" title={row.email}>
                      {row.email}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">{row.task}</td>
                    <Figures figures={row} />
                  </tr>
                ))}
              </Table>
            </>
          )
        }
      </QueryState>
    </section>
  );
}
