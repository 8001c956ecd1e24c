// The security e-mails (issue 30 §4): a sign-in from a device not seen before, and each change to
// how the account is signed in to. Each says what happened, when (UTC), from where (IP address,
// browser and device), and what to do if it was not the account's owner. The same React Email frame
// as the account mails (account-emails.ts); the plain text is written out, not converted, so the
// tests and the captured-mail log read exactly what the owner reads.
import { Link, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { createElement as h } from 'react';
import { BRAND } from '../../shared/constants.ts';
import { type SecurityEventKind, type SignInMethod, signInMethodLabels } from '../../shared/security-log.ts';
import { userAgentSentence } from '../lib/user-agent.ts';
import { buttonLink, EmailFrame, mutedLine, paragraph, styles } from './alert-emails/layout.ts';
import type { OutgoingMail } from './outbox.ts';

/** The security events that are e-mailed to the account's owner as well as logged. */
export const MAILED_SECURITY_EVENTS = [
  'password_changed',
  'password_reset',
  'two_factor_enabled',
  'two_factor_disabled',
  'backup_codes_regenerated',
  'passkey_added',
  'passkey_removed',
  'second_factor_locked',
] as const satisfies readonly SecurityEventKind[];
export type MailedSecurityEvent = (typeof MAILED_SECURITY_EVENTS)[number];

export const isMailedSecurityEvent = (kind: SecurityEventKind): kind is MailedSecurityEvent =>
  (MAILED_SECURITY_EVENTS as readonly string[]).includes(kind);

/** What every security e-mail tells: to whom, when, from where, and the app's address for the links. */
export type SecurityMailFacts = {
  to: string;
  userId: string;
  at: Date;
  ipAddress: string | null;
  userAgent: string | null;
  appUrl: string;
};

const utcFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Saturday, November 28, 2026 at 00:18 UTC": the reader's time zone is not known, so UTC, said. */
export const utcTime = (at: Date) => `${utcFormat.format(at)} UTC`;

const whereFrom = ({ ipAddress, userAgent }: Pick<SecurityMailFacts, 'ipAddress' | 'userAgent'>) =>
  `${ipAddress && ipAddress !== 'unknown' ? `IP address ${ipAddress}` : 'an unknown IP address'}, ${userAgentSentence(userAgent)}`;

type Content = {
  kind: string;
  subject: string;
  /** What happened. */
  intro: string;
  /** Lines of facts besides when and where (how a sign-in was made). */
  facts?: string[];
  /** What to do if it was not the owner (the two links follow it). */
  notYou?: string;
};

const DEFAULT_NOT_YOU = 'If this was not you, someone else may be able to sign in to your account:';

async function securityMail(facts: SecurityMailFacts, content: Content): Promise<OutgoingMail> {
  const lines = [`When: ${utcTime(facts.at)}`, `From: ${whereFrom(facts)}`, ...(content.facts ?? [])];
  const notYou = content.notYou ?? DEFAULT_NOT_YOU;
  const resetUrl = `${facts.appUrl}/forgot-password`;
  const profileUrl = `${facts.appUrl}/profile`;
  const resetAction = 'Reset your password';
  const reviewAction = 'Review where you are signed in';
  const text = [
    content.intro,
    lines.join('\n'),
    'If this was you, there is nothing to do.',
    `${notYou}\n- ${resetAction}: ${resetUrl}\n- ${reviewAction} and sign out what you do not recognise: ${profileUrl}`,
    `— ${BRAND}`,
  ].join('\n\n');
  const html = await render(
    h(
      EmailFrame,
      { preview: content.intro },
      paragraph(content.intro),
      h(
        Section,
        { style: { margin: '12px 0' } },
        lines.map((line) => h(Text, { key: line, style: { ...styles.paragraph, margin: '0 0 4px' } }, line)),
      ),
      paragraph('If this was you, there is nothing to do.'),
      paragraph(notYou),
      h(Section, { style: { margin: '12px 0 8px' } }, buttonLink(resetUrl, resetAction)),
      h(Section, { style: { margin: '0 0 12px' } }, h(Link, { href: profileUrl, style: styles.secondaryButton }, reviewAction)),
      mutedLine(`${reviewAction}: your profile lists every session, and each can be signed out.`),
    ),
  );
  return { kind: content.kind, to: facts.to, userId: facts.userId, subject: content.subject, text, html };
}

export const NEW_SIGN_IN_SUBJECT = `New sign-in to your ${BRAND} account`;

/** A completed sign-in from a device this account has not been signed in from before. */
export const newSignInMail = (facts: SecurityMailFacts, method: SignInMethod) =>
  securityMail(facts, {
    kind: 'security-new-sign-in',
    subject: NEW_SIGN_IN_SUBJECT,
    intro: `Your ${BRAND} account was signed in to from a device it has not been used from before.`,
    facts: [`How: ${signInMethodLabels[method]}`],
  });

const passkeyName = (detail: Record<string, string>) => (detail.name ? ` ("${detail.name}")` : '');

const EVENT_MAILS: Record<MailedSecurityEvent, (detail: Record<string, string>) => Omit<Content, 'kind'>> = {
  password_changed: () => ({
    subject: `Your ${BRAND} password was changed`,
    intro: `The password of your ${BRAND} account was changed.`,
  }),
  password_reset: () => ({
    subject: `Your ${BRAND} password was reset`,
    intro: `The password of your ${BRAND} account was reset with a link sent to this address, and every session was signed out.`,
  }),
  two_factor_enabled: () => ({
    subject: `Two-factor sign-in turned on for your ${BRAND} account`,
    intro: 'Two-factor sign-in with an authenticator app was turned on: signing in now asks for a code from the app as well.',
  }),
  two_factor_disabled: () => ({
    subject: `Two-factor sign-in turned off for your ${BRAND} account`,
    intro: 'Two-factor sign-in with an authenticator app was turned off: signing in no longer asks for a code from the app.',
  }),
  backup_codes_regenerated: () => ({
    subject: `New backup codes for your ${BRAND} account`,
    intro: 'New backup codes were made for your two-factor sign-in. The earlier codes no longer work.',
  }),
  passkey_added: (detail) => ({
    subject: `A passkey was added to your ${BRAND} account`,
    intro: `A passkey${passkeyName(detail)} was added to your account. It signs in to your account on its own, without your password.`,
  }),
  passkey_removed: (detail) => ({
    subject: `A passkey was removed from your ${BRAND} account`,
    intro: `A passkey${passkeyName(detail)} was removed from your account: it can no longer sign in.`,
  }),
  second_factor_locked: () => ({
    subject: `Change your ${BRAND} password: someone else may know it`,
    intro:
      'Someone entered the right password for your account, then a wrong second-factor code 10 times in a row, so two-factor sign-in is locked for now.',
    notYou: 'If this was not you, whoever it was knows your password. Change it now:',
  }),
};

/** The e-mail of a mailed security event. `detail` is the event's (a passkey's name). */
export function securityEventMail(kind: MailedSecurityEvent, facts: SecurityMailFacts, detail: Record<string, string> = {}) {
  return securityMail(facts, { kind: `security-${kind.replaceAll('_', '-')}`, ...EVENT_MAILS[kind](detail) });
}
