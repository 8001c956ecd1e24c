// The audit log: every operator action (console and CLI), newest first, a page at a time.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditRow } from '../../../shared/admin.ts';
import { auditQuery } from './api.ts';
import { cellClass, formatTime, headClass, ListState } from './parts.tsx';

/** The detail as 'name: value' pairs, as text (it may carry addresses and reasons). */
const detailText = (detail: AuditRow['detail']) =>
  detail
    ? Object.entries(detail)
        .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
        .join(' · ')
    : '';

export function AuditSection() {
  const [page, setPage] = useState(1);
  const list = useQuery(auditQuery(page));
  return (
    <section aria-labelledby="audit-list" className="space-y-3">
      <h2 id="audit-list" className="text-lg font-semibold text-slate-900">
        Audit log
      </h2>
      <ListState query={list} label="the audit log" empty="No operator action yet." onPage={setPage}>
        {(items) => (
          <table className="w-full min-w-[48rem] border-collapse">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <th className={headClass}>When</th>
                <th className={headClass}>Operator</th>
                <th className={headClass}>Action</th>
                <th className={headClass}>Subject</th>
                <th className={headClass}>Detail</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((row) => (
                <tr key={row.id}>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatTime(row.createdAt)}</td>
                  <td className={`${cellClass} break-all`}>{row.operator}</td>
                  <td className={`${cellClass} font-mono text-xs`}>{row.action}</td>
                  <td className={`${cellClass} break-all`}>{row.subject}</td>
                  <td className={`${cellClass} text-xs break-all text-slate-600`}>{detailText(row.detail)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListState>
    </section>
  );
}
