// 'Finish up your piece: which CTA feels right?' (spec 02 §2, §4): the draft's five CTA options,
// one chosen at a time; the chosen one follows the draft and is copied with it.
import { useId } from 'react';
import { CTA_KINDS, type CtaKind, type CtaOptions, contentMessages, ctaLabels } from '../../../shared/content.ts';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';

type Props = { options: CtaOptions; selected: CtaKind | null; onSelect: (kind: CtaKind) => void };

export function CtaPanel({ options, selected, onSelect }: Props) {
  const id = useId();
  return (
    <Card>
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">{contentMessages.ctaTitle}</legend>
        <div className="mt-3 space-y-2">
          {CTA_KINDS.map((kind) => {
            const optionId = `${id}-${kind}`;
            return (
              <div
                key={kind}
                className={cn(
                  'flex items-start gap-3 rounded-lg border p-3',
                  selected === kind ? 'border-brand-500 bg-brand-50' : 'border-slate-200',
                )}
              >
                <input
                  type="radio"
                  id={optionId}
                  name={`${id}-cta`}
                  checked={selected === kind}
                  onChange={() => onSelect(kind)}
                  aria-describedby={`${optionId}-text`}
                  className="mt-1 accent-brand-600"
                />
                <div className="min-w-0 text-sm">
                  <label htmlFor={optionId} className="block font-medium text-slate-900">
                    {ctaLabels[kind]}
                  </label>
                  <p id={`${optionId}-text`} className="mt-0.5 whitespace-pre-wrap break-words text-slate-700">
                    {options[kind]}
                  </p>
                </div>
              </div>
            );
          })}
        </div>
      </fieldset>
    </Card>
  );
}
