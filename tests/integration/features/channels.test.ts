// The delivery channels API (issue 29): every refusal a user can meet when adding a channel, the
// signing secret shown once, where an alert goes, the delivery log's shape, and another user's
// channels, alerts and deliveries as absent as missing ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHANNEL_LIMIT,
  CHANNEL_NAME_MAX_LENGTH,
  type Channel,
  channelMessages,
  type DeliveryLogEntry,
} from '../../../src/shared/channels.ts';
import { messages } from '../../../src/shared/messages.ts';
import { IpClient, registerUser, signedInClient, type TestRuntime } from '../../support/accounts.ts';
import { insertEarningsTracking, insertNewsAlert, insertNewsletter } from '../../support/factories.ts';
import { startTestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

const SLACK = 'https://hooks.slack.com/services/T000/B000/XXXXsecretpart';
const TEAMS = 'https://prod-12.westus.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?api-version=2016-06-01&sig=topsecret';
const WEBHOOK = 'https://hooks.example.com/enterprise-os/incoming';

async function signedInUser() {
  const user = await registerUser(rt);
  const client = await signedInClient(rt, user.email);
  return {
    ...user,
    client,
    patch: (path: string, body: unknown) => client.request('PATCH', path, body),
    delete: (path: string) => client.request('DELETE', path),
    addChannel: async (body: { kind: string; name: string; url: string }) => {
      const res = await client.post('/api/channels', body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.channel as Channel & { signingSecret: string | null };
    },
  };
}
type User = Awaited<ReturnType<typeof signedInUser>>;

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('sessions', () => {
  it('every endpoint needs a session', async () => {
    const anonymous = new IpClient(rt.app);
    for (const [method, path] of [
      ['GET', '/api/channels'],
      ['POST', '/api/channels'],
      ['PATCH', `/api/channels/${MISSING}`],
      ['DELETE', `/api/channels/${MISSING}`],
      ['POST', `/api/channels/${MISSING}/test`],
      ['GET', `/api/channels/alerts/news/${MISSING}`],
      ['GET', `/api/channels/alerts/news/${MISSING}/log`],
      ['POST', `/api/channels/deliveries/${MISSING}/retry`],
    ] as const) {
      const res = await anonymous.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error.message).toBe(messages.auth.required);
    }
  });
});

describe('adding a channel', () => {
  it.each([
    ['an empty name', { kind: 'slack', name: '   ', url: SLACK }, channelMessages.nameRequired],
    ['a name too long', { kind: 'slack', name: 'x'.repeat(CHANNEL_NAME_MAX_LENGTH + 1), url: SLACK }, channelMessages.nameTooLong],
    ['no kind', { name: 'Deals', url: SLACK }, channelMessages.kindRequired],
    ['an unknown kind', { kind: 'discord', name: 'Deals', url: SLACK }, channelMessages.kindRequired],
    ['no address', { kind: 'slack', name: 'Deals', url: '' }, channelMessages.urlRequired],
    ['not an address', { kind: 'webhook', name: 'Deals', url: 'hooks dot example' }, channelMessages.urlInvalid],
    ['http://', { kind: 'webhook', name: 'Deals', url: 'http://hooks.example.com/in' }, channelMessages.urlHttps],
    [
      'a Slack look-alike host',
      { kind: 'slack', name: 'Deals', url: 'https://hooks.slack.com.evil.com/services/T0/B0/X' },
      channelMessages.urlSlack,
    ],
    ['a Slack path elsewhere', { kind: 'slack', name: 'Deals', url: 'https://evil.com/services/T0/B0/X' }, channelMessages.urlSlack],
    [
      'a Teams address elsewhere',
      { kind: 'teams', name: 'Deals', url: 'https://evil.com/workflows/abc/triggers/manual' },
      channelMessages.urlTeams,
    ],
    [
      'credentials in the address',
      { kind: 'webhook', name: 'Deals', url: 'https://user:pw@hooks.example.com/in' },
      channelMessages.urlCredentials,
    ],
  ])('refuses %s with its message', async (_case, body, message) => {
    const user = await signedInUser();
    const res = await user.client.post('/api/channels', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await user.client.get('/api/channels')).body.channels).toEqual([]);
  });

  it('keeps Slack, Teams and webhook channels, showing only a hint of each address', async () => {
    const user = await signedInUser();
    const slack = await user.addChannel({ kind: 'slack', name: ' Deals desk ', url: SLACK });
    expect(slack).toMatchObject({
      kind: 'slack',
      name: 'Deals desk',
      urlHint: 'hooks.slack.com/…part',
      status: 'active',
      signingSecret: null,
    });
    await user.addChannel({ kind: 'teams', name: 'Teams', url: TEAMS });
    await user.addChannel({ kind: 'webhook', name: 'CRM', url: WEBHOOK });
    const list = await user.client.get('/api/channels');
    expect(list.status).toBe(200);
    expect(list.body.channels.map((c: Channel) => c.name)).toEqual(['Deals desk', 'Teams', 'CRM']);
    const text = JSON.stringify(list.body);
    for (const secret of ['secretpart', 'topsecret', '/enterprise-os/incoming', 'whsec_', 'signingSecret'])
      expect(text).not.toContain(secret);
  });

  it('refuses a second channel of the same name, whatever its case', async () => {
    const user = await signedInUser();
    await user.addChannel({ kind: 'slack', name: 'Deals', url: SLACK });
    const res = await user.client.post('/api/channels', { kind: 'webhook', name: 'DEALS', url: WEBHOOK });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(channelMessages.nameTaken);
    // Another user may use the name.
    await (await signedInUser()).addChannel({ kind: 'slack', name: 'Deals', url: SLACK });
  });

  it(`stops at ${CHANNEL_LIMIT} channels`, async () => {
    const user = await signedInUser();
    for (let i = 1; i <= CHANNEL_LIMIT; i++) await user.addChannel({ kind: 'slack', name: `Channel ${i}`, url: SLACK });
    const res = await user.client.post('/api/channels', { kind: 'slack', name: 'One more', url: SLACK });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(channelMessages.limitReached);
  });

  it('takes a loopback fake only because this server allows private addresses (tests)', async () => {
    const user = await signedInUser();
    const channel = await user.addChannel({ kind: 'slack', name: 'Fake', url: 'http://127.0.0.1:4000/services/T000/B000/XXXX' });
    expect(channel.urlHint).toBe('127.0.0.1:4000/…XXXX');
  });
});

