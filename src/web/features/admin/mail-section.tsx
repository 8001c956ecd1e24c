// The console's Mail section (issue 28 §3): the outbox and mail log of the last 30 days, per user
// and outcome (sent, retried, failed, unknown outcome, pending, captured), and a resend, which
// queues a copy as a new mail.
import { type FormEvent, useState } from 'react';
import { MAIL_VIEWS, type MailView, mailViewLabels, type OpsMail, opsMessages } from '../../../shared/admin-ops.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useMail, useResendMail } from './ops-api.ts';
import { ConfirmAction, Counts, Empty, Pager, QueryState, SectionHeader, Table, Time } from './ops-ui.tsx';

const statusTone: Record<OpsMail['status'], string> = {
  pending: 'bg-slate-100 text-slate-700',
  sent: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
  captured: 'bg-blue-50 text-blue-800',
};

export function MailSection() {
  const [draft, setDraft] = useState('');
  const [user, setUser] = useState<string | undefined>();
  const [status, setStatus] = useState<MailView | undefined>();
  const [page, setPage] = useState(1);
  const mail = useMail({ user, status, page });

  const filter = (event: FormEvent) => {
    event.preventDefault();
    setUser(draft.trim().toLowerCase() || undefined);
    setPage(1);
  };

  return (
    <section aria-labelledby="ops-mail-title">
      <SectionHeader id="ops-mail-title" title={opsMessages.mailTitle} />
      <form aria-label="Mail filter" className="mt-4 flex flex-wrap items-end gap-3" onSubmit={filter}>
        <Field
          label="User e-mail"
          type="email"
          className="min-w-64 flex-1"
          value={draft}
          placeholder="Everyone"
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {user && (
          <Button
            variant="ghost"
            onClick={() => {
              setDraft('');
              setUser(undefined);
              setPage(1);
            }}
          >
            Everyone
          </Button>
        )}
      </form>
      <QueryState query={mail} label="Loading the mail log" error={opsMessages.mailLoadError}>
        {(data) => (
          <>
            <Counts
              label={`Mail of the last ${data.windowDays} days by outcome`}
              items={MAIL_VIEWS.map((view) => ({
                key: view,
                label: mailViewLabels[view],
                count: data.counts[view],
                alarm: view === 'failed' || view === 'unknown',
              }))}
              chosen={status}
              onPick={(view) => {
                setStatus(view);
                setPage(1);
              }}
            />
            {data.mails.length === 0 ? (
              <Empty>{opsMessages.mailEmpty}</Empty>
            ) : (
              <Table caption="Mail, newest first" columns={['Created', 'Status', 'To', 'Kind', 'Subject', 'Attempts', 'Last error', '']}>
                {data.mails.map((m) => (
                  <MailRow key={m.id} mail={m} />
                ))}
              </Table>
            )}
            <Pager page={data.page} hasMore={data.hasMore} onPage={setPage} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function MailRow({ mail }: { mail: OpsMail }) {
  const resend = useResendMail();
  return (
    <tr>
      <td className="px-3 py-2">
        <Time iso={mail.createdAt} />
      </td>
      <td className="px-3 py-2">
        <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[mail.status]}`}>
          {mailViewLabels[mail.status]}
        </span>
        {mail.attempts > 1 && <span className="ml-2 whitespace-nowrap text-xs text-slate-500">{mailViewLabels.retried}</span>}
        {mail.unknownOutcomeAttempts > 0 && (
          <span className="mt-1 block text-xs font-semibold text-amber-800">
            {mailViewLabels.unknown}: {mail.unknownOutcomeAttempts === 1 ? '1 attempt' : `${mail.unknownOutcomeAttempts} attempts`} may have
            been delivered
          </span>
        )}
      </td>
      <td className="max-w-56 px-3 py-2">
        <span className="block truncate" title={mail.to}>
          {mail.to}
        </span>
        {mail.userEmail && mail.userEmail !== mail.to && <span className="block truncate text-xs text-slate-500">{mail.userEmail}</span>}
      </td>
      <td className="whitespace-nowrap px-3 py-2">{mail.kind}</td>
      <td className="min-w-56 break-words px-3 py-2 text-slate-900">{mail.subject}</td>
      <td className="px-3 py-2 tabular-nums">{mail.attempts}</td>
      <td className="min-w-48 break-words px-3 py-2 text-slate-700">{mail.lastError ?? <span className="text-slate-400">—</span>}</td>
      <td className="px-3 py-2 text-right">
        {mail.resendBlocked ? (
          <span className="text-xs text-slate-500">{mail.resendBlocked}</span>
        ) : (
          <ConfirmAction
            label="Resend"
            title={`Resend “${mail.subject}” to ${mail.to}`}
            description={opsMessages.resendConfirm}
            busy={resend.isPending}
            run={() => resend.mutateAsync(mail.id)}
            done={opsMessages.resent}
            failed={opsMessages.resendFailed}
          />
        )}
      </td>
    </tr>
  );
}
