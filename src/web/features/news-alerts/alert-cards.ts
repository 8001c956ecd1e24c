// The cards on the News Alerts screen, for the server's list of alerts (spec 02 §2, ADR 009): at
// least three (unsaved placeholders after the saved alerts), cards the user adds, a new card that
// keeps its place once saved, and an edited card whose alert was deleted elsewhere, which stays as
// an unsaved card holding the edits. What a card shows (its edits, else its alert) is the shared
// server draft (lib/use-server-draft.ts); the drafts are kept here, by card, so a reload sees which
// cards have edits. Saves put their answers into the cached list (lib/save-into-cache.ts): no list
// synced here is older than a save this page has seen answered.
import { DEFAULT_DELIVERY_HOUR, inWeekOrder, NEWS_ALERT_LIMIT, type NewsAlert, type NewsAlertList } from '../../../shared/news-alerts.ts';
import type { Weekday } from '../../../shared/sonar.ts';
import type { FieldErrors } from '../../lib/form.ts';
import { type Drafts, withDraft } from '../../lib/use-server-draft.ts';

/** What a card's form holds; the keys are those of the request (newsAlertFormSchema). */
export type AlertDraft = {
  active: boolean;
  companyName: string;
  keywords: string;
  deliveryDays: Weekday[];
  deliveryHour: number | null;
  /** '' = the stored NULL: send to the user's default address. */
  notificationEmail: string;
};

export type AlertCard = {
  /** Stable for the card's life, also when an unsaved card becomes a saved alert. */
  key: string;
  /** The saved alert; null for a card not saved yet. */
  alert: NewsAlert | null;
  /** An unsaved card put there only to show three cards (not one the user added with Add Alert). */
  placeholder: boolean;
  /** Its alert is being deleted from this page: the alert leaving the list is no delete elsewhere. */
  deleting: boolean;
};

export type CardsState = {
  cards: AlertCard[];
  /** The unsaved edits, by card key. */
  drafts: Drafts<AlertDraft>;
  /** The address an empty notification e-mail stands for (shown as placeholder and hint). */
  defaultEmail: string;
  loaded: boolean;
  nextKey: number;
  /** How many edited cards have so far lost their alert to a delete elsewhere (each is told once). */
  keptAfterDelete: number;
};

export type CardsAction =
  | { type: 'sync'; list: NewsAlertList }
  | { type: 'draft'; key: string; update: (draft: AlertDraft | undefined) => AlertDraft | undefined }
  | { type: 'add' }
  | { type: 'deleting'; key: string; deleting: boolean }
  | { type: 'remove'; key: string }
  | { type: 'saved'; key: string; alert: NewsAlert };

/** At least this many cards always show: the saved alerts, then unsaved placeholders. */
const MIN_CARDS = 3;

export const initialCards: CardsState = { cards: [], drafts: {}, defaultEmail: '', loaded: false, nextKey: 1, keptAfterDelete: 0 };

/** New alerts are inactive, delivered at 9:00 AM, to the user's default address (spec 02 §4, §9). */
export const newDraft = (): AlertDraft => ({
  active: false,
  companyName: '',
  keywords: '',
  deliveryDays: [],
  deliveryHour: DEFAULT_DELIVERY_HOUR,
  notificationEmail: '',
});

export const draftFromAlert = (alert: NewsAlert): AlertDraft => ({
  active: alert.active,
  companyName: alert.companyName,
  keywords: alert.keywords.join(', '),
  deliveryDays: inWeekOrder(alert.deliveryDays),
  deliveryHour: alert.deliveryHour,
  notificationEmail: alert.notificationEmail ?? '',
});

/** A card's values as the server holds them: its alert's, or a new alert's for an unsaved card. */
export const serverDraft = (card: AlertCard) => (card.alert ? draftFromAlert(card.alert) : newDraft());

/** Said once for each edited card whose alert was deleted in another tab or by another device. */
export const deletedElsewhereText = 'This alert was deleted elsewhere. Your unsaved changes are kept as a new card.';

