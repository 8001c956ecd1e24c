// Every e-mail is a row in mail_outbox first; the sender (worker role) delivers it. A caller
// that writes other rows in a transaction passes that transaction, so both commit or neither.
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

export async function enqueueMail(db: Executor, mail: OutgoingMail) {
  const [row] = await insertMail(db, mail);
  return row!.id;
}
