// The channel sender (issue 29) against local Slack, Teams and webhook receivers, on a database of its
// own: each channel gets the message rendered for it; a receiver that fails and recovers gets one
// accepted delivery per webhook-id and the log shows every attempt; a permanent refusal fails at
// once; repeated failures pause the channel and e-mail its owner once, and hold its deliveries until
// it is resumed; a redirect to loopback is refused on the hop; two senders never send a row twice.
// Backoff is taken out of the clock: the senders here wait 0 ms between attempts, or the test makes
// the next attempt due itself.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelMessage } from '../../../src/server/channels/message.ts';
import { queueTestDelivery, resumeChannel, retryDelivery } from '../../../src/server/channels/outbox.ts';
import { type ChannelSender, startChannelSender } from '../../../src/server/channels/sender.ts';
import { newSigningSecret } from '../../../src/server/channels/sign.ts';
import { createDatabase } from '../../../src/server/db/client.ts';
import { runMigrations } from '../../../src/server/db/migrate.ts';
import { registry } from '../../../src/server/lib/metrics.ts';
import { createSourceHttp } from '../../../src/server/sources/web/http.ts';
import { CHANNEL_PAUSE_AFTER_FAILURES, type ChannelKind } from '../../../src/shared/channels.ts';
import {
  type ChannelReceiver,
  slackAnswers,
  startSlackReceiver,
  startTeamsReceiver,
  startWebhookReceiver,
} from '../../fakes/channel-receivers.ts';
import { type FakeHttp, startFakeHttp } from '../../fakes/http.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../../support/database.ts';
import { captureLog } from '../../support/log-capture.ts';
import { until } from '../../support/server-process.ts';

const USER_AGENT = 'EnterpriseOS/1.0 (+http://localhost:3000)';
const NO_WAIT = { firstMs: 0, maxMs: 0 };

let testDb: Awaited<ReturnType<typeof createFreshDatabase>>;
let database: ReturnType<typeof createDatabase>;
let slack: Awaited<ReturnType<typeof startSlackReceiver>>;
let teams: Awaited<ReturnType<typeof startTeamsReceiver>>;
let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
const secret = newSigningSecret();
const senders: ChannelSender[] = [];
let userId: string;

beforeAll(async () => {
  testDb = await createFreshDatabase(requireDatabaseUrl(), 'eos_channels');
  database = createDatabase(testDb.url, 6);
  await runMigrations(database.db, database.pool);
  [slack, teams, webhook] = await Promise.all([startSlackReceiver(), startTeamsReceiver(), startWebhookReceiver(secret)]);
});
afterAll(async () => {
  await Promise.all([slack?.stop(), teams?.stop(), webhook?.stop()]);
  await database?.pool.end();
  await testDb?.drop();
});
beforeEach(async () => {
  for (const receiver of [slack, teams, webhook]) receiver.reset();
  // Each test's senders see its own rows only.
  await database.pool.query('DELETE FROM channels');
  userId = `channels-${randomUUID()}`;
  await database.pool.query(`INSERT INTO users (id, email, name, alerts_email) VALUES ($1, $2, 'Channel Owner', $3)`, [
    userId,
    `${userId}@example.com`,
    `alerts-${userId}@example.com`,
  ]);
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.stop()));
});

/** A sender on the test database; by default it may dial loopback (the fakes) and never waits between attempts. */
async function sender(opts: { http?: ReturnType<typeof createSourceHttp>; retry?: { firstMs: number; maxMs: number } } = {}) {
  const started = await startChannelSender({
    pool: database.pool,
    databaseUrl: testDb.url,
    http: opts.http ?? createSourceHttp({ userAgent: USER_AGENT, allowPrivateAddresses: true, defaultService: 'channel' }),
    appUrl: 'https://eos.example.com',
    retry: opts.retry ?? NO_WAIT,
  });
  senders.push(started);
  return started;
}

async function channel(kind: ChannelKind, receiver: ChannelReceiver, name = `${kind} ${randomUUID().slice(0, 8)}`) {
  const { rows } = await database.pool.query<{ id: string }>(
    `INSERT INTO channels (user_id, kind, name, url, url_hint, signing_secret) VALUES ($1, $2, $3, $4, 'hint', $5) RETURNING id`,
    [userId, kind, name, receiver.url, kind === 'webhook' ? secret : null],
  );
  return rows[0]!.id;
}

