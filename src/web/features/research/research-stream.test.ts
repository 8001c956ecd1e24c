import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyNewsResultSchema, RESEARCH_STREAM_TYPE } from '../../../shared/research.ts';
import { keptAs, NO_RESULT_MESSAGE, runResearch, UNEXPECTED_FORMAT_MESSAGE } from './research-stream.ts';

// A stand-in for the research API: each path answers the way one test needs.
type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void | Promise<void>;
const handlers = new Map<string, Handler>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const handler = handlers.get(request.url ?? '');
    if (handler) await handler(request, response, body);
    else response.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const result = {
  keySummary: 'Acme grew.',
  keyFindings: ['Revenue up'],
  sources: [{ url: 'https://news.example.com/a', title: 'A', publisher: 'Example News', publishedAt: '2026-01-02T00:00:00Z' }],
};
const meta = { documents: 3, model: 'test-model', generatedAt: '2026-01-03T10:00:00Z', period: null };

/** Writes the given pieces of the body one after another, with a pause between, as a slow server would. */
function streaming(pieces: string[]): Handler {
  return async (_request, response) => {
    response.writeHead(200, { 'content-type': RESEARCH_STREAM_TYPE });
    for (const piece of pieces) {
      response.write(piece);
      await pause(5);
    }
    response.end();
  };
}

function run(path: string, signal = new AbortController().signal) {
  const stages: string[] = [];
  const outcome = runResearch(`${base}${path}`, { companyName: 'Acme' }, companyNewsResultSchema, {
    signal,
    onStage: (stage, detail) => stages.push(`${stage}: ${detail}`),
  });
  return { stages, outcome };
}

describe('runResearch', () => {
  it('asks for NDJSON, reports each stage, and resolves with the checked result', async () => {
    let seen: { accept?: string; body?: string } = {};
    const events = [
      { type: 'stage', stage: 'retrieve', detail: 'Looking for articles' },
      { type: 'stage', stage: 'analyse', detail: 'Found 14 articles from the last week' },
      { type: 'stage', stage: 'verify', detail: 'Checking 3 sources' },
      { type: 'result', data: result, meta },
    ];
    const text = events.map((event) => `${JSON.stringify(event)}\n`).join('');
    handlers.set('/happy', async (request, response, body) => {
      seen = { accept: request.headers.accept, body };
      // Cut the body at places that are not line ends.
      await streaming([text.slice(0, 10), text.slice(10, 95), text.slice(95, 300), text.slice(300)])(request, response, body);
    });
    const { stages, outcome } = run('/happy');
    expect(await outcome).toEqual({ ok: true, data: result, meta });
    expect(stages).toEqual([
      'retrieve: Looking for articles',
      'analyse: Found 14 articles from the last week',
      'verify: Checking 3 sources',
    ]);
    expect(seen.accept).toBe(RESEARCH_STREAM_TYPE);
    expect(JSON.parse(seen.body ?? '')).toEqual({ companyName: 'Acme' });
  });

  it('keeps the library item the analysis was kept as (issue 27)', async () => {
    handlers.set('/kept', streaming([`${JSON.stringify({ type: 'result', data: result, meta: { ...meta, libraryItemId: 'item-1' } })}\n`]));
    expect(await run('/kept').outcome).toEqual({ ok: true, data: result, meta: { ...meta, libraryItemId: 'item-1' } });
    handlers.set('/not-kept', streaming([`${JSON.stringify({ type: 'result', data: result, meta: { ...meta, libraryItemId: null } })}\n`]));
    const notKept = await run('/not-kept').outcome;
    expect(notKept.ok && keptAs(notKept.meta)).toBeNull();
  });

  it('ends with the error event of a failed analysis', async () => {
    handlers.set(
      '/analysis-error',
      streaming([
        `${JSON.stringify({ type: 'stage', stage: 'retrieve', detail: 'Looking' })}\n`,
        `${JSON.stringify({ type: 'error', error: { code: 'ai_invalid_output', message: 'The AI answer did not fit.' } })}\n`,
      ]),
    );
    const { stages, outcome } = run('/analysis-error');
    expect(await outcome).toEqual({
      ok: false,
      failure: { kind: 'analysis', code: 'ai_invalid_output', message: 'The AI answer did not fit.' },
    });
    expect(stages).toEqual(['retrieve: Looking']);
  });

  it('turns an HTTP error before the analysis into a request failure with the server message', async () => {
    handlers.set('/limited', (_request, response) => {
      response.writeHead(429, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'ai_user_limit', message: 'Too many AI requests. Try again in 40 seconds.' } }));
    });
    expect(await run('/limited').outcome).toEqual({
      ok: false,
      failure: { kind: 'request', status: 429, code: 'ai_user_limit', message: 'Too many AI requests. Try again in 40 seconds.' },
    });
  });

  it('keeps the status of an HTTP error whose body is not JSON', async () => {
    handlers.set('/gateway', (_request, response) => {
      response.writeHead(502, 'Bad Gateway').end('<html>bad gateway</html>');
    });
    expect(await run('/gateway').outcome).toEqual({
      ok: false,
      failure: { kind: 'request', status: 502, code: 'http_502', message: 'Bad Gateway' },
    });
  });

  it('calls a result that does not fit the schema an unexpected format', async () => {
    handlers.set('/bad-result', streaming([`${JSON.stringify({ type: 'result', data: { keySummary: 5 }, meta })}\n`]));
    expect(await run('/bad-result').outcome).toEqual({ ok: false, failure: { kind: 'format', message: UNEXPECTED_FORMAT_MESSAGE } });
  });

  it('calls a line that is not JSON an unexpected format', async () => {
    handlers.set('/not-json', streaming(['<html>\n']));
    expect(await run('/not-json').outcome).toEqual({ ok: false, failure: { kind: 'format', message: UNEXPECTED_FORMAT_MESSAGE } });
  });

  it('fails a stream that ends without a result or an error', async () => {
    handlers.set('/cut-short', streaming([`${JSON.stringify({ type: 'stage', stage: 'retrieve', detail: 'Looking' })}\n`]));
    expect(await run('/cut-short').outcome).toEqual({
      ok: false,
      failure: { kind: 'analysis', code: 'incomplete', message: NO_RESULT_MESSAGE },
    });
  });

  it('rejects with an abort when cancelled, and the server sees the connection close', async () => {
    const closed = new Promise<void>((resolve) => {
      handlers.set('/slow', (_request, response) => {
        response.writeHead(200, { 'content-type': RESEARCH_STREAM_TYPE });
        response.write(`${JSON.stringify({ type: 'stage', stage: 'retrieve', detail: 'Looking' })}\n`);
        response.on('close', () => resolve());
      });
    });
    const controller = new AbortController();
    const { stages, outcome } = run('/slow', controller.signal);
    while (stages.length === 0) await pause(5);
    controller.abort();
    await expect(outcome).rejects.toMatchObject({ name: 'AbortError' });
    await closed;
  });
});
