// Delivers channel_deliveries rows (issue 29), as the mail sender delivers mail_outbox rows: in
// worker roles, any number of them, woken by the row's NOTIFY and by a poll. A row is claimed by
// pushing its next attempt forward under SKIP LOCKED, so two workers never send it at once; its id is
// the message's id on every attempt (Standard Webhooks' webhook-id), so a receiver can drop a repeat
// when a worker died between the receiver's answer and our commit.
//
// Every attempt is recorded (channel_delivery_attempts: the delivery log) with the receiver's answer,
// never the address (a Slack or Teams address is a credential). 2xx is sent; 408, 429, 5xx and no
// answer are tried again with backoff (Retry-After honoured within bounds); any other answer, and an
// address that is not public, fails at once. Deliveries failing for good in a row pause the channel
// and e-mail its owner once; a pending row of a paused channel is held until the channel is resumed.
import { setTimeout as sleep } from 'node:timers/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { ChannelKind } from '../../shared/channels.ts';
import { CHANNEL_PAUSE_AFTER_FAILURES } from '../../shared/channels.ts';
import { startOutboxLoop } from '../db/outbox-loop.ts';
import { inTransaction } from '../db/transaction.ts';
import { type Backoff, backoffMs } from '../lib/backoff.ts';
import { errorMessage, log } from '../lib/log.ts';
import { channelDeliveries } from '../lib/metrics.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { SourcePoster } from '../sources/web/http.ts';
import { SourceError } from '../sources/web/types.ts';
import type { ChannelMessage } from './message.ts';
import { CHANNEL_OUTBOX_NOTIFY, resumeHeld } from './outbox.ts';
import { channelPausedMail } from './paused-mail.ts';
import { renderFor } from './render.ts';

/** Attempts of an alert's delivery before it fails for good (about 16 minutes of backoff in all). */
export const CHANNEL_MAX_ATTEMPTS = 6;
/** The wait before a retry: 30 s, doubling, at most 30 minutes; a receiver's Retry-After within the same bound. */
export const CHANNEL_RETRY: Backoff = { firstMs: 30_000, maxMs: 30 * 60_000 };
/** Deliveries sent side by side, each one POST. */
const IN_FLIGHT = 20;
/** How often more rows are looked for while deliveries are in flight and nothing else was due. */
const RECLAIM_MS = 1_000;
/** Longer than any attempt (the client's timeout is 15 s): a row whose worker died is tried again after it. */
const CLAIM_LEASE = "interval '2 minutes'";
/** What the delivery log keeps of a receiver's answer. */
const ANSWER_MAX = 500;

type Claimed = {
  id: string;
  user_id: string;
  channel_id: string;
  purpose: 'alert' | 'test';
  message: ChannelMessage;
  attempts: number;
  kind: ChannelKind;
  name: string;
  url: string;
  signing_secret: string | null;
  channel_status: 'active' | 'paused';
};

export type AttemptOutcome = 'sent' | 'retrying' | 'failed';

/** One attempt's result as the log records it. */
type Attempt = { outcome: AttemptOutcome; httpStatus: number | null; answer: string | null; waitMs: number };

/**
 * What an answer means for the delivery: 2xx sent; 408 (timeout), 429 (too many) and 5xx tried
 * again; any other (Slack's 400 invalid_payload, 403 invalid_token, 404 no_service, 410
 * channel_is_archived; a 3xx that is not followed) will not get better by trying again.
 */
export function classifyStatus(status: number): 'sent' | 'retry' | 'fail' {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'fail';
}

/** Retry-After (RFC 9110 §10.2.3) in milliseconds: seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The wait before attempt `attempts + 1`: the receiver's Retry-After if it gave one, else the backoff; never over the bound. */
export function retryWaitMs(attempts: number, retryAfter: number | null, retry: Backoff = CHANNEL_RETRY): number {
  return Math.min(retry.maxMs, retryAfter ?? backoffMs(attempts, retry));
}

/**
 * Why no answer came, in words that name neither the address (its path is the credential) nor what
 * it resolved to: the client's SourceError names the host and path asked for, which we do not keep.
 */
export function noAnswerText(err: unknown): { text: string; refused: boolean } {
  const message = err instanceof Error ? err.message : String(err);
  if (/not a public address$/.test(message))
    return { text: 'The address was refused: it (or a redirect) leads to an address that is not on the public internet.', refused: true };
  const within = /within (\d+) ms/.exec(message);
  if (within) return { text: `No answer within ${Number(within[1]) / 1000} seconds.`, refused: false };
  if (/redirected too many times/.test(message)) return { text: 'The receiver redirected too many times.', refused: true };
  const scheme = /redirected to a (\S+) address/.exec(message);
  if (scheme) return { text: `The receiver redirected to a ${scheme[1]} address.`, refused: true };
  if (/only http\(s\) URLs are fetched|not a valid URL/.test(message))
    return { text: 'The address is not an http(s) address.', refused: true };
  const failed = /failed: (.+)$/.exec(message);
  if (failed && err instanceof SourceError) return { text: `No answer: ${failed[1]}.`, refused: false };
  return { text: 'No answer: network error.', refused: false };
}

