// Invites: invite one address or a CSV file of them (with a report per line), and the list with each
// invite's status, searched and filtered, with resend and revoke.
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import {
  type AdminInvite,
  adminMessages,
  type CsvInviteReport,
  INVITE_CSV_MAX_CHARS,
  INVITE_STATUSES,
  type InviteStatus,
} from '../../../shared/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/fields.tsx';
import { toast } from '../../lib/toast.tsx';
import { type InviteFilters, inviteCsv, inviteOne, invitesQuery, resendInvite, revokeInvite, useAdminAction } from './api.ts';
import { cellClass, failureText, formatTime, headClass, ListState } from './parts.tsx';

const statusLabels: Record<InviteStatus, string> = { sent: 'Sent', used: 'Used', expired: 'Expired', revoked: 'Revoked' };
const statusTone: Record<InviteStatus, string> = {
  sent: 'bg-brand-50 text-brand-800',
  used: 'bg-emerald-50 text-emerald-800',
  expired: 'bg-amber-50 text-amber-800',
  revoked: 'bg-slate-100 text-slate-700',
};
const statusOptions = [{ value: '', label: 'All statuses' }, ...INVITE_STATUSES.map((s) => ({ value: s, label: statusLabels[s] }))];

export function InvitesSection() {
  const [filters, setFilters] = useState<InviteFilters>({ q: '', status: '', page: 1 });
  const list = useQuery(invitesQuery(filters));
  return (
    <div className="space-y-6">
      <div className="grid gap-4 lg:grid-cols-2">
        <InviteOneForm />
        <InviteCsvForm />
      </div>
      <section aria-labelledby="invites-list" className="space-y-3">
        <h2 id="invites-list" className="text-lg font-semibold text-slate-900">
          Invitations
        </h2>
        <form aria-label="Filter invitations" className="grid gap-3 sm:grid-cols-2" onSubmit={(event) => event.preventDefault()}>
          <Field
            label="Search by address"
            type="search"
            value={filters.q}
            onChange={(event) => setFilters({ ...filters, q: event.target.value, page: 1 })}
          />
          <SelectField
            label="Status"
            options={statusOptions}
            value={filters.status}
            onChange={(event) => setFilters({ ...filters, status: event.target.value as InviteStatus | '', page: 1 })}
          />
        </form>
        <ListState
          query={list}
          label="invitations"
          empty={filters.q || filters.status ? 'No invitation matches.' : 'No invitations yet.'}
          onPage={(page) => setFilters({ ...filters, page })}
        >
          {(items) => <InviteTable items={items} />}
        </ListState>
      </section>
    </div>
  );
}

function InviteOneForm() {
  const [email, setEmail] = useState('');
  const invite = useAdminAction(inviteOne);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(email, {
      onSuccess: (created) => {
        toast.success(adminMessages.inviteCreated(created.email));
        setEmail('');
      },
      onError: (err) => toast.error('Could not invite', { description: failureText(err) }),
    });
  };
  return (
    <Card>
      <form aria-labelledby="invite-one" onSubmit={submit} className="space-y-3" noValidate>
        <h2 id="invite-one" className="text-lg font-semibold text-slate-900">
          Invite someone
        </h2>
        <Field label="E-mail address" type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        <Button type="submit" busy={invite.isPending}>
          Send invitation
        </Button>
      </form>
    </Card>
  );
}

function InviteCsvForm() {
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [report, setReport] = useState<CsvInviteReport | null>(null);
  const upload = useAdminAction(inviteCsv);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setReport(null);
    if (!file) return setCsv(null);
    if (file.size > INVITE_CSV_MAX_CHARS * 4) {
      toast.error('Could not read the file', { description: adminMessages.csvTooLarge });
      return setCsv(null);
    }
    setCsv({ name: file.name, text: await file.text() });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!csv) return;
    upload.mutate(csv.text, {
      onSuccess: (result) => {
        setReport(result);
        toast.success(`${result.created} invited, ${result.skipped} skipped.`);
      },
      onError: (err) => toast.error('Could not invite from the file', { description: failureText(err) }),
    });
  };
  return (
    <Card>
      <form aria-labelledby="invite-csv" onSubmit={submit} className="space-y-3">
        <h2 id="invite-csv" className="text-lg font-semibold text-slate-900">
          Invite from a CSV file
        </h2>
        <Field
          label="CSV file"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          hint="One address per line (the first column); a header line is ignored."
          onChange={choose}
        />
        <Button type="submit" busy={upload.isPending} disabled={!csv}>
          Invite everyone in the file
        </Button>
      </form>
      {report && (
        <div className="mt-4">
          <p className="text-sm font-semibold text-slate-900">
            {report.created} invited, {report.skipped} skipped
          </p>
          <ul aria-label="Lines of the file" className="mt-2 max-h-60 space-y-1 overflow-y-auto text-sm">
            {report.lines.map((line) => (
              <li key={line.line} className={line.outcome === 'created' ? 'text-emerald-800' : 'text-slate-700'}>
                Line {line.line}: <span className="break-all">{line.email}</span> —{' '}
                {line.outcome === 'created' ? 'invited' : `skipped: ${line.reason}`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}

function InviteTable({ items }: { items: AdminInvite[] }) {
  return (
    <table className="w-full min-w-[48rem] border-collapse">
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <th className={headClass}>Address</th>
          <th className={headClass}>Status</th>
          <th className={headClass}>Sent</th>
          <th className={headClass}>Expires</th>
          <th className={headClass}>Invited by</th>
          <th className={headClass}>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {items.map((invite) => (
          <InviteRow key={invite.id} invite={invite} />
        ))}
      </tbody>
    </table>
  );
}

function InviteRow({ invite }: { invite: AdminInvite }) {
  const resend = useAdminAction(resendInvite);
  const revoke = useAdminAction(revokeInvite);
  const open = invite.status === 'sent' || invite.status === 'expired';
  return (
    <tr>
      <td className={`${cellClass} break-all`}>{invite.email}</td>
      <td className={cellClass}>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[invite.status]}`}>{statusLabels[invite.status]}</span>
      </td>
      <td className={cellClass}>{formatTime(invite.sentAt)}</td>
      <td className={cellClass}>{formatTime(invite.expiresAt)}</td>
      <td className={`${cellClass} break-all`}>{invite.createdBy ?? 'CLI'}</td>
      <td className={`${cellClass} whitespace-nowrap text-right`}>
        {open && (
          <span className="inline-flex gap-2">
            <Button
              variant="secondary"
              busy={resend.isPending}
              aria-label={`Resend the invitation to ${invite.email}`}
              onClick={() =>
                resend.mutate(invite.id, {
                  onSuccess: (done) => toast.success(adminMessages.inviteResent(done.email)),
                  onError: (err) => toast.error('Could not resend', { description: failureText(err) }),
                })
              }
            >
              Resend
            </Button>
            <Button
              variant="ghost"
              busy={revoke.isPending}
              aria-label={`Revoke the invitation to ${invite.email}`}
              onClick={() =>
                revoke.mutate(invite.id, {
                  onSuccess: (done) => toast.success(adminMessages.inviteRevoked(done.email)),
                  onError: (err) => toast.error('Could not revoke', { description: failureText(err) }),
                })
              }
            >
              Revoke
            </Button>
          </span>
        )}
      </td>
    </tr>
  );
}