/** An alert can be activated (and saved) only with a company, a delivery day and a time (spec 02 §5). */
export const missesRequired = (draft: AlertDraft) =>
  !draft.companyName.trim() || draft.deliveryDays.length === 0 || draft.deliveryHour === null;

/** An edit clears the errors of the fields it changes. */
export function withoutErrorsOf(errors: FieldErrors, patch: Partial<AlertDraft>): FieldErrors {
  const rest = { ...errors };
  for (const field of Object.keys(patch)) delete rest[field];
  return rest;
}

const unsavedCard = (key: number, placeholder: boolean): AlertCard => ({ key: `new-${key}`, alert: null, placeholder, deleting: false });

function sync(state: CardsState, list: NewsAlertList): CardsState {
  const edited = (card: AlertCard) => state.drafts[card.key] !== undefined;
  const shownAlerts = new Map(state.cards.flatMap((card) => (card.alert ? [[card.alert.id, card] as const] : [])));
  const saved = list.alerts.map((alert) => {
    const card = shownAlerts.get(alert.id);
    return { key: card?.key ?? alert.id, alert, placeholder: false, deleting: card?.deleting ?? false };
  });
  const listed = new Set(list.alerts.map((alert) => alert.id));
  // Deleted elsewhere: a card with edits stays, as an unsaved card holding them; a clean one goes.
  const orphaned = state.cards.filter((card) => card.alert && !listed.has(card.alert.id) && !card.deleting && edited(card));
  const unsaved = [...orphaned.map((card) => ({ ...card, alert: null })), ...state.cards.filter((card) => !card.alert)];
  // Alerts created elsewhere take the places of untouched cards: placeholders beyond the three
  // shown, then any untouched card beyond the limit. What the user typed is never dropped.
  const dropLastClean = (which: (card: AlertCard) => boolean) => {
    const index = unsaved.findLastIndex((card) => which(card) && !edited(card));
    if (index >= 0) unsaved.splice(index, 1);
    return index >= 0;
  };
  while (saved.length + unsaved.length > MIN_CARDS && dropLastClean((card) => card.placeholder));
  while (saved.length + unsaved.length > NEWS_ALERT_LIMIT && dropLastClean(() => true));
  return withPlaceholders({
    ...state,
    cards: [...saved, ...unsaved],
    defaultEmail: list.defaultNotificationEmail,
    loaded: true,
    keptAfterDelete: state.keptAfterDelete + orphaned.length,
  });
}

/** Unsaved placeholders at the end, up to three cards. */
function withPlaceholders(state: CardsState): CardsState {
  const cards = [...state.cards];
  let nextKey = state.nextKey;
  while (cards.length < MIN_CARDS) cards.push(unsavedCard(nextKey++, true));
  return { ...state, cards, nextKey };
}

const update = (state: CardsState, key: string, change: (card: AlertCard) => AlertCard): CardsState => ({
  ...state,
  cards: state.cards.map((card) => (card.key === key ? change(card) : card)),
});

export function cardsReducer(state: CardsState, action: CardsAction): CardsState {
  switch (action.type) {
    case 'sync':
      return sync(state, action.list);
    case 'draft':
      return { ...state, drafts: withDraft(state.drafts, action.key, action.update(state.drafts[action.key])) };
    case 'add':
      if (state.cards.length >= NEWS_ALERT_LIMIT) return state;
      return { ...state, cards: [...state.cards, unsavedCard(state.nextKey, false)], nextKey: state.nextKey + 1 };
    case 'deleting':
      return update(state, action.key, (card) => ({ ...card, deleting: action.deleting }));
    case 'remove':
      return {
        ...state,
        cards: state.cards.filter((card) => card.key !== action.key),
        drafts: withDraft(state.drafts, action.key, undefined),
      };
    case 'saved': {
      // A list can show a new alert before its create is answered: then this card is that alert's card.
      const cards = state.cards.filter((card) => card.key === action.key || card.alert?.id !== action.alert.id);
      return withPlaceholders(update({ ...state, cards }, action.key, (card) => ({ ...card, alert: action.alert })));
    }
  }
}
