import { describe, expect, it } from 'vitest';
import type { NewsAlert, NewsAlertList } from '../../../shared/news-alerts.ts';
import { draftAfterSave, editedDraft, isDirty } from '../../lib/use-server-draft.ts';
import {
  type AlertCard,
  type AlertDraft,
  type CardsAction,
  type CardsState,
  cardsReducer,
  draftFromAlert,
  initialCards,
  missesRequired,
  newDraft,
  serverDraft,
  withoutErrorsOf,
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
/** What a card shows: its draft while it holds edits, else its alert (as useServerDraft decides). */
const shown = (state: CardsState, card: AlertCard): AlertDraft => {
  const draft = state.drafts[card.key];
  return isDirty(serverDraft(card), draft) && draft ? draft : serverDraft(card);
};
const dirty = (state: CardsState, card: AlertCard) => isDirty(serverDraft(card), state.drafts[card.key]);
const companies = (state: CardsState) => state.cards.map((c) => shown(state, c).companyName || (c.alert ? '?' : '(new)'));
/** The user types into a card (the card's useServerDraft edit). */
const edit = (state: CardsState, key: string, patch: Partial<AlertDraft>): CardsAction => {
  const card = state.cards.find((c) => c.key === key)!;
  return { type: 'draft', key, update: (draft) => editedDraft(serverDraft(card), draft, patch) };
};
/** The card's save of `sent` is answered with `alert` (the card's onSuccess: its draft, then the page). */
const save = (state: CardsState, key: string, sent: AlertDraft, alert: NewsAlert) => {
  const cleared = cardsReducer(state, { type: 'draft', key, update: (draft) => draftAfterSave(draft, sent) });
  return cardsReducer(cleared, { type: 'saved', key, alert });
};

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
    const empty = run(sync([]));
    expect(empty.cards.map((c) => [c.alert, shown(empty, c).notificationEmail])).toEqual([
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
    expect(shown(state, state.cards.at(-1)!)).toEqual(newDraft());
  });

  it('an edit makes the card dirty and clears that field’s error; undoing it makes it clean again', () => {
    let state = run(sync([alert(1)]));
    const key = state.cards[0]!.key;
    state = cardsReducer(state, edit(state, key, { companyName: 'Other' }));
    expect(dirty(state, state.cards[0]!)).toBe(true);
    expect(withoutErrorsOf({ companyName: 'x', deliveryDays: 'y' }, { companyName: 'Other' })).toEqual({ deliveryDays: 'y' });
    state = cardsReducer(state, edit(state, key, { companyName: 'Company 1' }));
    expect(dirty(state, state.cards[0]!)).toBe(false);
    expect(state.drafts).toEqual({});
  });

  it('a reload keeps a dirty card’s edits and moves a clean card to the server’s values', () => {
    let state = run(sync([alert(1), alert(2)]));
    state = cardsReducer(state, edit(state, state.cards[0]!.key, { keywords: 'typed' }));
    const changed = [
      alert(1, { companyName: 'Renamed 1', updatedAt: '2030-02-01T00:00:00.000Z' }),
      alert(2, { companyName: 'Renamed 2', updatedAt: '2030-02-01T00:00:00.000Z' }),
    ];
    state = cardsReducer(state, sync(changed));
    expect(shown(state, state.cards[0]!)).toMatchObject({ companyName: 'Company 1', keywords: 'typed' });
    expect(state.cards[0]!.alert?.companyName).toBe('Renamed 1');
    expect(dirty(state, state.cards[0]!)).toBe(true);
    expect(shown(state, state.cards[1]!).companyName).toBe('Renamed 2');
    expect(dirty(state, state.cards[1]!)).toBe(false);
  });

  it('a reload drops alerts deleted elsewhere and shows alerts created elsewhere', () => {
    let state = run(sync([alert(1), alert(2), alert(3), alert(4)]));
    state = cardsReducer(state, sync([alert(1), alert(2), alert(3), alert(5)]));
    expect(companies(state)).toEqual(['Company 1', 'Company 2', 'Company 3', 'Company 5']);
    expect(state.keptAfterDelete).toBe(0);
  });

  it('alerts created elsewhere replace clean placeholders, never dirty ones', () => {
    let state = run(sync([alert(1), alert(2), alert(3)]));
    state = cardsReducer(state, { type: 'add' });
    state = cardsReducer(state, { type: 'add' });
    state = cardsReducer(state, { type: 'add' });
    state = cardsReducer(state, edit(state, state.cards[3]!.key, { companyName: 'Typed' }));
    state = cardsReducer(state, sync([alert(1), alert(2), alert(3), alert(4), alert(5)]));
    expect(companies(state)).toEqual(['Company 1', 'Company 2', 'Company 3', 'Company 4', 'Company 5', 'Typed']);
    state = cardsReducer(state, sync([alert(1), alert(2), alert(3), alert(4), alert(5), alert(6)]));
    expect(companies(state)).toEqual(['Company 1', 'Company 2', 'Company 3', 'Company 4', 'Company 5', 'Company 6', 'Typed']);
  });

  it('the default address is only shown: no card holds it, and a new one replaces it', () => {
    let state = run(sync([alert(1)]));
    expect(state.defaultEmail).toBe('me@example.com');
    expect(state.cards.map((c) => shown(state, c).notificationEmail)).toEqual(['', '', '']);
    expect(state.cards.some((c) => dirty(state, c))).toBe(false);
    state = cardsReducer(state, sync([alert(1)], 'alerts@example.com'));
    expect(state.defaultEmail).toBe('alerts@example.com');
    expect(state.cards.map((c) => shown(state, c).notificationEmail)).toEqual(['', '', '']);
  });

  it('an alert deleted elsewhere takes its card along, unless the card has edits: then it stays as an unsaved card', () => {
    let state = run(sync([alert(1), alert(2), alert(3), alert(4), alert(5)]));
    const edited = state.cards[3]!.key;
    state = cardsReducer(state, edit(state, edited, { keywords: 'typed' }));
    state = cardsReducer(state, sync([alert(1), alert(2), alert(3)]));
    expect(companies(state)).toEqual(['Company 1', 'Company 2', 'Company 3', 'Company 4']);
    const kept = state.cards[3]!;
    expect(kept).toMatchObject({ key: edited, alert: null, placeholder: false });
    expect(shown(state, kept)).toMatchObject({ companyName: 'Company 4', keywords: 'typed', deliveryDays: ['MON', 'FRI'] });
    expect(dirty(state, kept)).toBe(true);
    expect(state.keptAfterDelete).toBe(1);
    // It is told once; later reloads keep the card and say nothing new.
    state = cardsReducer(state, sync([alert(1), alert(2), alert(3)]));
    expect(shown(state, state.cards[3]!).keywords).toBe('typed');
    expect(state.keptAfterDelete).toBe(1);
    // Saving it creates a new alert.
    const sent = shown(state, state.cards[3]!);
    state = save(state, edited, sent, alert(6, { companyName: 'Company 4', keywords: ['typed'] }));
    expect(state.cards[3]).toMatchObject({ key: edited, alert: { id: alert(6).id } });
    expect(dirty(state, state.cards[3]!)).toBe(false);
  });

  it('an alert deleted from this page is no delete elsewhere, even when a reload says it is gone before the answer', () => {
    let state = run(sync([alert(1), alert(2), alert(3), alert(4)]));
    const key = state.cards[3]!.key;
    state = cardsReducer(state, edit(state, key, { keywords: 'typed' }));
    state = cardsReducer(state, { type: 'deleting', key, deleting: true });
    // A reload for something else while the delete is on its way: the card is still being deleted.
    state = cardsReducer(state, sync([alert(1), alert(2), alert(3), alert(4, { companyName: 'Four' })]));
    state = cardsReducer(state, sync([alert(1), alert(2), alert(3)]));
    expect(companies(state)).toEqual(['Company 1', 'Company 2', 'Company 3']);
    expect(state.keptAfterDelete).toBe(0);
    state = cardsReducer(state, { type: 'remove', key });
    expect(state.cards).toHaveLength(3);
    expect(state.drafts).toEqual({});
  });

  it('a delete that fails leaves the card, edits and all, and a later delete elsewhere keeps the edits', () => {
    let state = run(sync([alert(1), alert(2), alert(3), alert(4)]));
    const key = state.cards[3]!.key;
    state = cardsReducer(state, edit(state, key, { keywords: 'typed' }));
    state = cardsReducer(state, { type: 'deleting', key, deleting: true });
    state = cardsReducer(state, { type: 'deleting', key, deleting: false });
    expect(shown(state, state.cards[3]!).keywords).toBe('typed');
    state = cardsReducer(state, sync([alert(1), alert(2), alert(3)]));
    expect(state.cards[3]).toMatchObject({ key, alert: null });
    expect(state.keptAfterDelete).toBe(1);
  });

  it('a saved placeholder becomes that alert and keeps its key; the reload puts it first', () => {
    let state = run(sync([]));
    const key = state.cards[1]!.key;
    state = cardsReducer(state, edit(state, key, { companyName: ' Acme ', deliveryDays: ['TUE'] }));
    const sent = shown(state, state.cards[1]!);
    const created = alert(7, { companyName: 'Acme', deliveryDays: ['TUE'], keywords: [] });
    state = save(state, key, sent, created);
    expect(state.cards[1]).toMatchObject({ key, alert: created });
    expect(shown(state, state.cards[1]!).companyName).toBe('Acme');
    expect(dirty(state, state.cards[1]!)).toBe(false);
    // The reload (the cached list with the answer in it) puts saved alerts first; the card is the same card.
    state = cardsReducer(state, sync([created]));
    expect(state.cards.map((c) => c.key)).toEqual([key, state.cards[1]!.key, state.cards[2]!.key]);
    expect(state.cards).toHaveLength(3);
  });

  it('a slow create: a reload that showed the new alert before the answer does not show it twice', () => {
    let state = run(sync([]));
    const key = state.cards[0]!.key;
    state = cardsReducer(state, edit(state, key, { companyName: 'Acme', deliveryDays: ['TUE'] }));
    const sent = shown(state, state.cards[0]!);
    const created = alert(7, { companyName: 'Acme', deliveryDays: ['TUE'], keywords: [] });
    // The live update of the create comes in first: for now the alert has a card of its own.
    state = cardsReducer(state, sync([created]));
    expect(companies(state)).toEqual(['Acme', 'Acme', '(new)']);
    state = save(state, key, sent, created);
    expect(state.cards.filter((c) => c.alert?.id === created.id)).toHaveLength(1);
    expect(state.cards.find((c) => c.alert?.id === created.id)?.key).toBe(key);
    expect(companies(state)).toEqual(['Acme', '(new)', '(new)']);
    state = cardsReducer(state, sync([created]));
    expect(companies(state)).toEqual(['Acme', '(new)', '(new)']);
    expect(state.cards[0]!.key).toBe(key);
  });

  it('edits made while saving survive the save, and the next reload', () => {
    let state = run(sync([alert(1)]));
    const key = state.cards[0]!.key;
    state = cardsReducer(state, edit(state, key, { companyName: 'First' }));
    const sent = shown(state, state.cards[0]!);
    state = cardsReducer(state, edit(state, key, { companyName: 'Second' }));
    const answer = alert(1, { companyName: 'First', updatedAt: '2030-03-01T00:00:00.000Z' });
    state = save(state, key, sent, answer);
    expect(shown(state, state.cards[0]!).companyName).toBe('Second');
    expect(dirty(state, state.cards[0]!)).toBe(true);
    state = cardsReducer(state, sync([answer]));
    expect(shown(state, state.cards[0]!).companyName).toBe('Second');
  });

  it('the saved values show at once: the card takes the answer without waiting for a reload', () => {
    let state = run(sync([alert(1)]));
    const key = state.cards[0]!.key;
    state = cardsReducer(state, edit(state, key, { companyName: 'New name' }));
    const sent = shown(state, state.cards[0]!);
    state = save(state, key, sent, alert(1, { companyName: 'New name', updatedAt: '2030-03-01T00:00:00.000Z' }));
    expect(shown(state, state.cards[0]!).companyName).toBe('New name');
    expect(dirty(state, state.cards[0]!)).toBe(false);
  });

  it('removes a card', () => {
    let state = run(sync([alert(1), alert(2), alert(3)]));
    state = cardsReducer(state, { type: 'add' });
    state = cardsReducer(state, { type: 'remove', key: state.cards[3]!.key });
    expect(state.cards).toHaveLength(3);
  });
});
