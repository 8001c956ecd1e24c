import { CircleHelp, CreditCard, LifeBuoy, type LucideIcon, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { type PublicConfig, usePublicConfig } from '../../lib/public-config.ts';
import { ContactSupport } from './contact-support.tsx';
import { Faq } from './faq.tsx';
import { SubscriptionPanel } from './subscription-panel.tsx';

/** /success-center: contact support, the subscription, and answers to common questions (spec 02 §2). */
export function SuccessCenterPage() {
  return (
    <div className="mx-auto max-w-5xl">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Success Center</h1>
        <p className="mt-2 max-w-2xl text-slate-600">
          Reach our team, check your plan, and find quick answers. Your alert and profile settings are in{' '}
          <Link to="/profile" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Profile
          </Link>
          .
        </p>
      </header>

      <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2">
        <Panel id="contact-support-title" title="Contact support" icon={LifeBuoy}>
          <FromConfig what="support details">{(config) => <ContactSupport support={config.support} />}</FromConfig>
        </Panel>
        <Panel id="subscription-title" title="Your subscription" icon={CreditCard}>
          <FromConfig what="your plan">{(config) => <SubscriptionPanel plan={config.plan} />}</FromConfig>
        </Panel>
      </div>

      <Panel id="faq-title" title="Frequently asked questions" icon={CircleHelp} className="mt-6">
        <Faq />
      </Panel>
    </div>
  );
}

function Panel({
  id,
  title,
  icon: Icon,
  className,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <Card className="h-full">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Icon aria-hidden="true" className="size-5 text-brand-700" />
          {title}
        </h2>
        <div className="mt-5">{children}</div>
      </Card>
    </section>
  );
}

/** Renders from the operator's configuration, with its loading and error states. */
function FromConfig({ what, children }: { what: string; children: (config: PublicConfig) => ReactNode }) {
  const { data: config, isError, refetch, isRefetching } = usePublicConfig();
  // A failed background refetch keeps showing the configuration already loaded.
  if (config) return children(config);
  if (isError) {
    return (
      <div role="alert" className="space-y-3 text-sm text-slate-700">
        <p>We could not load {what}. Please try again.</p>
        <Button variant="secondary" busy={isRefetching} onClick={() => refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="text-sm text-slate-600">
      Loading {what}...
    </p>
  );
}
