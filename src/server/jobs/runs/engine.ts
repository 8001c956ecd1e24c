// Runs one slot of an alert (or one report), exactly once in effect. A run is claimed (status
// 'running', attempt + 1), its handler does the slow work outside any transaction, and then ONE
// transaction locks the run row, checks nobody finished it meanwhile, writes the handler's rows and
// the outgoing e-mail, and marks it succeeded. A second worker, a retry or a restart after a crash
// can repeat the slow work, never the writes: every e-mail a slot sends is committed together with
// that slot's success. Long work is split into resumable steps (step(key, work)): what a finished
// step found is kept in the run row, and a run that stops half-way starts again after it.
//
// A scheduled run of a kind prepared ahead (news alerts, ADR 016) stops after the slow work: its
// plan is kept in the run row (status 'prepared') and any worker commits it, in the same way, once
// its slot has come (deliverDue).
//
// A run fails for good in one transaction with its kind's own rows (AlertHandler.failed), whoever
// ends it: its handler's error on the last attempt, or nobody finishing it for hours, when every
// retry of its job was spent on workers that stopped (failAbandoned).
import { and, asc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AlertType } from '../../../shared/channels.ts';
import { itemMessage } from '../../channels/message.ts';
import { type AlertRoutes, alertRoutes, emailOptedOut, queueChannelDeliveries, routeKey } from '../../channels/outbox.ts';
import type { Database } from '../../db/client.ts';
import { named, preparedStatement } from '../../db/named.ts';
import { alertRuns, users } from '../../db/schema.ts';
import { errorMessage, log } from '../../lib/log.ts';
import { addLogContext, withLogContext } from '../../lib/log-context.ts';
import { keepItem } from '../../library/keep.ts';
import { insertMailPlaceholders, mailPlaceholderValues } from '../../mail/outbox.ts';
import { observeRunLateness } from './metrics.ts';
import { ABANDONED_REASON, abandonedRuns } from './schedule.ts';
import {
  type AheadHandler,
  type AlertDeps,
  type AlertHandler,
  type AlertMail,
  AlertPermanentFailure,
  AlertReplan,
  AlertRetryLater,
  type AlertRun,
  type AlertRunKind,
  AlertSkip,
  type DbExecutor,
  type PreparedRun,
  type RunStep,
} from './types.ts';

export type RunResult =
  | { status: 'succeeded'; outcome: string; mailId: string | null }
  /** Prepared ahead: committed when its slot comes. */
  | { status: 'prepared'; dueAt: Date }
  /** Its kept plan no longer fitted the alert: the run was dropped, for the schedule to plan again. */
  | { status: 'replanned' }
  | { status: 'skipped' | 'failed'; reason: string }
  | { status: 'waiting'; until: Date; reason: string }
  /** Someone else holds or finished the run; nothing was done. */
  | { status: 'not-claimed' };

/** The run failed in a way a later attempt may fix; its job is retried with backoff. */
export class RetryableRunError extends Error {
  override name = 'RetryableRunError';
}

const REASON_MAX = 1000;
/** Why a suspended user's alert run did nothing (the console's suspension, issue 28). */
export const SUSPENDED_REASON = 'skipped: the user is suspended';
/** Prepared runs committed per transaction at their slot. */
const DELIVERY_BATCH = 25;

/** A run nobody finished yet: waiting for its turn, or claimed by a worker. */
const isOpen = (runId: string) => and(eq(alertRuns.id, runId), inArray(alertRuns.status, ['queued', 'running']));
/** Ends a run whether it waits, runs or is prepared. */
const isUnfinished = (runId: string) => and(eq(alertRuns.id, runId), inArray(alertRuns.status, ['queued', 'running', 'prepared']));

export type AlertEngine = {
  /**
   * Runs `runId`. Resolves with what happened; throws RetryableRunError when the attempt failed
   * and another is due (the caller schedules it: pg-boss retries the job).
   */
  process(runId: string, signal?: AbortSignal): Promise<RunResult>;
  /**
   * Commits the prepared runs whose slot has come, in `lanes` concurrent transactions of up to 25
   * runs, until none is left; returns how many it took (any number of workers can share them).
   */
  deliverDue(lanes: number): Promise<number>;
  /** When the earliest prepared run is due, or null when none is waiting. */
  nextDue(): Promise<Date | null>;
  /** Fails the runs no worker finished long after they were due (every retry spent); returns how many. */
  failAbandoned(now: Date): Promise<number>;
};

