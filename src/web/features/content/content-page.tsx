// /content-os (spec 02 §2 "Content creation"): Who / What / Why and a hook category, optional research
// stats, then hooks, a draft with its CTA, edits and modifications. State lives in useContentCreation.
import { CircleHelp, RotateCcw, TriangleAlert } from 'lucide-react';
import { useId, useRef } from 'react';
import { CONTENT_FIELD_MAX_LENGTH, HOOK_CATEGORIES } from '../../../shared/content.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/fields.tsx';
import { resetNavigationGuide } from '../../lib/navigation-guide.ts';
import { useSession } from '../../lib/session.ts';
import { sourceLabel } from './content-form.ts';
import { CtaPanel } from './cta-panel.tsx';
import { DraftEditor } from './draft-editor.tsx';
import { HooksSection } from './hooks-section.tsx';
import { LoadingOverlay } from './loading-overlay.tsx';
import { Modifications } from './modifications.tsx';
import { StatsPanel } from './stats-panel.tsx';
import { useContentCreation } from './use-content-creation.ts';

const categoryOptions = [
  { value: '', label: 'Select a hook category' },
  ...HOOK_CATEGORIES.map((category) => ({ value: category, label: category })),
];

export function ContentOsPage() {
  const { form, status, aiReady, startOver, stats, hooks, draft, modify } = useContentCreation();
  const { data: profile } = useSession();
  // Where the focus goes back to when the hooks overlay closes without hooks (cancelled or failed).
  const generateHooksButton = useRef<HTMLButtonElement>(null);
  const marketDataId = useId();
  // Start over removes its own button: the focus goes to the top of the emptied form instead.
  const formRef = useRef<HTMLFormElement>(null);
  const onStartOver = () => {
    startOver.run();
    (formRef.current?.elements[0] as HTMLElement | undefined)?.focus();
  };

  return (
    <>
      {/* While the overlay is up, nothing behind it takes focus or clicks. */}
      <div inert={hooks.busy} className="mx-auto max-w-6xl pb-16">
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-sm font-semibold text-brand-700">LinkedIn OS</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Content OS</h1>
            <p className="mt-2 text-slate-600">Generate LinkedIn content</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {startOver.shown && (
              <Button variant="secondary" onClick={onStartOver} disabled={startOver.disabled}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Start over
              </Button>
            )}
            <Button variant="secondary" onClick={resetNavigationGuide}>
              <CircleHelp aria-hidden="true" className="size-4" />
              Navigation guide
            </Button>
          </div>
        </header>

        {status && !status.configured && (
          <div
            role="alert"
            className="mt-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
            <p>{status.message}</p>
          </div>
        )}

        <form
          ref={formRef}
          noValidate
          aria-label="Post inputs"
          className="mt-6 grid gap-6 lg:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            hooks.submit();
          }}
        >
          <Card className="space-y-4">
            <SelectField label="Hook Category" required options={categoryOptions} {...form.field('hookCategory')} />
            <Field
              label="Who"
              required
              hint="Your audience: who will read this post?"
              maxLength={CONTENT_FIELD_MAX_LENGTH}
              {...form.field('audience')}
            />
            <Field
              label="What"
              required
              hint="Your solution: what do you offer them?"
              maxLength={CONTENT_FIELD_MAX_LENGTH}
              {...form.field('solution')}
            />
            <Field
              label="Why"
              required
              hint="Your value proposition: why does it matter to them?"
              maxLength={CONTENT_FIELD_MAX_LENGTH}
              {...form.field('valueProposition')}
            />
          </Card>
          <div className="flex flex-col gap-6">
            <StatsPanel stats={stats} />
            <div className="space-y-2">
              <Button
                ref={generateHooksButton}
                type="submit"
                className="w-full py-3"
                disabled={!aiReady}
                busy={hooks.busy}
                aria-describedby={hooks.marketData ? marketDataId : undefined}
              >
                Generate Hooks
              </Button>
              {/* Which statistic goes with the hooks (the chosen one, else the first); source text, shown as text. */}
              {hooks.marketData && (
                <p id={marketDataId} className="break-words text-sm text-slate-600">
                  Your hooks will use: {hooks.marketData.statistic} ({sourceLabel(hooks.marketData)})
                </p>
              )}
            </div>
          </div>
        </form>

        {hooks.list.length > 0 && <HooksSection hooks={hooks} draftBusy={draft.busy} disabled={!aiReady || modify.busy} />}

        {(draft.content !== null || draft.busy) && (
          <div className="mt-10 grid gap-6 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <DraftEditor draft={draft} profile={profile} locked={modify.busy} />
            </div>
            {draft.content !== null && draft.ctaOptions && (
              <div className="flex flex-col gap-6">
                <CtaPanel options={draft.ctaOptions} selected={draft.selectedCta} onSelect={draft.selectCta} />
                <Modifications modify={modify} hasDraft={Boolean(draft.content)} disabled={!aiReady || draft.busy} />
              </div>
            )}
          </div>
        )}
      </div>
      <LoadingOverlay open={hooks.busy} onCancel={hooks.cancel} returnFocus={generateHooksButton} />
    </>
  );
}
