import { ArrowUpRight, BadgeCheck, FileSearch } from 'lucide-react';
import type { PublicConfig } from '../../lib/public-config.ts';
import { airAllowance } from './plan.ts';

/** The user's plan as configured by the operator (spec 02 §2, §9). */
export function SubscriptionPanel({ plan }: { plan: PublicConfig['plan'] }) {
  return (
    <div>
      <p className="text-sm text-slate-600">Current plan</p>
      <p className="mt-1 flex items-center gap-2 text-2xl font-bold text-slate-900">
        <BadgeCheck aria-hidden="true" className="size-6 shrink-0 text-emerald-700" />
        {plan.name}
      </p>
      <ul className="mt-5 space-y-3 text-sm">
        <li className="flex items-start gap-2 text-slate-800">
          <FileSearch aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          {airAllowance(plan.airGenerations)}
        </li>
        <li className="flex items-start gap-2 text-slate-800">
          <ArrowUpRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>
            Next tier: <strong className="font-semibold">{plan.nextTier}</strong>. Contact support to upgrade.
          </span>
        </li>
      </ul>
    </div>
  );
}
