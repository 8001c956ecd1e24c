// Users: the list (searched by address or name) with last sign-in, alerts, AI use this month, role
// and suspension; suspend and delete each after a confirmation (delete: the address typed again),
// resume at once. The operator's own row has no actions: the server refuses them too.
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type AdminUser, adminMessages } from '../../../shared/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.tsx';
import { deleteUser, resumeUser, suspendUser, useAdminAction, usersQuery } from './api.ts';
import { cellClass, failureText, formatTime, headClass, ListState } from './parts.tsx';

const count = new Intl.NumberFormat();

export function UsersSection() {
  const [filters, setFilters] = useState({ q: '', page: 1 });
  const list = useQuery(usersQuery(filters));
  const { data: me } = useSession();
  return (
    <section aria-labelledby="users-list" className="space-y-3">
      <h2 id="users-list" className="text-lg font-semibold text-slate-900">
        Users
      </h2>
      <form aria-label="Search users" className="max-w-md" onSubmit={(event) => event.preventDefault()}>
        <Field
          label="Search by address or name"
          type="search"
          value={filters.q}
          onChange={(event) => setFilters({ q: event.target.value, page: 1 })}
        />
      </form>
      <ListState
        query={list}
        label="users"
        empty={filters.q ? 'No user matches.' : 'No users yet.'}
        onPage={(page) => setFilters({ ...filters, page })}
      >
        {(items) => (
          <table className="w-full min-w-[56rem] border-collapse">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <th className={headClass}>User</th>
                <th className={headClass}>Last sign-in</th>
                <th className={headClass}>Alerts</th>
                <th className={headClass}>AI this month</th>
                <th className={headClass}>Status</th>
                <th className={headClass}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((user) => (
                <UserRow key={user.id} user={user} self={user.id === me?.id} />
              ))}
            </tbody>
          </table>
        )}
      </ListState>
    </section>
  );
}

function UserRow({ user, self }: { user: AdminUser; self: boolean }) {
  return (
    <tr>
      <td className={cellClass}>
        <span className="block font-medium break-all text-slate-900">{user.email}</span>
        {user.name && <span className="block text-xs text-slate-600">{user.name}</span>}
        {user.role === 'operator' && <span className="text-xs font-semibold text-brand-700">Operator</span>}
      </td>
      <td className={cellClass}>{formatTime(user.lastSignInAt, 'Not signed in')}</td>
      <td className={cellClass}>{count.format(user.alerts)}</td>
      <td className={cellClass}>
        {count.format(user.aiRuns)} runs · {count.format(user.aiTokens)} tokens
      </td>
      <td className={cellClass}>
        {user.suspendedAt ? (
          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
            Suspended {formatTime(user.suspendedAt)}
          </span>
        ) : (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">Active</span>
        )}
      </td>
      <td className={`${cellClass} whitespace-nowrap text-right`}>
        {!self && (
          <span className="inline-flex gap-2">
            {user.suspendedAt ? <ResumeButton user={user} /> : <SuspendDialog user={user} />}
            <DeleteDialog user={user} />
          </span>
        )}
      </td>
    </tr>
  );
}

function ResumeButton({ user }: { user: AdminUser }) {
  const resume = useAdminAction(resumeUser);
  return (
    <Button
      variant="secondary"
      busy={resume.isPending}
      aria-label={`Resume ${user.email}`}
      onClick={() =>
        resume.mutate(user.id, {
          onSuccess: (done) => toast.success(adminMessages.resumed(done.email)),
          onError: (err) => toast.error('Could not resume', { description: failureText(err) }),
        })
      }
    >
      Resume
    </Button>
  );
}

function SuspendDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const suspend = useAdminAction(suspendUser);
  const confirm = () =>
    suspend.mutate(user.id, {
      onSuccess: (done) => {
        setOpen(false);
        toast.success(adminMessages.suspended(done.email));
      },
      onError: (err) => toast.error('Could not suspend', { description: failureText(err) }),
    });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      variant="form"
      title={`Suspend ${user.email}?`}
      description="They are signed out everywhere at once, cannot sign in, and their alerts stop until you resume them."
      trigger={
        <Button variant="secondary" aria-label={`Suspend ${user.email}`}>
          Suspend
        </Button>
      }
    >
      <div className="mt-6 flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button variant="danger" busy={suspend.isPending} onClick={confirm}>
          Suspend
        </Button>
      </div>
    </Dialog>
  );
}

function DeleteDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useAdminAction(deleteUser);
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    remove.mutate(
      { id: user.id, confirmEmail: typed },
      {
        onSuccess: (done) => {
          setOpen(false);
          toast.success(adminMessages.deleted(done.email));
        },
        onError: (err) => toast.error('Could not delete', { description: failureText(err) }),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTyped('');
      }}
      variant="form"
      title={`Delete ${user.email}?`}
      description="Their account, alerts, library, reports, conversations and queued mail are deleted for good. This cannot be undone."
      trigger={
        <Button variant="ghost" aria-label={`Delete ${user.email}`}>
          Delete
        </Button>
      }
    >
      <form onSubmit={confirm} className="mt-4 space-y-4">
        <Field
          label="Type the user's e-mail address to confirm"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="danger" busy={remove.isPending} disabled={!matches}>
            Delete for good
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
