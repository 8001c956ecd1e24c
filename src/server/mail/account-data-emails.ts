// The mails of "Your data" (issue 30 §5, §6): the code that confirms an account's deletion, the
// confirmation that it is deleted, and the link to a ready export. The same React Email frame as the
// account mails (account-emails.ts): every value is escaped by React; the plain text is written out.
import { Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { createElement as h } from 'react';
import { DELETION_CODE } from '../../shared/account-data.ts';
import { BRAND } from '../../shared/constants.ts';
import { buttonLink, EmailFrame, mutedLine, paragraph, styles } from './alert-emails/layout.ts';
import type { OutgoingMail } from './outbox.ts';

const codeStyle = { ...styles.paragraph, fontSize: '28px', lineHeight: '36px', fontWeight: 700, letterSpacing: '6px' };

/** Kind 'otp', so the sender removes the code from the row once delivered (CREDENTIAL_MAIL_KINDS). */
export async function deletionCodeMail(to: string, code: string): Promise<OutgoingMail> {
  const intro = `Your code to confirm the deletion of your ${BRAND} account is`;
  const outro = `It works for ${DELETION_CODE.lifetimeMinutes} minutes. If you did not ask for it, someone signed in to your account may be trying to delete it: change your password now.`;
  const text = `${intro} ${code}\n\n${outro}\n\n— ${BRAND}`;
  const html = await render(h(EmailFrame, { preview: intro }, paragraph(intro), h(Text, { style: codeStyle }, code), mutedLine(outro)));
  return { kind: 'otp', to, subject: `${code} is your code to delete your ${BRAND} account`, text, html };
}

/** Sent to the address of an account just deleted, with no user id: it outlives the account's rows. */
export async function accountDeletedMail(to: string, deletedAt: Date): Promise<OutgoingMail> {
  const intro = `Your ${BRAND} account (${to}) was deleted on ${deletedAt.toUTCString()}, as you asked.`;
  const body =
    'Your alerts, reports, library, conversations, sessions and every other record of your account were deleted with it; nothing more will be sent to you.';
  const outro = 'If you did not ask for this, reply to this e-mail.';
  const text = `${intro}\n\n${body}\n\n${outro}\n\n— ${BRAND}`;
  const html = await render(h(EmailFrame, { preview: intro }, paragraph(intro), paragraph(body), mutedLine(outro)));
  return { kind: 'account-deleted', to, subject: `Your ${BRAND} account was deleted`, text, html };
}

/** The ready export's link: it needs the owner signed in as well, and it expires. */
export async function exportReadyMail(to: string, userId: string, url: string, expiresAt: Date): Promise<OutgoingMail> {
  const intro = `The export of your ${BRAND} data is ready.`;
  const action = 'Download your data';
  const outro = `The link works while you are signed in to ${BRAND} and expires on ${expiresAt.toUTCString()}. If you did not ask for this export, change your password.`;
  const text = `${intro}\n\n${action}:\n${url}\n\n${outro}\n\n— ${BRAND}`;
  const html = await render(
    h(
      EmailFrame,
      { preview: intro },
      paragraph(intro),
      h(Section, { style: { margin: '20px 0' } }, buttonLink(url, action)),
      mutedLine(outro),
    ),
  );
  return { kind: 'data-export', to, userId, subject: `Your ${BRAND} data export is ready`, text, html };
}
