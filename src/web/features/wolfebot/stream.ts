// One question to Wolfebot over HTTP: POST it, then read the answer's NDJSON events as they arrive
// (both new messages, the text in pieces, the finished or failed answer). The server generates the
// answer detached from this request, so a reader that stops early loses nothing: the stored answer
// is read again with GET conversation.
import type { ApiError } from '../../../shared/schemas.ts';
import { WOLFEBOT_STREAM_TYPE, type WolfebotEvent, wolfebotPaths } from '../../../shared/wolfebot.ts';
import { readNdjson, UNREACHABLE_MESSAGE } from '../../lib/ndjson.ts';

/** A line the page can use: one of the four event types with the fields it reads. */
export function isWolfebotEvent(value: unknown): value is WolfebotEvent {
  if (!value || typeof value !== 'object') return false;
  const event = value as Record<string, unknown>;
  switch (event.type) {
    case 'message':
    case 'done':
      return !!event.message && typeof event.message === 'object' && typeof (event.message as { id?: unknown }).id === 'string';
    case 'delta':
      return typeof event.text === 'string';
    case 'error':
      return !!event.error && typeof (event.error as { message?: unknown }).message === 'string';
    default:
      return false;
  }
}

/** Why a question was not taken: the server's refusal (HTTP status and its error), or no answer at all. */
export type AskRefusal = { status: number; code: string; message: string };

export type AskOutcome =
  /** The answer's events were read to their end (or the stream broke off: `ended` false). */
  { ok: true; ended: boolean } | { ok: false; refusal: AskRefusal };

/**
 * Asks `text` in conversation `conversationId`, handing each event to `onEvent` as it arrives.
 * Resolves with the refusal when the server refused before answering; rejects only when `signal`
 * aborts (the page left), which the caller ignores.
 */
export async function askWolfebot(
  conversationId: string,
  text: string,
  options: { signal: AbortSignal; onEvent: (event: WolfebotEvent) => void },
): Promise<AskOutcome> {
  let response: Response;
  try {
    response = await fetch(wolfebotPaths.messages(conversationId), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: WOLFEBOT_STREAM_TYPE },
      body: JSON.stringify({ text }),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    if (options.signal.aborted) throw err;
    return { ok: false, refusal: { status: 0, code: 'network', message: UNREACHABLE_MESSAGE } };
  }
  if (!response.ok) return { ok: false, refusal: await refusalOf(response) };
  if (!response.body) return { ok: true, ended: false };
  let ended = false;
  try {
    for await (const line of readNdjson(response.body)) {
      if (!isWolfebotEvent(line)) continue;
      options.onEvent(line);
      if (line.type === 'done' || line.type === 'error') ended = true;
    }
  } catch (err) {
    if (options.signal.aborted) throw err;
    // A dropped connection or a broken line: the stored answer tells how it ended.
    return { ok: true, ended: false };
  }
  return { ok: true, ended };
}

async function refusalOf(response: Response): Promise<AskRefusal> {
  let error: Partial<ApiError['error']> | undefined;
  try {
    error = ((await response.json()) as ApiError | null)?.error;
  } catch {
    error = undefined;
  }
  return {
    status: response.status,
    code: error?.code ?? `http_${response.status}`,
    message: error?.message || response.statusText || 'Request failed',
  };
}
