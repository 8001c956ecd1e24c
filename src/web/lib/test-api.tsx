// For component tests of a screen's section: the section against a fake API (answers by
// "METHOD path", each request recorded), with the Toaster.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { vi } from 'vitest';

export type Answer = { status: number; body?: unknown };

/** Renders `ui`; a request without an answer is a 404. `pending` requests never get one (the loading state). */
export function renderWithApi(ui: ReactNode, answers: Record<string, Answer | (() => Answer) | 'pending'>) {
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const request = `${init.method ?? 'GET'} ${String(input)}`;
    requests.push(request);
    const found = answers[request];
    if (found === 'pending') return new Promise<Response>(() => {});
    const answer =
      typeof found === 'function' ? found() : (found ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { requests };
}

export const ok = (body: unknown): Answer => ({ status: 200, body });
export const failure = (status: number, code: string, message: string): Answer => ({ status, body: { error: { code, message } } });
