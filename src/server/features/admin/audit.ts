// The operator console's audit log: every operator action, from the console or the CLI, is one row
// of admin_audit_log, written in the same transaction as the action where there is one, so the log
// never shows an action that did not happen or misses one that did.
import type { Database } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema.ts';

/** Who acted: a signed-in operator, or the command line (which has no account). */
export type AuditActor = { id: string; email: string } | 'cli';

export type AuditEntry = {
  actor: AuditActor;
  /** What was done, as `<thing>.<verb>`: 'invite.create', 'user.suspend', 'run.retry', 'mail.resend'… */
  action: string;
  /** What it was done to: an e-mail address, a run's or a mail's id. */
  subject: string;
  detail?: Record<string, unknown>;
};

/** `db` may be a transaction (`db.transaction(async (tx) => …)` hands one over). */
export async function recordAudit(db: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(adminAuditLog).values({
    operatorId: entry.actor === 'cli' ? null : entry.actor.id,
    operatorLabel: entry.actor === 'cli' ? 'cli' : entry.actor.email,
    action: entry.action,
    subject: entry.subject,
    detail: entry.detail ?? null,
  });
}
