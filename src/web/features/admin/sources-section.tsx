// The console's Sources section (issue 28 §3): how each external service answered over the last hour
// or day (share answered, errors by kind, mean time), Google links decoded to a publisher's URL,
// robots refusals, and the share of publishers' articles whose text was read.
import { useState } from 'react';
import {
  opsMessages,
  SOURCE_OUTCOMES,
  type SourceErrorOutcome,
  type SourceWindow,
  sourceOutcomeLabels,
} from '../../../shared/admin-ops.ts';
import { Card } from '../../components/ui/card.tsx';
import { useSources } from './ops-api.ts';
import { Empty, formatCount, formatRate, formatTime, QueryState, SectionHeader, Table } from './ops-ui.tsx';

const ERRORS = SOURCE_OUTCOMES.filter((o): o is SourceErrorOutcome => o !== 'ok');
const WINDOWS: { value: SourceWindow; label: string }[] = [
  { value: 'hour', label: 'Last hour' },
  { value: 'day', label: 'Last day' },
];

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{value}</p>
      <p className="mt-1 text-xs text-slate-500">{detail}</p>
    </Card>
  );
}

export function SourcesSection() {
  const [span, setSpan] = useState<SourceWindow>('hour');
  const sources = useSources(span);

  return (
    <section aria-labelledby="ops-sources-title">
      <SectionHeader id="ops-sources-title" title={opsMessages.sourcesTitle}>
        <fieldset className="flex gap-1 rounded-lg border border-slate-200 bg-white p-1">
          <legend className="sr-only">Window</legend>
          {WINDOWS.map((w) => (
            <button
              key={w.value}
              type="button"
              aria-pressed={span === w.value}
              onClick={() => setSpan(w.value)}
              className="rounded-md px-3 py-1 text-sm text-slate-700 hover:bg-slate-50 aria-pressed:bg-brand-50 aria-pressed:font-semibold aria-pressed:text-brand-700"
            >
              {w.label}
            </button>
          ))}
        </fieldset>
      </SectionHeader>
      <QueryState query={sources} label="Loading the source rates" error={opsMessages.sourcesLoadError}>
        {(data) => (
          <>
            <p className="mt-2 text-xs text-slate-500">Counted in whole hours since {formatTime(data.from)}.</p>
            <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Figure
                label="Answered"
                value={formatRate(data.totals.okRate)}
                detail={`${formatCount(data.totals.ok)} of ${formatCount(data.totals.total)} requests`}
              />
              <Figure
                label="Google links decoded"
                value={formatRate(data.decode.rate, 'No links')}
                detail={`${formatCount(data.decode.decoded)} of ${formatCount(data.decode.checked)} links`}
              />
              <Figure
                label="Article text read"
                value={formatRate(data.articles.share, 'No articles')}
                detail={`${formatCount(data.articles.ok)} of ${formatCount(data.articles.read)} articles · ${formatCount(data.articles.paywalled)} paywalled · ${formatCount(data.articles.failed)} failed`}
              />
              <Figure
                label="Robots refusals"
                value={formatCount(data.robots.refusals)}
                detail={`requests robots.txt forbade · ${formatCount(data.robots.blockedArticles)} articles blocked`}
              />
            </div>
            {data.services.length === 0 ? (
              <Empty>{opsMessages.noRequests} in this window.</Empty>
            ) : (
              <Table
                caption="Answer rates per service"
                columns={['Service', 'Requests', 'Answered', ...ERRORS.map((o) => sourceOutcomeLabels[o]), 'Mean time', 'Hosts']}
              >
                {data.services.map((row) => (
                  <tr key={row.service}>
                    <th scope="row" className="whitespace-nowrap px-3 py-2 font-medium text-slate-900">
                      {row.service}
                    </th>
                    <td className="px-3 py-2 tabular-nums">{formatCount(row.total)}</td>
                    <td className="px-3 py-2 tabular-nums">{formatRate(row.okRate)}</td>
                    {ERRORS.map((o) => (
                      <td key={o} className={`px-3 py-2 tabular-nums ${row.errors[o] > 0 ? 'font-semibold text-red-700' : ''}`}>
                        {formatCount(row.errors[o])}
                      </td>
                    ))}
                    <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                      {row.meanMs === null ? '—' : `${formatCount(Math.round(row.meanMs))} ms`}
                    </td>
                    <td className="px-3 py-2 tabular-nums">{formatCount(row.hosts)}</td>
                  </tr>
                ))}
              </Table>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
