// Runs one alert slot, exactly once in effect. A run is claimed (status 'running', attempt + 1), its
// handler does the slow work outside any transaction, and then ONE transaction locks the run row,
// checks nobody finished it meanwhile, writes the handler's rows and the outgoing e-mail, and marks
// it succeeded. A second worker, a retry or a restart after a crash can repeat the slow work, never
// the writes: every e-mail a slot sends is committed together with that slot's success.
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alertRuns } from '../../db/schema.ts';
import { errorMessage, log } from '../../lib/log.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import {
  type AlertDeps,
  type AlertHandler,
  type AlertMail,
  AlertPermanentFailure,
  AlertRetryLater,
  type AlertRun,
  type AlertRunKind,
  AlertSkip,
} from './types.ts';

export type RunResult =
  | { status: 'succeeded'; outcome: string; mailId: string | null }
  | { status: 'skipped' | 'failed'; reason: string }
  | { status: 'waiting'; until: Date; reason: string }
  /** Someone else holds or finished the run; nothing was done. */
  | { status: 'not-claimed' };

/** The run failed in a way a later attempt may fix; its job is retried with backoff. */
export class RetryableRunError extends Error {
  override name = 'RetryableRunError';
}

const REASON_MAX = 1000;

/** A run nobody finished yet: waiting for its turn, or claimed by a worker. */
const isOpen = (runId: string) => and(eq(alertRuns.id, runId), inArray(alertRuns.status, ['queued', 'running']));

export type AlertEngine = {
  /**
   * Runs `runId`. Resolves with what happened; throws RetryableRunError when the attempt failed
   * and another is due (the caller schedules it: pg-boss retries the job).
   */
  process(runId: string, signal?: AbortSignal): Promise<RunResult>;
};

export function createAlertEngine(
  deps: AlertDeps & { handlers: Record<AlertRunKind, AlertHandler>; wakeAt?: (runId: string, at: Date) => Promise<void> },
): AlertEngine {
  const { db, config } = deps;

  /** Ends a run that is still open; a run another worker already finished is left as it is. */
  async function finish(runId: string, status: 'skipped' | 'failed', reason: string) {
    await db
      .update(alertRuns)
      .set({ status, reason: reason.slice(0, REASON_MAX), finishedAt: sql`now()` })
      .where(isOpen(runId));
  }

  function unsubscribeHeaders(mail: AlertMail) {
    const { oneClick } = deps.links.unsubscribe(mail.unsubscribe.kind, mail.unsubscribe.alertId);
    // RFC 8058: a mail client POSTs "List-Unsubscribe=One-Click" to this address, no sign-in needed.
    return { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }

  async function commit(run: AlertRun, prepared: Awaited<ReturnType<AlertHandler>>): Promise<RunResult> {
    return db.transaction(async (tx) => {
      const [locked] = await tx.select({ status: alertRuns.status }).from(alertRuns).where(eq(alertRuns.id, run.id)).for('update');
      const status = locked?.status;
      if (status !== 'running' && status !== 'queued') return { status: 'not-claimed' } as const;
      const result = await prepared.commit(tx);
      let mailId: string | null = null;
      if (result.mail) {
        const { unsubscribe: _, ...mail } = result.mail;
        mailId = await enqueueMail(tx, { ...mail, userId: run.userId, headers: unsubscribeHeaders(result.mail) });
      }
      await tx
        .update(alertRuns)
        .set({ status: 'succeeded', outcome: result.outcome.slice(0, REASON_MAX), mailId, reason: null, finishedAt: sql`now()` })
        .where(eq(alertRuns.id, run.id));
      return { status: 'succeeded', outcome: result.outcome, mailId } as const;
    });
  }

  return {
    async process(runId, signal = new AbortController().signal) {
      const [run]: AlertRun[] = await db
        .update(alertRuns)
        .set({ status: 'running', attempts: sql`${alertRuns.attempts} + 1`, startedAt: sql`now()`, notBefore: null })
        .where(and(isOpen(runId), or(isNull(alertRuns.notBefore), lte(alertRuns.notBefore, sql`now()`))))
        .returning({
          id: alertRuns.id,
          kind: alertRuns.kind,
          alertId: alertRuns.alertId,
          userId: alertRuns.userId,
          slot: alertRuns.slot,
          attempt: alertRuns.attempts,
          createdAt: alertRuns.createdAt,
        });
      if (!run) return { status: 'not-claimed' };
      try {
        const prepared = await deps.handlers[run.kind](run, deps, signal);
        const result = await commit(run, prepared);
        if (result.status === 'succeeded') log.info('alert run succeeded', { runId, kind: run.kind, outcome: result.outcome });
        return result;
      } catch (err) {
        const reason = errorMessage(err);
        if (err instanceof AlertSkip) {
          await finish(run.id, 'skipped', reason);
          return { status: 'skipped', reason };
        }
        if (err instanceof AlertRetryLater) {
          await db
            .update(alertRuns)
            .set({ status: 'queued', notBefore: err.at, reason: reason.slice(0, REASON_MAX) })
            .where(isOpen(run.id));
          await deps.wakeAt?.(run.id, err.at);
          return { status: 'waiting', until: err.at, reason };
        }
        const final = err instanceof AlertPermanentFailure || run.attempt >= config.ALERT_MAX_ATTEMPTS || signal.aborted;
        log.warn(final ? 'alert run failed' : 'alert run failed; will retry', { runId, kind: run.kind, attempt: run.attempt, reason });
        if (final && !signal.aborted) {
          await finish(run.id, 'failed', reason);
          return { status: 'failed', reason };
        }
        // Back to the queue with the reason, so the operator sees why it is being retried.
        await db
          .update(alertRuns)
          .set({ status: 'queued', reason: reason.slice(0, REASON_MAX) })
          .where(and(eq(alertRuns.id, run.id), eq(alertRuns.status, 'running')));
        throw new RetryableRunError(reason);
      }
    },
  };
}
