import { Link } from 'react-router';
import { BRAND } from '../../../shared/constants.ts';
import { usePublicConfigData } from '../../lib/first-screen-queries.ts';
import { ExternalLinkIcon, LogInIcon, SparklesIcon } from './landing-icons.tsx';
import { PublicFooter } from './public-footer.tsx';

const FALLBACK_WAITLIST = '/hello';

export function LandingPage() {
  const data = usePublicConfigData();
  const waitlistUrl = data?.waitlistUrl ?? FALLBACK_WAITLIST;

  return (
    <div className="flex min-h-screen flex-col bg-[radial-gradient(circle_at_top,_#eef4ff,_#ffffff_60%)]">
      <header className="mx-auto flex w-full max-w-5xl items-center px-4 py-5 sm:px-6">
        <Link to="/" className="text-lg font-bold text-brand-900">
          {BRAND}
        </Link>
      </header>

      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center px-4 py-16 text-center sm:px-6">
        <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">
          <SparklesIcon className="size-3.5" />
          Built by a former B2B sales pro
        </p>
        <h1 className="mt-6 text-4xl font-black tracking-tight text-slate-900 sm:text-5xl">Enterprise OS by the provider</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-600">
          An inbox-first intelligence platform built to maximize selling time for B2B sales teams
        </p>
        <div className="mt-8 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row sm:items-center">
          <Link
            to="/login"
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <LogInIcon className="size-4" />
            Sign In
          </Link>
          <a
            href={waitlistUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby="request-access-hint"
            className="inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-500"
          >
            Request Access
            <ExternalLinkIcon className="size-4" />
          </a>
          <span id="request-access-hint" className="sr-only">
            Opens in a new tab
          </span>
        </div>
        <p className="mt-6 text-sm text-slate-600">Access is invite-only. Request access to join the waitlist.</p>
      </main>

      <PublicFooter className="max-w-5xl" />
    </div>
  );
}
