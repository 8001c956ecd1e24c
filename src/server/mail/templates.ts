// Plain-text-first transactional mails with a minimal HTML twin. Values are escaped in HTML.
import { BRAND } from '../../shared/constants.ts';
import type { OutgoingMail } from './outbox.ts';

/** Mails that carry a sign-in link or code: their bodies are not kept once delivered. */
export const CREDENTIAL_MAIL_KINDS = ['invite', 'set-password', 'reset-password', 'otp'];

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function actionMail(kind: string, to: string, subject: string, intro: string, action: string, url: string, outro: string): OutgoingMail {
  const text = `${intro}\n\n${action}:\n${url}\n\n${outro}\n\n— ${BRAND}`;
  const html = `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p style="color:#666">${escapeHtml(outro)}</p><p>— ${BRAND}</p>`;
  return { kind, to, subject, text, html };
}

export const inviteMail = (to: string, url: string, expiresAt: Date) =>
  actionMail(
    'invite',
    to,
    `Your invitation to ${BRAND}`,
    `You have been invited to ${BRAND}, the inbox-first intelligence platform for B2B sales teams.`,
    'Create your account',
    url,
    `This link works once and expires on ${expiresAt.toUTCString()}.`,
  );

export const setPasswordMail = (to: string, url: string) =>
  actionMail(
    'set-password',
    to,
    `Set your ${BRAND} password`,
    `An account on ${BRAND} has been created for you.`,
    'Set your password',
    url,
    'This link works once and expires in 24 hours.',
  );

export const resetPasswordMail = (to: string, url: string) =>
  actionMail(
    'reset-password',
    to,
    `Reset your ${BRAND} password`,
    'We received a request to reset your password. If it was not you, ignore this e-mail.',
    'Reset your password',
    url,
    'This link works once and expires in 24 hours.',
  );

export function otpMail(to: string, otp: string): OutgoingMail {
  const text = `Your ${BRAND} sign-in code is ${otp}\n\nIt expires in 5 minutes. If you did not ask for it, ignore this e-mail.\n\n— ${BRAND}`;
  const html = `<p>Your ${BRAND} sign-in code is</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(otp)}</p><p style="color:#666">It expires in 5 minutes. If you did not ask for it, ignore this e-mail.</p>`;
  return { kind: 'otp', to, subject: `${otp} is your ${BRAND} code`, text, html };
}
