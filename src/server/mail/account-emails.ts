// The account mails (invite, set password, reset password, sign-in code): the same React Email
// frame as the alert mails (ADR 011, 021), so every value is escaped by React, not by hand. The
// plain text is written out, not converted from the HTML: it is the version the tests and the
// captured-mail log read, and its wording is kept as it was.
import { Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { createElement as h } from 'react';
import { BRAND } from '../../shared/constants.ts';
import { buttonLink, EmailFrame, mutedLine, paragraph, styles } from './alert-emails/layout.ts';
import type { OutgoingMail } from './outbox.ts';

/** Mails that carry a sign-in link or code: their bodies are not kept once delivered. */
export const CREDENTIAL_MAIL_KINDS = ['invite', 'set-password', 'reset-password', 'otp'];

type ActionMail = { kind: string; subject: string; intro: string; action: string; outro: string };

async function actionMail(to: string, url: string, { kind, subject, intro, action, outro }: ActionMail): Promise<OutgoingMail> {
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
  return { kind, to, subject, text, html };
}

export const inviteMail = (to: string, url: string, expiresAt: Date) =>
  actionMail(to, url, {
    kind: 'invite',
    subject: `Your invitation to ${BRAND}`,
    intro: `You have been invited to ${BRAND}, the inbox-first intelligence platform for B2B sales teams.`,
    action: 'Create your account',
    outro: `This link works once and expires on ${expiresAt.toUTCString()}.`,
  });

export const setPasswordMail = (to: string, url: string) =>
  actionMail(to, url, {
    kind: 'set-password',
    subject: `Set your ${BRAND} password`,
    intro: `An account on ${BRAND} has been created for you.`,
    action: 'Set your password',
    outro: 'This link works once and expires in 24 hours.',
  });

export const resetPasswordMail = (to: string, url: string) =>
  actionMail(to, url, {
    kind: 'reset-password',
    subject: `Reset your ${BRAND} password`,
    intro: 'We received a request to reset your password. If it was not you, ignore this e-mail.',
    action: 'Reset your password',
    outro: 'This link works once and expires in 24 hours.',
  });

const codeStyle = { ...styles.paragraph, fontSize: '28px', lineHeight: '36px', fontWeight: 700, letterSpacing: '6px' };

export async function otpMail(to: string, otp: string): Promise<OutgoingMail> {
  const outro = 'It expires in 5 minutes. If you did not ask for it, ignore this e-mail.';
  const text = `Your ${BRAND} sign-in code is ${otp}\n\n${outro}\n\n— ${BRAND}`;
  const html = await render(
    h(
      EmailFrame,
      { preview: `Your ${BRAND} sign-in code` },
      paragraph(`Your ${BRAND} sign-in code is`),
      h(Text, { style: codeStyle }, otp),
      mutedLine(outro),
    ),
  );
  return { kind: 'otp', to, subject: `${otp} is your ${BRAND} code`, text, html };
}
