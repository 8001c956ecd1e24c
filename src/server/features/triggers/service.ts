// An alert's "Also tell me as it happens" (issue 31): whether the trigger poller sends events about
// the alert's companies within minutes, and which kinds. One row per alert when on, none when off
// (the row goes with its alert: migration 0017). Keyed by the session's user id: another user's
// alert is indistinguishable from a missing one (404). Also the user's own rules for what those
// events may do (quiet hours, urgent kinds, a daily cap): one row per user, none until saved.
import { and, eq } from 'drizzle-orm';
import type { AlertType } from '../../../shared/channels.ts';
import {
  DEFAULT_TRIGGER_KINDS,
  TRIGGER_KINDS,
  type TriggerSettings,
  type TriggerSettingsAnswer,
  type TriggerSubscription,
  triggerMessages,
} from '../../../shared/triggers.ts';
import { isOwnAlert } from '../../db/alerts.ts';
import type { Database } from '../../db/client.ts';
import { triggerSettings, triggerSubscriptions } from '../../db/schema.ts';
import { readSavedTriggerSettings } from '../../db/trigger-settings.ts';
import { AppError } from '../../lib/app-error.ts';

const alertNotFound = () => new AppError('not_found', triggerMessages.alertNotFound);

const ofAlert = (type: AlertType, id: string, userId: string) =>
  and(eq(triggerSubscriptions.alertType, type), eq(triggerSubscriptions.alertId, id), eq(triggerSubscriptions.userId, userId));

/** Off shows the default kinds, so that turning it on starts from sensible ticks. */
export async function getTriggerSubscription(db: Database, userId: string, type: AlertType, id: string): Promise<TriggerSubscription> {
  if (!(await isOwnAlert(db, userId, type, id))) throw alertNotFound();
  const [row] = await db
    .select({ kinds: triggerSubscriptions.kinds })
    .from(triggerSubscriptions)
    .where(ofAlert(type, id, userId));
  return row ? { enabled: true, kinds: row.kinds } : { enabled: false, kinds: [...DEFAULT_TRIGGER_KINDS] };
}

/** Turning it off forgets the kinds: the next "on" starts from the defaults again. */
export async function setTriggerSubscription(
  db: Database,
  userId: string,
  type: AlertType,
  id: string,
  input: TriggerSubscription,
): Promise<TriggerSubscription> {
  // Stored once each, in the list's order, whatever order and repeats the request had.
  const kinds = TRIGGER_KINDS.filter((kind) => input.kinds.includes(kind));
  await db.transaction(async (tx) => {
    // The alert stays locked until the write commits: one deleted meanwhile is either gone here
    // (404) or deleted after, its delete then taking this row with it; never an orphaned row.
    if (!(await isOwnAlert(tx, userId, type, id, { lock: true }))) throw alertNotFound();
    if (!input.enabled) {
      await tx.delete(triggerSubscriptions).where(ofAlert(type, id, userId));
      return;
    }
    await tx
      .insert(triggerSubscriptions)
      .values({ alertType: type, alertId: id, userId, kinds })
      .onConflictDoUpdate({
        target: [triggerSubscriptions.alertType, triggerSubscriptions.alertId],
        set: { kinds, updatedAt: new Date() },
      });
  });
  return getTriggerSubscription(db, userId, type, id);
}

// ---- The user's rules for triggers: quiet hours, time zone, urgent kinds, daily cap ----------

/**
 * Read as the engine reads it (db/trigger-settings.ts): the page and the sender agree on the row.
 * `saved` tells the page whether these are the user's own or the defaults (no row), which it cannot
 * tell from the values: a saved row may equal the defaults.
 */
export { readSavedTriggerSettings };

/** One row per user, written whole: what the page shows is what is stored. */
export async function saveTriggerSettings(db: Database, userId: string, input: TriggerSettings): Promise<TriggerSettingsAnswer> {
  const values = {
    quietStart: input.quietHours?.start ?? null,
    quietEnd: input.quietHours?.end ?? null,
    timeZone: input.timeZone,
    // Once each, in the list's order, whatever order and repeats the request had.
    urgentKinds: TRIGGER_KINDS.filter((kind) => input.urgentKinds.includes(kind)),
    dailyCap: input.dailyCap,
  };
  await db
    .insert(triggerSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: triggerSettings.userId, set: { ...values, updatedAt: new Date() } });
  return readSavedTriggerSettings(db, userId);
}
