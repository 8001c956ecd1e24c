// One-click unsubscribe (RFC 8058) as both sides see it: what the page asks and says, and where a
// person manages the alert afterwards.
import type { AlertType } from './channels.ts';

export type UnsubscribeAlertKind = 'news' | 'newsletter' | 'earnings';

/**
 * A trigger e-mail's link (issue 31) turns off "as it happens", never the alert: 'trigger' names the
 * alerts one trigger was delivered for; 'triggers' (a roll-up's) every alert of the user that sends
 * events as they happen, since the roll-up gathers them all under the user's own rules.
 */
export type UnsubscribeTriggerKind = 'trigger' | 'triggers';
export type UnsubscribeLinkKind = UnsubscribeAlertKind | UnsubscribeTriggerKind;

/** An alert named on a trigger link's page: news and earnings alerts by their company, the newsletter by its industry. */
export type UnsubscribeTriggerAlert = { type: AlertType; name: string };

/**
 * GET and POST /api/unsubscribe?token=…: what the link names. An alert (name: the company, or the
 * newsletter's industry), active while it is on; or a trigger link's alerts, active while one of
 * them still sends events as they happen. A POST answers with what it turned off.
 */
export type UnsubscribeAlert =
  | { kind: UnsubscribeAlertKind; name: string; active: boolean }
  | { kind: UnsubscribeTriggerKind; alerts: UnsubscribeTriggerAlert[]; active: boolean };

type TriggerLink = Extract<UnsubscribeAlert, { alerts: unknown }>;
const isTriggerLink = (alert: UnsubscribeAlert): alert is TriggerLink => 'alerts' in alert;

export const unsubscribeMessages = {
  invalidLink: 'This unsubscribe link is not valid.',
  alertGone: 'This alert no longer exists.',
  done: "You're unsubscribed. You will not get these e-mails any more.",
  manage: 'Manage your alerts',
  button: 'Unsubscribe',
  loadFailed: 'We could not load this unsubscribe link',
  failed: 'We could not unsubscribe you. Please try again.',
  alertNote: "You can turn these e-mails back on at any time in the alert's settings.",
  triggerNote: 'The alerts themselves keep coming at their usual time. You can turn “As it happens” back on in each alert’s settings.',
};

const triggerAlertLabel = ({ type, name }: UnsubscribeTriggerAlert) =>
  type === 'newsletter' ? `your ${name} newsletter` : `your ${type === 'news' ? 'news' : 'earnings'} alert for ${name}`;

/** "your news alert for Apple, your Banking newsletter and your earnings alert for Nvidia". */
export function triggerAlertsLabel(alerts: UnsubscribeTriggerAlert[]): string {
  const labels = alerts.map(triggerAlertLabel);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : (labels[0] ?? '');
}

export function unsubscribeQuestion(alert: UnsubscribeAlert): string {
  if (isTriggerLink(alert))
    return alert.kind === 'trigger'
      ? `Stop events as they happen from ${triggerAlertsLabel(alert.alerts)}?`
      : `Stop events as they happen from all your alerts (${triggerAlertsLabel(alert.alerts)})?`;
  const { kind, name } = alert;
  if (kind === 'newsletter') return `Unsubscribe from your ${name} newsletter?`;
  if (kind === 'earnings') return `Unsubscribe from earnings alerts for ${name}?`;
  return `Unsubscribe from news alerts about ${name}?`;
}

/** Under the question: what stays as it was. */
export const unsubscribeNote = (alert: UnsubscribeAlert): string =>
  isTriggerLink(alert) ? unsubscribeMessages.triggerNote : unsubscribeMessages.alertNote;

/** Said when the alert is off already (turned off here before, or in its settings). */
export function alreadyUnsubscribed(alert: UnsubscribeAlert): string {
  if (isTriggerLink(alert)) {
    if (alert.alerts.length === 0) return "You're already unsubscribed: none of your alerts sends events as they happen.";
    return `You're already unsubscribed from events as they happen from ${triggerAlertsLabel(alert.alerts)}.`;
  }
  const { kind, name } = alert;
  if (kind === 'newsletter') return `You're already unsubscribed from your ${name} newsletter.`;
  if (kind === 'earnings') return `You're already unsubscribed from earnings alerts for ${name}.`;
  return `You're already unsubscribed from news alerts about ${name}.`;
}

/** Said after the click, from the POST's answer: for a trigger link, exactly the alerts it turned off. */
export function unsubscribed(alert: UnsubscribeAlert): string {
  if (!isTriggerLink(alert)) return unsubscribeMessages.done;
  // A roll-up's link clicked after everything was turned off elsewhere turned nothing off.
  if (alert.alerts.length === 0) return alreadyUnsubscribed(alert);
  const still = alert.alerts.length === 1 ? 'The alert itself is still on.' : 'The alerts themselves are still on.';
  return `You're unsubscribed from events as they happen from ${triggerAlertsLabel(alert.alerts)}. ${still}`;
}

/** The screen where the alert's settings live. */
export const alertScreen: Record<UnsubscribeAlertKind, string> = {
  news: '/sonar-os/news',
  newsletter: '/sonar-os/newsletter',
  earnings: '/sonar-os/earnings',
};

/** Where the page's "Manage your alerts" leads: a trigger link's first alert's screen ("As it happens" is on its card). */
export function manageScreen(alert: UnsubscribeAlert): string {
  if (!isTriggerLink(alert)) return alertScreen[alert.kind];
  return alertScreen[alert.alerts[0]?.type ?? 'news'];
}