describe('the signing secret', () => {
  it('is shown once when a webhook channel is added, never in the list, and rotating gives a new one', async () => {
    const user = await signedInUser();
    const channel = await user.addChannel({ kind: 'webhook', name: 'CRM', url: WEBHOOK });
    expect(channel.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const stored = await rt.pool.query('SELECT signing_secret FROM channels WHERE id = $1', [channel.id]);
    expect(stored.rows[0].signing_secret).toBe(channel.signingSecret);
    expect(JSON.stringify((await user.client.get('/api/channels')).body)).not.toContain(channel.signingSecret!);

    const rotated = await user.client.post(`/api/channels/${channel.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.channel.signingSecret).toMatch(/^whsec_/);
    expect(rotated.body.channel.signingSecret).not.toBe(channel.signingSecret);
    const after = await rt.pool.query('SELECT signing_secret FROM channels WHERE id = $1', [channel.id]);
    expect(after.rows[0].signing_secret).toBe(rotated.body.channel.signingSecret);
  });

  it('a Slack channel has none to rotate', async () => {
    const user = await signedInUser();
    const channel = await user.addChannel({ kind: 'slack', name: 'Deals', url: SLACK });
    const res = await user.client.post(`/api/channels/${channel.id}/rotate-secret`);
    expect(res.status).toBe(404);
  });
});

describe('changing a channel', () => {
  it('renames, refuses a bad new address, and a new address resumes a paused channel', async () => {
    const user = await signedInUser();
    const channel = await user.addChannel({ kind: 'slack', name: 'Deals', url: SLACK });
    const renamed = await user.patch(`/api/channels/${channel.id}`, { name: 'Deals desk' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.channel.name).toBe('Deals desk');

    const bad = await user.patch(`/api/channels/${channel.id}`, { url: 'https://hooks.slack.com.evil.com/services/T/B/X' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(channelMessages.urlSlack);

    await rt.pool.query(
      "UPDATE channels SET status = 'paused', consecutive_failures = 3, paused_at = now(), pause_reason = 'HTTP 404 no_service' WHERE id = $1",
      [channel.id],
    );
    const paused = (await user.client.get('/api/channels')).body.channels[0];
    expect(paused).toMatchObject({ status: 'paused', pauseReason: 'HTTP 404 no_service' });
    const fixed = await user.patch(`/api/channels/${channel.id}`, { url: 'https://hooks.slack.com/services/T1/B1/NEWW' });
    expect(fixed.status).toBe(200);
    expect(fixed.body.channel).toMatchObject({ status: 'active', pausedAt: null, pauseReason: null, urlHint: 'hooks.slack.com/…NEWW' });
    const { rows } = await rt.pool.query('SELECT url, consecutive_failures FROM channels WHERE id = $1', [channel.id]);
    expect(rows[0]).toEqual({ url: 'https://hooks.slack.com/services/T1/B1/NEWW', consecutive_failures: 0 });
  });

  it('a rename to a name in use is refused', async () => {
    const user = await signedInUser();
    await user.addChannel({ kind: 'slack', name: 'Deals', url: SLACK });
    const other = await user.addChannel({ kind: 'slack', name: 'Other', url: SLACK });
    const res = await user.patch(`/api/channels/${other.id}`, { name: 'deals' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(channelMessages.nameTaken);
  });

  it('resume makes held deliveries due now', async () => {
    const user = await signedInUser();
    const channel = await user.addChannel({ kind: 'slack', name: 'Deals', url: SLACK });
    const test = await user.client.post(`/api/channels/${channel.id}/test`);
    await rt.pool.query(
      "UPDATE channels SET status = 'paused', consecutive_failures = 3, paused_at = now(), pause_reason = 'HTTP 410' WHERE id = $1",
      [channel.id],
    );
    await rt.pool.query("UPDATE channel_deliveries SET next_attempt_at = now() + interval '1 day' WHERE id = $1", [test.body.deliveryId]);
    const res = await user.client.post(`/api/channels/${channel.id}/resume`);
    expect(res.status).toBe(200);
    expect(res.body.channel).toMatchObject({ status: 'active', pauseReason: null });
    const { rows } = await rt.pool.query('SELECT next_attempt_at <= now() AS due FROM channel_deliveries WHERE id = $1', [
      test.body.deliveryId,
    ]);
    expect(rows[0].due).toBe(true);
  });

  it('removing deletes the channel and its place in alerts', async () => {
    const user = await signedInUser();
    const channel = await user.addChannel({ kind: 'slack', name: 'Deals', url: SLACK });
    const alert = await insertNewsAlert(rt.db, user.id);
    await user.client.put(`/api/channels/alerts/news/${alert.id}`, { email: true, channelIds: [channel.id] });
    expect((await user.delete(`/api/channels/${channel.id}`)).status).toBe(204);
    expect((await user.client.get('/api/channels')).body.channels).toEqual([]);
    expect((await user.client.get(`/api/channels/alerts/news/${alert.id}`)).body.delivery).toEqual({ email: true, channelIds: [] });
    expect((await user.delete(`/api/channels/${channel.id}`)).status).toBe(404);
  });
});

describe('the test message', () => {
  it('is queued for the sender (202) with the test message', async () => {
    const user = await signedInUser();
    const channel = await user.addChannel({ kind: 'slack', name: 'Deals', url: SLACK });
    const res = await user.client.post(`/api/channels/${channel.id}/test`);
    expect(res.status).toBe(202);
    const { rows } = await rt.pool.query('SELECT user_id, channel_id, purpose, status, message FROM channel_deliveries WHERE id = $1', [
      res.body.deliveryId,
    ]);
    expect(rows[0]).toMatchObject({ user_id: user.id, channel_id: channel.id, purpose: 'test', status: 'pending' });
    expect(rows[0].message).toMatchObject({
      type: 'test',
      title: 'Test message for "Deals"',
      url: 'http://localhost:3000/sonar-os/channels',
    });
    const log = await user.client.get(`/api/channels/${channel.id}/log`);
    expect(log.body.deliveries).toMatchObject([{ id: res.body.deliveryId, purpose: 'test', status: 'pending', attempts: [] }]);
    // A test message on a paused channel is not held: the sender still tries it (to check the user's fix).
    await rt.pool.query("UPDATE channels SET status = 'paused', paused_at = now() WHERE id = $1", [channel.id]);
    expect((await user.client.get(`/api/channels/${channel.id}/log`)).body.deliveries[0].status).toBe('pending');
  });
});

describe('where an alert goes', () => {
  it('round-trips e-mail and channels for each kind of alert, in one write', async () => {
    const user = await signedInUser();
    const a = await user.addChannel({ kind: 'slack', name: 'A', url: SLACK });
    const b = await user.addChannel({ kind: 'webhook', name: 'B', url: WEBHOOK });
    const alerts = {
      news: (await insertNewsAlert(rt.db, user.id)).id,
      newsletter: (await insertNewsletter(rt.db, user.id)).id,
      earnings: (await insertEarningsTracking(rt.db, user.id)).id,
    };
    for (const [type, id] of Object.entries(alerts)) {
      const path = `/api/channels/alerts/${type}/${id}`;
      expect((await user.client.get(path)).body.delivery).toEqual({ email: true, channelIds: [] });
      const put = await user.client.put(path, { email: false, channelIds: [b.id, a.id, a.id] });
      expect(put.status).toBe(200);
      expect(put.body.delivery).toEqual({ email: false, channelIds: [a.id, b.id] });
      expect((await user.client.get(path)).body.delivery).toEqual({ email: false, channelIds: [a.id, b.id] });
      const optOut = await rt.pool.query('SELECT 1 FROM alert_email_opt_outs WHERE alert_type = $1 AND alert_id = $2', [type, id]);
      expect(optOut.rowCount).toBe(1);
      expect((await user.client.put(path, { email: true, channelIds: [b.id] })).body.delivery).toEqual({ email: true, channelIds: [b.id] });
      const back = await rt.pool.query('SELECT 1 FROM alert_email_opt_outs WHERE alert_type = $1 AND alert_id = $2', [type, id]);
      expect(back.rowCount).toBe(0);
    }
  });

  it('refuses no e-mail and no channel, and an unknown type or malformed ids', async () => {
    const user = await signedInUser();
    const alert = await insertNewsAlert(rt.db, user.id);
    const none = await user.client.put(`/api/channels/alerts/news/${alert.id}`, { email: false, channelIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe(channelMessages.nothingChosen);
    const unknown = await user.client.put(`/api/channels/alerts/news/${alert.id}`, { email: true, channelIds: ['not-a-uuid'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(channelMessages.channelUnknown);
    expect((await user.client.get(`/api/channels/alerts/sms/${alert.id}`)).status).toBe(404);
    expect((await user.client.get('/api/channels/alerts/news/not-a-uuid')).status).toBe(404);
    // The alert's id under another type names no alert of the user's.
    expect((await user.client.get(`/api/channels/alerts/earnings/${alert.id}`)).status).toBe(404);
  });
});

describe('the delivery log', () => {
  async function withDeliveries(user: User) {
    const channel = await user.addChannel({ kind: 'slack', name: 'Deals', url: SLACK });
    const alert = await insertNewsAlert(rt.db, user.id);
    await user.client.put(`/api/channels/alerts/news/${alert.id}`, { email: true, channelIds: [channel.id] });
    const insert = async (status: string, attempts: number, minutesAgo: number, title: string) => {
      const { rows } = await rt.pool.query<{ id: string }>(
        `INSERT INTO channel_deliveries (user_id, channel_id, alert_type, alert_id, purpose, message, status, attempts, created_at,
                                         last_status, last_error, sent_at)
         VALUES ($1, $2, 'news', $3, 'alert', $4, $5, $6, now() - make_interval(mins => $7), $8, $9, CASE WHEN $5 = 'sent' THEN now() END)
         RETURNING id`,
        [
          user.id,
          channel.id,
          alert.id,
          JSON.stringify({ title }),
          status,
          attempts,
          minutesAgo,
          status === 'failed' ? 500 : null,
          status === 'failed' ? 'boom' : null,
        ],
      );
      return rows[0]!.id;
    };
    const sent = await insert('sent', 1, 30, 'Acme buys Beta');
    const failed = await insert('failed', 2, 20, 'Acme sued');
    const retrying = await insert('pending', 1, 10, 'Acme hires');
    const attempt = (delivery: string, n: number, outcome: string, status: number | null, answer: string | null) =>
      rt.pool.query(
        `INSERT INTO channel_delivery_attempts (delivery_id, user_id, attempt, outcome, http_status, answer, duration_ms)
         VALUES ($1, $2, $3, $4, $5, $6, 12)`,
        [delivery, user.id, n, outcome, status, answer],
      );
    await attempt(sent, 1, 'sent', 200, 'ok');
    await attempt(failed, 1, 'retrying', 500, '<b>boom</b>');
    await attempt(failed, 2, 'failed', 500, 'boom');
    await attempt(retrying, 1, 'retrying', null, 'connection refused');
    return { channel, alert, sent, failed, retrying };
  }

  it('lists the alert’s deliveries newest first with their attempts and the receiver’s answers', async () => {
    const user = await signedInUser();
    const { channel, alert, sent, failed, retrying } = await withDeliveries(user);
    const res = await user.client.get(`/api/channels/alerts/news/${alert.id}/log`);
    expect(res.status).toBe(200);
    const log = res.body.deliveries as DeliveryLogEntry[];
    expect(log.map((d) => [d.id, d.status, d.title])).toEqual([
      [retrying, 'retrying', 'Acme hires'],
      [failed, 'failed', 'Acme sued'],
      [sent, 'sent', 'Acme buys Beta'],
    ]);
    expect(log[1]).toMatchObject({
      channel: { id: channel.id, name: 'Deals', kind: 'slack' },
      purpose: 'alert',
      lastStatus: 500,
      lastError: 'boom',
      nextAttemptAt: null,
      attempts: [
        { attempt: 1, outcome: 'retrying', httpStatus: 500, answer: '<b>boom</b>', durationMs: 12 },
        { attempt: 2, outcome: 'failed', httpStatus: 500, answer: 'boom', durationMs: 12 },
      ],
    });
    expect(log[2]!.sentAt).not.toBeNull();
    expect(log[0]!.nextAttemptAt).not.toBeNull();

    await rt.pool.query("UPDATE channels SET status = 'paused', paused_at = now() WHERE id = $1", [channel.id]);
    const held = (await user.client.get(`/api/channels/alerts/news/${alert.id}/log`)).body.deliveries as DeliveryLogEntry[];
    expect(held[0]!.status).toBe('held');
  });

  it('retries only a failed delivery', async () => {
    const user = await signedInUser();
    const { failed, sent } = await withDeliveries(user);
    const notFailed = await user.client.post(`/api/channels/deliveries/${sent}/retry`);
    expect(notFailed.status).toBe(409);
    expect(notFailed.body.error.message).toBe(channelMessages.deliveryNotFailed);
    const res = await user.client.post(`/api/channels/deliveries/${failed}/retry`);
    expect(res.status).toBe(202);
    const { rows } = await rt.pool.query('SELECT status, next_attempt_at <= now() AS due FROM channel_deliveries WHERE id = $1', [failed]);
    expect(rows[0]).toEqual({ status: 'pending', due: true });
    expect((await user.client.post('/api/channels/deliveries/nope/retry')).status).toBe(404);
  });
});

describe('another user', () => {
  it('cannot see, change, test, attach or retry what is not theirs (404, as if missing)', async () => {
    const owner = await signedInUser();
    const channel = await owner.addChannel({ kind: 'webhook', name: 'Owner CRM', url: WEBHOOK });
    const alert = await insertNewsAlert(rt.db, owner.id);
    await owner.client.put(`/api/channels/alerts/news/${alert.id}`, { email: true, channelIds: [channel.id] });
    const test = await owner.client.post(`/api/channels/${channel.id}/test`);
    await rt.pool.query("UPDATE channel_deliveries SET status = 'failed' WHERE id = $1", [test.body.deliveryId]);

    const other = await signedInUser();
    expect((await other.client.get('/api/channels')).body.channels).toEqual([]);
    for (const res of [
      await other.patch(`/api/channels/${channel.id}`, { name: 'Mine now' }),
      await other.delete(`/api/channels/${channel.id}`),
      await other.client.post(`/api/channels/${channel.id}/test`),
      await other.client.post(`/api/channels/${channel.id}/rotate-secret`),
      await other.client.post(`/api/channels/${channel.id}/resume`),
      await other.client.get(`/api/channels/${channel.id}/log`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(channelMessages.notFound);
    }
    for (const res of [
      await other.client.get(`/api/channels/alerts/news/${alert.id}`),
      await other.client.put(`/api/channels/alerts/news/${alert.id}`, { email: true, channelIds: [] }),
      await other.client.get(`/api/channels/alerts/news/${alert.id}/log`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(channelMessages.alertNotFound);
    }
    const retry = await other.client.post(`/api/channels/deliveries/${test.body.deliveryId}/retry`);
    expect(retry.status).toBe(404);
    expect(retry.body.error.message).toBe(channelMessages.deliveryNotFound);

    // The owner's channel cannot be attached to the other user's own alert.
    const own = await insertNewsAlert(rt.db, other.id);
    const attach = await other.client.put(`/api/channels/alerts/news/${own.id}`, { email: true, channelIds: [channel.id] });
    expect(attach.status).toBe(400);
    expect(attach.body.error.message).toBe(channelMessages.channelUnknown);

    const { rows } = await rt.pool.query('SELECT name, signing_secret IS NOT NULL AS secret FROM channels WHERE id = $1', [channel.id]);
    expect(rows[0]).toEqual({ name: 'Owner CRM', secret: true });
    expect((await owner.client.get(`/api/channels/alerts/news/${alert.id}`)).body.delivery.channelIds).toEqual([channel.id]);
  });
});
