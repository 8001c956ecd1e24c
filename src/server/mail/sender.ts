// Delivers mail_outbox rows. Runs in worker roles; any number of workers may run: a row is
// claimed by pushing its next attempt forward under SKIP LOCKED, so two workers never send it twice.
import nodemailer from 'nodemailer';
import type pg from 'pg';
import { startOutboxLoop } from '../db/outbox-loop.ts';
import { backoffMs } from '../lib/backoff.ts';
import { errorMessage, log } from '../lib/log.ts';
import { withLogContext } from '../lib/log-context.ts';
import { mailSends } from '../lib/metrics.ts';
import { connectionFailure } from '../lib/network-error.ts';
import { CREDENTIAL_MAIL_KINDS } from './account-emails.ts';
import type { MailAttachment } from './outbox.ts';

const MAX_ATTEMPTS = 8;
/** The wait before a failed mail is tried again: 30 s, doubling, at most an hour. */
const RETRY = { firstMs: 30_000, maxMs: 3_600_000 };
/**
 * Mails being sent at once, over SMTP_CONNECTIONS pooled connections: rows are claimed again as soon
 * as half of them are done, so a burst (ADR 016) never waits for a whole batch's slowest mail (ADR 033).
 */
const IN_FLIGHT = 50;
/** Sent rows are marked in one UPDATE per this many (or fewer, before each claim and at the pass's end). */
const MARK_GROUP = 25;
/** Connections kept open to the SMTP server: a burst of alerts (ADR 016) goes out without a handshake per mail. */
const SMTP_CONNECTIONS = 5;
/** Mails one SMTP connection carries before it is renewed (nodemailer's default is 100). */
const MAILS_PER_CONNECTION = 1000;
const CLAIM_LEASE = "interval '2 minutes'";
/** Delivered links and codes are not kept: a database read must not yield a usable one ($2: the kinds). */
const REDACT = `text_body = CASE WHEN kind = ANY($2) THEN '[removed after delivery: it held a sign-in link or code]' ELSE text_body END,
  html_body = CASE WHEN kind = ANY($2) THEN NULL ELSE html_body END`;

type Claimed = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: string;
  attempts: number;
  headers: Record<string, string> | null;
  attachments: MailAttachment[] | null;
};

/** The domain of MAIL_FROM's address (Message-IDs name it), or localhost when it has none. */
export function messageIdDomain(from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim())?.[1];
  return domain && /[A-Za-z0-9]/.test(domain) ? domain.toLowerCase() : 'localhost';
}

/**
 * The row's extra headers as nodemailer takes them: only the unsubscribe headers (RFC 8058), on one
 * line each — a value with a line break could start a header of its own, and no other header
 * (Reply-To, Sender…) may be set from a table.
 */
const ALLOWED_HEADERS = new Map(['List-Unsubscribe', 'List-Unsubscribe-Post'].map((name) => [name.toLowerCase(), name]));

export function extraHeaders(headers: Record<string, string> | null): Record<string, string> | undefined {
  if (!headers) return undefined;
  const kept = Object.entries(headers).flatMap(([name, value]) => {
    const allowed = ALLOWED_HEADERS.get(name.toLowerCase());
    return allowed && typeof value === 'string' && !/[\r\n]/.test(value) ? [[allowed, value] as const] : [];
  });
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/**
 * The row's attachments as nodemailer takes them: content given as text only (never a path or a
 * URL, which nodemailer would read or fetch), under a plain file name.
 */
export function mailAttachments(attachments: MailAttachment[] | null) {
  if (!Array.isArray(attachments) || attachments.length === 0) return undefined;
  return attachments
    .filter((a) => a && typeof a.content === 'string' && typeof a.filename === 'string' && typeof a.contentType === 'string')
    .map((a) => ({ filename: a.filename.replace(/[^\w.-]/g, '_'), contentType: a.contentType, content: a.content }));
}

/**
 * Whether a failed attempt may nevertheless have delivered the message: the connection was lost (or
 * timed out) with no answer from the server, perhaps after it had taken the message in. A refusal
 * (the server answered 4xx/5xx) or a server that could not be reached at all sent nothing.
 */
export function outcomeUnknown(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, responseCode, message } = err as { code?: unknown; responseCode?: unknown; message?: unknown };
  if (typeof responseCode === 'number') return false;
  if (code === 'ECONNECTION' || code === 'ETIMEDOUT') return true;
  const unreachable = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/;
  return code === 'ESOCKET' && !unreachable.test(String(message ?? ''));
}

/** The error as the mail log shows it: a failed connection in plain words first ("connection refused (connect ECONNREFUSED …)"). */
export function deliveryError(err: unknown): string {
  const reason = connectionFailure(err);
  const message = errorMessage(err);
  return reason ? `${reason} (${message})` : message;
}

export type OutboxSender = { stop: () => Promise<void>; drain: () => Promise<void> };

