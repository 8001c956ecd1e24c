import { ArrowRight, Bell, BellOff } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { FeatureOfInterest } from '../../../shared/dashboard.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { useInterestToggle } from './api.ts';

const WOLFEBOT = {
  feature: 'wolfebot',
  title: 'Wolfebot',
  status: 'Coming Soon',
  blurb: 'An assistant that drafts, researches and answers questions about your accounts.',
} as const satisfies { feature: FeatureOfInterest; title: string; status: string; blurb: string };

/**
 * The newest features: AIR, live now, links to its page; features that are not live yet can be
 * asked to notify the user when they are.
 */
export function ComingSoon({ interests }: { interests: FeatureOfInterest[] }) {
  const headingId = useId();
  const toggle = useInterestToggle();
  const { feature, title, status, blurb } = WOLFEBOT;
  const registered = interests.includes(feature);
  const busy = toggle.isPending && toggle.variables?.feature === feature;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        New & Coming Soon
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FeatureCard
          title="Account Intelligence Report (AIR)"
          badge="Beta"
          status="Live"
          live
          blurb="ICP-matched prospects and an outreach strategy for any account, delivered to your inbox."
        >
          <Link
            to="/air"
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Request a report
            <ArrowRight aria-hidden className="h-4 w-4" />
          </Link>
        </FeatureCard>
        <FeatureCard title={title} status={status} blurb={blurb}>
          <Button
            variant={registered ? 'secondary' : 'primary'}
            aria-pressed={registered}
            busy={busy}
            onClick={() => toggle.mutate({ feature, registered: !registered })}
          >
            {registered ? <BellOff aria-hidden className="h-4 w-4" /> : <Bell aria-hidden className="h-4 w-4" />}
            {registered ? 'Cancel notification' : 'Notify me when available'}
          </Button>
        </FeatureCard>
      </div>
    </section>
  );
}

function FeatureCard(props: { title: string; badge?: string; status: string; live?: boolean; blurb: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="font-semibold text-slate-900">
          {props.title}
        </h3>
        {props.badge && <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">{props.badge}</span>}
      </div>
      <p className={cn('text-sm font-medium', props.live ? 'text-emerald-700' : 'text-amber-700')}>{props.status}</p>
      <p className="text-sm text-slate-600">{props.blurb}</p>
      <div className="mt-auto">{props.children}</div>
    </Card>
  );
}
