// One-click unsubscribe (RFC 8058) as both sides see it: what the page asks and says, and where a
// person manages the alert afterwards.

export type UnsubscribeAlertKind = 'news' | 'newsletter' | 'earnings';

/** GET and POST /api/unsubscribe?token=…: the alert the link names (name: the company, or the newsletter's industry). */
export type UnsubscribeAlert = { kind: UnsubscribeAlertKind; name: string; active: boolean };

export const unsubscribeMessages = {
  invalidLink: 'This unsubscribe link is not valid.',
  alertGone: 'This alert no longer exists.',
  done: "You're unsubscribed. You will not get these e-mails any more.",
  manage: 'Manage your alerts',
  button: 'Unsubscribe',
  loadFailed: 'We could not load this unsubscribe link',
  failed: 'We could not unsubscribe you. Please try again.',
};

export function unsubscribeQuestion({ kind, name }: Pick<UnsubscribeAlert, 'kind' | 'name'>): string {
  if (kind === 'newsletter') return `Unsubscribe from your ${name} newsletter?`;
  if (kind === 'earnings') return `Unsubscribe from earnings alerts for ${name}?`;
  return `Unsubscribe from news alerts about ${name}?`;
}

/** Said when the alert is off already (turned off here before, or in its settings). */
export function alreadyUnsubscribed({ kind, name }: Pick<UnsubscribeAlert, 'kind' | 'name'>): string {
  if (kind === 'newsletter') return `You're already unsubscribed from your ${name} newsletter.`;
  if (kind === 'earnings') return `You're already unsubscribed from earnings alerts for ${name}.`;
  return `You're already unsubscribed from news alerts about ${name}.`;
}

/** The screen where the alert's settings live. */
export const alertScreen: Record<UnsubscribeAlertKind, string> = {
  news: '/sonar-os/news',
  newsletter: '/sonar-os/newsletter',
  earnings: '/sonar-os/earnings',
};