export async function startOutboxSender(opts: {
  pool: pg.Pool;
  /** For the LISTEN connection, which is not one of the pool's (db/listen.ts). */
  databaseUrl: string;
  smtpUrl?: string;
  from: string;
  printCaptured: boolean;
}): Promise<OutboxSender> {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS, maxMessages: MAILS_PER_CONNECTION })
    : null;
  const domain = messageIdDomain(opts.from);
  /** Rows the SMTP server accepted that are not marked sent yet. */
  let accepted: string[] = [];

  async function markSent() {
    if (accepted.length === 0) return;
    const ids = accepted;
    accepted = [];
    await opts.pool
      .query(`UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = NULL, ${REDACT} WHERE id = ANY($1::uuid[])`, [
        ids,
        CREDENTIAL_MAIL_KINDS,
      ])
      .catch((err: unknown) => {
        // Kept for the next try: left unmarked, they would be sent again when their claim ends.
        accepted.push(...ids);
        throw err;
      });
  }

  async function deliverDue(stopped: () => boolean) {
    const inFlight = new Set<Promise<void>>();
    try {
      while (!stopped()) {
        if (inFlight.size > IN_FLIGHT / 2) {
          await Promise.race(inFlight);
          continue;
        }
        await markSent();
        const { rows } = await opts.pool.query<Claimed>(
          `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + ${CLAIM_LEASE}
            WHERE id IN (SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()
                          ORDER BY next_attempt_at LIMIT ${IN_FLIGHT - inFlight.size} FOR UPDATE SKIP LOCKED)
            RETURNING id, to_address, subject, text_body, html_body, kind, attempts, headers, attachments`,
        );
        if (rows.length === 0 && inFlight.size === 0) return;
        if (rows.length === 0) {
          await Promise.race(inFlight);
          continue;
        }
        for (const mail of rows) {
          // Each delivery's lines (nodemailer's failures included) carry the outbox row's id.
          // A group's mark that fails here is not this mail's failure: its ids stay in `accepted` and
          // the mark before the next claim (which meets the same database) tries them again. Nothing
          // awaits this promise while the loop claims, so it must not reject.
          const sending: Promise<void> = withLogContext({ outboxId: mail.id }, () => deliverOne(mail))
            .then(() => (accepted.length >= MARK_GROUP ? markSent() : undefined))
            .catch((err: unknown) => log.warn('marking sent mails failed; tried again before the next claim', { error: errorMessage(err) }))
            .finally(() => inFlight.delete(sending));
          inFlight.add(sending);
        }
      }
    } finally {
      await Promise.allSettled(inFlight);
      await markSent();
    }
  }

  async function deliverOne(mail: Claimed) {
    if (!transport) {
      if (opts.printCaptured) {
        log.raw(
          `\n──── captured e-mail (no SMTP_URL) ────\nTo: ${mail.to_address}\nSubject: ${mail.subject}\n\n${mail.text_body}\n───────────────────────────────────────`,
        );
      }
      // Captured mails stay readable in development (that is the dev mailbox's purpose).
      if (opts.printCaptured) await opts.pool.query(`UPDATE mail_outbox SET status = 'captured', sent_at = now() WHERE id = $1`, [mail.id]);
      else
        await opts.pool.query(`UPDATE mail_outbox SET status = 'captured', sent_at = now(), ${REDACT} WHERE id = $1`, [
          mail.id,
          CREDENTIAL_MAIL_KINDS,
        ]);
      mailSends.inc({ outcome: 'captured' });
      return;
    }
    try {
      await transport.sendMail({
        from: opts.from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body ?? undefined,
        headers: extraHeaders(mail.headers),
        attachments: mailAttachments(mail.attachments),
        // The row's id: a resend of the same row (a retry after an unclear failure) is recognisably
        // the same message to the receiving side.
        messageId: `<${mail.id}@${domain}>`,
      });
      // Marked with the next group (markSent), within moments: a crash before that resends at most
      // the mails in flight, each with its own Message-ID, once their claim's lease ends.
      accepted.push(mail.id);
      log.info('mail sent', { kind: mail.kind, id: mail.id });
      mailSends.inc({ outcome: 'sent' });
    } catch (err) {
      const final = mail.attempts >= MAX_ATTEMPTS;
      const backoffSeconds = backoffMs(mail.attempts, RETRY) / 1000;
      // The resend carries the same Message-ID, so a receiving side that got it can tell; the
      // operator is told too (mail-log), as the recipient may see it twice.
      const unknown = outcomeUnknown(err);
      await opts.pool.query(
        `UPDATE mail_outbox SET status = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4),
                unknown_outcome_attempts = unknown_outcome_attempts + $5 WHERE id = $1`,
        [mail.id, final ? 'failed' : 'pending', deliveryError(err).slice(0, 1000), backoffSeconds, unknown ? 1 : 0],
      );
      mailSends.inc({ outcome: final ? 'failed' : 'retry' });
      log.warn(final ? 'mail failed for good' : 'mail delivery failed; will retry', {
        kind: mail.kind,
        id: mail.id,
        attempt: mail.attempts,
        error: deliveryError(err),
        ...(unknown ? { outcome: 'unknown: the connection was lost before the server answered; it may have the message' } : {}),
      });
    }
  }

  const loop = await startOutboxLoop({
    databaseUrl: opts.databaseUrl,
    channel: 'mail_outbox',
    name: 'eos-mail',
    errorLabel: 'mail sender error',
    pass: deliverDue,
  });

  return {
    drain: loop.drain,
    async stop() {
      await loop.stop();
      transport?.close();
    },
  };
}