/** The scheduled moment of a slot, or null for an operator's 'manual:…' run. */
function slotTime(slot: string): Date | null {
  if (slot.startsWith('manual:')) return null;
  const at = new Date(slot);
  return Number.isNaN(at.getTime()) ? null : at;
}

const runColumns = {
  id: alertRuns.id,
  kind: alertRuns.kind,
  alertId: alertRuns.alertId,
  userId: alertRuns.userId,
  slot: alertRuns.slot,
  attempt: alertRuns.attempts,
  createdAt: alertRuns.createdAt,
};

type EngineDeps = AlertDeps & {
  handlers: Record<AlertRunKind, AlertHandler>;
  /** Kinds whose scheduled runs are prepared before their slot. */
  ahead?: Partial<Record<AlertRunKind, AheadHandler<unknown>>>;
  wakeAt?: (run: Pick<AlertRun, 'id' | 'kind' | 'slot'>, at: Date) => Promise<void>;
};

export function createAlertEngine(deps: EngineDeps): AlertEngine {
  return {
    // Every line of a run, its sources' and the AI's included, carries its id (log-context.ts).
    process: (runId, signal = new AbortController().signal) => withLogContext({ runId }, () => processRun(deps, runId, signal)),

    async deliverDue(lanes) {
      let delivered = 0;
      const lane = async () => {
        for (let n = await deliverBatch(deps, DELIVERY_BATCH); n > 0; n = await deliverBatch(deps, DELIVERY_BATCH)) delivered += n;
      };
      await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
      return delivered;
    },

    async nextDue() {
      const [row] = await deps.db
        .select({ at: sql<string | null>`min(${alertRuns.dueAt})` })
        .from(alertRuns)
        .where(eq(alertRuns.status, 'prepared'));
      return row?.at ? new Date(row.at) : null;
    },

    async failAbandoned(now) {
      return (await failRuns(deps, abandonedRuns(now), ABANDONED_REASON)).length;
    },
  };
}

/**
 * The run's resumable steps over what its row kept: a kept result is returned as it is; new work's
 * result is added to the row before it is returned, while the run is still running.
 */
function stepsOf(db: Database, runId: string, kept: Record<string, unknown>): RunStep {
  return async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    if (Object.hasOwn(kept, key)) return kept[key] as T;
    const result = await work();
    await db
      .update(alertRuns)
      .set({ steps: sql`${alertRuns.steps} || jsonb_build_object(${key}::text, ${JSON.stringify(result ?? null)}::jsonb)` })
      .where(and(eq(alertRuns.id, runId), eq(alertRuns.status, 'running')));
    kept[key] = result;
    return result;
  };
}

