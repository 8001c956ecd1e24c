import { Coins, Info, Plug, RefreshCw, Target } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { AIR_CREDITS } from './air-request.ts';
import { AirRequestForm } from './air-request-form.tsx';
import { UnderTheHood } from './under-the-hood.tsx';

/** /air: the Account Intelligence Report (spec 02 §2, §5, §9), shown honestly as not live yet. */
export function AirPage() {
  return (
    <div>
      <header>
        <p className="text-sm font-semibold text-brand-700">Prospect OS</p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Account Intelligence Report</h1>
          <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">Beta</span>
        </div>
        <p className="mt-2 max-w-3xl text-slate-600">
          Name an account and describe what you sell: AIR researches the company and finds the people most likely to buy from you.
        </p>
      </header>

      <div role="note" className="mt-6 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
        <p>
          <strong className="font-semibold">AIR is not live yet.</strong> You can try the form, but no report is generated or sent until the
          last two steps below are finished. To hear when it launches, turn on "Notify me when available" on{' '}
          <Link to="/homepage" className="font-semibold underline underline-offset-2 hover:text-amber-800">
            Home
          </Link>
          .
        </p>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <AirRequestForm />
        </Card>
        <div className="grid content-start gap-6 sm:grid-cols-2 lg:grid-cols-1">
          <Credits />
          <ReportPromise />
        </div>
      </div>

      <UnderTheHood />
    </div>
  );
}

function Credits() {
  return (
    <section aria-labelledby="air-credits-title">
      <Card className="h-full">
        <h2 id="air-credits-title" className="flex items-center gap-2 text-sm font-semibold text-slate-700">
          <Coins aria-hidden="true" className="size-4 text-brand-700" />
          Your credits
        </h2>
        <p className="mt-2">
          <span className="text-4xl font-black text-slate-900">{AIR_CREDITS}</span>{' '}
          <span className="text-sm text-slate-600">credits available</span>
        </p>
        <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-600">
          <RefreshCw aria-hidden="true" className="size-3.5" />
          Credit Refresh: 1st of the month
        </p>
      </Card>
    </section>
  );
}

function ReportPromise() {
  return (
    <section aria-labelledby="air-promise-title">
      <div className="h-full rounded-2xl bg-brand-900 p-6 text-white shadow-sm">
        <h2 id="air-promise-title" className="text-sm font-semibold text-brand-100">
          Every report is built to deliver
        </h2>
        <ul className="mt-4 space-y-4">
          <li className="flex gap-3">
            <Target aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-100" />
            <p>
              <span className="block font-bold">20 ICP-matched prospects</span>
              <span className="text-sm text-brand-100">People at the account who fit your ideal customer profile.</span>
            </p>
          </li>
          <li className="flex gap-3">
            <Plug aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-100" />
            <p>
              <span className="block font-bold">15+ APIs</span>
              <span className="text-sm text-brand-100">Company, news and social data sources combined in one report.</span>
            </p>
          </li>
        </ul>
      </div>
    </section>
  );
}