/** The host alone, for log lines. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid';
  }
}

export type ChannelSender = { stop: () => Promise<void>; drain: () => Promise<void> };

export async function startChannelSender(opts: {
  pool: pg.Pool;
  /** For the LISTEN connection, which is not one of the pool's (db/listen.ts). */
  databaseUrl: string;
  /** The checked outbound client (ADR 019): every address and redirect hop on the public internet. */
  http: SourcePoster;
  /** The app's address, for the paused channel's e-mail. */
  appUrl: string;
  /** Tests: a shorter wait between attempts. */
  retry?: Backoff;
  maxAttempts?: number;
}): Promise<ChannelSender> {
  const retry = opts.retry ?? CHANNEL_RETRY;
  const maxAttempts = opts.maxAttempts ?? CHANNEL_MAX_ATTEMPTS;
  /** Claims up to `n` due rows. A paused channel's alert deliveries are held; its test messages still go (the user checks a fix). */
  async function claim(n: number): Promise<Claimed[]> {
    const { rows } = await opts.pool.query<Claimed>(
      `UPDATE channel_deliveries d SET attempts = d.attempts + 1, next_attempt_at = now() + ${CLAIM_LEASE}
         FROM channels c
        WHERE c.id = d.channel_id
          AND d.id IN (SELECT cd.id FROM channel_deliveries cd JOIN channels ch ON ch.id = cd.channel_id
                        WHERE cd.status = 'pending' AND cd.next_attempt_at <= now()
                          AND (ch.status = 'active' OR cd.purpose = 'test')
                        ORDER BY cd.next_attempt_at LIMIT $1 FOR UPDATE OF cd SKIP LOCKED)
        RETURNING d.id, d.user_id, d.channel_id, d.purpose, d.message, d.attempts,
                  c.kind, c.name, c.url, c.signing_secret, c.status AS channel_status`,
      [n],
    );
    return rows;
  }

  /**
   * Keeps up to IN_FLIGHT deliveries going, claiming more as each ends: one receiver that takes its
   * whole timeout to answer holds one slot, not the deliveries claimed with it. While something is
   * in flight and nothing more is due, it looks again every RECLAIM_MS (rows written meanwhile).
   */
  async function deliverDue(stopped: () => boolean) {
    const inFlight = new Set<Promise<void>>();
    while (!stopped()) {
      const free = IN_FLIGHT - inFlight.size;
      const rows = free > 0 ? await claim(free) : [];
      for (const row of rows) {
        const delivering: Promise<void> = deliverOne(row)
          .catch((err) => logFailure(row, err))
          .finally(() => inFlight.delete(delivering));
        inFlight.add(delivering);
      }
      if (inFlight.size === 0) return;
      await Promise.race(rows.length < free ? [...inFlight, sleep(RECLAIM_MS)] : [...inFlight]);
    }
    await Promise.all(inFlight);
  }

  function logFailure(row: Claimed, err: unknown) {
    // The attempt is not recorded (the database refused): the lease lets it be tried again later.
    log.error('channel delivery could not be recorded', {
      deliveryId: row.id,
      channelId: row.channel_id,
      host: hostOf(row.url),
      error: errorMessage(err),
    });
  }

  async function deliverOne(row: Claimed) {
    const started = performance.now();
    const attempt = await send(row);
    const durationMs = Math.round(performance.now() - started);
    await record(row, attempt, durationMs);
    channelDeliveries.inc({ kind: row.kind, outcome: attempt.outcome });
    const fields = {
      deliveryId: row.id,
      channelId: row.channel_id,
      host: hostOf(row.url),
      attempt: row.attempts,
      status: attempt.httpStatus,
    };
    if (attempt.outcome === 'sent') log.info('channel delivery sent', fields);
    else log.warn(attempt.outcome === 'failed' ? 'channel delivery failed' : 'channel delivery failed; will retry', fields);
  }

  /** One POST and what it means; never throws. */
  async function send(row: Claimed): Promise<Attempt> {
    // A test message is tried once: the user is watching for its answer.
    const last = row.purpose === 'test' || row.attempts >= maxAttempts;
    let rendered: { body: string; headers: Record<string, string> };
    try {
      rendered = renderFor(row.kind, row.message, row.id, row.signing_secret);
    } catch (err) {
      return { outcome: 'failed', httpStatus: null, answer: `The message could not be prepared: ${errorMessage(err)}`, waitMs: 0 };
    }
    const { 'content-type': contentType = 'application/json', ...headers } = rendered.headers;
    try {
      const answer = await opts.http.post(row.url, { body: rendered.body, contentType, headers, service: 'channel' });
      const words = answer.body.trim().slice(0, ANSWER_MAX) || null;
      const meaning = classifyStatus(answer.status);
      if (meaning === 'sent') return { outcome: 'sent', httpStatus: answer.status, answer: words, waitMs: 0 };
      const waitMs = retryWaitMs(row.attempts, retryAfterMs(answer.headers.get('retry-after')), retry);
      const outcome = meaning === 'retry' && !last ? 'retrying' : 'failed';
      return { outcome, httpStatus: answer.status, answer: words ?? `HTTP ${answer.status}`, waitMs };
    } catch (err) {
      const { text, refused } = noAnswerText(err);
      return {
        outcome: refused || last ? 'failed' : 'retrying',
        httpStatus: null,
        answer: text,
        waitMs: retryWaitMs(row.attempts, null, retry),
      };
    }
  }

  /** The attempt, the delivery's new state and the channel's failure count, in one transaction. */
  async function record(row: Claimed, attempt: Attempt, durationMs: number) {
    await inTransaction(opts.pool, async (client) => {
      await client.query(
        // Numbered over the delivery's whole life: a retry the user asked for starts a fresh budget (attempts = 0) but continues the log.
        `INSERT INTO channel_delivery_attempts (delivery_id, user_id, attempt, outcome, http_status, answer, duration_ms)
         VALUES ($1, $2, (SELECT count(*) + 1 FROM channel_delivery_attempts WHERE delivery_id = $1), $3, $4, $5, $6)`,
        [row.id, row.user_id, attempt.outcome, attempt.httpStatus, attempt.answer, durationMs],
      );
      const status = attempt.outcome === 'sent' ? 'sent' : attempt.outcome === 'failed' ? 'failed' : 'pending';
      await client.query(
        `UPDATE channel_deliveries
            SET status = $2, last_status = $3, last_error = $4,
                next_attempt_at = now() + make_interval(secs => $5),
                sent_at = CASE WHEN $2 = 'sent' THEN now() ELSE sent_at END
          WHERE id = $1`,
        [row.id, status, attempt.httpStatus, attempt.outcome === 'sent' ? null : attempt.answer, attempt.waitMs / 1000],
      );
      if (attempt.outcome === 'sent') {
        if (row.purpose === 'alert')
          await client.query(`UPDATE channels SET consecutive_failures = 0 WHERE id = $1 AND consecutive_failures <> 0`, [row.channel_id]);
        // A test that got through on a paused channel shows the user's fix works: it resumes.
        else if (row.channel_status === 'paused') await resumeHeld(drizzle(client), row.channel_id);
        return;
      }
      // Only an alert's delivery that failed for good counts; a test's failure is the user's to see.
      if (attempt.outcome !== 'failed' || row.purpose !== 'alert') return;
      const { rows } = await client.query<{ consecutive_failures: number; status: string }>(
        `UPDATE channels SET consecutive_failures = consecutive_failures + 1 WHERE id = $1 RETURNING consecutive_failures, status`,
        [row.channel_id],
      );
      const channel = rows[0];
      if (channel?.status !== 'active' || channel.consecutive_failures < CHANNEL_PAUSE_AFTER_FAILURES) return;
      const reason = attempt.httpStatus === null ? attempt.answer : `HTTP ${attempt.httpStatus}: ${attempt.answer}`;
      // Only the active → paused transition mails: once, however many deliveries fail afterwards.
      const paused = await client.query<{ email: string }>(
        `UPDATE channels c SET status = 'paused', paused_at = now(), pause_reason = $2
           FROM users u
          WHERE c.id = $1 AND c.status = 'active' AND u.id = c.user_id
          RETURNING coalesce(nullif(u.alerts_email, ''), u.email) AS email`,
        [row.channel_id, `${CHANNEL_PAUSE_AFTER_FAILURES} deliveries in a row failed. Last answer: ${reason}`.slice(0, 1000)],
      );
      const to = paused.rows[0]?.email;
      if (!to) return;
      const mail = await channelPausedMail({
        to,
        channel: { kind: row.kind, name: row.name },
        failures: CHANNEL_PAUSE_AFTER_FAILURES,
        lastAnswer: reason ?? 'no answer',
        appUrl: opts.appUrl,
      });
      await enqueueMail(drizzle(client), { ...mail, userId: row.user_id });
      log.warn('channel paused after repeated failures', { channelId: row.channel_id, host: hostOf(row.url) });
    });
  }

  return startOutboxLoop({
    databaseUrl: opts.databaseUrl,
    channel: CHANNEL_OUTBOX_NOTIFY,
    name: 'eos-channels',
    errorLabel: 'channel sender error',
    pass: deliverDue,
  });
}
