// A fake /api/channels over in-memory rows, for the component tests of the channels page and the
// alert cards' "Deliver to": it answers as the server does (its refusals with the shared messages)
// and records the requests it got.
import { vi } from 'vitest';
import * as z from 'zod/mini';
import {
  type AlertDeliveryState,
  alertDeliverySchema,
  CHANNEL_LIMIT,
  type Channel,
  type ChannelKind,
  channelCreateSchema,
  channelMessages,
  channelUpdateSchema,
  channelUrlHint,
  channelUrlProblem,
  type DeliveryLogEntry,
} from '../../shared/channels.ts';

type Row = Channel & { secret: string | null };
type Json = Record<string, unknown> | null;

export function fakeChannelsApi() {
  let next = 1;
  const newId = () => `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`;
  const channels: Row[] = [];
  const deliveries: (DeliveryLogEntry & { alert: string | null })[] = [];
  const alerts = new Map<string, AlertDeliveryState>();
  const requests: { method: string; path: string; body: Json }[] = [];
  let secrets = 0;

  const view = ({ secret: _secret, ...channel }: Row): Channel => channel;
  const refusal = (status: number, code: string, message: string, fields?: Record<string, string>) => ({
    status,
    body: { error: { code, message, fields } },
  });
  const invalid = (issues: z.core.$ZodIssue[]) => {
    const fields: Record<string, string> = {};
    for (const issue of issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    return refusal(400, 'validation', issues[0]!.message, fields);
  };

  function handle(method: string, path: string, body: Json): { status: number; body: unknown } {
    const parts = path
      .replace(/^\/api\/channels\/?/, '')
      .split('/')
      .filter(Boolean);
    if (parts.length === 0 && method === 'GET') return { status: 200, body: { channels: channels.map(view) } };
    if (parts.length === 0 && method === 'POST') {
      const parsed = z.safeParse(channelCreateSchema, body);
      if (!parsed.success) return invalid(parsed.error.issues);
      const problem = channelUrlProblem(parsed.data.kind, parsed.data.url);
      if (problem) return refusal(400, 'validation', problem, { url: problem });
      if (channels.length >= CHANNEL_LIMIT) return refusal(409, 'limit_reached', channelMessages.limitReached);
      if (channels.some((c) => c.name.toLowerCase() === parsed.data.name.toLowerCase()))
        return refusal(409, 'name_taken', channelMessages.nameTaken, { name: channelMessages.nameTaken });
      const secret = parsed.data.kind === 'webhook' ? `whsec_fake${++secrets}` : null;
      const row = add(parsed.data.kind, parsed.data.name, parsed.data.url, { secret });
      return { status: 201, body: { channel: { ...view(row), signingSecret: secret } } };
    }
    if (parts[0] === 'alerts') {
      const key = `${parts[1]}/${parts[2]}`;
      if (parts[3] === 'log') return { status: 200, body: { deliveries: deliveries.filter((d) => d.alert === key) } };
      if (method === 'GET') return { status: 200, body: { delivery: alerts.get(key) ?? { email: true, channelIds: [] } } };
      const parsed = z.safeParse(alertDeliverySchema, body);
      if (!parsed.success) return invalid(parsed.error.issues);
      if (!parsed.data.email && !parsed.data.channelIds.length) return refusal(400, 'validation', channelMessages.nothingChosen);
      alerts.set(key, parsed.data);
      return { status: 200, body: { delivery: parsed.data } };
    }
    if (parts[0] === 'deliveries') {
      const delivery = deliveries.find((d) => d.id === parts[1]);
      if (!delivery) return refusal(404, 'not_found', channelMessages.deliveryNotFound);
      if (delivery.status !== 'failed') return refusal(409, 'cannot_retry', channelMessages.deliveryNotFailed);
      delivery.status = 'retrying';
      return { status: 202, body: { queued: true } };
    }
    const channel = channels.find((c) => c.id === parts[0]);
    if (!channel) return refusal(404, 'not_found', channelMessages.notFound);
    const action = `${method} ${parts[1] ?? ''}`;
    if (action === 'PATCH ') {
      const parsed = z.safeParse(channelUpdateSchema, body);
      if (!parsed.success) return invalid(parsed.error.issues);
      if (parsed.data.url) {
        const problem = channelUrlProblem(channel.kind, parsed.data.url);
        if (problem) return refusal(400, 'validation', problem, { url: problem });
        Object.assign(channel, { urlHint: channelUrlHint(parsed.data.url), status: 'active', pausedAt: null, pauseReason: null });
      }
      if (parsed.data.name) channel.name = parsed.data.name;
      return { status: 200, body: { channel: view(channel) } };
    }
    if (action === 'DELETE ') {
      channels.splice(channels.indexOf(channel), 1);
      return { status: 204, body: null };
    }
    if (action === 'GET log') return { status: 200, body: { deliveries: deliveries.filter((d) => d.channel.id === channel.id) } };
    if (action === 'POST test') {
      const delivery = addDelivery(channel, { title: `Test message for "${channel.name}"`, purpose: 'test', status: 'pending' });
      return { status: 202, body: { deliveryId: delivery.id } };
    }
    if (action === 'POST rotate-secret') {
      if (channel.kind !== 'webhook') return refusal(404, 'not_found', channelMessages.notFound);
      channel.secret = `whsec_fake${++secrets}`;
      return { status: 200, body: { channel: { ...view(channel), signingSecret: channel.secret } } };
    }
    if (action === 'POST resume') {
      Object.assign(channel, { status: 'active', pausedAt: null, pauseReason: null });
      return { status: 200, body: { channel: view(channel) } };
    }
    return refusal(404, 'not_found', 'Not found');
  }

  function add(kind: ChannelKind, name: string, url: string, extra: Partial<Row> = {}): Row {
    const row: Row = {
      id: newId(),
      kind,
      name,
      urlHint: channelUrlHint(url),
      status: 'active',
      pausedAt: null,
      pauseReason: null,
      createdAt: new Date(2030, 0, next).toISOString(),
      secret: null,
      ...extra,
    };
    channels.push(row);
    return row;
  }

  function addDelivery(
    channel: Channel,
    entry: Partial<DeliveryLogEntry> & { alert?: string },
  ): DeliveryLogEntry & { alert: string | null } {
    const delivery = {
      id: newId(),
      channel: { id: channel.id, name: channel.name, kind: channel.kind },
      purpose: 'alert' as const,
      title: 'An item',
      status: 'sent' as const,
      lastStatus: null,
      lastError: null,
      nextAttemptAt: null,
      createdAt: '2030-01-02T10:00:00.000Z',
      sentAt: null,
      attempts: [],
      ...entry,
      alert: entry.alert ?? null,
    };
    deliveries.unshift(delivery);
    return delivery;
  }

  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input);
    const body = init.body ? (JSON.parse(String(init.body)) as Json) : null;
    requests.push({ method, path, body });
    const answer = handle(method, path, body);
    return new Response(answer.body === null ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });

  return { channels, deliveries, alerts, requests, add, addDelivery };
}
