// The cards on the News Alerts screen and how they change: the user's edits, saves, additions and
// removals, and reloads of the server's list (live updates). A card being edited keeps the user's
// edits through a reload; a card that is not dirty follows the server. An empty notification e-mail
// means the user's default address (ADR 009): the field stays empty and the default is only shown.
import type { NewsAlert, NewsAlertList } from '../../../shared/news-alerts.ts';
import { inWeekOrder } from '../../../shared/news-alerts.ts';
import { DEFAULT_DELIVERY_HOUR, NEWS_ALERT_LIMIT, type Weekday } from '../../../shared/sonar.ts';
import type { FieldErrors } from '../../lib/form.ts';

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
  /** The values the card had when it was last in step with the server; dirty = draft differs. */
  baseline: AlertDraft;
  draft: AlertDraft;
  errors: FieldErrors;
  /** When the card was last saved (shows 'All changes saved'). */
  savedAt: number | null;
  /** An unsaved card put there only to show three cards (not one the user added with Add Alert). */
  placeholder: boolean;
  /**
   * The card's alert has been in a list from the server (or one list has missed it). Until then
   * (just created by this card) a list without it is older than the save, not a delete elsewhere.
   */
  listed: boolean;
};

export type CardsState = {
  cards: AlertCard[];
  /** The address an empty notification e-mail stands for (shown as placeholder and hint). */
  defaultEmail: string;
  loaded: boolean;
  nextKey: number;
  /** How many edited cards have so far lost their alert to a delete elsewhere (each is told once). */
  keptAfterDelete: number;
};

export type CardsAction =
  | { type: 'sync'; list: NewsAlertList }
  | { type: 'edit'; key: string; patch: Partial<AlertDraft> }
  | { type: 'invalid'; key: string; errors: FieldErrors }
  | { type: 'add' }
  | { type: 'remove'; key: string }
  | { type: 'saved'; key: string; alert: NewsAlert; submitted: AlertDraft; at: number };

/** At least this many cards always show: the saved alerts, then unsaved placeholders. */
export const MIN_CARDS = 3;

export const initialCards: CardsState = { cards: [], defaultEmail: '', loaded: false, nextKey: 1, keptAfterDelete: 0 };

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

export const sameDraft = (a: AlertDraft, b: AlertDraft) =>
  a.active === b.active &&
  a.companyName === b.companyName &&
  a.keywords === b.keywords &&
  a.deliveryDays.join() === b.deliveryDays.join() &&
  a.deliveryHour === b.deliveryHour &&
  a.notificationEmail === b.notificationEmail;

/** Under the notification e-mail field: an empty field means this address. */
export const defaultEmailHint = (defaultEmail: string) => `Leave empty to use your default address (${defaultEmail}), set in Profile.`;

/** Said once for each edited card whose alert was deleted in another tab or by another device. */
export const deletedElsewhereText = 'This alert was deleted elsewhere. Your unsaved changes are kept as a new card.';

export const isDirty = (card: AlertCard) => !sameDraft(card.draft, card.baseline);

/** An alert can be activated (and saved) only with a company, a delivery day and a time (spec 02 §5). */
export const missesRequired = (draft: AlertDraft) =>
  !draft.companyName.trim() || draft.deliveryDays.length === 0 || draft.deliveryHour === null;

const unsavedCard = (key: number, placeholder: boolean): AlertCard => {
  const draft = newDraft();
  return { key: `new-${key}`, alert: null, baseline: draft, draft, errors: {}, savedAt: null, placeholder, listed: false };
};

/** The card shows `alert` from now on; its edits survive when it is dirty. */
function follow(card: AlertCard, alert: NewsAlert): AlertCard {
  const baseline = draftFromAlert(alert);
  const dirty = isDirty(card);
  return { ...card, alert, baseline, draft: dirty ? card.draft : baseline, errors: dirty ? card.errors : {} };
}

