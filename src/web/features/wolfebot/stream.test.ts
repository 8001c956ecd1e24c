import { afterEach, describe, expect, it, vi } from 'vitest';
import { type WolfebotEvent, wolfebotPaths } from '../../../shared/wolfebot.ts';
import { UNREACHABLE_MESSAGE } from '../../lib/ndjson.ts';
import { bodyInPieces } from '../../lib/test-streams.ts';
import { askWolfebot } from './stream.ts';

afterEach(() => vi.unstubAllGlobals());

const user = { id: 'q', role: 'user', text: 'Hi', status: 'complete', citations: [], actions: [], createdAt: 'x' };
const assistant = { ...user, id: 'a', role: 'assistant', text: '', status: 'streaming' };

function answerWith(response: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return response();
  });
  return calls;
}

const lines = (...events: unknown[]) => events.map((e) => `${JSON.stringify(e)}\n`);

describe('askWolfebot', () => {
  it('posts the question asking for NDJSON and hands over each event as it arrives', async () => {
    const calls = answerWith(
      () =>
        new Response(
          bodyInPieces(
            lines(
              { type: 'message', message: user },
              { type: 'message', message: assistant },
              { type: 'delta', text: 'Hel' },
              { type: 'unknown' },
              { type: 'delta', text: 'lo' },
              { type: 'done', message: { ...assistant, text: 'Hello', status: 'complete' } },
            ),
          ).stream,
          { status: 200 },
        ),
    );
    const events: WolfebotEvent[] = [];
    const outcome = await askWolfebot('c1', 'Hi', { signal: new AbortController().signal, onEvent: (e) => events.push(e) });
    expect(outcome).toEqual({ ok: true, ended: true });
    expect(events.map((e) => e.type)).toEqual(['message', 'message', 'delta', 'delta', 'done']);
    expect(calls[0]!.url).toBe(wolfebotPaths.messages('c1'));
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ text: 'Hi' });
    expect((calls[0]!.init.headers as Record<string, string>).accept).toBe('application/x-ndjson');
  });

  it("resolves with the server's refusal before the answer starts", async () => {
    answerWith(
      () =>
        new Response(JSON.stringify({ error: { code: 'ai_user_limit', message: 'You have asked a lot this hour.' } }), {
          status: 429,
        }),
    );
    const outcome = await askWolfebot('c1', 'Hi', { signal: new AbortController().signal, onEvent: () => {} });
    expect(outcome).toEqual({ ok: false, refusal: { status: 429, code: 'ai_user_limit', message: 'You have asked a lot this hour.' } });
  });

  it('says the server could not be reached, and that a stream cut short did not end', async () => {
    answerWith(() => Promise.reject(new TypeError('network down')));
    expect(await askWolfebot('c1', 'Hi', { signal: new AbortController().signal, onEvent: () => {} })).toEqual({
      ok: false,
      refusal: { status: 0, code: 'network', message: UNREACHABLE_MESSAGE },
    });
    answerWith(() => new Response(bodyInPieces(lines({ type: 'message', message: user })).stream, { status: 200 }));
    expect(await askWolfebot('c1', 'Hi', { signal: new AbortController().signal, onEvent: () => {} })).toEqual({ ok: true, ended: false });
  });

  it('rejects when the page leaves (aborted), which the caller ignores', async () => {
    const controller = new AbortController();
    answerWith(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    await expect(askWolfebot('c1', 'Hi', { signal: controller.signal, onEvent: () => {} })).rejects.toThrow('aborted');
  });
});