const message = (title = 'Acme Robotics opens a plant'): ChannelMessage => ({
  version: 1,
  type: 'item',
  kind: 'news_alert',
  kindLabel: 'News alert',
  title,
  companies: ['Acme Robotics'],
  blocks: [{ type: 'paragraph', text: 'Acme said it opened its largest plant & hired 400 <people>.' }],
  sources: [
    { url: 'https://news.example/acme', title: 'Acme opens plant', publisher: 'Reuters', publishedAt: null },
    { url: 'https://paywall.example/acme', title: 'Acme hires', publisher: 'FT', publishedAt: null, headlineOnly: true },
  ],
  statements: { sourced: 3, total: 3, dropped: 0 },
  url: 'https://eos.example.com/library/run-1',
  alert: { type: 'news', id: randomUUID() },
  createdAt: new Date().toISOString(),
});

/** An alert's delivery, as the run engine queues one (no run row: run_id is only the item's link). */
async function delivery(channelId: string, body: ChannelMessage = message()) {
  const { rows } = await database.pool.query<{ id: string }>(
    `INSERT INTO channel_deliveries (user_id, channel_id, alert_type, alert_id, purpose, message)
     VALUES ($1, $2, 'news', $3, 'alert', $4) RETURNING id`,
    [userId, channelId, body.alert!.id, JSON.stringify(body)],
  );
  return rows[0]!.id;
}

type DeliveryRow = { status: string; attempts: number; last_status: number | null; last_error: string | null; sent_at: Date | null };
const deliveryRow = async (id: string) =>
  (
    await database.pool.query<DeliveryRow>(
      'SELECT status, attempts, last_status, last_error, sent_at FROM channel_deliveries WHERE id = $1',
      [id],
    )
  ).rows[0]!;
const attemptsOf = async (id: string) =>
  (
    await database.pool.query<{ attempt: number; outcome: string; http_status: number | null; answer: string | null }>(
      'SELECT attempt, outcome, http_status, answer FROM channel_delivery_attempts WHERE delivery_id = $1 ORDER BY attempt',
      [id],
    )
  ).rows;
const channelRow = async (id: string) =>
  (
    await database.pool.query<{ status: string; consecutive_failures: number; paused_at: Date | null; pause_reason: string | null }>(
      'SELECT status, consecutive_failures, paused_at, pause_reason FROM channels WHERE id = $1',
      [id],
    )
  ).rows[0]!;
const pausedMails = async () =>
  (
    await database.pool.query<{ to_address: string; subject: string; text_body: string; html_body: string }>(
      `SELECT to_address, subject, text_body, html_body FROM mail_outbox WHERE kind = 'channel-paused' AND user_id = $1`,
      [userId],
    )
  ).rows;

/** eos_channel_deliveries_total for these labels (this process's registry). */
async function counted(labels: Record<string, string>) {
  const { values } = await registry.getSingleMetric('eos_channel_deliveries_total')!.get();
  return values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value ?? 0;
}

