// The search box's company suggestions (issue 27 §2), a chunk of its own: the shell's box
// (app/shell/search-box.tsx) imports it on first focus. Typing suggests the companies of the user's
// library that start with the words (debounced); the arrow keys move through them, Enter opens the
// library filtered by the chosen one, Escape closes them (the combobox pattern: the focus stays in
// the box, which names the active option with aria-activedescendant).
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { libraryCompaniesQuery } from './api.ts';

/** What the box says about the list: whether it is shown, and the id of the active option. */
export type SuggestionsState = { open: boolean; activeId: string | undefined };

/** Asked once the user has paused typing this long. */
export const SUGGEST_DELAY_MS = 200;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Props = {
  input: RefObject<HTMLInputElement | null>;
  listId: string;
  /** What is typed in the box. */
  words: string;
  onState: (state: SuggestionsState) => void;
  onPick: (company: string) => void;
};

export function SearchSuggestions({ input, listId, words, onState, onPick }: Props) {
  const [focused, setFocused] = useState(() => document.activeElement === input.current);
  const prefix = useDebounced(words.trim(), SUGGEST_DELAY_MS);
  // Words set while the box is not in use (the results page's, shown in it) ask for nothing.
  const { data } = useQuery({ ...libraryCompaniesQuery(prefix), enabled: focused && prefix !== '' });
  const companies = prefix !== '' && words.trim() !== '' ? (data?.companies ?? []) : [];
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const open = focused && !dismissed && companies.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  // New words: the list opens again, nothing chosen.
  const [seenWords, setSeenWords] = useState(words);
  if (words !== seenWords) {
    setSeenWords(words);
    setDismissed(false);
    setActive(-1);
  }

  const latest = useRef({ open, companies, active, onPick });
  latest.current = { open, companies, active, onPick };

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const onFocus = () => setFocused(true);
    const onBlur = () => {
      setFocused(false);
      setActive(-1);
    };
    // On the box itself, so these run before its React handlers (which see defaultPrevented).
    const onKeyDown = (event: KeyboardEvent) => {
      const { open, companies, active, onPick } = latest.current;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (companies.length === 0) return;
        event.preventDefault();
        setDismissed(false);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // From nothing chosen, down goes to the first and up to the last; both wrap around.
        setActive(open ? (active + step + companies.length) % companies.length : step === 1 ? 0 : companies.length - 1);
      } else if (event.key === 'Enter' && open && active >= 0) {
        event.preventDefault();
        onPick(companies[active]!);
      } else if (event.key === 'Escape' && open) {
        event.preventDefault();
        setDismissed(true);
        setActive(-1);
      }
    };
    box.addEventListener('focus', onFocus);
    box.addEventListener('blur', onBlur);
    box.addEventListener('keydown', onKeyDown);
    return () => {
      box.removeEventListener('focus', onFocus);
      box.removeEventListener('blur', onBlur);
      box.removeEventListener('keydown', onKeyDown);
    };
  }, [input]);

  const activeId = open && active >= 0 && active < companies.length ? optionId(active) : undefined;
  useEffect(() => onState({ open, activeId }), [open, activeId, onState]);
  useEffect(() => () => onState({ open: false, activeId: undefined }), [onState]);

  if (!open) return null;
  // The keyboard works in the box (aria-activedescendant names the active option), so the options
  // take no focus; a click picks one without taking the focus from the box.
  return (
    <div
      id={listId}
      role="listbox"
      aria-label="Companies in your library"
      className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
    >
      {companies.map((company, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's keys are handled on the box
        // biome-ignore lint/a11y/useFocusableInteractive: options of a combobox's listbox are not focused (aria-activedescendant)
        <div
          key={company}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(company)}
          className={cn(
            'cursor-pointer truncate px-3 py-1.5 text-sm',
            index === active ? 'bg-brand-50 text-brand-900' : 'text-slate-800 hover:bg-slate-50',
          )}
        >
          {company}
        </div>
      ))}
    </div>
  );
}
