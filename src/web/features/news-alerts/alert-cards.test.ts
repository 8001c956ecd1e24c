import { describe, expect, it } from 'vitest';
import type { NewsAlert, NewsAlertList } from '../../../shared/news-alerts.ts';
import {
  type CardsAction,
  type CardsState,
  cardsReducer,
  defaultEmailHint,
  draftFromAlert,
  initialCards,
  isDirty,
  missesRequired,
  newDraft,
} from './alert-cards.ts';

const alert = (n: number, overrides: Partial<NewsAlert> = {}): NewsAlert => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  active: true,
  companyName: `Company ${n}`,
  keywords: ['merger', 'layoffs'],
  deliveryDays: ['MON', 'FRI'],
  deliveryHour: 9,
  notificationEmail: null,
  searchId: `10000000-0000-4000-8000-00000000000${n}`,
  createdAt: `2030-01-0${n}T00:00:00.000Z`,
  updatedAt: `2030-01-0${n}T00:00:00.000Z`,
  ...overrides,
});
const list = (alerts: NewsAlert[], defaultNotificationEmail = 'me@example.com'): NewsAlertList => ({ alerts, defaultNotificationEmail });
const run = (...actions: CardsAction[]) => actions.reduce(cardsReducer, initialCards);
const sync = (alerts: NewsAlert[], email?: string): CardsAction => ({ type: 'sync', list: list(alerts, email) });
const companies = (state: CardsState) => state.cards.map((c) => c.draft.companyName || (c.alert ? '?' : '(new)'));

describe('drafts', () => {
  it('a new alert is inactive at 9:00 AM with no days and an empty address (the default one)', () => {
    expect(newDraft()).toEqual({
      active: false,
      companyName: '',
      keywords: '',
      deliveryDays: [],
      deliveryHour: 9,
      notificationEmail: '',
    });
  });

  it('a saved alert shows its keywords as text and its days in week order', () => {
    expect(draftFromAlert(alert(1, { keywords: ['a', 'b c'], deliveryDays: ['SUN', 'MON'], notificationEmail: null }))).toMatchObject({
      keywords: 'a, b c',
      deliveryDays: ['MON', 'SUN'],
      notificationEmail: '',
    });
  });

  it('activation needs a company, a day and a time', () => {
    const ok = { ...newDraft(), companyName: 'Acme', deliveryDays: ['MON' as const] };
    expect(missesRequired(ok)).toBe(false);
    expect(missesRequired({ ...ok, companyName: '  ' })).toBe(true);
    expect(missesRequired({ ...ok, deliveryDays: [] })).toBe(true);
    expect(missesRequired({ ...ok, deliveryHour: null })).toBe(true);
  });
});

