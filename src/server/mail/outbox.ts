// Every e-mail is a row in mail_outbox first; the sender (worker role) delivers it. A caller
// that writes other rows in a transaction passes that transaction, so both commit or neither.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

/** A file sent with a mail: `content` is its text (an .ics calendar), sent as it is. */
export type MailAttachment = { filename: string; contentType: string; content: string };

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  /** The user the mail is about (alert mails), for the operator's mail log. */
  userId?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
};

type Executor = Pick<Database, 'insert'>;

/** The outbox row's `INSERT … RETURNING id`: run alone (enqueueMail), or inside a statement of the caller's. */
export function insertMail(db: Executor, mail: OutgoingMail) {
  return db
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      kind: mail.kind,
      userId: mail.userId,
      headers: mail.headers,
      attachments: mail.attachments?.length ? mail.attachments : null,
    })
    .returning({ id: mailOutbox.id });
}

/**
 * insertMail with sql.placeholder(...) for its values, for a statement built once per connection
 * (db/named.ts); mailPlaceholderValues gives them. Absent parts are undefined (SQL NULL): a null
 * given to a jsonb placeholder would be stored as JSON's null.
 */
export function insertMailPlaceholders(db: Executor) {
  return db
    .insert(mailOutbox)
    .values({
      toAddress: sql.placeholder('mailTo'),
      subject: sql.placeholder('mailSubject'),
      textBody: sql.placeholder('mailText'),
      htmlBody: sql.placeholder('mailHtml'),
      kind: sql.placeholder('mailKind'),
      userId: sql.placeholder('mailUserId'),
      headers: sql.placeholder('mailHeaders'),
      attachments: sql.placeholder('mailAttachments'),
    })
    .returning({ id: mailOutbox.id });
}

export function mailPlaceholderValues(mail: OutgoingMail) {
  return {
    mailTo: mail.to,
    mailSubject: mail.subject,
    mailText: mail.text,
    mailHtml: mail.html ?? undefined,
    mailKind: mail.kind,
    mailUserId: mail.userId ?? undefined,
    mailHeaders: mail.headers ?? undefined,
    mailAttachments: mail.attachments?.length ? mail.attachments : undefined,
  };
}

export async function enqueueMail(db: Executor, mail: OutgoingMail) {
  const [row] = await insertMail(db, mail);
  return row!.id;
}
