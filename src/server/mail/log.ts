// The outbox as the operator reads it: the CLI's `mail-log` and the console's Mail section (issue 28
// §3) list mail through mailLog, with the same columns, join, user filter and order.
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailOutbox, users } from '../db/schema.ts';

const m = mailOutbox;

/**
 * One person's mail: the mails about their account (user_id, on its index) and the mails sent to
 * their address (an invite, before there is an account). `email` is lower case.
 */
export const mailOfUser = (email: string) =>
  sql`(${m.userId} = (select ${users.id} from ${users} where ${users.email} = ${email}) or lower(${m.toAddress}) = ${email})`;

/** Mail created in the last `days` days (on mail_outbox_created_idx). */
export const mailSince = (days: number) => sql`${m.createdAt} > now() - make_interval(days => ${days})`;

/** Outbox rows matching `where`, newest first, with the e-mail of the account they are about. */
export function mailLog(db: Pick<Database, 'select'>, where: SQL | undefined, page: { limit: number; offset?: number }) {
  return db
    .select({
      id: m.id,
      createdAt: m.createdAt,
      kind: m.kind,
      toAddress: m.toAddress,
      userEmail: users.email,
      subject: m.subject,
      status: m.status,
      attempts: m.attempts,
      unknownOutcomeAttempts: m.unknownOutcomeAttempts,
      sentAt: m.sentAt,
      lastError: m.lastError,
    })
    .from(m)
    .leftJoin(users, eq(users.id, m.userId))
    .where(where)
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

export type MailLogRow = Awaited<ReturnType<typeof mailLog>>[number];

/** The CLI's filter: mail of the last `days` days, of one person and one outbox status when given. */
export function cliMailFilter(f: { days: number; user: string | null; status: string | null }): SQL | undefined {
  return and(mailSince(f.days), f.user ? mailOfUser(f.user) : undefined, f.status ? sql`${m.status} = ${f.status}` : undefined);
}
