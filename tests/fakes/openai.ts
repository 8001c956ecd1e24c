// A local AI provider server, so tests exercise the real AI SDK and providers over HTTP: the
// OpenAI chat completions API (POST …/chat/completions, which Perplexity speaks too, with its
// `citations`) and Anthropic's messages API (POST …/messages), non-streaming; a chat completions
// request with `stream: true` is answered in OpenAI's server-sent events, the content in chunks. Answers come from a
// queue of scripted replies when one is queued, else from the handler (a fixture "model" that
// reads the request). Every request is kept, in the chat completions shape, with when it arrived
// and when it was answered (what a benchmark subtracts as the model's time).
import type http from 'node:http';
import { startFakeHttp } from './http.ts';

export type ChatMessage = { role: string; content: string | Array<{ type: string; text?: string }> };
export type ChatRequest = {
  model: string;
  messages: ChatMessage[];
  response_format?: { type: string; json_schema?: { name?: string; schema?: unknown } };
  [key: string]: unknown;
};

export type FakeReply = {
  /** HTTP status; non-2xx answers with an OpenAI-style error body. */
  status?: number;
  headers?: Record<string, string>;
  /** The assistant message's content, as is (may be invalid JSON on purpose). */
  content?: string;
  /** Shorthand for content: JSON.stringify(json). */
  json?: unknown;
  /** Wait this long before answering (latency, or a timeout test). */
  delayMs?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Pages the provider says it read (Perplexity's `citations`). */
  citations?: string[];
  /** A streamed answer (`stream: true`): the content in this many chunks (default 4). */
  chunks?: number;
  /** A streamed answer: wait this long before each chunk. */
  chunkDelayMs?: number;
};

type AnthropicRequest = {
  model: string;
  system?: string | Array<{ type: string; text?: string }>;
  messages: ChatMessage[];
  tools?: Array<{ name: string; input_schema?: unknown }>;
  output_config?: { format?: { schema?: unknown } };
};

/** An Anthropic request in the chat completions shape handlers read; the JSON schema is where the SDK put it. */
function fromAnthropic(body: AnthropicRequest): ChatRequest {
  const schema = body.output_config?.format?.schema ?? body.tools?.find((t) => t.name === 'json')?.input_schema;
  const system = typeof body.system === 'string' ? body.system : (body.system ?? []).map((p) => p.text ?? '').join('');
  return {
    model: body.model,
    messages: [...(system ? [{ role: 'system', content: system }] : []), ...body.messages],
    ...(schema ? { response_format: { type: 'json_schema', json_schema: { schema } } } : {}),
  };
}

/** The answer as Anthropic sends it: a `json` tool call when the SDK asked for one, else text. */
function toAnthropic(
  body: AnthropicRequest,
  model: string,
  content: string,
  usage: { prompt_tokens: number; completion_tokens: number },
  i: number,
) {
  const jsonTool = body.tools?.some((t) => t.name === 'json');
  let input: unknown = null;
  if (jsonTool) {
    try {
      input = JSON.parse(content);
    } catch {
      input = { unparsable: content };
    }
  }
  return {
    id: `msg_fake_${i}`,
    type: 'message',
    role: 'assistant',
    model,
    content: jsonTool ? [{ type: 'tool_use', id: `toolu_fake_${i}`, name: 'json', input }] : [{ type: 'text', text: content }],
    stop_reason: jsonTool ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: usage.prompt_tokens, output_tokens: usage.completion_tokens },
  };
}

/** Splits `content` into `count` pieces of about equal length (at least one character each). */
function splitContent(content: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(content.length / count));
  const pieces: string[] = [];
  for (let i = 0; i < content.length; i += size) pieces.push(content.slice(i, i + size));
  return pieces.length ? pieces : [''];
}

