// Modifications (spec 02 §2, §4): five single-select toggles and 'Make Changes', which rewrites the
// whole draft that way; on failure the draft stays as it was.
import { MODIFICATIONS, modificationLabels } from '../../../shared/content.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ToggleChip } from '../../components/ui/toggle-chip.tsx';
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
              <ToggleChip key={modification} pressed={pressed} disabled={modify.busy} onClick={() => modify.toggle(modification)}>
                {modificationLabels[modification]}
              </ToggleChip>
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
