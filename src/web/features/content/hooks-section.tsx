// 'Generated Hooks' (spec 02 §2): a card per hook. Choosing one writes the draft; the chosen card's
// button then regenerates it. Hooks are AI text: rendered as text.
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import type { ContentCreation } from './use-content-creation.ts';

type Props = {
  hooks: ContentCreation['hooks'];
  /** A draft is being written: only its card says so, every card waits. */
  draftBusy: boolean;
  /** AI is not configured, or a modification is being applied to the current draft. */
  disabled: boolean;
};

/** The card whose draft is being written reads 'Loading...'; the one the draft on screen came from, 'Regenerate'. */
function hookButtonLabel(selected: boolean, pending: boolean) {
  if (pending) return 'Loading...';
  return selected ? 'Regenerate' : 'Use This Hook';
}

export function HooksSection({ hooks, draftBusy, disabled }: Props) {
  return (
    <section ref={hooks.section} aria-labelledby="generated-hooks-title" className="mt-10 scroll-mt-6">
      {/* Focused (not tabbable) when new hooks arrive, so the focus follows the scroll. */}
      <h2 ref={hooks.heading} id="generated-hooks-title" tabIndex={-1} className="text-xl font-bold text-slate-900 outline-none">
        Generated Hooks
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {hooks.list.map((hook, index) => {
          const selected = hooks.selected === index;
          const pending = hooks.pending === index;
          const textId = `hook-${index}-text`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a generation's hooks never reorder
            <li key={index} aria-label={`Hook ${index + 1}`}>
              <Card
                className={cn(
                  'flex h-full flex-col gap-4',
                  selected && 'border-brand-500 ring-2 ring-brand-500',
                  pending && !selected && 'border-brand-300',
                )}
              >
                <p id={textId} className="flex-1 whitespace-pre-wrap break-words text-sm text-slate-900">
                  {hook}
                </p>
                <Button
                  variant={selected ? 'primary' : 'secondary'}
                  onClick={() => hooks.select(index)}
                  disabled={disabled || draftBusy}
                  aria-busy={pending || undefined}
                  aria-describedby={textId}
                >
                  {hookButtonLabel(selected, pending)}
                </Button>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
