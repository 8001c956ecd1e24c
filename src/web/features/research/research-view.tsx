// The parts every research screen shares: the not-configured banner, the progress of a run, and the
// result sections. Everything the AI or a source wrote is rendered as text; only http(s) links are links.
import { Check, CircleAlert, Copy, LibraryBig, LoaderCircle, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { libraryMessages } from '../../../shared/library.ts';
import type { ResearchMeta, ResearchStatus, Source } from '../../../shared/research.ts';
import { researchStageLabels } from '../../../shared/research.ts';
import { ExternalLink, safeHttpUrl } from '../../components/external-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import type { StageProgress } from './api.ts';
import { keptAs } from './research-stream.ts';
import {
  checkedLines,
  citedParts,
  marketSourceLabel,
  metaLine,
  type ResearchResult,
  resultMarkdown,
  sourceDetails,
  sourceLabel,
  stillReadingLine,
} from './result-text.ts';

export const COPIED_MESSAGE = 'Copied as Markdown';
export const COPY_FAILED_MESSAGE = 'Could not copy to the clipboard';

/** Shown above the form when no AI provider is configured; the form still submits (and gets the 503). */
export function NotConfiguredBanner({ status }: { status: ResearchStatus | undefined }) {
  if (!status || status.configured) return null;
  return (
    <div role="alert" className="mt-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <p>{status.message}</p>
    </div>
  );
}

function ElapsedSeconds({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  return <span className="tabular-nums">{seconds} s elapsed</span>;
}

const stageStateLabel = { done: 'done', current: 'in progress', pending: 'waiting', failed: 'stopped' } as const;

/** The three stages of a run (spec: visible progress for 30–45 s tasks), announced politely as they change. */
export function StageList({ stages }: { stages: StageProgress[] }) {
  return (
    <ol aria-label="Progress" aria-live="polite" className="space-y-3">
      {stages.map(({ stage, state, detail }) => (
        <li key={stage} data-state={state} className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className={cn(
              'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full',
              state === 'done' && 'bg-emerald-100 text-emerald-700',
              state === 'current' && 'bg-brand-50 text-brand-700',
              state === 'pending' && 'border border-slate-300',
              state === 'failed' && 'bg-red-100 text-red-700',
            )}
          >
            {state === 'done' && <Check className="size-3.5" />}
            {state === 'current' && <LoaderCircle className="size-3.5 animate-spin" />}
            {state === 'failed' && <CircleAlert className="size-3.5" />}
          </span>
          <div>
            <p className={cn('text-sm font-medium', state === 'pending' ? 'text-slate-500' : 'text-slate-900')}>
              {researchStageLabels[stage]} <span className="sr-only">({stageStateLabel[state]})</span>
            </p>
            {detail && <p className="text-xs text-slate-600">{detail}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** While a run is going: what is happening and how long it takes, the stages, the elapsed time and Cancel. */
export function RunningPanel({
  explanation,
  stages,
  startedAt,
  onCancel,
}: {
  explanation: string;
  stages: StageProgress[];
  startedAt: number;
  onCancel: () => void;
}) {
  return (
    <Card aria-labelledby="research-running-title" role="region">
      <h2 id="research-running-title" className="text-lg font-semibold text-slate-900">
        Analysis in progress
      </h2>
      <p className="mt-1 text-sm text-slate-600">{explanation}</p>
      <div className="mt-4">
        <StageList stages={stages} />
      </div>
      <div className="mt-5 flex items-center justify-between gap-4 border-t border-slate-100 pt-4 text-sm text-slate-600">
        <ElapsedSeconds startedAt={startedAt} />
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/**
 * A result text with its citation markers as links to the sources they name: "[2]" is the second
 * source of the list below (the server numbers them so). The text itself stays text.
 */
export function CitedText({ text, sources }: { text: string; sources: Source[] }) {
  return (
    <>
      {citedParts(text, sources).map((part, index) => {
        if ('text' in part) return part.text;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
          <span key={index} className="whitespace-nowrap text-xs">
            [
            {part.cites.map(({ n, source }, i) => {
              const href = safeHttpUrl(source.url);
              return (
                <span key={n}>
                  {i > 0 && ', '}
                  {href ? (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`Source ${n}: ${sourceLabel(source)}`}
                      className="font-medium text-brand-700 underline-offset-2 hover:underline"
                    >
                      {n}
                    </a>
                  ) : (
                    n
                  )}
                </span>
              );
            })}
            ]
          </span>
        );
      })}
    </>
  );
}

/** Numbered, as the text's markers number them. */
function SourceList({ sources }: { sources: Source[] }) {
  return (
    <ol aria-label="Sources" className="list-decimal space-y-2 pl-5 text-sm">
      {sources.map((source, index) => {
        const details = sourceDetails(source);
        return (
          // Sources may repeat an address; their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <li key={index} className="break-words">
            <ExternalLink url={source.url}>{sourceLabel(source)}</ExternalLink>
            {details && <span className="text-slate-600"> — {details}</span>}
          </li>
        );
      })}
    </ol>
  );
}

async function copyMarkdown(markdown: string) {
  try {
    await navigator.clipboard.writeText(markdown);
    toast.success(COPIED_MESSAGE);
  } catch {
    toast.error(COPY_FAILED_MESSAGE);
  }
}

/**
 * Where the analysis was kept in the user's library (issue 27), when it was: shown with the result,
 * outside its card, whose links are the sources.
 */
export function KeptLink({ meta }: { meta: ResearchMeta }) {
  const id = keptAs(meta);
  if (!id) return null;
  return (
    <p className="text-sm">
      <Link
        to={`/library/${encodeURIComponent(id)}`}
        className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        <LibraryBig aria-hidden="true" className="size-4" />
        {libraryMessages.kept}
      </Link>
    </p>
  );
}

/** A finished result: the spec's sections in order, the run's facts, and 'Copy as Markdown'. */
export function ResultView({
  title,
  result,
  meta,
  notice,
}: {
  /** What was analysed, e.g. 'Company Research: Acme'; heads the copied Markdown too. */
  title: string;
  result: ResearchResult;
  meta: ResearchMeta;
  notice?: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby="research-result-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="research-result-title" className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-xs text-slate-600">{metaLine(meta)}</p>
          {meta.period && <p className="mt-0.5 text-xs text-slate-600">Period: {meta.period}</p>}
          {stillReadingLine(meta) && <p className="mt-0.5 text-xs text-slate-600">{stillReadingLine(meta)}</p>}
          {checkedLines(meta).map((line) => (
            <p key={line} className="mt-0.5 text-xs text-slate-600">
              {line}
            </p>
          ))}
        </div>
        <Button variant="secondary" onClick={() => copyMarkdown(resultMarkdown(title, result, meta))}>
          <Copy aria-hidden="true" className="size-4" />
          Copy as Markdown
        </Button>
      </div>
      {notice}
      <Section title="Key summary">
        <p className="whitespace-pre-line text-sm text-slate-800">
          <CitedText text={result.keySummary} sources={result.sources} />
        </p>
      </Section>
      {result.keyFindings.length > 0 && (
        <Section title="Key findings">
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
            {result.keyFindings.map((finding, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={index}>
                <CitedText text={finding} sources={result.sources} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {result.trendAnalysis && result.trendAnalysis.length > 0 && (
        <Section title="Trend analysis">
          <div className="space-y-4">
            {result.trendAnalysis.map((trend, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <article key={index}>
                <h4 className="text-sm font-semibold text-slate-900">{trend.trend}</h4>
                <p className="mt-1 whitespace-pre-line text-sm text-slate-800">
                  <CitedText text={trend.analysis} sources={result.sources} />
                </p>
              </article>
            ))}
          </div>
        </Section>
      )}
      {result.marketData && result.marketData.length > 0 && (
        <Section title="Market data">
          <ul className="space-y-2 text-sm text-slate-800">
            {result.marketData.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={index}>
                {item.statistic} <span className="text-slate-600">(</span>
                <ExternalLink url={item.source}>{marketSourceLabel(item.source, result.sources)}</ExternalLink>
                <span className="text-slate-600">)</span>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {result.quotes && result.quotes.length > 0 && (
        <Section title="Quotes">
          <div className="space-y-4">
            {result.quotes.map((quote, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <figure key={index} className="border-l-4 border-brand-100 pl-4">
                <blockquote className="text-sm text-slate-800">“{quote.text}”</blockquote>
                <figcaption className="mt-1 text-xs text-slate-600">
                  — {quote.speaker}
                  {quote.context && `, ${quote.context}`}
                </figcaption>
              </figure>
            ))}
          </div>
        </Section>
      )}
      <Section title="Sources">
        {result.sources.length > 0 ? <SourceList sources={result.sources} /> : <p className="text-sm text-slate-600">No sources.</p>}
      </Section>
    </Card>
  );
}

/** The yellow notice of a partial result (spec 02 §8). */
export function IncompleteDataWarning({ message }: { message: string }) {
  return (
    <div role="status" className="mt-4 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <p>{message}</p>
    </div>
  );
}
