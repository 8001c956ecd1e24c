import { ArrowRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card.tsx';

/**
 * The newest features, both live now (spec 02 §2's Coming Soon block, whose features have
 * launched): each card links to its page instead of offering a notification.
 */
export function ComingSoon() {
  const headingId = useId();
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
          blurb="ICP-matched prospects and an outreach strategy for any account, delivered to your inbox."
        >
          <CardLink to="/air">Request a report</CardLink>
        </FeatureCard>
        <FeatureCard
          title="Wolfebot"
          status="Live"
          blurb="An assistant that answers questions about your accounts from your alerts, reports and research, with its sources."
        >
          <CardLink to="/wolfebot">Ask Wolfebot</CardLink>
        </FeatureCard>
      </div>
    </section>
  );
}

function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {children}
      <ArrowRight aria-hidden className="h-4 w-4" />
    </Link>
  );
}

function FeatureCard(props: { title: string; badge?: string; status: string; blurb: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="font-semibold text-slate-900">
          {props.title}
        </h3>
        {props.badge && <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">{props.badge}</span>}
      </div>
      <p className="text-sm font-medium text-emerald-700">{props.status}</p>
      <p className="text-sm text-slate-600">{props.blurb}</p>
      <div className="mt-auto">{props.children}</div>
    </Card>
  );
}
