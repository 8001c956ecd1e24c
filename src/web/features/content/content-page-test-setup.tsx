// The /content-os screen under test, shared by its content-page-*.test.tsx files: our API as a
// stubbed fetch, sample data, the page rendered with a profile, the form helpers, and what every
// test starts and ends with (importing this file registers the beforeEach and afterEach below).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { CONTENT_API, CONTENT_TOAST_MS, type ContentStatus } from '../../../shared/content.ts';
import type { Profile } from '../../../shared/schemas.ts';
import { sessionQueryKey } from '../../lib/session.ts';
import { contentStatusKey } from './api.ts';
import { ContentOsPage } from './content-page.tsx';
import { sampleCtaOptions } from './test-data.ts';

type Reply = { status?: number; json: unknown };
type Body = Record<string, unknown> | null;
export type Route = (body: Body) => Reply | Promise<Reply>;
export let calls: { path: string; body: Body; signal?: AbortSignal }[] = [];

/**
 * Our API as the page sees it: each path answered by its route; anything else is a 404. Like the
 * real fetch, an aborted signal rejects with an AbortError at once, however long the route takes.
 */
export function stubApi(routes: Record<string, Route>) {
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    const signal = init?.signal ?? undefined;
    calls.push({ path, body, signal });
    const route = routes[path];
    const answer = route ? route(body) : { status: 404, json: { error: { code: 'not_found', message: 'Not found' } } };
    const reply = await new Promise<Reply>((resolve, reject) => {
      const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      Promise.resolve(answer).then(resolve, reject);
    });
    return new Response(JSON.stringify(reply.json), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
}
export const bodiesOf = (path: string) => calls.filter((call) => call.path === path).map((call) => call.body);

/** A reply the test releases when it wants, to look at the page while a call is pending. */
export function deferred() {
  let release: (reply: Reply) => void = () => {};
  const promise = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { route: () => promise, release };
}

export const profile: Profile = {
  id: 'u1',
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  linkedinProfileUrl: null,
  phone: null,
  jobTitle: 'Head of Sales',
  companyName: 'Acme',
  solutionType: 'Route planning',
  solutionDescription: null,
  targetIndustries: ['Retail', 'Logistics'],
  primaryValueProp: 'Fewer empty miles',
  alertsEmail: null,
  profileCompleted: true,
  posthogEnabled: false,
};
export const ready: ContentStatus = { configured: true, model: 'test-model' };

export const statsA = [
  { statistic: '42% of retailers <b>cut</b> routes', source: 'https://www.news.example.com/a', publisher: 'Example News' },
  { statistic: 'Fuel costs rose 8%', source: 'https://trade.example.org/fuel', publisher: null },
  { statistic: 'Bad link 3%', source: 'javascript:alert(1)', publisher: null },
];
export const statsB = [{ statistic: 'Empty miles fell 12%', source: 'https://b.example.com/miles', publisher: 'B Daily' }];
export const ctaOptions = sampleCtaOptions;
export const draftText = 'The hook line\n\nSecond paragraph <script>x</script>\n\nThird paragraph';

export function renderPage({
  url = '/content-os',
  // 'loading': the profile is fetched from the stubbed API (undefined would mean the default).
  session = profile as Profile | null | 'loading',
  status = ready as ContentStatus | undefined,
} = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  if (session !== 'loading') queryClient.setQueryData(sessionQueryKey, session);
  if (status) queryClient.setQueryData(contentStatusKey, status);
  const router = createMemoryRouter([{ path: '*', element: <ContentOsPage /> }], { initialEntries: [url] });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

export const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
export const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
export const click = (name: string | RegExp) => act(async () => fireEvent.click(button(name)));
export const fillForm = () => {
  type('Hook Category', 'Market Trend');
  type('Who', 'Retail ops leaders');
  type('What', 'Route planning');
  type('Why', 'Fewer empty miles');
};

export const hooksReply = {
  json: { hooks: ['1. First hook for retail', '2) Second <img src=x onerror=alert(1)> hook', '   ', '- Third hook'] },
};
export const draftReply = { json: { content: draftText, ctaOptions } };

/** Fills the form, generates hooks and picks the first one: the draft is on screen. */
export async function toDraft(routes: Record<string, Route> = {}) {
  stubApi({ [CONTENT_API.generateHooks]: () => hooksReply, [CONTENT_API.postBuilder]: () => draftReply, ...routes });
  renderPage();
  fillForm();
  await click('Generate Hooks');
  await screen.findByRole('heading', { name: 'Generated Hooks' });
  await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Use This Hook' })[0]!));
  await screen.findByRole('heading', { name: 'Your Draft' });
}

export let scrollIntoView: ReturnType<typeof vi.fn>;
export let scrollTo: ReturnType<typeof vi.fn>;
/** Every toast the screen raised in a test: spied on (still shown) so the duration can be checked. */
export let toastSpies: ReturnType<typeof vi.spyOn>[] = [];
beforeEach(() => {
  scrollIntoView = vi.fn();
  scrollTo = vi.fn();
  Element.prototype.scrollIntoView = scrollIntoView as never;
  window.scrollTo = scrollTo as never;
  toastSpies = (['success', 'info', 'error', 'warning', 'message'] as const).map((kind) => vi.spyOn(toast, kind));
});
afterEach(() => {
  // Spec 02 §9: every toast on the content screen lasts 1.5 s, whichever test raised it.
  const toasts = toastSpies.flatMap((spy) => spy.mock.calls as [unknown, { duration?: number } | undefined][]);
  const wrong = toasts.filter(([, options]) => options?.duration !== CONTENT_TOAST_MS).map(([title]) => title);
  vi.restoreAllMocks();
  // Sonner keeps toasts in a module-wide store and replays them into the next test's Toaster.
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  calls = [];
  localStorage.clear();
  // The screen keeps its work for the tab: each test starts with none.
  sessionStorage.clear();
  // Last, so a failure here still leaves the next test a clean page.
  expect(wrong, 'toasts without duration CONTENT_TOAST_MS').toEqual([]);
});
