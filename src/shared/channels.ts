// Delivery channels (issue 29): where alerts go besides e-mail — a Slack incoming webhook, a
// Microsoft Teams Workflows webhook, or a generic webhook signed per Standard Webhooks. The request
// schemas both sides validate with, the API's shapes, and the texts the user reads.
import * as z from 'zod/mini';

export const CHANNEL_KINDS = ['slack', 'teams', 'webhook'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** The alerts a channel can be attached to (sonar_alerts, newsletter_alerts, earnings_tracking). */
export const ALERT_TYPES = ['news', 'newsletter', 'earnings'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const channelKindLabels: Record<ChannelKind, string> = {
  slack: 'Slack',
  teams: 'Microsoft Teams',
  webhook: 'Webhook',
};

export const CHANNEL_LIMIT = 10;
export const CHANNEL_NAME_MAX_LENGTH = 60;
/** Longer than any real Slack, Teams or webhook address; longer ones are refused before they are parsed. */
export const CHANNEL_URL_MAX_LENGTH = 2_000;
/** Deliveries failing for good in a row before the channel pauses and its owner is e-mailed (once). */
export const CHANNEL_PAUSE_AFTER_FAILURES = 3;

export const channelMessages = {
  title: 'Delivery channels',
  intro: 'Send your alerts to Slack, Microsoft Teams or your own systems, besides or instead of e-mail.',
  empty: 'No channels yet. Add one to send alerts where your team works.',
  loadError: 'Could not load your channels. Please try again.',
  nameRequired: 'Give the channel a name.',
  nameTooLong: `Names are at most ${CHANNEL_NAME_MAX_LENGTH} characters.`,
  nameTaken: 'You already have a channel with this name.',
  kindRequired: 'Choose Slack, Microsoft Teams or Webhook.',
  urlRequired: 'Paste the webhook address.',
  urlTooLong: `Addresses are at most ${CHANNEL_URL_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  urlInvalid: 'This is not a web address.',
  urlHttps: 'The address must start with https://.',
  urlSlack: 'A Slack incoming webhook address starts with https://hooks.slack.com/services/.',
  urlTeams:
    'A Microsoft Teams Workflows address is on logic.azure.com or api.powerplatform.com and contains /workflows/ (Workflows → "Post to a channel when a webhook request is received").',
  urlCredentials: 'The address must not contain a user name or password.',
  urlNotPublic: 'The address must be on the public internet.',
  limitReached: `You can have up to ${CHANNEL_LIMIT} channels.`,
  notFound: 'This channel no longer exists.',
  created: 'Channel added.',
  updated: 'Channel saved.',
  deleted: 'Channel removed.',
  deleteConfirm: 'Remove this channel? Alerts will stop going to it.',
  testQueued: 'Test message sent. It shows in the log below once the receiver answers.',
  secretOnce: 'Copy this signing secret now: it is shown only once.',
  secretRotated: 'New signing secret made. The old one no longer signs messages.',
  resumed: 'Channel resumed. Held messages are being sent.',
  paused: 'Paused after repeated failures',
  retryQueued: 'Sending again.',
  deliveryNotFound: 'This delivery no longer exists.',
  deliveryNotFailed: 'Only a failed delivery can be sent again.',
  alertNotFound: 'This alert no longer exists.',
  channelUnknown: 'One of the chosen channels no longer exists.',
  nothingChosen: 'Choose e-mail or at least one channel.',
  deliverySaved: 'Delivery saved.',
  emailLabel: 'E-mail',
  logTitle: 'Delivery log',
  logEmpty: 'Nothing sent to channels yet.',
} as const;

const name = z
  .string(channelMessages.nameRequired)
  .check(z.trim(), z.minLength(1, channelMessages.nameRequired), z.maxLength(CHANNEL_NAME_MAX_LENGTH, channelMessages.nameTooLong));
const url = z
  .string(channelMessages.urlRequired)
  .check(z.trim(), z.minLength(1, channelMessages.urlRequired), z.maxLength(CHANNEL_URL_MAX_LENGTH, channelMessages.urlTooLong));

/** POST /api/channels. The address's shape per kind is checked by channelUrlProblem. */
export const channelCreateSchema = z.strictObject({
  kind: z.enum(CHANNEL_KINDS, channelMessages.kindRequired),
  name,
  url,
});
export type ChannelCreate = z.output<typeof channelCreateSchema>;

/** PATCH /api/channels/:id: a new name, a new address (which resumes a paused channel), or both. */
export const channelUpdateSchema = z.strictObject({ name: z.optional(name), url: z.optional(url) });
export type ChannelUpdate = z.output<typeof channelUpdateSchema>;

/** PUT /api/channels/alerts/:type/:id: where one alert goes. */
export const alertDeliverySchema = z.strictObject({
  email: z.boolean('Say whether the alert is e-mailed.'),
  channelIds: z.array(z.string('Choose channels from the list.')).check(z.maxLength(CHANNEL_LIMIT, channelMessages.channelUnknown)),
});
export type AlertDelivery = z.output<typeof alertDeliverySchema>;

const SLACK_HOSTS = new Set(['hooks.slack.com', 'hooks.slack-gov.com']);
const TEAMS_HOST = /(^|\.)(logic\.azure\.com|api\.powerplatform\.com|powerautomate\.com)$/;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/;

/**
 * What is wrong with a channel's address, or null. `loopbackFakes` (tests against local fakes only,
 * PUBLISHER_ALLOW_PRIVATE_ADDRESSES; refused in production) lets an http address on loopback stand in
 * for the service's host; the path's shape is checked all the same.
 */
export function channelUrlProblem(kind: ChannelKind, raw: string, opts: { loopbackFakes?: boolean } = {}): string | null {
  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    return channelMessages.urlInvalid;
  }
  if (parsed.username || parsed.password) return channelMessages.urlCredentials;
  const fake =
    opts.loopbackFakes === true && LOOPBACK.test(parsed.hostname) && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
  if (!fake && parsed.protocol !== 'https:') return channelMessages.urlHttps;
  if (kind === 'slack') {
    if ((!fake && !SLACK_HOSTS.has(parsed.hostname)) || !/^\/services\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/?$/.test(parsed.pathname))
      return channelMessages.urlSlack;
  }
  if (kind === 'teams') {
    if ((!fake && !TEAMS_HOST.test(parsed.hostname)) || !/\/workflows\/[^/]+\/triggers\//.test(parsed.pathname))
      return channelMessages.urlTeams;
  }
  if (kind === 'webhook' && !fake && (LOOPBACK.test(parsed.hostname) || !parsed.hostname.includes('.')))
    return channelMessages.urlNotPublic;
  return null;
}

/** What the app shows of an address: its host and the end of its path ('hooks.slack.com/…Xy3q'). */
export function channelUrlHint(raw: string): string {
  const parsed = new URL(raw.trim());
  const tail = parsed.pathname.replace(/\/+$/, '').slice(-4);
  return `${parsed.host}/…${tail}`;
}

export type Channel = {
  id: string;
  kind: ChannelKind;
  name: string;
  urlHint: string;
  status: 'active' | 'paused';
  pausedAt: string | null;
  pauseReason: string | null;
  createdAt: string;
};

/** The answer to a create (webhook) or a rotate: the signing secret, this once. */
export type ChannelWithSecret = Channel & { signingSecret: string | null };

export type AlertDeliveryState = AlertDelivery;

/** A delivery's state as the log shows it; 'held' is pending on a paused channel. */
export type DeliveryStatus = 'pending' | 'retrying' | 'held' | 'sent' | 'failed';

export type DeliveryAttempt = {
  attempt: number;
  outcome: 'sent' | 'retrying' | 'failed';
  httpStatus: number | null;
  answer: string | null;
  durationMs: number;
  at: string;
};

export type DeliveryLogEntry = {
  id: string;
  channel: { id: string; name: string; kind: ChannelKind };
  purpose: 'alert' | 'test';
  title: string;
  status: DeliveryStatus;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  sentAt: string | null;
  attempts: DeliveryAttempt[];
};

export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  pending: 'Sending',
  retrying: 'Retrying',
  held: 'Held: channel paused',
  sent: 'Sent',
  failed: 'Failed',
};
