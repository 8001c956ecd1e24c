// @vitest-environment jsdom
// The server draft shared by the news alert cards, the earnings cards and the newsletter form: the
// draft while it holds edits, else the server's state, through reloads, saves and undone edits.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { draftAfterSave, editedDraft, isDirty, sameValues, useDrafts, useServerDraft } from './use-server-draft.ts';

type Form = { name: string; days: string[]; hour: number | null };
const server = (name: string, days = ['MON'], hour: number | null = 9): Form => ({ name, days, hour });

afterEach(cleanup);

/** One form over a server state the test changes, as a live update or a save's answer would. */
function form(initial: Form) {
  return renderHook(({ state }) => useServerDraft(state), { initialProps: { state: initial } });
}

describe('sameValues', () => {
  it('compares every field, nested lists and objects included', () => {
    const base = { active: true, name: 'Acme', days: ['MON', 'FRI'], rows: [{ a: 1, b: null }], email: '' };
    expect(sameValues(base, structuredClone(base))).toBe(true);
    for (const change of [
      { active: false },
      { name: 'x' },
      { days: ['FRI', 'MON'] },
      { days: ['MON'] },
      { rows: [{ a: 1, b: 2 }] },
      { rows: [{ a: 1 }] },
      { email: null },
    ]) {
      expect(sameValues(base, { ...base, ...change })).toBe(false);
    }
    expect(sameValues([], {})).toBe(false);
  });
});

describe('the draft', () => {
  it('an edit starts it; one that comes back to the server’s values ends it', () => {
    const saved = server('Acme');
    const draft = editedDraft(saved, undefined, { name: 'Other' });
    expect(draft).toEqual(server('Other'));
    expect(isDirty(saved, draft)).toBe(true);
    expect(editedDraft(saved, draft, { name: 'Acme' })).toBeUndefined();
  });

  it('a save ends it, unless it was edited while the save was on its way', () => {
    const sent = server('First');
    expect(draftAfterSave(sent, sent)).toBeUndefined();
    expect(draftAfterSave({ ...sent }, sent)).toBeUndefined();
    expect(draftAfterSave(undefined, sent)).toBeUndefined();
    expect(draftAfterSave(server('Second'), sent)).toEqual(server('Second'));
  });
});

describe('useServerDraft', () => {
  it('without edits the form shows the server’s state and follows it (a live update from another tab)', () => {
    const { result, rerender } = form(server('Acme'));
    expect(result.current).toMatchObject({ values: server('Acme'), dirty: false, savedAt: null });
    rerender({ state: server('Renamed elsewhere') });
    expect(result.current).toMatchObject({ values: server('Renamed elsewhere'), dirty: false });
  });

  it('with edits it shows them, also when the server’s state changes meanwhile', () => {
    const { result, rerender } = form(server('Acme'));
    act(() => result.current.edit({ days: ['MON', 'TUE'] }));
    act(() => result.current.edit({ hour: 10 }));
    expect(result.current).toMatchObject({ values: server('Acme', ['MON', 'TUE'], 10), dirty: true });
    rerender({ state: server('Renamed elsewhere') });
    expect(result.current).toMatchObject({ values: server('Acme', ['MON', 'TUE'], 10), dirty: true });
  });

  it('undoing the edits makes it clean, and it follows the server again', () => {
    const { result, rerender } = form(server('Acme'));
    act(() => result.current.edit({ name: 'Other' }));
    act(() => result.current.edit({ name: 'Acme' }));
    expect(result.current.dirty).toBe(false);
    rerender({ state: server('Renamed elsewhere') });
    expect(result.current.values).toEqual(server('Renamed elsewhere'));
  });

  it('edits saved word for word elsewhere leave it clean, and it follows the next change', () => {
    const { result, rerender } = form(server('Acme'));
    act(() => result.current.edit({ name: 'Same' }));
    rerender({ state: server('Same') });
    expect(result.current.dirty).toBe(false);
    rerender({ state: server('Later') });
    expect(result.current).toMatchObject({ values: server('Later'), dirty: false });
  });

  it('a save shows the saved state and the confirmation', () => {
    const { result, rerender } = form(server('Acme'));
    act(() => result.current.edit({ name: '  Acme Corp ' }));
    const sent = result.current.values;
    // The api has put the answer (as the server stores it) into the cache before the form hears of it.
    rerender({ state: server('Acme Corp') });
    expect(result.current.dirty).toBe(true);
    act(() => result.current.saved(sent));
    expect(result.current).toMatchObject({ values: server('Acme Corp'), dirty: false });
    expect(result.current.savedAt).toEqual(expect.any(Number));
  });

  it('a save answered after a newer edit keeps the newer edit (dirty)', () => {
    const { result, rerender } = form(server('Acme'));
    act(() => result.current.edit({ name: 'First' }));
    const sent = result.current.values;
    act(() => result.current.edit({ name: 'Second' }));
    rerender({ state: server('First') });
    act(() => result.current.saved(sent));
    expect(result.current).toMatchObject({ values: server('Second'), dirty: true });
    expect(result.current.savedAt).not.toBeNull();
  });

  it('with the page’s drafts, the edits outlive the form and the page sees which forms have them', () => {
    const page = renderHook(() => useDrafts<Form>());
    const card = (key: string, state: Form) => renderHook(() => useServerDraft(state, page.result.current.slot(key)));
    const first = card('a', server('Acme'));
    act(() => first.result.current.edit({ name: 'Typed' }));
    expect(Object.keys(page.result.current.drafts)).toEqual(['a']);
    first.unmount();
    expect(card('a', server('Acme')).result.current).toMatchObject({ values: server('Typed'), dirty: true });
    expect(card('b', server('Beta')).result.current).toMatchObject({ values: server('Beta'), dirty: false });
  });
});
