// The signed-in user's delivery channels (issue 29): Slack, Teams and signed webhooks an alert goes
// to besides (or instead of) e-mail, where each alert goes, and its delivery log. Every query is
// keyed by the session's user id; another user's channel, alert or delivery is indistinguishable
// from a missing one (404). A channel's address is a credential: it is stored, sent by the sender
// (channels/sender.ts), and never returned nor logged; the app shows its hint.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  type AlertDeliveryState,
  type AlertType,
  CHANNEL_LIMIT,
  type Channel,
  type ChannelCreate,
  type ChannelUpdate,
  type ChannelWithSecret,
  channelMessages,
  channelUrlHint,
  channelUrlProblem,
  type DeliveryAttempt,
  type DeliveryLogEntry,
  type DeliveryStatus,
} from '../../../shared/channels.ts';
import { testMessage } from '../../channels/message.ts';
import { queueTestDelivery, resumeChannel as resumeOwnChannel, retryDelivery as retryOwnDelivery } from '../../channels/outbox.ts';
import { newSigningSecret } from '../../channels/sign.ts';
import { isOwnAlert } from '../../db/alerts.ts';
import type { Database } from '../../db/client.ts';
import { isConstraintViolation, SQLSTATE } from '../../db/errors.ts';
import { alertChannels, alertEmailOptOuts, channels } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

/** What the service needs of the configuration. */
export type ChannelSettings = {
  /** Where the test message links to (the channels page). */
  appUrl: string;
  /** PUBLISHER_ALLOW_PRIVATE_ADDRESSES: local fakes on loopback stand in for Slack, Teams and webhooks (tests only). */
  loopbackFakes: boolean;
};

/** The most deliveries a log shows, newest first. */
export const DELIVERY_LOG_LIMIT = 50;

const notFound = () => new AppError('not_found', channelMessages.notFound);
const alertNotFound = () => new AppError('not_found', channelMessages.alertNotFound);
const deliveryNotFound = () => new AppError('not_found', channelMessages.deliveryNotFound);
const nameTaken = () => new AppError('name_taken', channelMessages.nameTaken, { fields: { name: channelMessages.nameTaken } });
const limitReached = () => new AppError('limit_reached', channelMessages.limitReached);

/** A path id that is not a uuid names no row: 404, not a database error. */
function channelId(id: string) {
  if (!isUuid(id)) throw notFound();
  return id;
}

function checkUrl(kind: Channel['kind'], url: string, settings: ChannelSettings) {
  const problem = channelUrlProblem(kind, url, { loopbackFakes: settings.loopbackFakes });
  if (problem) throw new AppError('validation', problem, { fields: { url: problem } });
}

const channelColumns = {
  id: channels.id,
  kind: channels.kind,
  name: channels.name,
  urlHint: channels.urlHint,
  status: channels.status,
  pausedAt: channels.pausedAt,
  pauseReason: channels.pauseReason,
  createdAt: channels.createdAt,
};
type ChannelRow = Pick<typeof channels.$inferSelect, keyof typeof channelColumns>;

const toChannel = (row: ChannelRow): Channel => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  urlHint: row.urlHint,
  status: row.status,
  pausedAt: row.pausedAt?.toISOString() ?? null,
  pauseReason: row.pauseReason,
  createdAt: row.createdAt.toISOString(),
});

const ownChannel = (userId: string, id: string) => and(eq(channels.id, id), eq(channels.userId, userId));

/**
 * A refused write of a channel's row. The unique index on (user, lower(name)) answers a concurrent
 * duplicate like the check does. Any other failure is told without drizzle's message, which lists
 * the statement's parameters, the address among them: the error handler logs the message.
 */
function rethrowWrite(err: unknown): never {
  if (isConstraintViolation(err, SQLSTATE.uniqueViolation, 'channels_user_name_idx')) throw nameTaken();
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : null;
  throw new Error(`writing a channel failed: ${cause?.message ?? 'database error'}`, { cause: err });
}

export async function listChannels(db: Database, userId: string): Promise<Channel[]> {
  const rows = await db.select(channelColumns).from(channels).where(eq(channels.userId, userId)).orderBy(asc(channels.createdAt));
  return rows.map(toChannel);
}

export async function createChannel(
  db: Database,
  userId: string,
  input: ChannelCreate,
  settings: ChannelSettings,
): Promise<ChannelWithSecret> {
  checkUrl(input.kind, input.url, settings);
  const signingSecret = input.kind === 'webhook' ? newSigningSecret() : null;
  // The count and the insert in one statement: the limit holds without a round trip between them.
  const { rows } = await db
    .execute<{ id: string }>(sql`
      insert into channels (user_id, kind, name, url, url_hint, signing_secret)
      select ${userId}, ${input.kind}, ${input.name}, ${input.url}, ${channelUrlHint(input.url)}, ${signingSecret}
       where (select count(*) from channels where user_id = ${userId}) < ${CHANNEL_LIMIT}
      returning id`)
    .catch(rethrowWrite);
  if (!rows[0]) throw limitReached();
  return { ...(await readChannel(db, userId, rows[0].id)), signingSecret };
}

