// A fake /api/triggers over in-memory state, for the component tests of the alert cards' "As it
// happens" and the channels page's trigger settings: it answers as the server does (the schema's
// refusals with the shared messages and their fields, off as the default kinds, no settings saved as
// the defaults), records the requests it got, and can be told to refuse or never answer. Any other
// path goes to the fetch stubbed before it (another fake), so the two can serve one page.
import { vi } from 'vitest';
import * as z from 'zod/mini';
import {
  DEFAULT_TRIGGER_KINDS,
  DEFAULT_TRIGGER_SETTINGS,
  TRIGGER_KINDS,
  type TriggerKind,
  type TriggerSettings,
  triggerSettingsSchema,
  triggerSubscriptionSchema,
} from '../../shared/triggers.ts';

type Json = Record<string, unknown> | null;
type Answer = { status: number; body: unknown };

export function fakeTriggersApi() {
  /** 'news/<id>' → the kinds of an alert that is on; absent: off. */
  const subscriptions = new Map<string, TriggerKind[]>();
  /** The user's saved settings; null: never saved (the defaults are answered). */
  const settings: { saved: TriggerSettings | null } = { saved: null };
  const requests: { method: string; path: string; body: Json }[] = [];
  /** The next answer to a method, instead of the fake's own ('pending': none ever). */
  const overrides = new Map<string, Answer | 'pending'>();

  const refusal = (status: number, code: string, message: string, fields?: Record<string, string>): Answer => ({
    status,
    body: { error: { code, message, fields } },
  });
  const invalid = (issues: z.core.$ZodIssue[]) => {
    const fields: Record<string, string> = {};
    for (const issue of issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    return refusal(400, 'validation', issues[0]!.message, fields);
  };

  function handleSettings(method: string, body: Json): Answer {
    if (method === 'PUT') {
      const parsed = z.safeParse(triggerSettingsSchema, body);
      if (!parsed.success) return invalid(parsed.error.issues);
      settings.saved = { ...parsed.data, urgentKinds: TRIGGER_KINDS.filter((kind) => parsed.data.urgentKinds.includes(kind)) };
    } else if (method !== 'GET') return refusal(404, 'not_found', 'Not found');
    return { status: 200, body: { settings: structuredClone(settings.saved ?? DEFAULT_TRIGGER_SETTINGS), saved: settings.saved !== null } };
  }
  const state = (key: string) => {
    const kinds = subscriptions.get(key);
    return { subscription: kinds ? { enabled: true, kinds } : { enabled: false, kinds: [...DEFAULT_TRIGGER_KINDS] } };
  };

  function handle(method: string, path: string, body: Json): Answer {
    if (path === '/api/triggers/settings') return handleSettings(method, body);
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

  const other = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input);
    if (!path.startsWith('/api/triggers/')) return other(input, init);
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
    settings,
    requests,
    /** The next `method` request gets `answer` (or, 'pending', no answer at all). */
    answerNext: (method: 'GET' | 'PUT', answer: Answer | 'pending') => overrides.set(method, answer),
    refusal,
  };
}
