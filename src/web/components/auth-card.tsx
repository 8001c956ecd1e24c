import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND } from '../../shared/constants.ts';
import { Card } from './ui/card.tsx';

/** The centred card every sign-in and account page sits in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-[radial-gradient(circle_at_top,_#eef4ff,_#ffffff_60%)] px-4 py-12">
      <div className="w-full max-w-md">
        <Link to="/" className="mb-6 block text-center text-lg font-bold text-brand-900">
          {BRAND}
        </Link>
        <Card>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </Card>
      </div>
    </main>
  );
}
