// The console's Mail section (issue 28 §3): the outbox and mail log, per user and outcome, and a
// resend. A resend is a new outbox row copying the message: the old row is never set back to
// pending, so each row is still delivered at most once (its Message-ID is its id), and the log keeps
// what happened to the first one.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  type MailAnswer,
  type MailCounts,
  type MailQuery,
  type MailView,
  OPS_PAGE_SIZE,
  type OpsMail,
  opsMessages,
  type ResendAnswer,
} from '../../../shared/admin-ops.ts';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { CREDENTIAL_MAIL_KINDS } from '../../mail/account-emails.ts';
import { type MailLogRow, mailLog, mailOfUser, mailSince } from '../../mail/log.ts';
import { insertMail } from '../../mail/outbox.ts';
import { recordAudit } from './audit.ts';
import type { Operator } from './operator.ts';
import { pageOf } from './runs.ts';

/** The mail the console lists and counts: the last 30 days (older mail: `npm run admin -- mail-log --days N`). */
export const MAIL_WINDOW_DAYS = 30;

const m = mailOutbox;

const VIEW_FILTERS: Record<MailView, SQL> = {
  pending: sql`${m.status} = 'pending'`,
  sent: sql`${m.status} = 'sent'`,
  failed: sql`${m.status} = 'failed'`,
  captured: sql`${m.status} = 'captured'`,
  retried: sql`${m.attempts} > 1`,
  unknown: sql`${m.unknownOutcomeAttempts} > 0`,
};

const countOf = (view: MailView) => sql<number>`(count(*) filter (where ${VIEW_FILTERS[view]}))::int`;

export const mailNotFound = () => new AppError('not_found', 'There is no mail with this id.');

function resendBlocked(row: { status: string; kind: string }): string | null {
  if (row.status === 'pending') return opsMessages.stillPending;
  // Their text is redacted once delivered (sender.ts), and a link or code sent again would be stale.
  if (CREDENTIAL_MAIL_KINDS.includes(row.kind)) return opsMessages.credentialMail;
  return null;
}

const toMail = (row: MailLogRow): OpsMail => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  kind: row.kind,
  to: row.toAddress,
  userEmail: row.userEmail,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  unknownOutcomeAttempts: row.unknownOutcomeAttempts,
  sentAt: row.sentAt?.toISOString() ?? null,
  lastError: row.lastError,
  resendBlocked: resendBlocked(row),
});

/** The counts per outcome and one page of the mail of the last MAIL_WINDOW_DAYS, of one person when asked. */
export async function listMail(db: Database, query: MailQuery): Promise<MailAnswer> {
  const page = pageOf(query.page);
  const scope = and(mailSince(MAIL_WINDOW_DAYS), query.user ? mailOfUser(query.user) : undefined);
  const [rows, [counted]] = await Promise.all([
    mailLog(db, and(scope, query.status ? VIEW_FILTERS[query.status] : undefined), {
      limit: OPS_PAGE_SIZE + 1,
      offset: (page - 1) * OPS_PAGE_SIZE,
    }),
    db
      .select({
        pending: countOf('pending'),
        sent: countOf('sent'),
        retried: countOf('retried'),
        failed: countOf('failed'),
        unknown: countOf('unknown'),
        captured: countOf('captured'),
      })
      .from(m)
      .where(scope),
  ]);
  return {
    windowDays: MAIL_WINDOW_DAYS,
    // An aggregate without GROUP BY always returns its one row.
    counts: counted as MailCounts,
    mails: rows.slice(0, OPS_PAGE_SIZE).map(toMail),
    page,
    pageSize: OPS_PAGE_SIZE,
    hasMore: rows.length > OPS_PAGE_SIZE,
  };
}

/** A copy of the mail as a new pending row, and the audit row, in one transaction. */
export async function resendMail(db: Database, operator: Operator, mailId: string): Promise<ResendAnswer> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(m).where(eq(m.id, mailId)).for('update');
    if (!row) throw mailNotFound();
    const blocked = resendBlocked(row);
    if (blocked) throw new AppError('cannot_retry', blocked);
    const [copy] = await insertMail(tx, {
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody ?? undefined,
      kind: row.kind,
      userId: row.userId ?? undefined,
      headers: row.headers ?? undefined,
    });
    const resentMailId = copy!.id;
    await recordAudit(tx, {
      actor: operator,
      action: 'mail.resend',
      subject: mailId,
      detail: { resentMailId, to: row.toAddress, kind: row.kind, status: row.status },
    });
    return { mailId, resentMailId };
  });
}
