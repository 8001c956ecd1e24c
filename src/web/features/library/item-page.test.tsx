// @vitest-environment jsdom
// /library/:id against a fake API: the document and its sources as text and safe links, the
// statement count, Delete with its confirmation, and an item that is not (or no longer) the user's.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LibraryItem, libraryKindLabels, libraryMessages, statementCountLabel } from '../../../shared/library.ts';
import { formatItemDate, formatPublished } from './format.ts';
import { LibraryItemPage } from './item-page.tsx';
import { item } from './test-data.ts';

type Answer = { status: number; body?: unknown };

function renderItem(answers: Record<string, Answer | (() => Answer)>, id = 'item-1') {
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const request = `${init.method ?? 'GET'} ${String(input)}`;
    requests.push(request);
    const found = answers[request];
    const answer =
      typeof found === 'function'
        ? found()
        : (found ?? { status: 404, body: { error: { code: 'not_found', message: libraryMessages.notFound } } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/library', element: <h1>The list</h1> },
      { path: '/library/:id', element: <LibraryItemPage /> },
    ],
    { initialEntries: [`/library/${id}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { requests, router, client };
}

const found = (body: LibraryItem = item()): Answer => ({ status: 200, body });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a library item', () => {
  it('shows its kind, title, companies, date, sources and statement count', async () => {
    renderItem({ 'GET /api/library/item-1': found() });
    expect(await screen.findByRole('heading', { level: 1, name: item().title })).toBeTruthy();
    expect(screen.getByText(libraryKindLabels.news_alert)).toBeTruthy();
    expect(screen.getByText(/^Acme Robotics ·/).textContent).toBe(`Acme Robotics · ${formatItemDate(item().createdAt)} · 3 sources`);
    expect(screen.getByText(statementCountLabel({ sourced: 11, total: 12, dropped: 1 }))).toBeTruthy();
    expect(screen.getByRole('link', { name: libraryMessages.title }).getAttribute('href')).toBe('/library');
  });

  it('renders every block of the document as text, and only http(s) addresses as links', async () => {
    renderItem({ 'GET /api/library/item-1': found() });
    const document = await screen.findByRole('article', { name: item().title });
    expect(within(document).getByRole('heading', { level: 2, name: 'What happened' })).toBeTruthy();
    expect(within(document).getByText('Revenue rose <script>alert(1)</script> 40%.')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(within(document).getByText('Not analysed: no AI provider is configured')).toBeTruthy();
    expect(within(document).getByText('Orders up').tagName).toBe('LI');
    expect(within(document).getByText('“We beat our plan.”')).toBeTruthy();
    expect(within(document).getByText('— Jane Doe')).toBeTruthy();
    expect(within(document).getByText('Ticker').tagName).toBe('DT');
    expect(within(document).getByText('ACME').tagName).toBe('DD');
    expect(within(document).getByText('Quarterly revenue hit a record.')).toBeTruthy();
    expect(within(document).getByRole('link', { name: 'Acme beats estimates' }).getAttribute('href')).toBe(
      'https://reuters.example.com/acme',
    );
    expect(within(document).getByText('Open the filing').closest('a')).toBeNull();
  });

  it('links each sourced fact and line to its source as the e-mail did, as text, and only an http(s) address', async () => {
    const report = item({
      kind: 'air_report',
      document: {
        blocks: [
          {
            type: 'facts',
            rows: [
              { label: 'Legal name', value: 'Acme <b>Corporation</b>', sourceUrl: 'https://www.sec.gov/acme' },
              { label: 'Founded', value: '1999' },
            ],
          },
          {
            type: 'list',
            items: [
              { text: 'Run Ohio at <img src=x onerror=alert(1)> capacity.', sourceUrl: 'https://news.example.com/ohio?a=1&b=2' },
              { text: 'Cut freight costs.', sourceUrl: 'javascript:alert(1)' },
              'Angle: Ramp Ohio.',
            ],
          },
        ],
        sources: [],
      },
    });
    renderItem({ 'GET /api/library/item-1': found(report) });
    const document = await screen.findByRole('article', { name: report.title });
    const legalName = within(document).getByText('Legal name').nextElementSibling!;
    expect(legalName.textContent).toBe('Acme <b>Corporation</b> (source)');
    expect(
      within(legalName as HTMLElement)
        .getByRole('link', { name: 'source' })
        .getAttribute('href'),
    ).toBe('https://www.sec.gov/acme');
    expect(within(document).getByText('1999').textContent).toBe('1999');
    const lines = within(document).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Run Ohio at <img src=x onerror=alert(1)> capacity. (source)',
      'Cut freight costs. (source)',
      'Angle: Ramp Ohio.',
    ]);
    const link = within(lines[0]!).getByRole('link', { name: 'source' });
    expect(link.getAttribute('href')).toBe('https://news.example.com/ohio?a=1&b=2');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(lines[1]!).queryByRole('link')).toBeNull();
    expect(within(lines[2]!).queryByRole('link')).toBeNull();
    expect(document.querySelector('b, img')).toBeNull();
  });

  it('lists its sources with their publisher links, opened apart from the app, and what could not be read of them', async () => {
    renderItem({ 'GET /api/library/item-1': found() });
    const sources = await screen.findByRole('region', { name: 'Sources' });
    const entries = within(sources).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    const link = within(entries[0]!).getByRole('link', { name: 'Acme beats estimates' });
    expect(link.getAttribute('href')).toBe('https://reuters.example.com/acme');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(entries[0]!.textContent).toBe(`Acme beats estimates — Reuters · ${formatPublished('2026-03-01')}`);
    expect(entries[1]!.textContent).toMatch(/ — The Paper · headline only$/);
    expect(within(entries[2]!).getByRole('link', { name: 'news.google.com' })).toBeTruthy();
    expect(entries[2]!.textContent).toMatch(/ — link via Google News$/);
  });

  it('leaves out the statement count when the item has none', async () => {
    const plain = item();
    delete plain.document.statements;
    renderItem({ 'GET /api/library/item-1': found(plain) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/statements? sourced/)).toBeNull();
  });

  it('is deleted after its confirmation, back on the list with a toast', async () => {
    const { requests, router } = renderItem({ 'GET /api/library/item-1': found(), 'DELETE /api/library/item-1': { status: 204 } });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(libraryMessages.deleteConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((r) => r.startsWith('DELETE'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/library');
    expect(await screen.findByText(libraryMessages.deleted)).toBeTruthy();
    expect(requests.filter((r) => r.startsWith('DELETE'))).toEqual(['DELETE /api/library/item-1']);
  });

  it('stays when the delete fails, and says so', async () => {
    renderItem({
      'GET /api/library/item-1': found(),
      'DELETE /api/library/item-1': { status: 503, body: { error: { code: 'database_unavailable', message: 'Try again in a moment.' } } },
    });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' })));
    expect(await screen.findByText('Could not delete the item')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: item().title })).toBeTruthy();
  });

  it('is not in the library when the server does not find it (deleted, or someone else’s)', async () => {
    renderItem({}, 'someone-elses');
    expect(await screen.findByRole('heading', { level: 1, name: libraryMessages.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your library' }).getAttribute('href')).toBe('/library');
  });

  it('says when it could not be loaded, and tries again', async () => {
    let fail = true;
    renderItem({
      'GET /api/library/item-1': () => (fail ? { status: 500, body: { error: { code: 'internal', message: 'Boom' } } } : found()),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(libraryMessages.loadError);
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('heading', { level: 1, name: item().title })).toBeTruthy();
  });
});
