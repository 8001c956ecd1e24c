// The library's search box in the signed-in shell's header (issue 27 §2). It is on every signed-in
// page, so it is only the box: the company suggestions and their keyboard handling are a chunk of
// their own (features/library/search-suggestions.tsx), imported on first focus. Enter opens the
// library's search results, /library?q=….
import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SuggestionsState } from '../../features/library/search-suggestions.tsx';
import { focusesSearch } from './search-shortcut.ts';

// libraryMessages.searchPlaceholder (search-box.test.tsx holds them equal): shared/library.ts holds the
// library's zod schemas too, which this box, loaded with every signed-in page, does without.
export const SEARCH_LABEL = 'Search your library';

const SearchSuggestions = lazy(() =>
  import('../../features/library/search-suggestions.tsx').then((module) => ({ default: module.SearchSuggestions })),
);

const closed: SuggestionsState = { open: false, activeId: undefined };

/** The library's address for a search: the words, and on the library page the filters it shows. */
export function searchPath(words: string, current: { pathname: string; search: string }): string {
  const params = new URLSearchParams(current.pathname === '/library' ? current.search : '');
  params.delete('cursor');
  if (words.trim()) params.set('q', words.trim());
  else params.delete('q');
  const query = params.toString();
  return query ? `/library?${query}` : '/library';
}

export function SearchBox() {
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [value, setValue] = useState('');
  const [used, setUsed] = useState(false);
  const [suggestions, setSuggestions] = useState<SuggestionsState>(closed);
  // Where the focus was before `/` took it, to give it back on Escape.
  const before = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!focusesSearch(event)) return;
      event.preventDefault();
      before.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      input.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // The box shows the words the results page shows (a link, Back, a reload).
  const shownWords = location.pathname === '/library' ? (new URLSearchParams(location.search).get('q') ?? '') : null;
  useEffect(() => {
    if (shownWords !== null) setValue(shownWords);
  }, [shownWords]);

  const leave = () => {
    const back = before.current;
    before.current = null;
    if (back?.isConnected && back !== document.body) back.focus();
    else input.current?.blur();
  };
  const go = (path: string) => {
    navigate(path);
    before.current = null;
    input.current?.blur();
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search landmark's role (not every supported browser knows <search>)
    <form
      role="search"
      className="relative w-full max-w-sm"
      onSubmit={(event) => {
        event.preventDefault();
        go(searchPath(value, location));
      }}
    >
      <label htmlFor={`${listId}-input`} className="sr-only">
        {SEARCH_LABEL}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
      {/* A text box that suggests (ARIA's combobox pattern): free words, unlike a <select>. */}
      <input
        ref={input}
        id={`${listId}-input`}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={suggestions.open}
        aria-controls={suggestions.open ? listId : undefined}
        aria-activedescendant={suggestions.open ? suggestions.activeId : undefined}
        aria-keyshortcuts="/"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        placeholder={SEARCH_LABEL}
        value={value}
        onFocus={() => setUsed(true)}
        onChange={(event) => {
          setUsed(true);
          setValue(event.target.value);
        }}
        onKeyDown={(event) => {
          // The suggestions take Escape while they are open (they prevent its default); then it leaves the box.
          if (event.key !== 'Escape' || event.defaultPrevented) return;
          event.preventDefault();
          leave();
        }}
        className="block h-9 w-full rounded-lg border border-slate-300 bg-white pr-8 pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
      {/* The shortcut, while the box is empty (then the browser's clear button takes its place). */}
      {!value && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 rounded border border-slate-300 px-1.5 text-xs text-slate-500"
        >
          /
        </span>
      )}
      {used && (
        <Suspense fallback={null}>
          <SearchSuggestions
            input={input}
            listId={listId}
            words={value}
            onState={setSuggestions}
            onPick={(company) => {
              setValue('');
              go(`/library?${new URLSearchParams({ company })}`);
            }}
          />
        </Suspense>
      )}
    </form>
  );
}