async function readChannel(db: Database, userId: string, id: string): Promise<Channel> {
  const [row] = await db
    .select(channelColumns)
    .from(channels)
    .where(ownChannel(userId, channelId(id)));
  if (!row) throw notFound();
  return toChannel(row);
}

/** A new name, or a new address (checked like a new channel's), which resumes a paused channel. */
export async function updateChannel(
  db: Database,
  userId: string,
  id: string,
  input: ChannelUpdate,
  settings: ChannelSettings,
): Promise<Channel> {
  const [current] = await db
    .select({ kind: channels.kind })
    .from(channels)
    .where(ownChannel(userId, channelId(id)));
  if (!current) throw notFound();
  if (input.url !== undefined) checkUrl(current.kind, input.url, settings);
  await db
    .transaction(async (tx) => {
      const set = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.url !== undefined ? { url: input.url, urlHint: channelUrlHint(input.url) } : {}),
        updatedAt: new Date(),
      };
      await tx.update(channels).set(set).where(ownChannel(userId, id));
      // A new address is the user's fix for a paused channel: it takes deliveries again, held ones first.
      if (input.url !== undefined) await resumeOwnChannel(tx, userId, id);
    })
    .catch(rethrowWrite);
  return readChannel(db, userId, id);
}

export async function deleteChannel(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(channels)
    .where(ownChannel(userId, channelId(id)))
    .returning({ id: channels.id });
  if (!deleted.length) throw notFound();
}

/** Queues a test message to the channel (the sender sends it); returns the delivery's id. */
export async function sendTest(db: Database, userId: string, id: string, settings: ChannelSettings): Promise<{ deliveryId: string }> {
  const [row] = await db
    .select({ name: channels.name })
    .from(channels)
    .where(ownChannel(userId, channelId(id)));
  if (!row) throw notFound();
  const message = testMessage({ channelName: row.name, url: `${settings.appUrl}/sonar-os/channels`, at: new Date() });
  return { deliveryId: await queueTestDelivery(db, userId, id, message) };
}

/** A new signing secret for a webhook channel, returned this once; the old one signs nothing more. */
export async function rotateSecret(db: Database, userId: string, id: string): Promise<ChannelWithSecret> {
  const signingSecret = newSigningSecret();
  const [row] = await db
    .update(channels)
    .set({ signingSecret, updatedAt: new Date() })
    .where(and(ownChannel(userId, channelId(id)), eq(channels.kind, 'webhook')))
    .returning(channelColumns);
  // A Slack or Teams channel has no secret to rotate: as absent as another user's channel.
  if (!row) throw notFound();
  return { ...toChannel(row), signingSecret };
}

/** The user's Resume on a paused channel: active again, its held deliveries due now (outbox.ts). */
export async function resumeChannel(db: Database, userId: string, id: string): Promise<Channel> {
  if (!(await resumeOwnChannel(db, userId, channelId(id)))) throw notFound();
  return readChannel(db, userId, id);
}

// ---- Where one alert goes -------------------------------------------------------------------

/** The alert of this type and id when it is the user's, else 404. */
async function ownAlert(db: Database, userId: string, type: AlertType, id: string) {
  if (!(await isOwnAlert(db, userId, type, id))) throw alertNotFound();
}

export async function getAlertDelivery(db: Database, userId: string, type: AlertType, id: string): Promise<AlertDeliveryState> {
  await ownAlert(db, userId, type, id);
  const { rows } = await db.execute<{ email: boolean; channel_ids: string[] }>(sql`
    select not exists (select 1 from alert_email_opt_outs
                        where alert_type = ${type} and alert_id = ${id} and user_id = ${userId}) as email,
           coalesce((select array_agg(ac.channel_id::text order by c.created_at)
                       from alert_channels ac join channels c on c.id = ac.channel_id
                      where ac.alert_type = ${type} and ac.alert_id = ${id} and ac.user_id = ${userId}), '{}') as channel_ids`);
  return { email: rows[0]!.email, channelIds: rows[0]!.channel_ids };
}

