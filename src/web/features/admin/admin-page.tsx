// /admin and /admin/:section (issue 28 §3): the operator console. Its sections come from one list;
// each is a component of its own file. Only operators reach this page (app/shell/operator-only.tsx;
// the server answers the page and its API 404 to anyone else). Its own lazy chunk.
import type { ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import { adminMessages } from '../../../shared/admin.ts';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { AiUsageSection } from './ai-usage-section.tsx';
import { AuditSection } from './audit-section.tsx';
import { InvitesSection } from './invites-section.tsx';
import { MailSection } from './mail-section.tsx';
import { RunsSection } from './runs-section.tsx';
import { SourcesSection } from './sources-section.tsx';
import { UsersSection } from './users-section.tsx';

export type AdminSection = { id: string; label: string; Component: ComponentType };

/** The console's sections, in the order of its menu; the first is /admin's. */
export const ADMIN_SECTIONS: AdminSection[] = [
  { id: 'invites', label: 'Invites', Component: InvitesSection },
  { id: 'users', label: 'Users', Component: UsersSection },
  { id: 'runs', label: 'Runs', Component: RunsSection },
  { id: 'mail', label: 'Mail', Component: MailSection },
  { id: 'ai-usage', label: 'AI usage', Component: AiUsageSection },
  { id: 'sources', label: 'Sources', Component: SourcesSection },
  { id: 'audit', label: 'Audit log', Component: AuditSection },
];

export function AdminPage() {
  const { section: id } = useParams();
  const section = id === undefined ? ADMIN_SECTIONS[0] : ADMIN_SECTIONS.find((s) => s.id === id.toLowerCase());
  return (
    <div>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{adminMessages.title}</h1>
      </header>
      <nav aria-label="Console sections" className="mt-6 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-1">
          {ADMIN_SECTIONS.map((s) => (
            <li key={s.id}>
              <Link
                to={`/admin/${s.id}`}
                aria-current={s === section ? 'page' : undefined}
                className={cn(
                  'inline-block border-b-2 px-3 py-2 text-sm font-semibold transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600',
                  s === section ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
                )}
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        {section ? (
          <section.Component />
        ) : (
          <Card>
            <p className="text-sm text-slate-700">The console has no such section.</p>
          </Card>
        )}
      </div>
    </div>
  );
}
