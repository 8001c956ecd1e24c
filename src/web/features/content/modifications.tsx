// Modifications (spec 02 §2, §4): five single-select toggles and 'Make Changes', which rewrites the
// whole draft that way; on failure the draft stays as it was.
import { MODIFICATIONS, modificationLabels } from '../../../shared/content.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import type { ContentCreation } from './use-content-creation.ts';

type Props = {
  modify: ContentCreation['modify'];
  hasDraft: boolean;
  /** AI is not configured, or a new draft is being written. */
  disabled: boolean;
};

export function Modifications({ modify, hasDraft, disabled }: Props) {
  return (
    <Card>
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">Rework the draft</legend>
        <div className="mt-3 flex flex-wrap gap-2">
          {MODIFICATIONS.map((modification) => {
            const pressed = modify.selected === modification;
            return (
              <button
                key={modification}
                type="button"
                aria-pressed={pressed}
                disabled={modify.busy}
                onClick={() => modify.toggle(modification)}
                className={cn(
                  'rounded-full border px-3 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60',
                  pressed ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                )}
              >
                {modificationLabels[modification]}
              </button>
            );
          })}
        </div>
      </fieldset>
      <Button
        className="mt-4 w-full"
        onClick={modify.apply}
        disabled={disabled || !hasDraft || modify.selected === null}
        busy={modify.busy}
      >
        {modify.busy ? 'Making changes...' : 'Make Changes'}
      </Button>
    </Card>
  );
}
