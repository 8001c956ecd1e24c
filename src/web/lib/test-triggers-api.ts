// A fake /api/triggers over an in-memory map, for the component tests of the alert cards' "As it
// happens": it answers as the server does (the schema's refusals with the shared messages, off as
// the default kinds), records the requests it got, and can be told to refuse or never answer.
import { vi } from 'vitest';
import * as z from 'zod/mini';
import { DEFAULT_TRIGGER_KINDS, TRIGGER_KINDS, type TriggerKind, triggerSubscriptionSchema } from '../../shared/triggers.ts';

type Json = Record<string, unknown> | null;
type Answer = { status: number; body: unknown };

export function fakeTriggersApi() {
  /** 'news/<id>' → the kinds of an alert that is on; absent: off. */
  const subscriptions = new Map<string, TriggerKind[]>();
  const requests: { method: string; path: string; body: Json }[] = [];
  /** The next answer to a method, instead of the fake's own ('pending': none ever). */
  const overrides = new Map<string, Answer | 'pending'>();

  const refusal = (status: number, code: string, message: string): Answer => ({ status, body: { error: { code, message } } });
  const state = (key: string) => {
    const kinds = subscriptions.get(key);
    return { subscription: kinds ? { enabled: true, kinds } : { enabled: false, kinds: [...DEFAULT_TRIGGER_KINDS] } };
  };

  function handle(method: string, path: string, body: Json): Answer {
    const match = path.match(/^\/api\/triggers\/alerts\/([^/]+)\/([^/]+)$/);
    if (!match) return refusal(404, 'not_found', 'Not found');
    const key = `${match[1]}/${decodeURIComponent(match[2]!)}`;
    if (method === 'GET') return { status: 200, body: state(key) };
    if (method !== 'PUT') return refusal(404, 'not_found', 'Not found');
    const parsed = z.safeParse(triggerSubscriptionSchema, body);
    if (!parsed.success) return refusal(400, 'validation', parsed.error.issues[0]!.message);
    if (parsed.data.enabled)
      subscriptions.set(
        key,
        TRIGGER_KINDS.filter((kind) => parsed.data.kinds.includes(kind)),
      );
    else subscriptions.delete(key);
    return { status: 200, body: state(key) };
  }

  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input);
    const body = init.body ? (JSON.parse(String(init.body)) as Json) : null;
    requests.push({ method, path, body });
    const override = overrides.get(method);
    overrides.delete(method);
    if (override === 'pending') return new Promise<Response>(() => {});
    const answer = override ?? handle(method, path, body);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });

  return {
    subscriptions,
    requests,
    /** The next `method` request gets `answer` (or, 'pending', no answer at all). */
    answerNext: (method: 'GET' | 'PUT', answer: Answer | 'pending') => overrides.set(method, answer),
    refusal,
  };
}
