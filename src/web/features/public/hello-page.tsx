import { ArrowRight, Bell, Check, Mail, Minus, Newspaper, Radio } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { BRAND } from '../../../shared/constants.ts';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { PublicFooter } from './public-footer.tsx';

const GRADIENT = 'bg-[radial-gradient(circle_at_top,_#eef4ff,_#ffffff_60%)]';
const PRIMARY_LINK =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

// Marketing claims, hardcoded per the spec.
const STATS = [
  { value: '2,500+', label: 'companies monitored' },
  { value: '15,000+', label: 'alerts delivered' },
  { value: '500+', label: 'sales professionals' },
] as const;

const KEY_FEATURES = [
  {
    icon: Newspaper,
    title: 'News intelligence',
    body: 'Track the accounts you sell to and get the stories that matter: funding, leadership changes, expansions and partnerships.',
  },
  {
    icon: Radio,
    title: 'Social listening',
    body: 'Spot the trends your buyers are talking about and turn them into timely, relevant outreach and LinkedIn content.',
  },
  {
    icon: Mail,
    title: 'Instant delivery',
    body: 'Alerts, newsletters and earnings reminders arrive in your inbox on your schedule, so you spend less time searching.',
  },
] as const;

const PROVIDERS = [
  'AI models',
  'News sources',
  'SEC EDGAR',
  'Earnings call transcripts',
  'Market data',
  'E-mail delivery',
  'Secure authentication',
  'Cloud hosting',
] as const;

/** Ordered so that each plan includes the first `included` features. */
const PLAN_FEATURES = [
  'News alerts for your key accounts',
  'Earnings alerts',
  'Portfolio and industry newsletter',
  'Success Center support',
  'Company research',
  'Trend scanner',
  'Earnings call analysis',
  'Account Intelligence Reports (AIR)',
  'LinkedIn content creation',
  'Resource library',
  'Dedicated success manager',
  'Team onboarding and training',
] as const;

type Plan = { id: string; name: string; price: string; period?: string; summary: string; included: number };

const PLANS: Plan[] = [
  { id: 'starter', name: 'Starter', price: '$99', period: 'a month', summary: 'Inbox alerts for individual sellers.', included: 4 },
  {
    id: 'professional',
    name: 'Professional',
    price: '$199',
    period: 'a month',
    summary: 'Research and analysis tools for serious account planning.',
    included: 8,
  },
  { id: 'enterprise', name: 'Enterprise', price: 'Custom', summary: 'The full suite for teams, with hands-on support.', included: 12 },
];

export function HelloPage() {
  return (
    <div className={cn('min-h-screen', GRADIENT)}>
      <TopBar />
      <main>
        <Hero />
        <KeyFeatures />
        <SampleAlert />
        <Providers />
        <Pricing />
        <Founder />
        <CallToAction />
      </main>
      <PublicFooter className="max-w-6xl border-t border-slate-200" except="/hello" />
    </div>
  );
}

