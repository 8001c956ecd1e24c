// @vitest-environment jsdom
// The shell's search box against a fake API: the `/` shortcut, Enter to the results, and the company
// suggestions (loaded on first focus) with the combobox's keys.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { libraryMessages } from '../../../shared/library.ts';
import { SEARCH_LABEL, SearchBox, searchPath } from './search-box.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBox(at = '/homepage', companies: Record<string, string[]> = {}) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(String(input), 'http://app.test');
    asked.push(`${url.pathname}${url.search}`);
    const prefix = url.searchParams.get('prefix') ?? '';
    return new Response(JSON.stringify({ companies: companies[prefix] ?? [] }), { status: 200 });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <SearchBox />
            <button type="button">Elsewhere</button>
            <input aria-label="Other field" />
          </>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const box = screen.getByRole('combobox', { name: SEARCH_LABEL }) as HTMLInputElement;
  return { box, asked, router, where: () => `${router.state.location.pathname}${router.state.location.search}` };
}

describe('the search box', () => {
  it("is labelled with the library's text and takes the focus with /, except while typing elsewhere", () => {
    expect(SEARCH_LABEL).toBe(libraryMessages.searchPlaceholder);
    const { box } = renderBox();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-keyshortcuts')).toBe('/');

    const other = screen.getByLabelText('Other field');
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    expect(document.activeElement).toBe(other);

    const button = screen.getByRole('button', { name: 'Elsewhere' });
    button.focus();
    expect(fireEvent.keyDown(button, { key: '/' })).toBe(false); // the / itself is not typed into the box
    expect(document.activeElement).toBe(box);

    // Escape leaves the box for where the focus was.
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(document.activeElement).toBe(button);
  });

  it('opens the search results for the words on Enter, keeping the filters of the library page', async () => {
    const { box, where } = renderBox('/homepage');
    fireEvent.change(box, { target: { value: '  robots  ' } });
    await act(async () => fireEvent.submit(box.closest('form')!));
    expect(where()).toBe('/library?q=robots');
    expect(searchPath('acme', { pathname: '/library', search: '?kind=news_alert&q=old&cursor=x' })).toBe('/library?kind=news_alert&q=acme');
    expect(searchPath(' ', { pathname: '/library', search: '?q=old&company=Acme' })).toBe('/library?company=Acme');
  });

  it('shows the words of the results page it is on', () => {
    const { box } = renderBox('/library?q=quarterly%20revenue');
    expect(box.value).toBe('quarterly revenue');
  });

  it('suggests companies as the user types; the arrows choose one, Enter opens the library filtered by it', async () => {
    const { box, asked, where } = renderBox('/homepage', { ac: ['Acme Robotics', 'Acorn Foods'] });
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.change(box, { target: { value: 'ac' } });
    const list = await screen.findByRole('listbox', { name: 'Companies in your library' });
    // Asked once the typing paused, not for every letter.
    expect(asked).toEqual(['/api/library/companies?prefix=ac']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Acme Robotics', 'Acorn Foods']);
    expect(box.getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);

    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    expect(where()).toBe('/library?company=Acorn+Foods');
    expect(box.value).toBe('');
  });

  it('closes the suggestions with Escape, and a click picks one', async () => {
    const { box, where } = renderBox('/homepage', { acme: ['Acme Robotics'] });
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'acme' } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(box);
    // The arrows bring them back.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    await act(async () => fireEvent.click(await screen.findByRole('option', { name: 'Acme Robotics' })));
    expect(where()).toBe('/library?company=Acme+Robotics');
  });

  it('suggests nothing for empty words, nor while the box is not focused', async () => {
    const { box, asked } = renderBox('/homepage', { acme: ['Acme Robotics'] });
    act(() => box.focus());
    fireEvent.change(box, { target: { value: '   ' } });
    act(() => box.blur());
    fireEvent.change(box, { target: { value: 'acme' } });
    expect(screen.queryByRole('listbox')).toBeNull();
    act(() => box.focus());
    expect(await screen.findByRole('option', { name: 'Acme Robotics' })).toBeTruthy();
    expect(asked).toEqual(['/api/library/companies?prefix=acme']);
  });
});
