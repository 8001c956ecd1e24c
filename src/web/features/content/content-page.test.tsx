// @vitest-environment jsdom
// The /content-os screen against a stubbed fetch standing in for our API: what is sent, what is
// shown and toasted, for the form, stats, hooks, the draft, CTA, copy, edits and modifications.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_API, CONTENT_TOAST_MS, type ContentStatus, contentMessages, HOOK_CATEGORIES } from '../../../shared/content.ts';
import { messages } from '../../../shared/messages.ts';
import type { Profile } from '../../../shared/schemas.ts';
import { NAVIGATION_GUIDE_KEY, RESET_EVENT } from '../../lib/navigation-guide.ts';
import { sessionQueryKey } from '../../lib/session.ts';
import { contentStatusKey } from './api.ts';
import { ContentOsPage } from './content-page.tsx';
import { loadSnapshot, saveSnapshot, snapshotKey } from './session-store.ts';
import { sampleCtaOptions } from './test-data.ts';
import { useContentCreation } from './use-content-creation.ts';

type Reply = { status?: number; json: unknown };
type Body = Record<string, unknown> | null;
type Route = (body: Body) => Reply | Promise<Reply>;
let calls: { path: string; body: Body; signal?: AbortSignal }[] = [];

/**
 * Our API as the page sees it: each path answered by its route; anything else is a 404. Like the
 * real fetch, an aborted signal rejects with an AbortError at once, however long the route takes.
 */