function TopBar() {
  return (
    <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-5 sm:px-6">
      <Link to="/" className="text-lg font-bold text-brand-900">
        {BRAND}
      </Link>
      <nav aria-label="Account">
        <Link
          to="/login"
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-500"
        >
          Login
        </Link>
      </nav>
    </header>
  );
}

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <h2 id={id} className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {intro && <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">{intro}</p>}
      <div className="mt-8">{children}</div>
    </section>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hello-title" className="mx-auto w-full max-w-6xl px-4 pt-10 pb-8 text-center sm:px-6 sm:pt-16">
      <h1 id="hello-title" className="mx-auto max-w-3xl text-4xl font-black tracking-tight text-slate-900 sm:text-5xl">
        Sales intelligence that lands in your inbox
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
        {BRAND} monitors your accounts, markets and earnings calendar, then delivers what matters by e-mail, so you spend more time selling.
      </p>
      <dl className="mx-auto mt-10 grid max-w-3xl grid-cols-1 gap-4 sm:grid-cols-3">
        {STATS.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white/90 p-5 shadow-sm">
            <dt className="mt-1 text-sm text-slate-600">{stat.label}</dt>
            <dd className="text-3xl font-black text-brand-700">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function KeyFeatures() {
  return (
    <Section id="features-title" title="Key features" intro="Everything a B2B seller needs to stay ahead of their accounts.">
      <ul className="grid gap-4 md:grid-cols-3">
        {KEY_FEATURES.map(({ icon: Icon, title, body }) => (
          <li key={title}>
            <Card className="h-full">
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-600">{body}</p>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function SampleAlert() {
  return (
    <Section id="sample-title" title="See what lands in your inbox" intro="A news alert is short, sourced and ready to act on.">
      <Card className="mx-auto max-w-2xl">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
            <Bell aria-hidden="true" className="size-3.5" />
            Sample alert
          </span>
          <span className="text-xs text-slate-600">News Alerts · Delivered 9:00 AM ET</span>
        </div>
        <h3 className="mt-4 text-lg font-semibold text-slate-900">Northwind Logistics opens a new distribution hub in Ohio</h3>
        <p className="mt-1 text-sm text-slate-600">Example Company · Industry news · Positive sentiment</p>
        <p className="mt-4 text-sm text-slate-700">
          The expansion adds 400 jobs and a fleet of electric delivery vehicles. Leadership cited faster regional delivery times as a
          priority for the coming year.
        </p>
        <div className="mt-4 rounded-xl bg-brand-50 p-4 text-sm text-brand-900">
          <p className="font-semibold">Why it matters</p>
          <p className="mt-1">New sites mean new budgets for fleet, facilities and workforce tools. A good moment to reach out.</p>
        </div>
        <p className="mt-4 text-xs text-slate-600">This example uses a fictional company for illustration only.</p>
      </Card>
    </Section>
  );
}

function Providers() {
  return (
    <Section id="providers-title" title="Built on trusted technology" intro="We combine leading data sources and services.">
      <ul className="mx-auto grid max-w-4xl grid-cols-2 gap-3 sm:grid-cols-4">
        {PROVIDERS.map((name) => (
          <li
            key={name}
            className="flex min-h-16 items-center justify-center rounded-xl border border-slate-200 bg-white px-3 py-4 text-center text-sm font-semibold text-slate-700 shadow-sm"
          >
            {name}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Pricing() {
  const [planId, setPlanId] = useState('professional');
  const plan = PLANS.find((p) => p.id === planId) ?? PLANS[1]!;

  return (
    <Section id="pricing-title" title="Pricing" intro="Choose the plan that fits how you sell.">
      <div className="flex justify-center">
        <fieldset className="inline-flex flex-wrap justify-center gap-1 rounded-xl border border-slate-200 bg-white p-1 shadow-sm">
          <legend className="sr-only">Choose a plan</legend>
          {PLANS.map((p) => (
            <button
              key={p.id}
              type="button"
              aria-pressed={p.id === planId}
              onClick={() => setPlanId(p.id)}
              className={cn(
                'rounded-lg px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                p.id === planId ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {p.name}
            </button>
          ))}
        </fieldset>
      </div>
      <Card className="mx-auto mt-6 max-w-2xl">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h3 className="text-xl font-bold text-slate-900">{plan.name}</h3>
            <p className="mt-1 text-sm text-slate-600">{plan.summary}</p>
          </div>
          <p className="text-right">
            <span className="text-3xl font-black text-slate-900">{plan.price}</span>
            {plan.period && <span className="ml-1 text-sm text-slate-600">{plan.period}</span>}
          </p>
        </div>
        <p className="mt-4 text-sm font-semibold text-brand-700">
          {plan.included}/{PLAN_FEATURES.length} features included
        </p>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {PLAN_FEATURES.map((feature, index) => (
            <PlanFeature key={feature} name={feature} included={index < plan.included} />
          ))}
        </ul>
      </Card>
    </Section>
  );
}

function PlanFeature({ name, included }: { name: string; included: boolean }) {
  const Icon = included ? Check : Minus;
  return (
    <li className={cn('flex items-start gap-2 text-sm', included ? 'text-slate-900' : 'text-slate-600 line-through')}>
      <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', included ? 'text-emerald-700' : 'text-slate-500')} />
      <span>
        {name}
        <span className="sr-only">{included ? ' (included)' : ' (not included)'}</span>
      </span>
    </li>
  );
}

function Founder() {
  return (
    <Section id="founder-title" title="Built by a former B2B sales pro">
      <Card className="mx-auto max-w-3xl text-center">
        <p className="text-slate-700">
          {BRAND} was built by a former B2B sales pro who spent years losing selling hours to research tabs, newsletters and spreadsheets.
          The idea is simple: let the platform do the monitoring and send you only what matters, right to the inbox you already live in.
          Every feature is designed around one goal: more time in front of buyers.
        </p>
      </Card>
    </Section>
  );
}

function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto w-full max-w-6xl px-4 py-12 text-center sm:px-6 sm:py-16">
      <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Ready to win back your selling time?
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-slate-600">Access is invite-only. Members can sign in to get started.</p>
      <Link to="/login" className={cn(PRIMARY_LINK, 'mt-6')}>
        Get Started
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}