describe('cards', () => {
  it('always shows at least three cards: saved alerts first, then placeholders', () => {
    expect(run(sync([])).cards.map((c) => [c.alert, c.draft.notificationEmail])).toEqual([
      [null, ''],
      [null, ''],
      [null, ''],
    ]);
    expect(companies(run(sync([alert(1)])))).toEqual(['Company 1', '(new)', '(new)']);
    expect(companies(run(sync([alert(1), alert(2), alert(3), alert(4)])))).toEqual(['Company 1', 'Company 2', 'Company 3', 'Company 4']);
  });

  it('placeholders give way to alerts created elsewhere; cards the user added stay', () => {
    let state = run(sync([]));
    state = cardsReducer(state, sync([alert(1), alert(2)]));
    expect(companies(state)).toEqual(['Company 1', 'Company 2', '(new)']);
    state = cardsReducer(state, sync([alert(1), alert(2), alert(3), alert(4)]));
    expect(companies(state)).toEqual(['Company 1', 'Company 2', 'Company 3', 'Company 4']);
    state = cardsReducer(state, { type: 'add' });
    state = cardsReducer(state, sync([alert(1), alert(2), alert(3), alert(4, { companyName: 'Four' })]));
    expect(companies(state)).toEqual(['Company 1', 'Company 2', 'Company 3', 'Four', '(new)']);
  });

  it('adds unsaved cards up to six in all', () => {
    let state = run(sync([alert(1)]));
    for (let i = 0; i < 5; i++) state = cardsReducer(state, { type: 'add' });
    expect(state.cards).toHaveLength(6);
    expect(new Set(state.cards.map((c) => c.key)).size).toBe(6);
    expect(state.cards.at(-1)?.draft).toEqual(newDraft());
  });

  it('an edit makes the card dirty and clears that field’s error; undoing it makes it clean again', () => {
    let state = run(sync([alert(1)]));
    const key = state.cards[0]!.key;
    state = cardsReducer(state, { type: 'invalid', key, errors: { companyName: 'x', deliveryDays: 'y' } });
    state = cardsReducer(state, { type: 'edit', key, patch: { companyName: 'Other' } });
    expect(isDirty(state.cards[0]!)).toBe(true);
    expect(state.cards[0]!.errors).toEqual({ deliveryDays: 'y' });
    state = cardsReducer(state, { type: 'edit', key, patch: { companyName: 'Company 1' } });
    expect(isDirty(state.cards[0]!)).toBe(false);
  });

  it('a reload keeps a dirty card’s edits and moves a clean card to the server’s values', () => {
    let state = run(sync([alert(1), alert(2)]));
    state = cardsReducer(state, { type: 'edit', key: state.cards[0]!.key, patch: { keywords: 'typed' } });
    const changed = [
      alert(1, { companyName: 'Renamed 1', updatedAt: '2030-02-01T00:00:00.000Z' }),
      alert(2, { companyName: 'Renamed 2', updatedAt: '2030-02-01T00:00:00.000Z' }),
    ];
    state = cardsReducer(state, sync(changed));
    expect(state.cards[0]!.draft).toMatchObject({ companyName: 'Company 1', keywords: 'typed' });
    expect(state.cards[0]!.alert?.companyName).toBe('Renamed 1');
    expect(isDirty(state.cards[0]!)).toBe(true);
    expect(state.cards[1]!.draft.companyName).toBe('Renamed 2');
    expect(isDirty(state.cards[1]!)).toBe(false);
  });

  it('a reload drops alerts deleted elsewhere and shows alerts created elsewhere', () => {
    let state = run(sync([alert(1), alert(2), alert(3), alert(4)]));
    state = cardsReducer(state, sync([alert(1), alert(2), alert(3), alert(5)]));
    expect(companies(state)).toEqual(['Company 1', 'Company 2', 'Company 3', 'Company 5']);
  });

  it('alerts created elsewhere replace clean placeholders, never dirty ones', () => {
    let state = run(sync([alert(1), alert(2), alert(3)]));
    state = cardsReducer(state, { type: 'add' });
    state = cardsReducer(state, { type: 'add' });
    state = cardsReducer(state, { type: 'add' });
    state = cardsReducer(state, { type: 'edit', key: state.cards[3]!.key, patch: { companyName: 'Typed' } });
    state = cardsReducer(state, sync([alert(1), alert(2), alert(3), alert(4), alert(5)]));
    expect(companies(state)).toEqual(['Company 1', 'Company 2', 'Company 3', 'Company 4', 'Company 5', 'Typed']);
    state = cardsReducer(state, sync([alert(1), alert(2), alert(3), alert(4), alert(5), alert(6)]));
    expect(companies(state)).toEqual(['Company 1', 'Company 2', 'Company 3', 'Company 4', 'Company 5', 'Company 6', 'Typed']);
  });

  it('the default address is only shown: no card holds it, and a new one replaces it', () => {
    let state = run(sync([alert(1)]));
    expect(state.defaultEmail).toBe('me@example.com');
    expect(state.cards.map((c) => c.draft.notificationEmail)).toEqual(['', '', '']);
    expect(state.cards.some(isDirty)).toBe(false);
    state = cardsReducer(state, sync([alert(1)], 'alerts@example.com'));
    expect(state.defaultEmail).toBe('alerts@example.com');
    expect(state.cards.map((c) => c.draft.notificationEmail)).toEqual(['', '', '']);
    expect(defaultEmailHint(state.defaultEmail)).toBe('Leave empty to use your default address (alerts@example.com), set in Profile.');
  });

  it('an alert deleted elsewhere takes its card along, unless the card has edits: then it stays as an unsaved card', () => {
    let state = run(sync([alert(1), alert(2), alert(3), alert(4), alert(5)]));
    const edited = state.cards[3]!.key;
    state = cardsReducer(state, { type: 'edit', key: edited, patch: { keywords: 'typed' } });
    state = cardsReducer(state, sync([alert(1), alert(2), alert(3)]));
    expect(companies(state)).toEqual(['Company 1', 'Company 2', 'Company 3', 'Company 4']);
    const kept = state.cards[3]!;
    expect(kept).toMatchObject({ key: edited, alert: null, baseline: newDraft(), placeholder: false });
    expect(kept.draft).toMatchObject({ companyName: 'Company 4', keywords: 'typed', deliveryDays: ['MON', 'FRI'] });
    expect(isDirty(kept)).toBe(true);
    expect(state.keptAfterDelete).toBe(1);
    // It is told once; later reloads keep the card and say nothing new.
    state = cardsReducer(state, sync([alert(1), alert(2), alert(3)]));
    expect(state.cards[3]!.draft.keywords).toBe('typed');
    expect(state.keptAfterDelete).toBe(1);
    // Saving it creates a new alert.
    const submitted = state.cards[3]!.draft;
    state = cardsReducer(state, { type: 'saved', key: edited, alert: alert(6, { companyName: 'Company 4' }), submitted, at: 1 });
    expect(state.cards[3]).toMatchObject({ key: edited, alert: { id: alert(6).id } });
    expect(isDirty(state.cards[3]!)).toBe(false);
  });

  it('a list fetched before a card’s own create does not take the new alert away, nor call it deleted', () => {
    let state = run(sync([]));
    const key = state.cards[0]!.key;
    state = cardsReducer(state, { type: 'edit', key, patch: { companyName: 'Acme', deliveryDays: ['TUE'] } });
    const submitted = state.cards[0]!.draft;
    const created = alert(7, { companyName: 'Acme', deliveryDays: ['TUE'] });
    state = cardsReducer(state, { type: 'saved', key, alert: created, submitted, at: 1 });
    state = cardsReducer(state, { type: 'edit', key, patch: { keywords: 'typed while saving' } });
    state = cardsReducer(state, sync([]));
    expect(state.cards[0]).toMatchObject({ key, alert: created });
    expect(state.cards).toHaveLength(3);
    expect(state.keptAfterDelete).toBe(0);
    state = cardsReducer(state, sync([created]));
    expect(state.cards.map((c) => c.key)).toEqual([key, state.cards[1]!.key, state.cards[2]!.key]);
    expect(state.cards[0]!.draft.keywords).toBe('typed while saving');
  });

  it('a saved placeholder becomes that alert, keeps its key and shows the saved confirmation', () => {
    let state = run(sync([]));
    const key = state.cards[1]!.key;
    state = cardsReducer(state, { type: 'edit', key, patch: { companyName: ' Acme ', deliveryDays: ['TUE'] } });
    const submitted = state.cards[1]!.draft;
    const saved = alert(7, { companyName: 'Acme', deliveryDays: ['TUE'], keywords: [] });
    state = cardsReducer(state, { type: 'saved', key, alert: saved, submitted, at: 123 });
    expect(state.cards[1]).toMatchObject({ key, alert: saved, savedAt: 123, errors: {} });
    expect(state.cards[1]!.draft.companyName).toBe('Acme');
    expect(isDirty(state.cards[1]!)).toBe(false);
    // The reload puts saved alerts first; the card is the same card.
    state = cardsReducer(state, sync([saved]));
    expect(state.cards.map((c) => c.key)).toEqual([key, state.cards[1]!.key, state.cards[2]!.key]);
    expect(state.cards).toHaveLength(3);
    expect(state.cards[0]!.savedAt).toBe(123);
  });

  it('a reload that already showed the new alert does not show it twice', () => {
    let state = run(sync([]));
    const key = state.cards[0]!.key;
    state = cardsReducer(state, { type: 'edit', key, patch: { companyName: 'Acme', deliveryDays: ['TUE'] } });
    const submitted = state.cards[0]!.draft;
    const saved = alert(7, { companyName: 'Acme', deliveryDays: ['TUE'], keywords: [] });
    state = cardsReducer(state, sync([saved]));
    state = cardsReducer(state, { type: 'saved', key, alert: saved, submitted, at: 1 });
    expect(state.cards.filter((c) => c.alert?.id === saved.id)).toHaveLength(1);
    expect(state.cards.find((c) => c.alert?.id === saved.id)?.key).toBe(key);
  });

  it('edits made while saving survive the save', () => {
    let state = run(sync([alert(1)]));
    const key = state.cards[0]!.key;
    state = cardsReducer(state, { type: 'edit', key, patch: { companyName: 'First' } });
    const submitted = state.cards[0]!.draft;
    state = cardsReducer(state, { type: 'edit', key, patch: { companyName: 'Second' } });
    state = cardsReducer(state, { type: 'saved', key, alert: alert(1, { companyName: 'First' }), submitted, at: 1 });
    expect(state.cards[0]!.draft.companyName).toBe('Second');
    expect(isDirty(state.cards[0]!)).toBe(true);
  });

  it('a list older than the card’s own save does not undo it', () => {
    let state = run(sync([alert(1)]));
    const key = state.cards[0]!.key;
    state = cardsReducer(state, { type: 'edit', key, patch: { companyName: 'New name' } });
    const submitted = state.cards[0]!.draft;
    state = cardsReducer(state, {
      type: 'saved',
      key,
      alert: alert(1, { companyName: 'New name', updatedAt: '2030-03-01T00:00:00.000Z' }),
      submitted,
      at: 1,
    });
    state = cardsReducer(state, sync([alert(1)]));
    expect(state.cards[0]!.draft.companyName).toBe('New name');
  });

  it('removes a card', () => {
    let state = run(sync([alert(1), alert(2), alert(3)]));
    state = cardsReducer(state, { type: 'add' });
    state = cardsReducer(state, { type: 'remove', key: state.cards[3]!.key });
    expect(state.cards).toHaveLength(3);
  });
});
