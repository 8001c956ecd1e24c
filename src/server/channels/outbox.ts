// The channels' outbox (DESIGN §9): one channel_deliveries row per (item, channel), written in the
// transaction that delivers the item, so a delivery exists exactly when the run committed; the
// channel sender (sender.ts) sends it, woken by the row's NOTIFY (a trigger) when the transaction commits.
import { sql } from 'drizzle-orm';
import type { AlertType } from '../../shared/channels.ts';
import type { Database } from '../db/client.ts';
import type { ChannelMessage } from './message.ts';

type Executor = Pick<Database, 'execute'>;

/** The NOTIFY channel the sender listens on (migration 0015's trigger). */
export const CHANNEL_OUTBOX_NOTIFY = 'channel_deliveries';

/** Whether the alert goes to its channels only ("instead of e-mail"). */
export async function emailOptedOut(tx: Executor, userId: string, alert: { type: AlertType; id: string }): Promise<boolean> {
  const { rows } = await tx.execute<{ out: boolean }>(sql`
    select exists (select 1 from alert_email_opt_outs
                    where alert_type = ${alert.type} and alert_id = ${alert.id} and user_id = ${userId}) as out`);
  return rows[0]?.out === true;
}

/** An alert of a user, as alertRoutes keys it. */
export const routeKey = (userId: string, alert: { type: AlertType; id: string }) => `${userId} ${alert.type} ${alert.id}`;

/** What alertRoutes found: `asked` the alerts it looked at, of which `channels` have a channel and `optedOut` are channels only. */
export type AlertRoutes = { asked: Set<string>; channels: Set<string>; optedOut: Set<string> };

/**
 * Of the users' alerts, those that have a channel and those that go to their channels only, in one
 * statement (a batch of runs committed at their slot, ADR 033): an alert in neither set needs no
 * emailOptedOut nor queueChannelDeliveries. Keys: routeKey.
 */
export async function alertRoutes(tx: Executor, alerts: { userId: string; type: AlertType; id: string }[]): Promise<AlertRoutes> {
  const asked = new Set(alerts.map((a) => routeKey(a.userId, a)));
  const channels = new Set<string>();
  const optedOut = new Set<string>();
  if (alerts.length === 0) return { asked, channels, optedOut };
  const { rows } = await tx.execute<{ user_id: string; alert_type: AlertType; alert_id: string; channels: boolean }>(sql`
    with wanted as (
      select * from jsonb_to_recordset(${JSON.stringify(alerts.map((a) => ({ alert_type: a.type, alert_id: a.id, user_id: a.userId })))}::jsonb)
        as w(alert_type text, alert_id uuid, user_id text))
    select distinct ac.user_id, ac.alert_type, ac.alert_id, true as channels
      from alert_channels ac join wanted w using (alert_type, alert_id, user_id)
    union all
    select o.user_id, o.alert_type, o.alert_id, false
      from alert_email_opt_outs o join wanted w using (alert_type, alert_id, user_id)`);
  for (const row of rows) (row.channels ? channels : optedOut).add(routeKey(row.user_id, { type: row.alert_type, id: row.alert_id }));
  return { asked, channels, optedOut };
}

/**
 * Queues `message` for every channel the alert goes to; a run's second commit (it cannot happen,
 * the engine commits once) would add nothing (unique run_id, channel_id). Returns how many.
 */
export async function queueChannelDeliveries(
  tx: Executor,
  delivery: { userId: string; runId: string; alert: { type: AlertType; id: string }; message: ChannelMessage },
): Promise<number> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into channel_deliveries (user_id, channel_id, run_id, alert_type, alert_id, purpose, message)
    select ac.user_id, ac.channel_id, ${delivery.runId}, ${delivery.alert.type}, ${delivery.alert.id}, 'alert', ${JSON.stringify(delivery.message)}::jsonb
      from alert_channels ac
     where ac.alert_type = ${delivery.alert.type} and ac.alert_id = ${delivery.alert.id} and ac.user_id = ${delivery.userId}
    on conflict (run_id, channel_id) do nothing
    returning id`);
  return rows.length;
}

/** A test message to one channel (the channel's test button). */
export async function queueTestDelivery(tx: Executor, userId: string, channelId: string, message: ChannelMessage): Promise<string> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into channel_deliveries (user_id, channel_id, purpose, message)
    values (${userId}, ${channelId}, 'test', ${JSON.stringify(message)}::jsonb)
    returning id`);
  return rows[0]!.id;
}

/** A row id's shape: anything else is no row of the user's (and never reaches PostgreSQL's uuid cast as a 500). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Wakes the senders for rows that became due by an update (the trigger announces inserts only). */
const wakeSenders = (tx: Executor, id: string) => tx.execute(sql`select pg_notify(${CHANNEL_OUTBOX_NOTIFY}, ${id})`);

/**
 * The channel active again with a clean failure count, and its held deliveries due now. Used by
 * resumeChannel and by the sender when a test message gets through on a paused channel.
 */
export async function resumeHeld(tx: Executor, channelId: string): Promise<void> {
  await tx.execute(sql`
    update channels set status = 'active', consecutive_failures = 0, paused_at = null, pause_reason = null
     where id = ${channelId}`);
  await tx.execute(sql`
    update channel_deliveries set next_attempt_at = now()
     where channel_id = ${channelId} and status = 'pending' and next_attempt_at > now()`);
  await wakeSenders(tx, channelId);
}

/**
 * The user's "Resume" on a paused channel: it takes deliveries again and its held ones go now.
 * False when the channel is not the user's (or does not exist).
 */
export async function resumeChannel(db: Executor, userId: string, channelId: string): Promise<boolean> {
  if (!UUID.test(channelId)) return false;
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from channels where id = ${channelId} and user_id = ${userId}`);
  if (rows.length === 0) return false;
  await resumeHeld(db, channelId);
  return true;
}

/**
 * The delivery log's "Retry" on a failed delivery: pending again now, with the same id (a receiver
 * that did get it drops the repeat) and a fresh set of attempts; held if its channel is paused.
 * False when the delivery is not the user's or has not failed.
 */
export async function retryDelivery(db: Executor, userId: string, deliveryId: string): Promise<boolean> {
  if (!UUID.test(deliveryId)) return false;
  const { rows } = await db.execute<{ id: string }>(sql`
    update channel_deliveries set status = 'pending', attempts = 0, next_attempt_at = now()
     where id = ${deliveryId} and user_id = ${userId} and status = 'failed'
    returning id`);
  if (rows.length === 0) return false;
  await wakeSenders(db, deliveryId);
  return true;
}
