// One way to edit what the server holds (a news alert card, an earnings card, the newsletter form):
// while the user has unsaved edits (the draft) the form shows them, otherwise the server's state.
// So a live update (ADR 008) moves a form without edits and never overwrites one with edits, and a
// form whose edits are undone, or saved elsewhere word for word, is clean again. A save drops the
// draft, unless the user edited on while it was on its way, and shows 'All changes saved' through
// SaveStatus (spec 02 §4). The api puts the server's answer into the cache (save-into-cache.ts), so
// the form shows the saved state as soon as the draft goes.
import { useEffect, useState } from 'react';

/** Where a form's draft is kept (undefined: no unsaved edits): the form's own state, or its page's. */
export type DraftSlot<T> = readonly [draft: T | undefined, change: (update: (draft: T | undefined) => T | undefined) => void];

type ServerDraft<T> = {
  /** What the form shows: the draft while it differs from the server's state, else the server's state. */
  values: T;
  dirty: boolean;
  /** Changes fields of what the form shows; back at the server's state, the draft goes. */
  edit: (patch: Partial<T>) => void;
  /** Call with the values sent once the server has saved them. */
  saved: (sent: T) => void;
  /** When the last save succeeded (SaveStatus then shows 'All changes saved' for 3 seconds). */
  savedAt: number | null;
};

/** Equality of form values (plain objects, arrays, strings, numbers, booleans, null). */
export function sameValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && sameValues(left[key], right[key]));
}

/** The draft after an edit: no draft once the values are the server's again. */
export function editedDraft<T extends object>(server: T, draft: T | undefined, patch: Partial<T>): T | undefined {
  const next = { ...(draft ?? server), ...patch };
  return sameValues(next, server) ? undefined : next;
}

/** The draft once `sent` is saved: gone, unless it was edited while the save was on its way. */
export const draftAfterSave = <T>(draft: T | undefined, sent: T): T | undefined =>
  draft === undefined || sameValues(draft, sent) ? undefined : draft;

/** Whether `draft` holds unsaved edits of `server`. */
export const isDirty = <T>(server: T, draft: T | undefined) => draft !== undefined && !sameValues(draft, server);

/** A form over `server` (the form's values as the server holds them; the empty form when nothing is saved yet). */
export function useServerDraft<T extends object>(server: T, slot?: DraftSlot<T>): ServerDraft<T> {
  const own = useState<T | undefined>(undefined);
  const [draft, change] = slot ?? own;
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const edits = isDirty(server, draft) ? draft : undefined;
  const dirty = edits !== undefined;

  // The server has come to hold the draft (saved the same elsewhere): no edits are left, and the
  // form follows the server again when it changes next.
  useEffect(() => {
    if (draft !== undefined && !dirty) change((current) => (current === draft ? undefined : current));
  }, [draft, dirty, change]);

  return {
    values: edits ?? server,
    dirty,
    edit: (patch) => change((current) => editedDraft(server, current, patch)),
    saved: (sent) => {
      change((current) => draftAfterSave(current, sent));
      setSavedAt(Date.now());
    },
    savedAt,
  };
}

export type Drafts<T> = Readonly<Record<string, T>>;

/** `drafts` with `key`'s draft replaced (removed when undefined). */
export function withDraft<T>(drafts: Drafts<T>, key: string, draft: T | undefined): Drafts<T> {
  const { [key]: _, ...others } = drafts;
  return draft === undefined ? others : { ...others, [key]: draft };
}

/**
 * The drafts of a page's forms by key, kept by the page: it sees which forms have edits, and the
 * edits outlive a form moving on the page.
 */
export function useDrafts<T>() {
  const [drafts, setDrafts] = useState<Drafts<T>>({});
  const slot = (key: string): DraftSlot<T> => [drafts[key], (update) => setDrafts((all) => withDraft(all, key, update(all[key])))];
  return { drafts, slot };
}
