import { CalendarDays, Copy } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { earningsCalendarTexts as texts } from '../../../shared/earnings-alerts.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useCalendarFeed, useChangeCalendarFeed } from './api.ts';

/**
 * The private earnings calendar (issue 29 §2): the webcal:// link to subscribe to, copied with one
 * click; Regenerate replaces it (the old link stops working), Revoke removes it.
 */
export function CalendarFeedBlock() {
  const headingId = useId();
  const { data } = useCalendarFeed();
  const change = useChangeCalendarFeed({
    onSuccess: (what) => toast.success(what === 'revoke' ? texts.revoked : data?.webcalUrl ? texts.regenerated : texts.created),
    onError: () => toast.error(texts.failed),
  });
  const link = data?.webcalUrl ?? null;

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success(texts.copied);
    } catch {
      toast.error(texts.failed);
    }
  }

  return (
    <Card className="mt-6" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarDays aria-hidden="true" className="h-5 w-5 text-brand-600" />
        {texts.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{texts.description}</p>
      {data === undefined ? null : link ? (
        <div className="mt-4 space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <input
              readOnly
              aria-label={texts.linkLabel}
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800"
            />
            <Button variant="secondary" onClick={copy}>
              <Copy aria-hidden="true" className="h-4 w-4" />
              {texts.copy}
            </Button>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" busy={change.isPending} onClick={() => change.mutate('create')}>
              {texts.regenerate}
            </Button>
            <Button variant="ghost" busy={change.isPending} onClick={() => change.mutate('revoke')}>
              {texts.revoke}
            </Button>
            <p className="text-xs text-slate-500">{texts.regenerateHint}</p>
          </div>
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-600">{texts.none}</p>
          <Button busy={change.isPending} onClick={() => change.mutate('create')}>
            {texts.create}
          </Button>
        </div>
      )}
    </Card>
  );
}