function stubApi(routes: Record<string, Route>) {
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
const bodiesOf = (path: string) => calls.filter((call) => call.path === path).map((call) => call.body);

/** A reply the test releases when it wants, to look at the page while a call is pending. */
function deferred() {
  let release: (reply: Reply) => void = () => {};
  const promise = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { route: () => promise, release };
}

const profile: Profile = {
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
const ready: ContentStatus = { configured: true, model: 'test-model' };

const statsA = [
  { statistic: '42% of retailers <b>cut</b> routes', source: 'https://www.news.example.com/a', publisher: 'Example News' },
  { statistic: 'Fuel costs rose 8%', source: 'https://trade.example.org/fuel', publisher: null },
  { statistic: 'Bad link 3%', source: 'javascript:alert(1)', publisher: null },
];
const statsB = [{ statistic: 'Empty miles fell 12%', source: 'https://b.example.com/miles', publisher: 'B Daily' }];
const ctaOptions = sampleCtaOptions;
const draftText = 'The hook line\n\nSecond paragraph <script>x</script>\n\nThird paragraph';

function renderPage({
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

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const click = (name: string | RegExp) => act(async () => fireEvent.click(button(name)));
const fillForm = () => {
  type('Hook Category', 'Market Trend');
  type('Who', 'Retail ops leaders');
  type('What', 'Route planning');
  type('Why', 'Fewer empty miles');
};

const hooksReply = { json: { hooks: ['1. First hook for retail', '2) Second <img src=x onerror=alert(1)> hook', '   ', '- Third hook'] } };
const draftReply = { json: { content: draftText, ctaOptions } };

/** Fills the form, generates hooks and picks the first one: the draft is on screen. */
async function toDraft(routes: Record<string, Route> = {}) {
  stubApi({ [CONTENT_API.generateHooks]: () => hooksReply, [CONTENT_API.postBuilder]: () => draftReply, ...routes });
  renderPage();
  fillForm();
  await click('Generate Hooks');
  await screen.findByRole('heading', { name: 'Generated Hooks' });
  await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Use This Hook' })[0]!));
  await screen.findByRole('heading', { name: 'Your Draft' });
}

/**
 * The screen only offers hooks that exist; a click arriving for one no longer listed is the
 * selection handler's own failure, which nothing on screen can produce on purpose.
 */
function StaleClick() {
  const { hooks } = useContentCreation();
  return (
    <button type="button" onClick={() => void hooks.select(3)}>
      Stale hook
    </button>
  );
}

let scrollIntoView: ReturnType<typeof vi.fn>;
let scrollTo: ReturnType<typeof vi.fn>;
/** Every toast the screen raised in a test: spied on (still shown) so the duration can be checked. */
let toastSpies: ReturnType<typeof vi.spyOn>[] = [];
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

describe('the form', () => {
  it('has the header, the Navigation guide button, and the labelled fields with the 11 categories', async () => {
    stubApi({});
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Content OS' })).toBeTruthy();
    expect(screen.getByText('Generate LinkedIn content')).toBeTruthy();
    const category = input('Hook Category') as unknown as HTMLSelectElement;
    expect([...category.options].map((o) => o.textContent)).toEqual(['Select a hook category', ...HOOK_CATEGORIES]);
    expect(category.value).toBe('');
    for (const label of ['Who', 'What', 'Why']) expect(input(label).maxLength).toBe(500);
    expect(screen.getByText(/^Your audience/)).toBeTruthy();
    expect(screen.getByText(/^Your solution/)).toBeTruthy();
    expect(screen.getByText(/^Your value proposition/)).toBeTruthy();
    expect(button('Generate Hooks').type).toBe('submit');

    localStorage.setItem(NAVIGATION_GUIDE_KEY, 'true');
    const reopened = vi.fn();
    window.addEventListener(RESET_EVENT, reopened);
    fireEvent.click(button('Navigation guide'));
    window.removeEventListener(RESET_EVENT, reopened);
    expect(localStorage.getItem(NAVIGATION_GUIDE_KEY)).toBeNull();
    expect(reopened).toHaveBeenCalledOnce();
  });

  it('prefills from the profile, with ?who= ?what= ?why= taking precedence', () => {
    stubApi({});
    renderPage({ url: '/content-os?what=Fleet%20software&why=' });
    expect(input('Who').value).toBe('Retail, Logistics');
    expect(input('What').value).toBe('Fleet software');
    expect(input('Why').value).toBe('Fewer empty miles');
  });

  it('keeps what the user typed when the profile arrives later', async () => {
    const profileReply = deferred();
    stubApi({ '/api/profile/current': profileReply.route });
    renderPage({ url: '/content-os?why=Save%20money', session: 'loading' });
    expect(input('Why').value).toBe('Save money');
    type('Who', 'Typed audience');
    await act(async () => profileReply.release({ json: { profile } }));
    await waitFor(() => expect(input('What').value).toBe('Route planning'));
    expect(input('Who').value).toBe('Typed audience');
    expect(input('Why').value).toBe('Save money');
    // Once only: clearing a field later does not bring the profile back.
    type('What', '');
    expect(input('What').value).toBe('');
  });

  it('shows the not-configured message and disables generating', () => {
    stubApi({});
    renderPage({ status: { configured: false, message: messages.errors.aiNotConfigured } });
    expect(screen.getByRole('alert').textContent).toBe(messages.errors.aiNotConfigured);
    fillForm();
    expect(button('Generate Hooks').disabled).toBe(true);
    fireEvent.click(button('Research Stats (click me!)'));
    expect(button('Generate Stats').disabled).toBe(true);
  });
});

describe('AI not configured any more', () => {
  it("shows the banner with the server's message when a call answers 503, and disables generating", async () => {
    const message = 'AI is not configured on this server. An operator sets AI_API_KEY.';
    stubApi({ [CONTENT_API.generateHooks]: () => ({ status: 503, json: { error: { code: 'ai_not_configured', message } } }) });
    renderPage();
    fillForm();
    expect(screen.queryByText(message, { selector: '[role="alert"] p' })).toBeNull();
    await click('Generate Hooks');
    expect(await screen.findByText(message, { selector: '[role="alert"] p' })).toBeTruthy();
    expect(button('Generate Hooks').disabled).toBe(true);
  });

  it('a 503 of the database (not of AI) shows no banner and keeps generating enabled', async () => {
    const message = messages.errors.databaseUnavailable;
    stubApi({ [CONTENT_API.generateHooks]: () => ({ status: 503, json: { error: { code: 'database_unavailable', message } } }) });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    await waitFor(() => expect(button('Generate Hooks').disabled).toBe(false));
    expect(screen.queryByText(messages.errors.aiNotConfigured)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('research stats', () => {
  it('is collapsed first; opening shows the placeholder; Generate Stats waits for all four fields', () => {
    stubApi({});
    renderPage({ session: null });
    const toggle = button('Research Stats (click me!)');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(contentMessages.stats.placeholder)).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Generate real-time market data for your piece here')).toBeTruthy();
    const hint = 'Fill in all four fields to generate stats.';
    const describedBy = () => button('Generate Stats').getAttribute('aria-describedby');
    expect(button('Generate Stats').disabled).toBe(true);
    expect(document.getElementById(describedBy()!)?.textContent).toBe(hint);
    type('Hook Category', 'Market Trend');
    type('Who', 'a');
    type('What', 'b');
    expect(button('Generate Stats').disabled).toBe(true);
    expect(screen.getByText(hint)).toBeTruthy();
    type('Why', 'c');
    expect(button('Generate Stats').disabled).toBe(false);
    expect(screen.queryByText(hint)).toBeNull();
    expect(describedBy()).toBeNull();
    type('Why', '   ');
    expect(button('Generate Stats').disabled).toBe(true);
    expect(screen.getByText(hint)).toBeTruthy();
  });

  it('generates, lists the latest stats with linked sources, counts and accumulates, and resets the count on change', async () => {
    const first = deferred();
    let answer = 0;
    stubApi({ [CONTENT_API.analyzeMetrics]: () => (++answer === 1 ? first.route() : { json: { data: statsB } }) });
    renderPage();
    fillForm();
    fireEvent.click(button('Research Stats (click me!)'));
    await click('Generate Stats');
    expect(((await screen.findByRole('button', { name: 'Generating...' })) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => first.release({ json: { data: statsA } }));
    expect(await screen.findByText('Market data generated!')).toBeTruthy();

    const group = screen.getByRole('group', { name: 'Choose a statistic for your hooks' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios).toHaveLength(3);
    expect(screen.getByRole('radio', { name: '42% of retailers <b>cut</b> routes' })).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
    const publisher = screen.getByRole('link', { name: 'Example News' });
    expect(publisher.getAttribute('href')).toBe('https://www.news.example.com/a');
    expect(publisher.getAttribute('target')).toBe('_blank');
    expect(publisher.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'trade.example.org' })).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(2);

    await click('Generate Stats');
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(1));
    expect(screen.getByRole('radio', { name: 'Empty miles fell 12%' })).toBeTruthy();

    type('Why', 'Fewer empty miles, faster');
    await click('Generate Stats');
    await waitFor(() => expect(bodiesOf(CONTENT_API.analyzeMetrics)).toHaveLength(3));
    const bodies = bodiesOf(CONTENT_API.analyzeMetrics);
    const inputs = { hookCategory: 'Market Trend', audience: 'Retail ops leaders', solution: 'Route planning' };
    expect(bodies[0]).toEqual({ ...inputs, valueProposition: 'Fewer empty miles', generationCount: 0, previousStats: [], attempt: 0 });
    expect(bodies[1]).toMatchObject({ generationCount: 1, previousStats: statsA, attempt: 0 });
    expect(bodies[2]).toMatchObject({
      valueProposition: 'Fewer empty miles, faster',
      generationCount: 0,
      previousStats: [...statsA, ...statsB],
    });
  });

  it('shows the hint after four generations', async () => {
    stubApi({ [CONTENT_API.analyzeMetrics]: () => ({ json: { data: statsB } }) });
    renderPage();
    fillForm();
    fireEvent.click(button('Research Stats (click me!)'));
    for (let i = 1; i <= 4; i++) {
      expect(screen.queryByText(/Not happy with the stats/)).toBeNull();
      await click('Generate Stats');
      await waitFor(() => expect(bodiesOf(CONTENT_API.analyzeMetrics)).toHaveLength(i));
      await waitFor(() => expect(button('Generate Stats').disabled).toBe(false));
    }
    expect(
      screen.getByText(
        'Not happy with the stats? There might be limited data available. Try changing Why, broadening What, or honing in on Who.',
      ),
    ).toBeTruthy();
  });

  it('clears the chosen stat when the panel closes; hooks get the chosen stat, else the first', async () => {
    stubApi({ [CONTENT_API.analyzeMetrics]: () => ({ json: { data: statsA } }), [CONTENT_API.generateHooks]: () => hooksReply });
    renderPage();
    fillForm();
    expect(screen.queryByText(/^Your hooks will use:/)).toBeNull();
    fireEvent.click(button('Research Stats (click me!)'));
    await click('Generate Stats');
    const second = (await screen.findByRole('radio', { name: 'Fuel costs rose 8%' })) as HTMLInputElement;
    // Before any choice, the first stat goes with the hooks; the line says so (as text, markup and all).
    const willUse = () => document.getElementById(button('Generate Hooks').getAttribute('aria-describedby') ?? '')?.textContent;
    expect(willUse()).toBe('Your hooks will use: 42% of retailers <b>cut</b> routes (Example News)');
    fireEvent.click(second);
    expect(second.checked).toBe(true);
    expect(willUse()).toBe('Your hooks will use: Fuel costs rose 8% (trade.example.org)');
    await click('Generate Hooks');
    await waitFor(() => expect(bodiesOf(CONTENT_API.generateHooks)).toHaveLength(1));
    expect(bodiesOf(CONTENT_API.generateHooks)[0]!.marketData).toEqual(statsA[1]);

    fireEvent.click(button('Research Stats (click me!)'));
    fireEvent.click(button('Research Stats (click me!)'));
    expect((screen.getAllByRole('radio') as HTMLInputElement[]).some((radio) => radio.checked)).toBe(false);
    expect(willUse()).toBe('Your hooks will use: 42% of retailers <b>cut</b> routes (Example News)');
    await click('Generate Hooks');
    await waitFor(() => expect(bodiesOf(CONTENT_API.generateHooks)).toHaveLength(2));
    expect(bodiesOf(CONTENT_API.generateHooks)[1]!.marketData).toEqual(statsA[0]);
  });

  it('toasts the rate limit and stops', async () => {
    stubApi({ [CONTENT_API.analyzeMetrics]: () => ({ status: 429, json: { error: { code: 'rate_limited', message: 'Slow down' } } }) });
    renderPage();
    fillForm();
    fireEvent.click(button('Research Stats (click me!)'));
    await click('Generate Stats');
    expect(await screen.findByText('Please wait a moment before generating more stats')).toBeTruthy();
    // The server's own words (how long to wait) as the description.
    expect(screen.getByText('Slow down')).toBeTruthy();
    expect(bodiesOf(CONTENT_API.analyzeMetrics)).toHaveLength(1);
    expect(screen.queryByText(contentMessages.stats.failed)).toBeNull();
  });

  it('retries an answer that is no list of stats like any failure (1 s, then 2 s) and ends with the error toast', async () => {
    stubApi({ [CONTENT_API.analyzeMetrics]: () => ({ json: { data: [] } }) });
    renderPage();
    fillForm();
    fireEvent.click(button('Research Stats (click me!)'));
    // Only the waits between attempts are faked: reading an answer needs the real event loop.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    await click('Generate Stats');
    await act(async () => vi.advanceTimersByTimeAsync(999));
    expect(bodiesOf(CONTENT_API.analyzeMetrics)).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(2_001));
    expect(bodiesOf(CONTENT_API.analyzeMetrics).map((b) => b?.attempt)).toEqual([0, 1, 2]);
    await act(() =>
      vi.waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Error', expect.objectContaining({ description: contentMessages.stats.failed })),
      ),
    );
    expect(toast.info).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('retries validation failures and ends with the error toast after three attempts', async () => {
    stubApi({
      [CONTENT_API.analyzeMetrics]: () => ({
        status: 422,
        json: { error: { code: 'validation_failed', message: 'Validation failed: nothing could be traced.' } },
      }),
    });
    renderPage();
    fillForm();
    fireEvent.click(button('Research Stats (click me!)'));
    await click('Generate Stats');
    expect(await screen.findByText('Failed to generate market data. Please try again.')).toBeTruthy();
    expect(bodiesOf(CONTENT_API.analyzeMetrics).map((b) => b?.attempt)).toEqual([0, 1, 2]);
    expect(screen.getAllByText('Validation Error')).toHaveLength(2);
  });
});

describe('hooks', () => {
  it('needs all four fields: toast and the empty fields marked', async () => {
    stubApi({});
    renderPage({ session: null });
    type('Who', 'Retail ops leaders');
    await click('Generate Hooks');
    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(screen.getByText('Please fill in all fields')).toBeTruthy();
    expect(input('Hook Category').getAttribute('aria-invalid')).toBe('true');
    expect(input('Who').getAttribute('aria-invalid')).toBeNull();
    expect(input('What').getAttribute('aria-invalid')).toBe('true');
    expect(input('Why').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('shows the overlay while generating, then the hooks without numbering, scrolled into view and focused after 100 ms', async () => {
    const reply = deferred();
    stubApi({ [CONTENT_API.generateHooks]: reply.route });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    expect(await screen.findByRole('status', { name: 'Generating your hooks' })).toBeTruthy();
    expect(bodiesOf(CONTENT_API.generateHooks)).toEqual([
      {
        inputs: {
          hookCategory: 'Market Trend',
          audience: 'Retail ops leaders',
          solution: 'Route planning',
          valueProposition: 'Fewer empty miles',
        },
        marketData: null,
      },
    ]);
    vi.useFakeTimers();
    await act(async () => reply.release(hooksReply));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(screen.queryByRole('status', { name: 'Generating your hooks' })).toBeNull();
    const section = screen.getByRole('region', { name: 'Generated Hooks' });
    const cards = within(section).getAllByRole('listitem');
    expect(cards.map((card) => card.querySelector('p')?.textContent)).toEqual([
      'First hook for retail',
      'Second <img src=x onerror=alert(1)> hook',
      'Third hook',
    ]);
    expect(section.querySelector('img')).toBeNull();
    expect(within(section).getAllByRole('button', { name: 'Use This Hook' })).toHaveLength(3);
    const heading = within(section).getByRole('heading', { name: 'Generated Hooks' });
    expect(heading.tabIndex).toBe(-1);
    await act(async () => vi.advanceTimersByTimeAsync(99));
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(document.activeElement).not.toBe(heading);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(heading);
  });

  it('cancels from the overlay: the request is aborted, no toast, the previous hooks stay', async () => {
    const second = deferred();
    let answers = 0;
    stubApi({ [CONTENT_API.generateHooks]: () => (++answers === 1 ? hooksReply : second.route()) });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    const hookTexts = () =>
      within(screen.getByRole('region', { name: 'Generated Hooks' }))
        .getAllByRole('listitem')
        .map((card) => card.querySelector('p')?.textContent);
    await waitFor(() => expect(hookTexts()).toHaveLength(3));
    const before = hookTexts();
    // Let the first run's focus move (100 ms) happen before the second run starts.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Generated Hooks' })));

    fillForm();
    type('Why', 'Fewer empty miles, faster');
    await click('Generate Hooks');
    const overlay = await screen.findByRole('status', { name: 'Generating your hooks' });
    const cancel = within(overlay).getByRole('button', { name: 'Cancel' });
    // The page behind is inert: the Cancel button is where keyboard focus lands.
    expect(document.activeElement).toBe(cancel);
    const [, request] = calls.filter((call) => call.path === CONTENT_API.generateHooks);
    expect(request!.signal!.aborted).toBe(false);

    await act(async () => fireEvent.click(cancel));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Generating your hooks' })).toBeNull());
    expect(request!.signal!.aborted).toBe(true);
    // The answer coming anyway changes nothing.
    await act(async () => second.release({ json: { hooks: ['A hook nobody waited for'] } }));
    expect(hookTexts()).toEqual(before);
    expect(toastSpies.flatMap((spy) => spy.mock.calls)).toEqual([]);
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    expect(document.activeElement).toBe(button('Generate Hooks'));
    expect(button('Generate Hooks').disabled).toBe(false);
  });

  it("toasts 'Error' with the server's message", async () => {
    stubApi({
      [CONTENT_API.generateHooks]: () => ({ status: 502, json: { error: { code: 'ai_unavailable', message: 'The AI is down.' } } }),
    });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    expect(await screen.findByText('The AI is down.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Generated Hooks' })).toBeNull();
  });

  it("toasts 'Failed to generate hooks' for an answer without hooks", async () => {
    stubApi({ [CONTENT_API.generateHooks]: () => ({ json: { hooks: ['  ', ''] } }) });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    expect(await screen.findByText('Failed to generate hooks')).toBeTruthy();
  });
});

describe('the draft', () => {
  it('writes the draft for the chosen hook: Loading..., then Regenerate, the author, the paragraphs, scrolled to the end', async () => {
    const reply = deferred();
    stubApi({ [CONTENT_API.generateHooks]: () => hooksReply, [CONTENT_API.postBuilder]: reply.route });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    await screen.findByRole('heading', { name: 'Generated Hooks' });
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Use This Hook' })[1]!));

    expect(((await screen.findByRole('button', { name: 'Loading...' })) as HTMLButtonElement).disabled).toBe(true);
    for (const other of screen.getAllByRole('button', { name: 'Use This Hook' })) expect((other as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status', { name: 'Writing your draft' })).toBeTruthy();
    expect(bodiesOf(CONTENT_API.postBuilder)).toEqual([
      {
        hook: 'Second <img src=x onerror=alert(1)> hook',
        inputs: {
          hookCategory: 'Market Trend',
          audience: 'Retail ops leaders',
          solution: 'Route planning',
          valueProposition: 'Fewer empty miles',
          marketData: null,
        },
      },
    ]);

    await act(async () => reply.release(draftReply));
    expect(await screen.findByText('Content generated')).toBeTruthy();
    const draft = screen.getByRole('region', { name: 'Your Draft' });
    expect(within(draft).getByText('Jane Doe')).toBeTruthy();
    expect(within(draft).getByText('Head of Sales')).toBeTruthy();
    expect(within(draft).getByText('JD')).toBeTruthy();
    const paragraphs = within(draft).getAllByRole('button', { name: /^Edit paragraph/ });
    expect(paragraphs.map((p) => p.textContent)).toEqual([
      'Edit paragraph 1: The hook line',
      'Edit paragraph 2: Second paragraph <script>x</script>',
      'Edit paragraph 3: Third paragraph',
    ]);
    expect(draft.querySelector('script')).toBeNull();
    expect(button('Regenerate').disabled).toBe(false);
    expect(scrollTo).toHaveBeenCalledOnce();
  });

  it('checks the form before calling: a field emptied after the hooks came gives its own toast', async () => {
    stubApi({ [CONTENT_API.generateHooks]: () => hooksReply, [CONTENT_API.postBuilder]: () => draftReply });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    await screen.findByRole('heading', { name: 'Generated Hooks' });
    type('Who', ' ');
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Use This Hook' })[0]!));
    expect(await screen.findByText('Missing required form values')).toBeTruthy();
    expect(bodiesOf(CONTENT_API.postBuilder)).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Your Draft' })).toBeNull();
    // The emptied field is marked, as Generate Hooks' check does; the others are not.
    expect(input('Who').getAttribute('aria-invalid')).toBe('true');
    for (const label of ['Hook Category', 'What', 'Why']) expect(input(label).getAttribute('aria-invalid')).toBeNull();
  });

  it("toasts 'Error' / 'Failed to select hook' when the chosen hook is gone (a stale click)", async () => {
    stubApi({ [CONTENT_API.postBuilder]: () => draftReply });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(sessionQueryKey, profile);
    queryClient.setQueryData(contentStatusKey, ready);
    const router = createMemoryRouter([{ path: '*', element: <StaleClick /> }]);
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>,
    );
    await click('Stale hook');
    expect(await screen.findByText(contentMessages.draft.selectFailed)).toBeTruthy();
    expect(bodiesOf(CONTENT_API.postBuilder)).toEqual([]);
  });

  it("falls back to 'AI Writer' and 'LinkedIn Author'", async () => {
    stubApi({ [CONTENT_API.generateHooks]: () => hooksReply, [CONTENT_API.postBuilder]: () => draftReply });
    renderPage({ session: { ...profile, firstName: null, lastName: null, jobTitle: null } });
    fillForm();
    await click('Generate Hooks');
    await act(async () => fireEvent.click((await screen.findAllByRole('button', { name: 'Use This Hook' }))[0]!));
    const draft = await screen.findByRole('region', { name: 'Your Draft' });
    expect(within(draft).getByText('AI Writer')).toBeTruthy();
    expect(within(draft).getByText('LinkedIn Author')).toBeTruthy();
  });

  it('toasts a bad answer and keeps no draft', async () => {
    stubApi({
      [CONTENT_API.generateHooks]: () => hooksReply,
      [CONTENT_API.postBuilder]: () => ({ status: 502, json: { error: { code: 'ai_invalid_output', message: 'Did not fit.' } } }),
    });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    await act(async () => fireEvent.click((await screen.findAllByRole('button', { name: 'Use This Hook' }))[0]!));
    expect(await screen.findByText('Bad response from the AI.. try again')).toBeTruthy();
    expect(screen.getByText('Did not fit.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your Draft' })).toBeNull();
    // No draft arrived, so no hook became the selected one; every card can be tried again.
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    const buttons = screen.getAllByRole('button', { name: 'Use This Hook' }) as HTMLButtonElement[];
    expect(buttons.map((b) => b.disabled)).toEqual([false, false, false]);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('moves the selection and clears the CTA only when the new draft arrives', async () => {
    let next: Route = () => draftReply;
    await toDraft({ [CONTENT_API.postBuilder]: (body) => next(body) });
    const cards = () => within(screen.getByRole('region', { name: 'Generated Hooks' })).getAllByRole('listitem');
    const cardButton = (index: number) => within(cards()[index]!).getByRole('button') as HTMLButtonElement;
    const meeting = () => screen.getByRole('radio', { name: 'Meeting Booking' }) as HTMLInputElement;
    fireEvent.click(meeting());

    const reply = deferred();
    next = reply.route;
    await act(async () => fireEvent.click(cardButton(2)));
    // While it is written: the pending card says so, the draft's own hook stays selected, nothing else moves.
    expect(cardButton(2).textContent).toBe('Loading...');
    expect(cardButton(0).textContent).toBe('Regenerate');
    expect(cardButton(1).textContent).toBe('Use This Hook');
    expect([0, 1, 2].map((i) => cardButton(i).disabled)).toEqual([true, true, true]);
    expect(meeting().checked).toBe(true);
    expect(within(screen.getByRole('region', { name: 'Your Draft' })).getByText('Book 15 minutes with me.')).toBeTruthy();

    await act(async () => reply.release({ json: { content: 'A new draft', ctaOptions } }));
    await waitFor(() => expect(cardButton(2).textContent).toBe('Regenerate'));
    expect(cardButton(0).textContent).toBe('Use This Hook');
    expect(meeting().checked).toBe(false);
    expect(button(/^Edit paragraph 1/).textContent).toBe('Edit paragraph 1: A new draft');
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('selects no card of a newer hooks list when a draft for the older list arrives', async () => {
    const reply = deferred();
    stubApi({ [CONTENT_API.generateHooks]: () => hooksReply, [CONTENT_API.postBuilder]: reply.route });
    renderPage();
    fillForm();
    await click('Generate Hooks');
    await act(async () => fireEvent.click((await screen.findAllByRole('button', { name: 'Use This Hook' }))[1]!));
    await click('Generate Hooks');
    await waitFor(() => expect(bodiesOf(CONTENT_API.generateHooks)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Loading...' })).toBeNull());
    await act(async () => reply.release(draftReply));
    expect(await screen.findByRole('region', { name: 'Your Draft' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Use This Hook' })).toHaveLength(3);
  });

  it('leaves the selection, the draft and the chosen CTA as they were when another hook fails', async () => {
    let fail = false;
    await toDraft({
      [CONTENT_API.postBuilder]: () =>
        fail ? { status: 502, json: { error: { code: 'ai_unavailable', message: 'The AI is down.' } } } : draftReply,
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Engagement' }));
    fail = true;
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Use This Hook' })[1]!));
    expect(await screen.findByText('Hmm.. hang on. Try again')).toBeTruthy();
    expect(screen.getByText('The AI is down.')).toBeTruthy();
    await waitFor(() => expect(button('Regenerate').disabled).toBe(false));
    const cards = within(screen.getByRole('region', { name: 'Generated Hooks' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByRole('button').textContent).toBe('Regenerate');
    expect(screen.getAllByRole('button', { name: 'Use This Hook' })).toHaveLength(2);
    expect((screen.getByRole('radio', { name: 'Engagement' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('button', { name: /^Edit paragraph/ })).toHaveLength(3);
    expect(scrollTo).toHaveBeenCalledOnce();
  });

  it('picks one CTA at a time, shows it after the draft and copies it with the draft', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await toDraft();
    const group = screen.getByRole('group', { name: 'Finish up your piece: which CTA feels right?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('id') !== null),
    ).toHaveLength(5);

    await click('Copy');
    expect(writeText).toHaveBeenLastCalledWith(draftText);
    expect(await screen.findByText('Got it!')).toBeTruthy();

    fireEvent.click(within(group).getByRole('radio', { name: 'Engagement' }));
    fireEvent.click(within(group).getByRole('radio', { name: 'Meeting Booking' }));
    expect((within(group).getByRole('radio', { name: 'Engagement' }) as HTMLInputElement).checked).toBe(false);
    const draft = screen.getByRole('region', { name: 'Your Draft' });
    expect(within(draft).getByText('Book 15 minutes with me.')).toBeTruthy();
    expect(within(draft).queryByText('What would you cut first?')).toBeNull();
    await click('Copy');
    expect(writeText).toHaveBeenLastCalledWith(`${draftText}\n\nBook 15 minutes with me.`);

    // Regenerating clears the chosen CTA.
    await click('Regenerate');
    await waitFor(() => expect(bodiesOf(CONTENT_API.postBuilder)).toHaveLength(2));
    await waitFor(() => expect(button('Regenerate').disabled).toBe(false));
    expect((screen.getAllByRole('radio') as HTMLInputElement[]).some((radio) => radio.checked)).toBe(false);
    expect(within(screen.getByRole('region', { name: 'Your Draft' })).queryByText('Book 15 minutes with me.')).toBeNull();
  });

  it('says when the clipboard refused', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    await toDraft();
    await click('Copy');
    expect(await screen.findByText("Hmm.. something's wrong")).toBeTruthy();
  });

  it('edits a paragraph: Save disabled for blank text, Cancel and Escape restore, Save replaces', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await toDraft();
    fireEvent.click(button(/^Edit paragraph 2/));
    const editor = screen.getByLabelText('Paragraph 2') as HTMLTextAreaElement;
    expect(editor.value).toBe('Second paragraph <script>x</script>');
    expect(document.activeElement).toBe(editor);

    fireEvent.change(editor, { target: { value: '   ' } });
    expect(button('Save').disabled).toBe(true);
    fireEvent.click(button('Save'));
    expect(screen.getByLabelText('Paragraph 2')).toBeTruthy();
    expect(screen.queryByText('Content updated')).toBeNull();

    fireEvent.change(editor, { target: { value: 'Discarded text' } });
    expect(button('Save').disabled).toBe(false);
    fireEvent.click(button('Cancel'));
    expect(screen.queryByLabelText('Paragraph 2')).toBeNull();
    expect(button(/^Edit paragraph 2/).textContent).toBe('Edit paragraph 2: Second paragraph <script>x</script>');
    expect(document.activeElement).toBe(button(/^Edit paragraph 2/));

    fireEvent.click(button(/^Edit paragraph 2/));
    fireEvent.change(screen.getByLabelText('Paragraph 2'), { target: { value: 'Escaped text' } });
    fireEvent.keyDown(screen.getByLabelText('Paragraph 2'), { key: 'Escape' });
    expect(screen.queryByLabelText('Paragraph 2')).toBeNull();
    expect(button(/^Edit paragraph 2/).textContent).toBe('Edit paragraph 2: Second paragraph <script>x</script>');
    expect(document.activeElement).toBe(button(/^Edit paragraph 2/));

    fireEvent.click(button(/^Edit paragraph 2/));
    expect((screen.getByLabelText('Paragraph 2') as HTMLTextAreaElement).value).toBe('Second paragraph <script>x</script>');
    fireEvent.change(screen.getByLabelText('Paragraph 2'), { target: { value: '  A better second paragraph  ' } });
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Content updated')).toBeTruthy();
    expect(button(/^Edit paragraph 2/).textContent).toBe('Edit paragraph 2: A better second paragraph');
    await click('Copy');
    expect(writeText).toHaveBeenLastCalledWith('The hook line\n\nA better second paragraph\n\nThird paragraph');
  });
});

describe('modifications', () => {
  it('are single-select toggles; Make Changes needs one', async () => {
    await toDraft();
    const shorter = button('Shorter');
    const casual = button('More casual');
    expect(button('Make Changes').disabled).toBe(true);
    fireEvent.click(shorter);
    expect(shorter.getAttribute('aria-pressed')).toBe('true');
    expect(button('Make Changes').disabled).toBe(false);
    fireEvent.click(casual);
    expect(shorter.getAttribute('aria-pressed')).toBe('false');
    expect(casual.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(casual);
    expect(casual.getAttribute('aria-pressed')).toBe('false');
    expect(button('Make Changes').disabled).toBe(true);
  });

  it('replace the draft and clear the choice', async () => {
    const reply = deferred();
    await toDraft({ [CONTENT_API.modifyContent]: reply.route });
    fireEvent.click(button('Shorter'));
    await click('Make Changes');
    expect(((await screen.findByRole('button', { name: 'Making changes...' })) as HTMLButtonElement).disabled).toBe(true);
    expect(bodiesOf(CONTENT_API.modifyContent)).toEqual([{ content: draftText, modification: 'shorter' }]);
    await act(async () => reply.release({ json: { modifiedContent: 'The hook line\n\nShort body' } }));
    expect(await screen.findByText('Changes saved')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Edit paragraph/ }).map((p) => p.textContent)).toEqual([
      'Edit paragraph 1: The hook line',
      'Edit paragraph 2: Short body',
    ]);
    expect(button('Shorter').getAttribute('aria-pressed')).toBe('false');
    expect(button('Make Changes').disabled).toBe(true);
  });

  it('disable Save in an open paragraph editor while they run', async () => {
    const reply = deferred();
    await toDraft({ [CONTENT_API.modifyContent]: reply.route });
    fireEvent.click(button(/^Edit paragraph 1/));
    fireEvent.change(screen.getByLabelText('Paragraph 1'), { target: { value: 'My own first line' } });
    fireEvent.click(button('Shorter'));
    await click('Make Changes');
    await screen.findByRole('button', { name: 'Making changes...' });
    expect(button('Save').disabled).toBe(true);
    expect(button('Cancel').disabled).toBe(false);
    await act(async () => reply.release({ json: { modifiedContent: 'The hook line\n\nShort body' } }));
    expect(await screen.findByText('Changes saved')).toBeTruthy();
    expect(screen.queryByLabelText('Paragraph 1')).toBeNull();
  });

  it('keep the original draft on failure', async () => {
    await toDraft({
      [CONTENT_API.modifyContent]: () => ({ status: 502, json: { error: { code: 'ai_unavailable', message: 'The AI is down.' } } }),
    });
    fireEvent.click(button('More professional'));
    await click('Make Changes');
    expect(await screen.findByText('Failed to save changes')).toBeTruthy();
    expect(screen.getByText('The AI is down.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Edit paragraph/ })).toHaveLength(3);
    expect(button('More professional').getAttribute('aria-pressed')).toBe('true');
  });
});

describe('kept for the tab', () => {
  const statsRoutes = {
    [CONTENT_API.analyzeMetrics]: () => ({ json: { data: statsA } }),
    [CONTENT_API.generateHooks]: () => hooksReply,
    [CONTENT_API.postBuilder]: () => draftReply,
  };
  const paragraphs = () => screen.getAllByRole('button', { name: /^Edit paragraph/ }).map((p) => p.textContent);
  const edited = ['Edit paragraph 1: The hook line', 'Edit paragraph 2: My own second paragraph', 'Edit paragraph 3: Third paragraph'];
  const hookButtons = () =>
    within(screen.getByRole('region', { name: 'Generated Hooks' }))
      .getAllByRole('listitem')
      .map((card) => within(card).getByRole('button').textContent);
  const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

  /** Stats (the second chosen), hooks, the draft of the second hook with paragraph 2 edited, Meeting Booking chosen. */
  async function work(url?: string) {
    stubApi(statsRoutes);
    renderPage({ url });
    fillForm();
    fireEvent.click(button('Research Stats (click me!)'));
    await click('Generate Stats');
    fireEvent.click(await screen.findByRole('radio', { name: 'Fuel costs rose 8%' }));
    await click('Generate Hooks');
    await act(async () => fireEvent.click((await screen.findAllByRole('button', { name: 'Use This Hook' }))[1]!));
    await screen.findByRole('heading', { name: 'Your Draft' });
    fireEvent.click(button(/^Edit paragraph 2/));
    fireEvent.change(screen.getByLabelText('Paragraph 2'), { target: { value: 'My own second paragraph' } });
    fireEvent.click(button('Save'));
    fireEvent.click(radio('Meeting Booking'));
    expect(paragraphs()).toEqual(edited);
  }

  it('brings back the form, stats, hooks, the edited draft and the chosen CTA when the page opens again', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await work();
    cleanup();
    const sent = calls.length;

    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your Draft' })).toBeTruthy();
    expect(input('Hook Category').value).toBe('Market Trend');
    expect(input('Who').value).toBe('Retail ops leaders');
    expect(input('Why').value).toBe('Fewer empty miles');
    expect(button('Research Stats (click me!)').getAttribute('aria-expanded')).toBe('true');
    expect(radio('Fuel costs rose 8%').checked).toBe(true);
    expect(hookButtons()).toEqual(['Use This Hook', 'Regenerate', 'Use This Hook']);
    expect(paragraphs()).toEqual(edited);
    expect(radio('Meeting Booking').checked).toBe(true);
    expect(within(screen.getByRole('region', { name: 'Your Draft' })).getByText('Book 15 minutes with me.')).toBeTruthy();
    // Restored, not generated again; and the page is not scrolled as when a draft arrives.
    expect(calls).toHaveLength(sent);
    expect(scrollTo).toHaveBeenCalledOnce();

    await click('Copy');
    expect(writeText).toHaveBeenLastCalledWith('The hook line\n\nMy own second paragraph\n\nThird paragraph\n\nBook 15 minutes with me.');
    // The counter and the stats returned so far came back too.
    await click('Generate Stats');
    await waitFor(() => expect(bodiesOf(CONTENT_API.analyzeMetrics)).toHaveLength(2));
    expect(bodiesOf(CONTENT_API.analyzeMetrics)[1]).toMatchObject({ generationCount: 1, previousStats: statsA });
  });

  it('lets ?who= ?what= ?why= override a restored field and start the stats counter again', async () => {
    await work();
    cleanup();
    renderPage({ url: '/content-os?who=Fleet%20CFOs' });
    await screen.findByRole('heading', { name: 'Your Draft' });
    expect(input('Who').value).toBe('Fleet CFOs');
    expect(input('What').value).toBe('Route planning');
    expect(paragraphs()).toEqual(edited);
    await click('Generate Stats');
    await waitFor(() => expect(bodiesOf(CONTENT_API.analyzeMetrics)).toHaveLength(2));
    expect(bodiesOf(CONTENT_API.analyzeMetrics)[1]).toMatchObject({ audience: 'Fleet CFOs', generationCount: 0, previousStats: statsA });
  });

  it('never lets the profile overwrite restored values, even when it arrives after the page opened', async () => {
    saveSnapshot(profile.id, {
      form: {
        values: { hookCategory: 'Question', audience: 'Restored audience', solution: '', valueProposition: '' },
        typed: ['audience', 'valueProposition'],
        generationCount: 0,
      },
      statsOpen: false,
      stats: [],
      previousStats: [],
      selectedStat: null,
      hooks: ['A restored hook'],
      selectedHook: null,
      draft: null,
      ctaOptions: null,
      selectedCta: null,
    });
    const profileReply = deferred();
    stubApi({ '/api/profile/current': profileReply.route });
    renderPage({ session: 'loading' });
    // Nothing is restored before the user is known: the key is theirs.
    expect(screen.queryByRole('heading', { name: 'Generated Hooks' })).toBeNull();
    await act(async () => profileReply.release({ json: { profile } }));
    expect(await screen.findByText('A restored hook')).toBeTruthy();
    expect(input('Hook Category').value).toBe('Question');
    expect(input('Who').value).toBe('Restored audience');
    // Emptied by the user: stays empty. Never touched and empty: the profile fills it.
    expect(input('Why').value).toBe('');
    expect(input('What').value).toBe('Route planning');
  });

  it('keeps nothing of another user', async () => {
    await work();
    cleanup();
    renderPage({ session: { ...profile, id: 'u2', email: 'sam@example.com' } });
    expect(input('Who').value).toBe('Retail, Logistics');
    expect(input('Hook Category').value).toBe('');
    expect(screen.queryByRole('heading', { name: 'Generated Hooks' })).toBeNull();
    expect(loadSnapshot(profile.id)?.draft).toBe('The hook line\n\nMy own second paragraph\n\nThird paragraph');
  });

  it("'Start over' forgets it all and shows the freshly prefilled form", async () => {
    stubApi(statsRoutes);
    renderPage({ url: '/content-os?what=Fleet%20software' });
    fillForm();
    // Nothing generated yet: nothing to start over.
    expect(screen.queryByRole('button', { name: 'Start over' })).toBeNull();
    cleanup();
    sessionStorage.clear();
    await work('/content-os?what=Fleet%20software');

    // While a draft is written, it waits.
    const reply = deferred();
    stubApi({ ...statsRoutes, [CONTENT_API.postBuilder]: reply.route });
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Use This Hook' })[0]!));
    expect(button('Start over').disabled).toBe(true);
    await act(async () => reply.release(draftReply));
    await waitFor(() => expect(button('Start over').disabled).toBe(false));
    expect(sessionStorage.getItem(snapshotKey(profile.id))).not.toBeNull();

    await click('Start over');
    expect(screen.queryByRole('region', { name: 'Generated Hooks' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your Draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start over' })).toBeNull();
    expect(button('Research Stats (click me!)').getAttribute('aria-expanded')).toBe('false');
    expect(input('Hook Category').value).toBe('');
    expect(input('Who').value).toBe('Retail, Logistics');
    // The link's ?what= was applied once and left the address: a fresh start is the profile's.
    expect(input('What').value).toBe('Route planning');
    expect(input('Why').value).toBe('Fewer empty miles');
    expect(document.activeElement).toBe(input('Hook Category'));
    expect(sessionStorage.length).toBe(0);

    // A fresh start for the stats too: no counter, no previous stats.
    type('Hook Category', 'Question');
    fireEvent.click(button('Research Stats (click me!)'));
    await click('Generate Stats');
    await waitFor(() => expect(bodiesOf(CONTENT_API.analyzeMetrics)).toHaveLength(2));
    expect(bodiesOf(CONTENT_API.analyzeMetrics)[1]).toMatchObject({ solution: 'Route planning', generationCount: 0, previousStats: [] });

    // Opening the page again restores the new start, not the old work.
    cleanup();
    renderPage({ url: '/content-os?what=Fleet%20software' });
    expect(input('Hook Category').value).toBe('Question');
    expect(screen.queryByRole('heading', { name: 'Generated Hooks' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your Draft' })).toBeNull();
  });
});
