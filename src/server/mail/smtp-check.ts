// SMTP_URL is tried at start-up: a wrong host, port or password would otherwise show only as every
// mail failing, hours later. A failure warns and does not stop the process (the outbox keeps the
// mails and retries them, and the web side needs no mail); /readyz reports the state, trying again
// at most once a minute while it is asked.
import nodemailer from 'nodemailer';
import { addressLocation } from '../config.ts';
import { errorMessage, log } from '../lib/log.ts';
import { connectionFailure } from '../lib/network-error.ts';

const RECHECK_MS = 60_000;
/** A host that drops packets must not keep a check open for nodemailer's default two minutes. */
const TIMEOUT_MS = 10_000;

export type SmtpCheck = {
  /** `reachable`, `unreachable: <why>`, `checking`, or `not configured: …`. */
  status: () => string;
};

/** Where SMTP_URL points (host:port, nodemailer's default port when none is given), without the user or password. */
export function smtpLocation(smtpUrl: string): string {
  return addressLocation(smtpUrl, smtpUrl.startsWith('smtps:') ? 465 : 587).replace(/\/$/, '');
}

export function startSmtpCheck(smtpUrl: string | undefined): SmtpCheck {
  if (!smtpUrl) return { status: () => 'not configured: e-mails are captured, not sent' };
  const where = smtpLocation(smtpUrl);
  let state = 'checking';
  let checkedAt = 0;
  let checking: Promise<void> | null = null;

  function check() {
    checkedAt = Date.now();
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    });
    checking = transport
      .verify()
      .then(() => {
        if (state.startsWith('unreachable')) log.info(`SMTP_URL: the mail server at ${where} is reachable again.`);
        state = 'reachable';
      })
      .catch((err) => {
        const reason = connectionFailure(err) ?? errorMessage(err);
        if (!state.startsWith('unreachable'))
          log.warn(`SMTP_URL: the mail server at ${where} cannot be reached (${reason}). E-mails wait in the outbox and are retried.`);
        state = `unreachable: ${reason}`;
      })
      .finally(() => {
        transport.close();
        checking = null;
      });
    return checking;
  }

  void check();
  return {
    status() {
      if (!checking && Date.now() - checkedAt > RECHECK_MS) void check();
      return state;
    },
  };
}
