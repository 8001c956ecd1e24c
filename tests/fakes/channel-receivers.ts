// Local stand-ins for where channels deliver (issue 29): a Slack incoming webhook, a Teams Workflows
// trigger and a generic webhook endpoint, on loopback. Each answers as its service does — Slack 200
// "ok" (or its error words: 400 invalid_payload, 404 no_service, 429 with Retry-After, 500), Teams
// 202 Accepted, the webhook 2xx once the Standard Webhooks signature verifies (the spec's reference
// library, as a real receiver would) — and can be told to fail the next N requests, to answer one
// way until told otherwise, to redirect (307) elsewhere, or to go away and come back on its port.
import type http from 'node:http';
import { Webhook } from 'standardwebhooks';
import { type FakeHttp, startFakeHttp } from './http.ts';

export type ReceiverAnswer = { status: number; body?: string; headers?: Record<string, string> };
export type ReceivedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

export type ChannelReceiver = {
  /** The address a channel is given (with the service's path shape). */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Every request, in order. */
  requests: ReceivedRequest[];
  /** The next `n` requests get `answer`, then the receiver answers normally again. */
  failNext(n: number, answer: ReceiverAnswer): void;
  /** Every request gets `answer` (null: answer normally again). */
  always(answer: ReceiverAnswer | null): void;
  /** Every request is sent on with 307 to `url` (null: no more). */
  redirectTo(url: string | null): void;
  /** Stops listening (the port refuses connections) until `start`. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  reset(): void;
};

type Normal = (request: ReceivedRequest) => ReceiverAnswer;

async function startReceiver(path: string, normal: Normal): Promise<ChannelReceiver & { server: () => FakeHttp }> {
  let queued: ReceiverAnswer[] = [];
  let fixed: ReceiverAnswer | null = null;
  let redirect: string | null = null;
  const requests: ReceivedRequest[] = [];
  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      const answer: ReceiverAnswer = redirect
        ? { status: 307, headers: { location: redirect } }
        : (queued.shift() ?? fixed ?? normal(request));
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers }).end(answer.body ?? '');
    });
  };
  let fake = await startFakeHttp(handler);
  const port = fake.port;
  const base = fake.url;
  return {
    url: `${base}${path}`,
    host: new URL(base).host,
    port,
    requests,
    server: () => fake,
    failNext(n, answer) {
      queued = [...queued, ...Array.from({ length: n }, () => answer)];
    },
    always(answer) {
      fixed = answer;
    },
    redirectTo(url) {
      redirect = url;
    },
    async stop() {
      // Keep-alive connections the sender holds are cut too: the port must refuse, not answer on an old socket.
      fake.server.closeAllConnections();
      await fake.stop();
    },
    async start() {
      fake = await startFakeHttp(handler, port);
    },
    reset() {
      queued = [];
      fixed = null;
      redirect = null;
      requests.length = 0;
    },
  };
}

const parse = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
};

/** A Slack incoming webhook: 200 "ok" for a message Slack would take, its error words otherwise. */
export async function startSlackReceiver() {
  return startReceiver('/services/T0FAKE001/B0FAKE001/abcdEFGHijklMNOP1234', (request) => {
    const message = parse(request.body) as { text?: unknown; blocks?: unknown[] } | null;
    if (!message || (typeof message.text !== 'string' && !Array.isArray(message.blocks))) return { status: 400, body: 'invalid_payload' };
    if (Array.isArray(message.blocks) && message.blocks.length > 50) return { status: 400, body: 'invalid_blocks' };
    return { status: 200, body: 'ok' };
  });
}

/** The answers Slack gives when a webhook cannot post (api.slack.com/messaging/webhooks#handling_errors). */
export const slackAnswers = {
  noService: { status: 404, body: 'no_service' },
  invalidToken: { status: 403, body: 'invalid_token' },
  archived: { status: 410, body: 'channel_is_archived' },
  invalidPayload: { status: 400, body: 'invalid_payload' },
  rateLimited: (seconds: number) => ({ status: 429, body: 'rate_limited', headers: { 'retry-after': String(seconds) } }),
  serverError: { status: 500, body: 'rollup_error' },
} satisfies Record<string, ReceiverAnswer | ((n: number) => ReceiverAnswer)>;

/** A Teams Workflows trigger ("When a Teams webhook request is received"): 202 Accepted for an Adaptive Card message. */
export async function startTeamsReceiver() {
  return startReceiver('/workflows/0fake0workflow0/triggers/manual/paths/invoke?api-version=1&sig=fakeSignature', (request) => {
    const message = parse(request.body) as { type?: string; attachments?: { contentType?: string }[] } | null;
    if (message?.type !== 'message' || message.attachments?.[0]?.contentType !== 'application/vnd.microsoft.card.adaptive')
      return { status: 400, body: '{"error":{"code":"InvalidRequestContent"}}' };
    return { status: 202 };
  });
}

/**
 * A generic webhook endpoint that verifies each request with the Standard Webhooks reference library
 * (401 when it does not verify) and remembers the ids it accepted: `accepted` counts each webhook-id
 * answered 2xx, so "exactly once" is one entry per id.
 */
export async function startWebhookReceiver(secret: string) {
  const accepted: string[] = [];
  const payloads: unknown[] = [];
  let key = secret;
  const receiver = await startReceiver('/hooks/enterprise-os', (request) => {
    try {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      payloads.push(new Webhook(key).verify(request.body, headers));
      accepted.push(headers['webhook-id']!);
      return { status: 204 };
    } catch {
      return { status: 401, body: 'signature does not verify' };
    }
  });
  const resetReceiver = receiver.reset;
  return Object.assign(receiver, {
    accepted,
    payloads,
    reset() {
      resetReceiver();
      accepted.length = 0;
      payloads.length = 0;
      key = secret;
    },
    setSecret(next: string) {
      key = next;
    },
  });
}