describe('each channel receives the message rendered for it', () => {
  it('Slack: a Block Kit message Slack answers "ok" to', async () => {
    const id = await delivery(await channel('slack', slack));
    await (await sender()).drain();
    expect(slack.requests).toHaveLength(1);
    const body = JSON.parse(slack.requests[0]!.body);
    expect(body.text).toBe('News alert: Acme Robotics opens a plant');
    expect(body.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Acme Robotics opens a plant' } });
    const texts = JSON.stringify(body.blocks);
    expect(texts).toContain('hired 400 &lt;people&gt;');
    expect(texts).toContain('<https://paywall.example/acme|Acme hires> — FT · headline only');
    expect(texts).toContain('3 of 3 statements sourced');
    expect(texts).toContain('https://eos.example.com/library/run-1');
    expect(await deliveryRow(id)).toMatchObject({ status: 'sent', attempts: 1, last_status: 200, last_error: null });
    expect(await attemptsOf(id)).toEqual([{ attempt: 1, outcome: 'sent', http_status: 200, answer: 'ok' }]);
  });

  it('Teams: an Adaptive Card the Workflows trigger accepts (202)', async () => {
    const id = await delivery(await channel('teams', teams));
    await (await sender()).drain();
    expect(teams.requests).toHaveLength(1);
    const body = JSON.parse(teams.requests[0]!.body);
    const card = body.attachments[0].content;
    expect(card).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    expect(card.body[0].text).toBe('Acme Robotics opens a plant');
    expect(card.actions[0]).toMatchObject({ type: 'Action.OpenUrl', url: 'https://eos.example.com/library/run-1' });
    expect(JSON.stringify(card.body)).toContain('headline only');
    expect(await deliveryRow(id)).toMatchObject({ status: 'sent', last_status: 202 });
    expect(await attemptsOf(id)).toEqual([{ attempt: 1, outcome: 'sent', http_status: 202, answer: null }]);
  });

  it('webhook: the versioned payload, verified by the Standard Webhooks library with the channel secret', async () => {
    const sent = message();
    const id = await delivery(await channel('webhook', webhook), sent);
    await (await sender()).drain();
    expect(webhook.accepted).toEqual([id]);
    expect(webhook.payloads).toEqual([{ type: 'item.delivered', version: 1, id, timestamp: expect.any(String), data: sent }]);
    expect(await deliveryRow(id)).toMatchObject({ status: 'sent', last_status: 204 });
  });

  it('a test message is a channel.test event', async () => {
    const channelId = await channel('webhook', webhook);
    const id = await queueTestDelivery(database.db, userId, channelId, { ...message('Test message'), type: 'test', alert: null });
    await (await sender()).drain();
    expect(webhook.payloads).toMatchObject([{ type: 'channel.test', id }]);
  });
});

describe('retries', () => {
  it('a receiver that fails, then recovers: one accepted delivery per webhook-id, and the log shows retrying… sent', async () => {
    const channelId = await channel('webhook', webhook);
    const ids = [await delivery(channelId), await delivery(channelId)];
    webhook.failNext(3, { status: 503, body: 'upstream unavailable' });
    await (await sender()).drain();
    expect(webhook.requests.length).toBe(5);
    expect([...webhook.accepted].sort()).toEqual([...ids].sort());
    // Every attempt at a delivery carried its one id.
    for (const id of ids) expect(webhook.requests.filter((r) => r.headers['webhook-id'] === id).length).toBeGreaterThan(0);
    const logs = await Promise.all(ids.map(attemptsOf));
    const outcomes = logs.map((log) => log.map((a) => a.outcome));
    expect(outcomes.flat().filter((o) => o === 'retrying')).toHaveLength(3);
    for (const log of logs) {
      expect(log.at(-1)).toMatchObject({ outcome: 'sent', http_status: 204 });
      for (const attempt of log.slice(0, -1))
        expect(attempt).toMatchObject({ outcome: 'retrying', http_status: 503, answer: 'upstream unavailable' });
    }
    for (const id of ids) expect((await deliveryRow(id)).status).toBe('sent');
  });

  it('honours Retry-After: a 429 is tried again when the receiver said, and then sent', async () => {
    const id = await delivery(await channel('slack', slack));
    slack.failNext(1, slackAnswers.rateLimited(7));
    const patient = await sender({ retry: { firstMs: 60_000, maxMs: 3_600_000 } });
    await patient.drain();
    const { rows } = await database.pool.query<{ wait: number }>(
      'SELECT extract(epoch FROM next_attempt_at - now())::float AS wait FROM channel_deliveries WHERE id = $1',
      [id],
    );
    expect(rows[0]!.wait).toBeGreaterThan(4);
    expect(rows[0]!.wait).toBeLessThanOrEqual(7);
    expect(await deliveryRow(id)).toMatchObject({ status: 'pending', last_status: 429, last_error: 'rate_limited' });
    await database.pool.query('UPDATE channel_deliveries SET next_attempt_at = now() WHERE id = $1', [id]);
    await patient.drain();
    expect(await attemptsOf(id)).toMatchObject([
      { attempt: 1, outcome: 'retrying', http_status: 429 },
      { attempt: 2, outcome: 'sent', http_status: 200 },
    ]);
  });

  it('gives up after 6 attempts at a receiver that keeps failing', async () => {
    const id = await delivery(await channel('slack', slack));
    slack.always(slackAnswers.serverError);
    await (await sender()).drain();
    expect(slack.requests).toHaveLength(6);
    expect((await attemptsOf(id)).map((a) => a.outcome)).toEqual(['retrying', 'retrying', 'retrying', 'retrying', 'retrying', 'failed']);
    expect(await deliveryRow(id)).toMatchObject({ status: 'failed', last_status: 500, last_error: 'rollup_error' });
  });

  it("a permanent refusal (Slack's 404 no_service) fails at once with the receiver's answer, and is counted", async () => {
    const id = await delivery(await channel('slack', slack));
    slack.always(slackAnswers.noService);
    const failedBefore = await counted({ kind: 'slack', outcome: 'failed' });
    await (await sender()).drain();
    expect(await counted({ kind: 'slack', outcome: 'failed' })).toBe(failedBefore + 1);
    expect(slack.requests).toHaveLength(1);
    expect(await deliveryRow(id)).toMatchObject({ status: 'failed', attempts: 1, last_status: 404, last_error: 'no_service' });
    expect(await attemptsOf(id)).toEqual([{ attempt: 1, outcome: 'failed', http_status: 404, answer: 'no_service' }]);
  });

  it('the receiver down, then up again: delivered once, and the failure names no address', async () => {
    const id = await delivery(await channel('webhook', webhook));
    await webhook.stop();
    try {
      await (await sender()).drain();
    } finally {
      await webhook.start();
    }
    // With no wait, every attempt was spent while it was down: give it a retry as the user would.
    const row = await deliveryRow(id);
    expect(row.last_status).toBeNull();
    expect(row.last_error).toBe('No answer: connection refused.');
    expect(row.last_error).not.toContain(String(webhook.port));
    expect(row.status).toBe('failed');
    expect(await retryDelivery(database.db, userId, id)).toBe(true);
    await senders[0]!.drain();
    expect(webhook.accepted).toEqual([id]);
    const attempts = await attemptsOf(id);
    expect(attempts.map((a) => a.outcome)).toEqual([...Array(5).fill('retrying'), 'failed', 'sent']);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('the receiver down for one attempt, due again by the clock: sent on the next', async () => {
    const id = await delivery(await channel('webhook', webhook));
    await webhook.stop();
    const patient = await sender({ retry: { firstMs: 60_000, maxMs: 60_000 } });
    try {
      await patient.drain();
    } finally {
      await webhook.start();
    }
    expect(await deliveryRow(id)).toMatchObject({ status: 'pending', last_error: 'No answer: connection refused.' });
    await database.pool.query('UPDATE channel_deliveries SET next_attempt_at = now() WHERE id = $1', [id]);
    await patient.drain();
    expect(webhook.accepted).toEqual([id]);
    expect((await attemptsOf(id)).map((a) => a.outcome)).toEqual(['retrying', 'sent']);
  });
});

describe('a channel that keeps failing', () => {
  it('pauses after three failed deliveries, e-mails its owner once, holds later deliveries, and sends them when resumed', async () => {
    const channelId = await channel('slack', slack, 'Deals room');
    slack.always(slackAnswers.noService);
    const first = [await delivery(channelId), await delivery(channelId), await delivery(channelId)];
    const channelSender = await sender();
    await channelSender.drain();
    expect(slack.requests).toHaveLength(CHANNEL_PAUSE_AFTER_FAILURES);
    for (const id of first) expect((await deliveryRow(id)).status).toBe('failed');
    const paused = await channelRow(channelId);
    expect(paused).toMatchObject({ status: 'paused', consecutive_failures: 3 });
    expect(paused.paused_at).not.toBeNull();
    expect(paused.pause_reason).toContain('no_service');
    const mails = await pausedMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe(`alerts-${userId}@example.com`);
    expect(mails[0]!.subject).toBe('Your Slack channel "Deals room" is paused');
    expect(mails[0]!.text_body).toContain("The receiver's last answer: HTTP 404: no_service");
    expect(mails[0]!.text_body).toContain('https://eos.example.com/sonar-os/channels');
    expect(mails[0]!.html_body).toContain('https://eos.example.com/sonar-os/channels');
    expect(mails[0]!.text_body).not.toContain(slack.url);

    // Held while paused: nothing reaches the receiver; a failing test message neither counts nor mails again.
    const held = [await delivery(channelId), await delivery(channelId)];
    const test = await queueTestDelivery(database.db, userId, channelId, { ...message(), type: 'test', alert: null });
    await channelSender.drain();
    expect(slack.requests).toHaveLength(CHANNEL_PAUSE_AFTER_FAILURES + 1);
    for (const id of held) expect(await deliveryRow(id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await attemptsOf(test)).toMatchObject([{ outcome: 'failed', http_status: 404 }]);
    expect(await channelRow(channelId)).toMatchObject({ status: 'paused', consecutive_failures: 3 });
    expect(await pausedMails()).toHaveLength(1);

    // Fixed and resumed: the held deliveries go, the count starts again.
    slack.always(null);
    expect(await resumeChannel(database.db, 'someone-else', channelId)).toBe(false);
    expect(await resumeChannel(database.db, userId, channelId)).toBe(true);
    await channelSender.drain();
    for (const id of held) expect((await deliveryRow(id)).status).toBe('sent');
    expect(await channelRow(channelId)).toMatchObject({ status: 'active', consecutive_failures: 0, paused_at: null });
    expect(await pausedMails()).toHaveLength(1);
  });

  it('mails once however many deliveries fail after the one that paused it (one batch, five failures)', async () => {
    const channelId = await channel('webhook', webhook);
    webhook.always({ status: 410, body: 'endpoint removed' });
    for (let i = 0; i < 5; i++) await delivery(channelId);
    await (await sender()).drain();
    expect(webhook.requests).toHaveLength(5);
    expect(await channelRow(channelId)).toMatchObject({ status: 'paused', consecutive_failures: 5 });
    const mails = await pausedMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Your Webhook channel ".*" is paused$/);
    expect(mails[0]!.text_body).toContain('HTTP 410: endpoint removed');
  });

  it('a success resets the count, and test messages are tried once and never pause a channel', async () => {
    const channelId = await channel('slack', slack);
    slack.failNext(2, slackAnswers.invalidToken);
    await delivery(channelId);
    await delivery(channelId);
    const channelSender = await sender();
    await channelSender.drain();
    expect((await channelRow(channelId)).consecutive_failures).toBe(2);
    await delivery(channelId);
    await channelSender.drain();
    expect((await channelRow(channelId)).consecutive_failures).toBe(0);

    slack.always(slackAnswers.serverError);
    const tests = [];
    for (let i = 0; i < 4; i++)
      tests.push(await queueTestDelivery(database.db, userId, channelId, { ...message(), type: 'test', alert: null }));
    await channelSender.drain();
    for (const id of tests)
      expect(await attemptsOf(id)).toEqual([{ attempt: 1, outcome: 'failed', http_status: 500, answer: 'rollup_error' }]);
    expect(await channelRow(channelId)).toMatchObject({ status: 'active', consecutive_failures: 0 });
    expect(await pausedMails()).toHaveLength(0);
  });

  it('a test message that gets through on a paused channel resumes it', async () => {
    const channelId = await channel('teams', teams);
    await database.pool.query(`UPDATE channels SET status = 'paused', paused_at = now(), consecutive_failures = 3 WHERE id = $1`, [
      channelId,
    ]);
    const held = await delivery(channelId);
    await queueTestDelivery(database.db, userId, channelId, { ...message(), type: 'test', alert: null });
    const channelSender = await sender();
    await channelSender.drain();
    expect(await channelRow(channelId)).toMatchObject({ status: 'active', consecutive_failures: 0 });
    await channelSender.drain();
    expect((await deliveryRow(held)).status).toBe('sent');
  });
});

describe('retry button', () => {
  it("sends a failed delivery again with the same id; not another user's, nor one that has not failed", async () => {
    const channelId = await channel('webhook', webhook);
    const id = await delivery(channelId);
    webhook.failNext(1, { status: 422, body: 'unknown event' });
    const channelSender = await sender();
    await channelSender.drain();
    expect(await deliveryRow(id)).toMatchObject({ status: 'failed', last_status: 422, last_error: 'unknown event' });
    expect(await retryDelivery(database.db, 'someone-else', id)).toBe(false);
    expect(await retryDelivery(database.db, userId, 'not-a-uuid')).toBe(false);
    expect(await retryDelivery(database.db, userId, id)).toBe(true);
    await channelSender.drain();
    expect(webhook.accepted).toEqual([id]);
    expect(await retryDelivery(database.db, userId, id)).toBe(false);
    expect((await attemptsOf(id)).map((a) => [a.attempt, a.outcome])).toEqual([
      [1, 'failed'],
      [2, 'sent'],
    ]);
  });
});

describe('every channel address is an outbound request like any other', () => {
  let internal: FakeHttp;
  const hits: string[] = [];
  beforeAll(async () => {
    internal = await startFakeHttp((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200).end('ok');
    });
  });
  afterAll(() => internal.stop());

  it('a redirect to another loopback port is refused on the hop: it gets no request, and the attempt says the address was refused', async () => {
    const id = await delivery(await channel('slack', slack));
    slack.redirectTo(`${internal.url}/services/internal`);
    // Built as production builds it, except that the fake's own host is trusted (as a configured service's would be).
    const http = createSourceHttp({ userAgent: USER_AGENT, trustedHosts: [slack.host], defaultService: 'channel' });
    const log = captureLog();
    try {
      await (await sender({ http })).drain();
    } finally {
      log.restore();
    }
    expect(slack.requests).toHaveLength(1);
    expect(hits).toEqual([]);
    const row = await deliveryRow(id);
    expect(row.status).toBe('failed');
    expect(row.last_error).toMatch(/^The address was refused/);
    expect(row.last_error).not.toContain(String(internal.port));
    // The log names the delivery, the channel and the host, never the address's path (the credential).
    const lines = log.lines().filter((line) => line.deliveryId === id);
    expect(lines.length).toBeGreaterThan(0);
    expect(log.text()).not.toContain(new URL(slack.url).pathname);
    expect(lines[0]).toMatchObject({ host: slack.host });
  });

  it('an address on loopback is refused before anything is dialled', async () => {
    const id = await delivery(await channel('webhook', webhook));
    await (await sender({ http: createSourceHttp({ userAgent: USER_AGENT, defaultService: 'channel' }) })).drain();
    expect(webhook.requests).toEqual([]);
    expect(await deliveryRow(id)).toMatchObject({ status: 'failed', attempts: 1 });
  });
});

describe('several senders', () => {
  it('never send one row twice', async () => {
    const channelId = await channel('webhook', webhook);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await delivery(channelId));
    const [a, b, c] = await Promise.all([sender(), sender(), sender()]);
    await Promise.all([a!.drain(), b!.drain(), c!.drain()]);
    expect(webhook.requests).toHaveLength(40);
    expect([...webhook.accepted].sort()).toEqual([...ids].sort());
    const { rows } = await database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM channel_delivery_attempts a JOIN channel_deliveries d ON d.id = a.delivery_id WHERE d.channel_id = $1`,
      [channelId],
    );
    expect(rows[0]!.n).toBe(40);
  });
});

describe('a receiver that does not answer', () => {
  it('holds only its own delivery: the others claimed with it, and those queued after, go out meanwhile', async () => {
    // A receiver that takes the request and answers only when the test lets it (as one that hangs until the client's timeout).
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hanging: FakeHttp = await startFakeHttp((req, res) => {
      req.resume();
      void answered.then(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
    });
    try {
      const stuck = await delivery(await channel('slack', { url: `${hanging.url}/services/T0/B0/x` } as ChannelReceiver));
      const slackChannel = await channel('slack', slack);
      const first = [await delivery(slackChannel), await delivery(slackChannel)];
      const running = await sender();
      await until('the two deliveries claimed with the stuck one sent', async () => slack.requests.length === 2, 10_000);
      const later = await delivery(slackChannel);
      await until('a delivery queued later sent', async () => slack.requests.length === 3, 10_000);
      for (const id of [...first, later]) expect((await deliveryRow(id)).status).toBe('sent');
      expect((await deliveryRow(stuck)).status).toBe('pending');
      release();
      await running.drain();
      expect((await deliveryRow(stuck)).status).toBe('sent');
    } finally {
      release();
      await hanging.stop();
    }
  });
});