function sync(state: CardsState, list: NewsAlertList): CardsState {
  const shown = new Map(state.cards.flatMap((card) => (card.alert ? [[card.alert.id, card] as const] : [])));
  const saved: AlertCard[] = list.alerts.map((alert) => {
    const card = shown.get(alert.id);
    if (!card?.alert) {
      const baseline = draftFromAlert(alert);
      return { key: alert.id, alert, baseline, draft: baseline, errors: {}, savedAt: null, placeholder: false, listed: true };
    }
    // A list fetched before this card's own save finished is older than what the card shows.
    return { ...follow(card, card.alert.updatedAt > alert.updatedAt ? card.alert : alert), listed: true };
  });

  const listedIds = new Set(list.alerts.map((alert) => alert.id));
  const missing = state.cards.filter((card) => card.alert && !listedIds.has(card.alert.id));
  // Created by this card and not in this list, fetched before the save: the card stays as it is,
  // once (the next list is fetched after the save, so from then on a missing alert was deleted).
  saved.push(...missing.filter((card) => !card.listed).map((card) => ({ ...card, listed: true })));
  // Deleted elsewhere: a card with edits stays, as an unsaved card holding them; a clean one goes.
  const orphaned = new Set(missing.filter((card) => card.listed && isDirty(card)).map((card) => card.key));

  const blank = newDraft();
  const unsaved = state.cards
    .filter((card) => !card.alert || orphaned.has(card.key))
    .map((card) =>
      isDirty(card)
        ? { ...card, alert: null, baseline: blank, savedAt: null, listed: false }
        : { ...card, baseline: blank, draft: blank, errors: {} },
    );
  // Alerts created elsewhere take the places of untouched cards: placeholders beyond the three
  // shown, then any untouched card beyond the limit. What the user typed is never dropped.
  const dropLastClean = (which: (card: AlertCard) => boolean) => {
    const index = unsaved.findLastIndex((card) => which(card) && !isDirty(card));
    if (index >= 0) unsaved.splice(index, 1);
    return index >= 0;
  };
  while (saved.length + unsaved.length > MIN_CARDS && dropLastClean((card) => card.placeholder));
  while (saved.length + unsaved.length > NEWS_ALERT_LIMIT && dropLastClean(() => true));
  let nextKey = state.nextKey;
  while (saved.length + unsaved.length < MIN_CARDS) unsaved.push(unsavedCard(nextKey++, true));
  return {
    cards: [...saved, ...unsaved],
    defaultEmail: list.defaultNotificationEmail,
    loaded: true,
    nextKey,
    keptAfterDelete: state.keptAfterDelete + orphaned.size,
  };
}

const update = (state: CardsState, key: string, change: (card: AlertCard) => AlertCard): CardsState => ({
  ...state,
  cards: state.cards.map((card) => (card.key === key ? change(card) : card)),
});

export function cardsReducer(state: CardsState, action: CardsAction): CardsState {
  switch (action.type) {
    case 'sync':
      return sync(state, action.list);
    case 'edit':
      return update(state, action.key, (card) => {
        const errors = { ...card.errors };
        for (const field of Object.keys(action.patch)) delete errors[field];
        return { ...card, draft: { ...card.draft, ...action.patch }, errors };
      });
    case 'invalid':
      return update(state, action.key, (card) => ({ ...card, errors: action.errors }));
    case 'add':
      if (state.cards.length >= NEWS_ALERT_LIMIT) return state;
      return { ...state, cards: [...state.cards, unsavedCard(state.nextKey, false)], nextKey: state.nextKey + 1 };
    case 'remove':
      return { ...state, cards: state.cards.filter((card) => card.key !== action.key) };
    case 'saved': {
      const { key, alert, submitted, at } = action;
      // A reload may have shown the new alert already, as a card of its own: this card is that alert.
      const listedElsewhere = state.cards.some((card) => card.key !== key && card.alert?.id === alert.id);
      const cards = state.cards.filter((card) => card.key === key || card.alert?.id !== alert.id);
      return update({ ...state, cards }, key, (card) => {
        const baseline = draftFromAlert(alert);
        // Edits made while the save was on its way stay (and keep the card dirty).
        const draft = sameDraft(card.draft, submitted) ? baseline : card.draft;
        const listed = card.alert?.id === alert.id ? card.listed : listedElsewhere;
        return { ...card, alert, baseline, draft, errors: {}, savedAt: at, listed };
      });
    }
  }
}
