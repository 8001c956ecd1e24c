// The Wolfebot page against a fake API, for the page's tests: answers by 'METHOD /path' (a JSON
// body, or a streamed NDJSON answer written piece by piece), every request recorded.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Citation, Conversation, Message, WolfebotEvent } from '../../../shared/wolfebot.ts';
import { WolfebotPage } from './wolfebot-page.tsx';

export type FakeAnswer = { status: number; body?: unknown } | { stream: ReadableStream<Uint8Array> };
export type FakeRequest = { method: string; path: string; body: unknown };
type Answers = Record<string, FakeAnswer | ((request: FakeRequest) => FakeAnswer)>;

export const USER_ID = 'user-1';

export function fakeApi(answers: Answers) {
  const requests: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input);
    const request = { method, path, body: init.body ? JSON.parse(String(init.body)) : null };
    requests.push(request);
    const all: Answers = {
      'GET /api/profile/current': { status: 200, body: { profile: { id: USER_ID, email: 'dana@example.com' } } },
      ...answers,
    };
    const found = all[`${method} ${path}`];
    const answer =
      typeof found === 'function'
        ? found(request)
        : (found ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    if ('stream' in answer) return new Response(answer.stream, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
  });
  return requests;
}

/** An NDJSON body the test writes to event by event (`send`), and ends (`end`). */
export function ndjsonStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    stream,
    send: (event: WolfebotEvent) => controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`)),
    end: () => controller.close(),
  };
}

export function renderPage(path = '/wolfebot') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/wolfebot', element: <WolfebotPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}

export const conversation = (id: string, title: string): Conversation => ({
  id,
  title,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
});

export const message = (id: string, role: Message['role'], text: string, more: Partial<Message> = {}): Message => ({
  id,
  role,
  text,
  status: 'complete',
  citations: [],
  actions: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  ...more,
});

export const libraryCitation: Citation = {
  n: 1,
  title: 'Acme Robotics opens Toledo plant',
  url: '/library/item-1',
  kind: 'library',
  libraryItemId: 'item-1',
};
export const newsCitation: Citation = { n: 2, title: 'Acme hires 400', url: 'https://news.example.com/acme', kind: 'news' };

/** A checked answer: one sentence cited, one uncited (greyed), one not factual. */
export const citedAnswer = (id: string) =>
  message(id, 'assistant', 'Acme Robotics opened a plant in Toledo [1]. It will double revenue. Want talking points?', {
    citations: [libraryCitation],
    sentences: [
      { text: 'Acme Robotics opened a plant in Toledo [1].', cites: [1], verdict: 'supported' },
      { text: 'It will double revenue.', cites: [], verdict: 'uncited' },
      { text: 'Want talking points?', cites: [], verdict: 'not_factual' },
    ],
    statements: { sourced: 1, total: 2, dropped: 0 },
  });

export const AI_ON = { status: 200, body: { ai: { configured: true, model: 'test-model' } } };
export const NOT_CONFIGURED = 'AI is not configured on this server.';
export const AI_OFF = { status: 200, body: { ai: { configured: false, message: NOT_CONFIGURED } } };