async function processRun(deps: EngineDeps, runId: string, signal: AbortSignal): Promise<RunResult> {
  const { db, config } = deps;
  const [claimed] = await db
    .update(alertRuns)
    .set({ status: 'running', attempts: sql`${alertRuns.attempts} + 1`, startedAt: sql`now()`, notBefore: null })
    .where(and(isOpen(runId), or(isNull(alertRuns.notBefore), lte(alertRuns.notBefore, sql`now()`))))
    .returning({
      ...runColumns,
      steps: alertRuns.steps,
      // Suspending a user skips their open runs; a run queued at that very moment is caught here.
      suspended: sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${alertRuns.userId} and ${users.suspendedAt} is not null)`,
    });
  if (!claimed) return { status: 'not-claimed' };
  const { steps, suspended, ...run }: AlertRun & { steps: unknown; suspended: boolean } = claimed;
  addLogContext({ kind: run.kind, alertId: run.alertId });
  if (suspended && run.kind !== 'air_report') {
    await finish(deps, run, 'skipped', SUSPENDED_REASON);
    return { status: 'skipped', reason: SUSPENDED_REASON };
  }
  try {
    const ahead = deps.ahead?.[run.kind];
    const dueAt = slotTime(run.slot);
    if (ahead && dueAt && dueAt > deps.now()) {
      const { plan, scannedAt } = await ahead.prepare(run, deps, signal);
      const [kept] = await db
        .update(alertRuns)
        .set({ status: 'prepared', plan, dueAt, scannedAt, reason: null })
        .where(and(eq(alertRuns.id, run.id), eq(alertRuns.status, 'running')))
        .returning({ id: alertRuns.id });
      if (!kept) return { status: 'not-claimed' };
      return { status: 'prepared', dueAt };
    }
    const step = stepsOf(db, run.id, { ...(steps as Record<string, unknown>) });
    const prepared = await deps.handlers[run.kind](run, deps, signal, step);
    const result = await commit(deps, run, prepared);
    if (result.status === 'succeeded') log.info('alert run succeeded', { runId, kind: run.kind, outcome: result.outcome });
    if (result.status === 'succeeded') observeRunLateness(run, deps.now());
    return result;
  } catch (err) {
    const reason = errorMessage(err);
    if (err instanceof AlertSkip) {
      await finish(deps, run, 'skipped', reason);
      return { status: 'skipped', reason };
    }
    if (err instanceof AlertReplan) return replan(db, run, reason);
    if (err instanceof AlertRetryLater) {
      await db
        .update(alertRuns)
        .set({ status: 'queued', notBefore: err.at, reason: reason.slice(0, REASON_MAX) })
        .where(isOpen(run.id));
      await deps.wakeAt?.(run, err.at);
      return { status: 'waiting', until: err.at, reason };
    }
    const final = err instanceof AlertPermanentFailure || run.attempt >= config.ALERT_MAX_ATTEMPTS || signal.aborted;
    log.warn(final ? 'alert run failed' : 'alert run failed; will retry', { runId, kind: run.kind, attempt: run.attempt, reason });
    if (final && !signal.aborted) {
      await finish(deps, run, 'failed', reason);
      return { status: 'failed', reason };
    }
    // Back to the queue with the reason, so the operator sees why it is being retried.
    await db
      .update(alertRuns)
      .set({ status: 'queued', reason: reason.slice(0, REASON_MAX) })
      .where(and(eq(alertRuns.id, run.id), eq(alertRuns.status, 'running')));
    throw new RetryableRunError(reason);
  }
}

/**
 * Ends a run that is still open, a failed one with its kind's rows (AlertHandler.failed) in the
 * same transaction; a run another worker already finished is left as it is.
 */
async function finish(deps: EngineDeps, run: AlertRun, status: 'skipped' | 'failed', reason: string) {
  await deps.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(alertRuns)
      // A failed run keeps its steps: a run that continues it (a report's retry) starts after them.
      .set({
        status,
        reason: reason.slice(0, REASON_MAX),
        plan: null,
        finishedAt: sql`now()`,
        ...(status === 'skipped' ? { steps: {} } : {}),
      })
      .where(isUnfinished(run.id))
      .returning({ id: alertRuns.id });
    if (ended && status === 'failed') await deps.handlers[run.kind].failed?.(tx, run, reason);
  });
}

/**
 * Fails the unfinished runs `where` selects, whose worker is gone (nobody is there to fail them),
 * each with its kind's rows in one transaction; the reason an earlier attempt left stays in front.
 */
async function failRuns(deps: EngineDeps, where: SQL | undefined, reason: string): Promise<AlertRun[]> {
  return deps.db.transaction(async (tx) => {
    const runs = await tx
      .update(alertRuns)
      .set({
        status: 'failed',
        plan: null,
        finishedAt: sql`now()`,
        reason: sql`left(coalesce(${alertRuns.reason} || '; ', '') || ${reason}, ${REASON_MAX})`,
      })
      .where(and(inArray(alertRuns.status, ['queued', 'running', 'prepared']), where))
      .returning(runColumns);
    for (const run of runs) await deps.handlers[run.kind].failed?.(tx, run, reason);
    return runs;
  });
}

/** The alert a run delivers for, as channels name it; none for a report the user asked for. */
function alertOf(run: AlertRun): { type: AlertType; id: string } | null {
  if (run.kind === 'news') return { type: 'news', id: run.alertId };
  if (run.kind === 'newsletter') return { type: 'newsletter', id: run.alertId };
  if (run.kind.startsWith('earnings_')) return { type: 'earnings', id: run.alertId };
  return null;
}

/** Whether every one of the alerts goes to its channels only; `routes`, looked up for a batch, answers for the alerts it asked about. */
async function everyOptedOut(
  tx: DbExecutor,
  userId: string,
  alerts: { type: AlertType; id: string }[],
  routes?: AlertRoutes,
): Promise<boolean> {
  for (const alert of alerts) {
    const key = routeKey(userId, alert);
    const out = routes?.asked.has(key) ? routes.optedOut.has(key) : await emailOptedOut(tx, userId, alert);
    if (!out) return false;
  }
  return true;
}

function unsubscribeHeaders(links: AlertDeps['links'], mail: AlertMail) {
  if (!mail.unsubscribe) return undefined;
  const { oneClick } = links.unsubscribe(mail.unsubscribe.kind, mail.unsubscribe.alertId);
  // RFC 8058: a mail client POSTs "List-Unsubscribe=One-Click" to this address, no sign-in needed.
  return { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** What a run's success sets besides its outcome, scan time and mail, with a mail or without. */
const SUCCEEDED = {
  status: 'succeeded' as const,
  reason: null,
  plan: null,
  // What the steps found was for resuming; the run's rows are what stays.
  steps: {},
  finishedAt: sql`now()`,
};

/**
 * A run's e-mail and its success in one statement, built once per connection (db/named.ts): the
 * slot commits thousands of these.
 */
const commitMailed = preparedStatement((tx: DbExecutor) => {
  const mail = tx.$with('mail').as(insertMailPlaceholders(tx));
  return tx
    .with(mail)
    .update(alertRuns)
    .set({
      ...SUCCEEDED,
      outcome: sql`${sql.placeholder('outcome')}`,
      scannedAt: sql`${sql.placeholder('scannedAt')}::timestamptz`,
      mailId: sql`(select id from ${mail})`,
    })
    .where(eq(alertRuns.id, sql.placeholder('runId')))
    .returning({ mailId: alertRuns.mailId });
});

/**
 * Writes a run's rows, its e-mail and its success through `tx`, which holds the run row locked.
 * `routes`: the channels and opt-outs of a batch's alerts, looked up at once (deliverBatch).
 */
async function write(deps: EngineDeps, tx: DbExecutor, run: AlertRun, prepared: PreparedRun, routes?: AlertRoutes): Promise<RunResult> {
  const result = await prepared.commit(tx);
  const own = alertOf(run);
  const alerts = result.deliverTo ?? (own ? [own] : []);
  // The alert may go to its channels only (issue 29): the run still delivers, by the channels.
  const emailed = result.mail !== null && !(alerts.length > 0 && (await everyOptedOut(tx, run.userId, alerts, routes)));
  const outcome = result.mail && !emailed ? `${result.outcome} (e-mail turned off for this alert: channels only)` : result.outcome;
  const succeeded = { ...SUCCEEDED, outcome: outcome.slice(0, REASON_MAX), scannedAt: prepared.scannedAt ?? null };
  let mailId: string | null = null;
  if (result.mail && emailed) {
    // The e-mail and the run's success in one statement.
    const { unsubscribe: _, ...fields } = result.mail;
    const [row] = await commitMailed(tx, {
      ...mailPlaceholderValues({ ...fields, userId: run.userId, headers: unsubscribeHeaders(deps.links, result.mail) }),
      runId: run.id,
      outcome: succeeded.outcome,
      scannedAt: succeeded.scannedAt?.toISOString() ?? null,
    });
    mailId = row?.mailId ?? null;
  } else {
    await named(
      tx
        .update(alertRuns)
        .set({ ...succeeded, mailId: null })
        .where(eq(alertRuns.id, run.id)),
    );
  }
  if (result.mail && result.item) {
    await keepItem(tx, run.userId, result.item, { id: run.id, mailId });
    for (const alert of alerts) {
      const key = routeKey(run.userId, alert);
      if (routes?.asked.has(key) && !routes.channels.has(key)) continue;
      // One delivery per channel however many of the alerts name it (unique run_id, channel_id).
      const message = itemMessage(result.item, { url: deps.links.libraryItem(run.id), alert, at: new Date() });
      await queueChannelDeliveries(tx, { userId: run.userId, runId: run.id, alert, message });
    }
  }
  return { status: 'succeeded', outcome, mailId };
}

async function commit(deps: EngineDeps, run: AlertRun, prepared: PreparedRun): Promise<RunResult> {
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select({ status: alertRuns.status }).from(alertRuns).where(eq(alertRuns.id, run.id)).for('update');
    const status = locked?.status;
    if (status !== 'running' && status !== 'queued') return { status: 'not-claimed' } as const;
    return write(deps, tx, run, prepared);
  });
}

/** A plan kept for its slot that no longer fits: the run goes, and the tick plans the slot again if it is still due. */
async function replan(db: Database, run: AlertRun, reason: string): Promise<RunResult> {
  await db.delete(alertRuns).where(and(eq(alertRuns.id, run.id), inArray(alertRuns.status, ['queued', 'running', 'prepared'])));
  log.info('alert run replanned', { runId: run.id, kind: run.kind, reason });
  return { status: 'replanned' };
}

/**
 * Up to `size` prepared runs whose slot has come, committed in one transaction (one commit for
 * many e-mails at the slot). Runs are taken in user order, so two transactions take the users'
 * sent-article locks in the same order and never deadlock. When one run of a batch fails, the
 * batch is rolled back and its runs are committed one by one, so only that run's fate changes.
 * Returns how many runs it took; 0 when none is due.
 */
async function deliverBatch(deps: EngineDeps, size: number, only?: string): Promise<number> {
  const { db } = deps;
  let claimed: (AlertRun & { plan: unknown })[] = [];
  try {
    const results = await db.transaction(async (tx) => {
      claimed = await named(
        tx
          .select({ ...runColumns, plan: alertRuns.plan })
          .from(alertRuns)
          .where(and(eq(alertRuns.status, 'prepared'), lte(alertRuns.dueAt, sql`now()`), only ? eq(alertRuns.id, only) : undefined))
          .orderBy(asc(alertRuns.dueAt), asc(alertRuns.userId))
          .limit(size)
          .for('update', { skipLocked: true }),
      );
      // Two statements fewer per run: the batch's channels and opt-outs in one (ADR 033).
      const routes = await alertRoutes(
        tx,
        claimed.flatMap((run) => {
          const own = alertOf(run);
          return own ? [{ userId: run.userId, ...own }] : [];
        }),
      );
      const written: RunResult[] = [];
      for (const run of claimed) {
        const ahead = deps.ahead?.[run.kind];
        if (!ahead) throw new Error(`no prepared-run handler for ${run.kind}`);
        written.push(
          await withLogContext({ runId: run.id, kind: run.kind, alertId: run.alertId }, () =>
            write(deps, tx, run, ahead.resume(run.plan, run, deps, true), routes),
          ),
        );
      }
      return written;
    });
    claimed.forEach((run, i) => {
      const result = results[i];
      if (result?.status === 'succeeded') log.info('alert run succeeded', { runId: run.id, kind: run.kind, outcome: result.outcome });
      if (result?.status === 'succeeded') observeRunLateness(run, deps.now());
    });
    return claimed.length;
  } catch (err) {
    if (claimed.length === 0) throw err;
    if (claimed.length > 1) {
      for (const run of claimed) await deliverBatch(deps, 1, run.id);
      return claimed.length;
    }
    const run = claimed[0]!;
    const reason = errorMessage(err);
    if (err instanceof AlertSkip) await finish(deps, run, 'skipped', reason);
    else if (err instanceof AlertReplan) await replan(db, run, reason);
    else {
      // The plan could not be committed (a bug, a row it refers to gone): the run starts over as
      // an ordinary one, now that its slot has passed, with the reason kept for the operator.
      log.warn('prepared alert run could not be committed; running it again', { runId: run.id, kind: run.kind, reason });
      await db
        .update(alertRuns)
        .set({ status: 'queued', plan: null, reason: reason.slice(0, REASON_MAX) })
        .where(and(eq(alertRuns.id, run.id), eq(alertRuns.status, 'prepared')));
      await deps.wakeAt?.(run, new Date());
    }
    return 1;
  }
}