/** A chat completion as OpenAI streams it: a role chunk, content chunks, the finish (with usage when asked for), [DONE]. */
async function streamCompletion(
  res: http.ServerResponse,
  answer: {
    request: ChatRequest;
    content: string;
    usage: { prompt_tokens: number; completion_tokens: number };
    callIndex: number;
    reply: FakeReply;
  },
) {
  const { request, content, usage, callIndex, reply } = answer;
  const base = {
    id: `chatcmpl-fake-${callIndex}`,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: request.model,
  };
  const send = (chunk: object) => res.write(`data: ${JSON.stringify({ ...base, ...chunk })}\n\n`);
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...reply.headers });
  send({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  for (const piece of splitContent(content, reply.chunks ?? 4)) {
    if (reply.chunkDelayMs) await new Promise((r) => setTimeout(r, reply.chunkDelayMs));
    if (res.destroyed) return;
    send({ choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
  }
  send({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  // As OpenAI does: the usage only when asked for, in a last chunk of its own with no choices.
  const includeUsage = (request.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
  if (includeUsage) send({ choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } });
  res.end('data: [DONE]\n\n');
}

/** When the fake had a request in full, and when its answer was handed to the socket (performance.now()). */
export type FakeCallTiming = { receivedAt: number; answeredAt?: number };

export type FakeHandler = (request: ChatRequest, callIndex: number) => FakeReply | Promise<FakeReply>;

/** The text of every message of a request, joined: what fixture handlers match on. */
export const requestText = (request: ChatRequest) =>
  request.messages.map((m) => (typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join(''))).join('\n');

export async function startFakeOpenAi(options: { handler?: FakeHandler; port?: number } = {}) {
  const requests: ChatRequest[] = [];
  // Per request, like `requests`: the model's own time is answeredAt − receivedAt (benchmarks subtract it).
  const timings: FakeCallTiming[] = [];
  const queue: FakeReply[] = [];
  let handler: FakeHandler = options.handler ?? (() => ({ status: 500, content: 'no reply scripted' }));
  const open = new Set<http.ServerResponse>();

  const fake = await startFakeHttp((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const anthropic = req.url?.endsWith('/messages') ?? false;
      if (req.method !== 'POST' || !(req.url?.endsWith('/chat/completions') || anthropic)) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const timing: FakeCallTiming = { receivedAt: performance.now() };
      res.on('finish', () => {
        timing.answeredAt = performance.now();
      });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const request = anthropic ? fromAnthropic(body) : (body as ChatRequest);
      requests.push(request);
      timings.push(timing);
      const callIndex = requests.length - 1;
      let reply: FakeReply;
      try {
        reply = queue.shift() ?? (await handler(request, callIndex));
      } catch (err) {
        reply = { status: 500, content: String(err) };
      }
      open.add(res);
      res.on('close', () => open.delete(res));
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (res.destroyed) return;
      const status = reply.status ?? 200;
      const headers = { 'content-type': 'application/json', ...reply.headers };
      if (status >= 400) {
        const message = reply.content ?? `error ${status}`;
        const error = anthropic ? { type: 'error', error: { type: 'api_error', message } } : { error: { message, type: 'fake_error' } };
        res.writeHead(status, headers).end(JSON.stringify(error));
        return;
      }
      const content = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.content ?? '');
      const usage = reply.usage ?? {
        prompt_tokens: Math.ceil(requestText(request).length / 4),
        completion_tokens: Math.ceil(content.length / 4),
      };
      if (anthropic) {
        res.writeHead(status, headers).end(JSON.stringify(toAnthropic(body, request.model, content, usage, callIndex)));
        return;
      }
      if (body.stream === true) {
        await streamCompletion(res, { request, content, usage, callIndex, reply });
        return;
      }
      res.writeHead(status, headers).end(
        JSON.stringify({
          id: `chatcmpl-fake-${callIndex}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: request.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          ...(reply.citations ? { citations: reply.citations } : {}),
        }),
      );
    });
  }, options.port);
  return {
    port: fake.port,
    /** The base URL to configure as AI_BASE_URL. */
    url: `${fake.url}/v1`,
    requests,
    timings,
    /** Replies used, in order, before the handler is asked again. */
    script: (...replies: FakeReply[]) => queue.push(...replies),
    setHandler: (next: FakeHandler) => {
      handler = next;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      timings.length = 0;
    },
    stop: () => {
      for (const res of open) res.destroy();
      return fake.stop();
    },
  };
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
