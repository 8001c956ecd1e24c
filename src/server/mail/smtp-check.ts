// SMTP_URL is tried at start-up: a wrong host, port or password would otherwise show only as every
// mail failing, hours later. A failure warns and does not stop the process (the outbox keeps the
// mails and retries them, and the web side needs no mail); /readyz reports the state, trying again
// while it is asked: at most once a minute while the server cannot be reached, every 15 minutes while
// it can, and never after it refused the credentials (each try is a failed login, which some providers
// punish by locking the account; fixing SMTP_URL means a restart anyway). /readyz answers anyone, so
// it says why in plain words only; the server's own words (a TLS name, its reply) go to the log.
import nodemailer from 'nodemailer';
import { addressLocation } from '../config.ts';
import { errorMessage, log } from '../lib/log.ts';
import { connectionFailure } from '../lib/network-error.ts';

const RECHECK_UNREACHABLE_MS = 60_000;
const RECHECK_REACHABLE_MS = 15 * 60_000;
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
  let credentialsRefused = false;

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
        credentialsRefused = (err as { code?: unknown }).code === 'EAUTH';
        const unreachable = connectionFailure(err);
        const reason = unreachable ?? (credentialsRefused ? 'the user name or password was refused' : 'the server refused or failed');
        const detail = unreachable ? `cannot be reached (${unreachable})` : `cannot be used (${reason}: ${errorMessage(err)})`;
        if (!state.startsWith('unreachable'))
          log.warn(`SMTP_URL: the mail server at ${where} ${detail}. E-mails wait in the outbox and are retried.`);
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
      const recheckMs = state === 'reachable' ? RECHECK_REACHABLE_MS : RECHECK_UNREACHABLE_MS;
      if (!checking && !credentialsRefused && Date.now() - checkedAt > recheckMs) void check();
      return state;
    },
  };
}