export async function setAlertDelivery(
  db: Database,
  userId: string,
  type: AlertType,
  id: string,
  input: AlertDeliveryState,
): Promise<AlertDeliveryState> {
  await ownAlert(db, userId, type, id);
  const channelIds = [...new Set(input.channelIds)];
  if (!input.email && channelIds.length === 0) throw new AppError('validation', channelMessages.nothingChosen);
  if (channelIds.some((channel) => !isUuid(channel))) throw new AppError('validation', channelMessages.channelUnknown);
  await db.transaction(async (tx) => {
    if (channelIds.length) {
      // Locked so that a channel deleted meanwhile is found missing here, not after the insert.
      const { rows } = await tx.execute<{ id: string }>(sql`
        select id from channels where user_id = ${userId} and id in (${sql.join(
          channelIds.map((channel) => sql`${channel}::uuid`),
          sql`, `,
        )}) for share`);
      if (rows.length !== channelIds.length) throw new AppError('validation', channelMessages.channelUnknown);
    }
    await tx
      .delete(alertChannels)
      .where(and(eq(alertChannels.alertType, type), eq(alertChannels.alertId, id), eq(alertChannels.userId, userId)));
    if (channelIds.length) {
      await tx.insert(alertChannels).values(channelIds.map((channel) => ({ alertType: type, alertId: id, channelId: channel, userId })));
    }
    if (input.email) {
      await tx
        .delete(alertEmailOptOuts)
        .where(and(eq(alertEmailOptOuts.alertType, type), eq(alertEmailOptOuts.alertId, id), eq(alertEmailOptOuts.userId, userId)));
    } else {
      await tx.insert(alertEmailOptOuts).values({ alertType: type, alertId: id, userId }).onConflictDoNothing();
    }
  });
  return getAlertDelivery(db, userId, type, id);
}

// ---- Delivery logs ----------------------------------------------------------------------------

type LogRow = {
  id: string;
  channel_id: string;
  channel_name: string;
  channel_kind: Channel['kind'];
  channel_status: Channel['status'];
  purpose: DeliveryLogEntry['purpose'];
  title: string | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: Date | string;
  created_at: Date | string;
  sent_at: Date | string | null;
  attempt_list: {
    attempt: number;
    outcome: DeliveryAttempt['outcome'];
    http_status: number | null;
    answer: string | null;
    duration_ms: number;
    at: string;
  }[];
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * 'held' while the channel is paused (an alert's delivery: a test message still goes, the sender
 * tries it to check the user's fix), 'retrying' once an attempt has failed, else the row's status.
 */
function logStatus(row: LogRow): DeliveryStatus {
  if (row.status !== 'pending') return row.status;
  if (row.channel_status === 'paused' && row.purpose === 'alert') return 'held';
  return row.attempts > 0 ? 'retrying' : 'pending';
}

const toLogEntry = (row: LogRow): DeliveryLogEntry => ({
  id: row.id,
  channel: { id: row.channel_id, name: row.channel_name, kind: row.channel_kind },
  purpose: row.purpose,
  title: row.title ?? '',
  status: logStatus(row),
  lastStatus: row.last_status,
  lastError: row.last_error,
  nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
  createdAt: iso(row.created_at),
  sentAt: row.sent_at ? iso(row.sent_at) : null,
  attempts: row.attempt_list.map((a) => ({
    attempt: a.attempt,
    outcome: a.outcome,
    httpStatus: a.http_status,
    answer: a.answer,
    durationMs: a.duration_ms,
    at: iso(a.at),
  })),
});

/** One statement: the newest deliveries matching `where`, each with its attempts (no query per delivery). */
async function deliveryLog(db: Database, where: ReturnType<typeof sql>): Promise<DeliveryLogEntry[]> {
  const { rows } = await db.execute<LogRow>(sql`
    select d.id, d.channel_id, c.name as channel_name, c.kind as channel_kind, c.status as channel_status,
           d.purpose, d.message->>'title' as title, d.status, d.attempts, d.last_status, d.last_error,
           d.next_attempt_at, d.created_at, d.sent_at,
           coalesce((select json_agg(json_build_object('attempt', a.attempt, 'outcome', a.outcome, 'http_status', a.http_status,
                                                       'answer', a.answer, 'duration_ms', a.duration_ms, 'at', a.created_at)
                                     order by a.created_at, a.attempt)
                       from channel_delivery_attempts a where a.delivery_id = d.id), '[]') as attempt_list
      from channel_deliveries d join channels c on c.id = d.channel_id
     where ${where}
     order by d.created_at desc, d.id desc
     limit ${DELIVERY_LOG_LIMIT}`);
  return rows.map(toLogEntry);
}

export async function alertLog(db: Database, userId: string, type: AlertType, id: string): Promise<DeliveryLogEntry[]> {
  await ownAlert(db, userId, type, id);
  return deliveryLog(db, sql`d.user_id = ${userId} and d.alert_type = ${type} and d.alert_id = ${id}`);
}

/** A channel's own log: its test messages and every alert's deliveries to it. */
export async function channelLog(db: Database, userId: string, id: string): Promise<DeliveryLogEntry[]> {
  await readChannel(db, userId, id);
  return deliveryLog(db, sql`d.user_id = ${userId} and d.channel_id = ${id}`);
}

/** Sends a failed delivery again (outbox.ts): 404 when it is not the user's, 409 when it has not failed. */
export async function retryDelivery(db: Database, userId: string, id: string): Promise<void> {
  if (await retryOwnDelivery(db, userId, id)) return;
  if (!isUuid(id)) throw deliveryNotFound();
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from channel_deliveries where id = ${id} and user_id = ${userId}`);
  throw rows[0] ? new AppError('cannot_retry', channelMessages.deliveryNotFailed) : deliveryNotFound();
}
