// The collapsible Research Stats panel (spec 02 §2): real statistics with their sources, one of
// which can go with the hooks. Statistics are AI/source text: rendered as text, links only for http(s).
import { ChartNoAxesColumn, ChevronDown, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { contentMessages, STATS_HINT_AFTER } from '../../../shared/content.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { STATS_HINT_SUGGESTION, sourceLabel } from './content-form.ts';
import type { ContentCreation } from './use-content-creation.ts';

const text = contentMessages.stats;

const STATS_TOGGLE_LABEL = 'Research Stats (click me!)';
const GENERATE_STATS_HINT = 'Fill in all four fields to generate stats.';

export function StatsPanel({ stats }: { stats: ContentCreation['stats'] }) {
  const id = useId();
  const panelId = `${id}-panel`;
  const { open, toggle, list, selected, select, generate, busy, canGenerate, fieldsMissing, generationCount } = stats;
  const hintId = `${id}-generate-hint`;

  return (
    // A card without padding: the whole header row is the toggle.
    <div className="rounded-2xl border border-slate-200 bg-white/90 shadow-sm">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className="flex w-full items-center justify-between gap-3 rounded-2xl px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className="flex items-center gap-2">
          <ChartNoAxesColumn aria-hidden="true" className="size-4 text-brand-700" />
          {STATS_TOGGLE_LABEL}
        </span>
        <ChevronDown aria-hidden="true" className={cn('size-4 text-slate-500 transition', open && 'rotate-180')} />
      </button>
      {open && (
        <div id={panelId} className="space-y-4 border-t border-slate-100 px-5 py-4">
          {list.length === 0 ? (
            <p className="text-sm text-slate-600">{text.placeholder}</p>
          ) : (
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Choose a statistic for your hooks</legend>
              <div className="mt-2 space-y-2">
                {list.map((stat, index) => {
                  const optionId = `${id}-stat-${index}`;
                  return (
                    <div
                      // The latest generation never reorders; its position is its identity.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      key={index}
                      className={cn(
                        'flex items-start gap-3 rounded-lg border p-3',
                        selected === index ? 'border-brand-500 bg-brand-50' : 'border-slate-200',
                      )}
                    >
                      <input
                        type="radio"
                        id={optionId}
                        name={`${id}-stat`}
                        checked={selected === index}
                        onChange={() => select(index)}
                        aria-describedby={`${optionId}-source`}
                        className="mt-1 accent-brand-600"
                      />
                      <div className="min-w-0 text-sm">
                        <label htmlFor={optionId} className="block whitespace-pre-wrap break-words text-slate-900">
                          {stat.statistic}
                        </label>
                        <p id={`${optionId}-source`} className="mt-1 break-words text-xs text-slate-600">
                          Source: <ExternalLink url={stat.source}>{sourceLabel(stat)}</ExternalLink>
                        </p>
                      </div>
                    </div>
                  );
                })}
              </div>
            </fieldset>
          )}
          {generationCount >= STATS_HINT_AFTER && (
            <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
              {text.hint} {STATS_HINT_SUGGESTION}
            </p>
          )}
          <Button
            variant="secondary"
            onClick={generate}
            disabled={!canGenerate}
            busy={busy}
            aria-describedby={fieldsMissing ? hintId : undefined}
            className="w-full"
          >
            {busy ? (
              <>
                <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
                Generating...
              </>
            ) : (
              'Generate Stats'
            )}
          </Button>
          {/* Says why the button is disabled; the stats are researched for all four fields. */}
          {fieldsMissing && (
            <p id={hintId} className="text-xs text-slate-600">
              {GENERATE_STATS_HINT}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
