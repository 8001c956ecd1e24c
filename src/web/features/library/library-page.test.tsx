// @vitest-environment jsdom
// The /library page against a fake API: the list with its facts, its filters and pages, the search
// hits with their marked snippets, and the empty, failed and live states.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { libraryKindLabels, libraryMessages } from '../../../shared/library.ts';
import type { UserTable } from '../../../shared/live.ts';
import { refreshLiveQueries } from '../../lib/live-updates.ts';
import { formatItemDate } from './format.ts';
import { filtersOf, LibraryPage } from './library-page.tsx';
import { hit, summary } from './test-data.ts';

type Answer = { status: number; body?: unknown };

/** Answers GETs by path and query string (unknown ones with an empty page); records each. */
function fakeApi(answers: Record<string, Answer | (() => Answer)>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const path = String(input);
    asked.push(path);
    const found = answers[path];
    const answer = typeof found === 'function' ? found() : (found ?? { status: 200, body: { items: [], nextCursor: null } });
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
  });
  return asked;
}

const page = (items: unknown[], nextCursor: string | null = null): Answer => ({ status: 200, body: { items, nextCursor } });
const companies = (names: string[]): Answer => ({ status: 200, body: { companies: names } });

function renderLibrary(at: string, answers: Record<string, Answer | (() => Answer)>) {
  const asked = fakeApi({ '/api/library/companies?prefix=': companies(['Acme Robotics', 'Initech']), ...answers });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/library', element: <LibraryPage /> },
      { path: '/library/:id', element: <p>Item page</p> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { asked, client, router, where: () => `${router.state.location.pathname}${router.state.location.search}` };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rows = () => within(screen.getByRole('region', { name: /Your library|Search results/ })).getAllByRole('listitem');

describe('the library list', () => {
  it('lists the items newest first with their kind, title, companies, date and sources, each opening its page', async () => {
    const { router } = renderLibrary('/library', {
      '/api/library': page([
        summary({ id: 'new', title: 'Newest', companies: ['Acme Robotics', 'Initech'] }),
        summary({
          id: 'old',
          kind: 'content_draft',
          title: 'A kept draft',
          companies: [],
          sourceCount: 1,
          createdAt: '2026-01-05T09:00:00Z',
        }),
      ]),
    });
    expect(screen.getByRole('heading', { level: 1, name: libraryMessages.title })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Newest' })).toBeTruthy();
    const [first, second] = rows();
    expect(first!.textContent).toContain(libraryKindLabels.news_alert);
    expect(first!.textContent).toContain(`Acme Robotics, Initech · ${formatItemDate('2026-03-02T14:00:00.000Z')} · 3 sources`);
    expect(second!.textContent).toContain(libraryKindLabels.content_draft);
    expect(second!.textContent).toContain(`${formatItemDate('2026-01-05T09:00:00Z')} · 1 source`);
    expect(within(second!).getByRole('link', { name: 'A kept draft' }).getAttribute('href')).toBe('/library/old');
    await act(async () => fireEvent.click(within(first!).getByRole('link', { name: 'Newest' })));
    expect(router.state.location.pathname).toBe('/library/new');
  });

  it('says what the library is for while it is empty', async () => {
    renderLibrary('/library', {});
    expect(await screen.findByText(libraryMessages.empty)).toBeTruthy();
  });

  it('says when the library could not be loaded, and tries again', async () => {
    let fail = true;
    renderLibrary('/library', {
      '/api/library': () => (fail ? { status: 500, body: { error: { code: 'internal', message: 'Boom' } } } : page([summary()])),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(libraryMessages.loadError);
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('link', { name: summary().title })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('filters by kind, company and dates, in the address too, and says when nothing matches', async () => {
    const { asked, where } = renderLibrary('/library', {
      '/api/library': page([summary()]),
      '/api/library?kind=newsletter&company=Initech&from=2026-01-01&to=2026-01-31': page([summary({ id: 'n', title: 'Initech weekly' })]),
    });
    await screen.findByRole('link', { name: summary().title });
    const company = screen.getByLabelText('Company') as HTMLSelectElement;
    expect([...company.options].map((o) => o.textContent)).toEqual(['All companies', 'Acme Robotics', 'Initech']);
    await act(async () => fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'newsletter' } }));
    expect(await screen.findByText(libraryMessages.noResults)).toBeTruthy();
    await act(async () => fireEvent.change(company, { target: { value: 'Initech' } }));
    await act(async () => fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } }));
    await act(async () => fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } }));
    expect(await screen.findByRole('link', { name: 'Initech weekly' })).toBeTruthy();
    expect(where()).toBe('/library?kind=newsletter&company=Initech&from=2026-01-01&to=2026-01-31');
    expect(asked).toContain('/api/library?kind=newsletter');
    expect((screen.getByLabelText('From') as HTMLInputElement).max).toBe('2026-01-31');

    await act(async () => fireEvent.change(screen.getByLabelText('Kind'), { target: { value: '' } }));
    expect(where()).toBe('/library?company=Initech&from=2026-01-01&to=2026-01-31');
  });

  it('leaves out filters the server would refuse, and keeps a company that is not listed', async () => {
    expect(filtersOf(new URLSearchParams('kind=nope&from=01/02/2026&to=2026-02-01&company=%20%20'))).toEqual({ to: '2026-02-01' });
    renderLibrary('/library?company=Globex', { '/api/library?company=Globex': page([]) });
    expect(await screen.findByText(libraryMessages.noResults)).toBeTruthy();
    expect((screen.getByLabelText('Company') as HTMLSelectElement).value).toBe('Globex');
  });

  it('loads the next page with the cursor until there is none', async () => {
    renderLibrary('/library', {
      '/api/library': page([summary({ id: 'a', title: 'First' })], 'c1'),
      '/api/library?cursor=c1': page([summary({ id: 'b', title: 'Second' })], null),
    });
    await screen.findByRole('link', { name: 'First' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    expect(await screen.findByRole('link', { name: 'Second' })).toBeTruthy();
    expect(rows()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('follows live changes to the library', async () => {
    let items = [summary({ id: 'a', title: 'First' })];
    const { client } = renderLibrary('/library', { '/api/library': () => page(items) });
    await screen.findByRole('link', { name: 'First' });
    items = [summary({ id: 'b', title: 'Just delivered' }), ...items];
    await act(async () => {
      await refreshLiveQueries(client, 'library_items' as UserTable);
    });
    expect(await screen.findByRole('link', { name: 'Just delivered' })).toBeTruthy();
  });
});

describe('the search results', () => {
  it('shows the hits for the words, with the filters, and the matches marked in the snippet as text', async () => {
    const { asked } = renderLibrary('/library?q=robots&kind=news_alert', {
      '/api/library/search?q=robots&kind=news_alert': page([
        hit({ id: 'h1', title: 'Acme alert' }),
        hit({
          id: 'h2',
          title: 'Acme weekly',
          kind: 'newsletter',
          snippetSource: { title: 'Robots at scale', url: 'https://reuters.example.com/robots' },
        }),
        hit({ id: 'h3', title: 'Untitled source', snippetSource: { title: null, url: 'https://www.example.org/a' } }),
      ]),
    });
    expect(await screen.findByRole('link', { name: 'Acme alert' })).toBeTruthy();
    expect(screen.getByText('“robots”').closest('p')!.textContent).toContain('Results for “robots”');
    const region = screen.getByRole('region', { name: 'Search results' });
    const [first, second, third] = within(region).getAllByRole('listitem');
    const marks = first!.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['robots']);
    expect(first!.textContent).toContain('Acme robots ship <b>early</b>');
    expect(first!.querySelector('b')).toBeNull();
    expect(second!.textContent).toContain('from Robots at scale');
    expect(third!.textContent).toContain('from example.org');
    expect(asked).not.toContain('/api/library');
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('news_alert');
  });

  it('says when nothing matches, and the search can be cleared for the list', async () => {
    const { where } = renderLibrary('/library?q=nothing&kind=newsletter', {});
    expect(await screen.findByText(libraryMessages.noResults)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Clear search' })));
    expect(where()).toBe('/library?kind=newsletter');
  });
});
