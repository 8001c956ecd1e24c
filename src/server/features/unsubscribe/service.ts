// One-click unsubscribe: the signed token in the link names what it turns off (no session: a mail
// provider's server sends the POST, RFC 8058). An alert's link sets `active = false` on that one row,
// the same column the alert's settings switch. A trigger e-mail's link turns off "as it happens"
// (deletes the trigger_subscriptions rows, as switching it off on the alert's card does) and leaves
// the alerts on: for the alerts the trigger was delivered for, or, from a roll-up, all the user's.
// Doing it twice changes nothing more.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AlertType } from '../../../shared/channels.ts';
import type { UnsubscribeAlertKind, UnsubscribeTriggerAlert } from '../../../shared/unsubscribe.ts';
import { type UnsubscribeAlert, unsubscribeMessages } from '../../../shared/unsubscribe.ts';
import type { Database } from '../../db/client.ts';
import { earningsTracking, newsletterAlerts, sonarAlerts, triggerSubscriptions, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AlertRef, readUnsubscribeToken, type UnsubscribeTarget } from '../../mail/unsubscribe-token.ts';

const invalidLink = () => new AppError('invalid_unsubscribe_link', unsubscribeMessages.invalidLink);
const alertGone = () => new AppError('not_found', unsubscribeMessages.alertGone);

/** What a token names, or 400 when the token is missing, malformed or not signed by us. */
function targetOfToken(secret: string, token: string | undefined): UnsubscribeTarget {
  const named = token ? readUnsubscribeToken(secret, token) : null;
  if (!named) throw invalidLink();
  return named;
}

async function readAlert(db: Database, kind: UnsubscribeAlertKind, alertId: string) {
  if (kind === 'news') {
    const [row] = await db
      .select({ name: sonarAlerts.companyName, active: sonarAlerts.active })
      .from(sonarAlerts)
      .where(eq(sonarAlerts.id, alertId));
    return row;
  }
  if (kind === 'earnings') {
    const [row] = await db
      .select({ name: earningsTracking.companyName, active: earningsTracking.active })
      .from(earningsTracking)
      .where(eq(earningsTracking.id, alertId));
    return row;
  }
  const [row] = await db
    .select({ industry: newsletterAlerts.industry, active: newsletterAlerts.active })
    .from(newsletterAlerts)
    .where(eq(newsletterAlerts.id, alertId));
  return row && { name: row.industry[0] ?? '', active: row.active };
}

/** Only a row that is on is updated, so a repeated unsubscribe leaves updated_at alone. */
async function deactivate(db: Database, kind: UnsubscribeAlertKind, alertId: string) {
  if (kind === 'news')
    await db
      .update(sonarAlerts)
      .set({ active: false })
      .where(and(eq(sonarAlerts.id, alertId), eq(sonarAlerts.active, true)));
  else if (kind === 'earnings')
    await db
      .update(earningsTracking)
      .set({ active: false })
      .where(and(eq(earningsTracking.id, alertId), eq(earningsTracking.active, true)));
  else
    await db
      .update(newsletterAlerts)
      .set({ active: false })
      .where(and(eq(newsletterAlerts.id, alertId), eq(newsletterAlerts.active, true)));
}

// ---- A trigger e-mail's link: "as it happens" of its alerts, or of all the user's --------------

/** The alerts' names, in the order given; an alert deleted since is left out. */
async function alertNames(db: Database, refs: AlertRef[]): Promise<UnsubscribeTriggerAlert[]> {
  const idsOf = (type: AlertType) => refs.filter((r) => r.type === type).map((r) => r.id);
  const [news, newsletters, earnings] = await Promise.all([
    idsOf('news').length
      ? db
          .select({ id: sonarAlerts.id, name: sonarAlerts.companyName })
          .from(sonarAlerts)
          .where(inArray(sonarAlerts.id, idsOf('news')))
      : [],
    idsOf('newsletter').length
      ? db
          .select({ id: newsletterAlerts.id, industry: newsletterAlerts.industry })
          .from(newsletterAlerts)
          .where(inArray(newsletterAlerts.id, idsOf('newsletter')))
      : [],
    idsOf('earnings').length
      ? db
          .select({ id: earningsTracking.id, name: earningsTracking.companyName })
          .from(earningsTracking)
          .where(inArray(earningsTracking.id, idsOf('earnings')))
      : [],
  ]);
  const names = new Map<string, string>([
    ...news.map((r) => [`news:${r.id}`, r.name] as const),
    ...newsletters.map((r) => [`newsletter:${r.id}`, r.industry[0] ?? ''] as const),
    ...earnings.map((r) => [`earnings:${r.id}`, r.name] as const),
  ]);
  return refs.flatMap((r) => {
    const name = names.get(`${r.type}:${r.id}`);
    return name === undefined ? [] : [{ type: r.type, name }];
  });
}

const subscriptionOf = (refs: AlertRef[]) =>
  or(...refs.map((r) => and(eq(triggerSubscriptions.alertType, r.type), eq(triggerSubscriptions.alertId, r.id))));

/** The user's alerts that send events as they happen, oldest subscription first. */
async function subscribedAlerts(db: Database, userId: string): Promise<AlertRef[]> {
  const rows = await db
    .select({ type: triggerSubscriptions.alertType, id: triggerSubscriptions.alertId })
    .from(triggerSubscriptions)
    .where(eq(triggerSubscriptions.userId, userId))
    .orderBy(triggerSubscriptions.createdAt, triggerSubscriptions.alertId);
  return rows;
}

async function userExists(db: Database, userId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

async function describeTrigger(db: Database, target: Exclude<UnsubscribeTarget, { alertId: string }>): Promise<UnsubscribeAlert> {
  if (target.kind === 'triggers') {
    if (!(await userExists(db, target.userId))) throw alertGone();
    const alerts = await alertNames(db, await subscribedAlerts(db, target.userId));
    return { kind: 'triggers', alerts, active: alerts.length > 0 };
  }
  const alerts = await alertNames(db, target.alerts);
  if (alerts.length === 0) throw alertGone();
  const [on] = await db.select({ one: sql`1` }).from(triggerSubscriptions).where(subscriptionOf(target.alerts)).limit(1);
  return { kind: 'trigger', alerts, active: on !== undefined };
}

/** Answers with what it turned off: a roll-up's link names the alerts it found on, not those of the link. */
async function unsubscribeTrigger(db: Database, target: Exclude<UnsubscribeTarget, { alertId: string }>): Promise<UnsubscribeAlert> {
  if (target.kind === 'triggers') {
    if (!(await userExists(db, target.userId))) throw alertGone();
    const removed = await db
      .delete(triggerSubscriptions)
      .where(eq(triggerSubscriptions.userId, target.userId))
      .returning({ type: triggerSubscriptions.alertType, id: triggerSubscriptions.alertId, createdAt: triggerSubscriptions.createdAt });
    removed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    return { kind: 'triggers', alerts: await alertNames(db, removed), active: false };
  }
  await db.delete(triggerSubscriptions).where(subscriptionOf(target.alerts));
  const alerts = await alertNames(db, target.alerts);
  if (alerts.length === 0) throw alertGone();
  return { kind: 'trigger', alerts, active: false };
}

export async function describeAlert(db: Database, secret: string, token: string | undefined): Promise<UnsubscribeAlert> {
  const target = targetOfToken(secret, token);
  if (!('alertId' in target)) return describeTrigger(db, target);
  const { kind, alertId } = target;
  const alert = await readAlert(db, kind, alertId);
  if (!alert) throw alertGone();
  return { kind, name: alert.name, active: alert.active };
}

export async function unsubscribe(db: Database, secret: string, token: string | undefined): Promise<UnsubscribeAlert> {
  const target = targetOfToken(secret, token);
  if (!('alertId' in target)) return unsubscribeTrigger(db, target);
  const { kind, alertId } = target;
  await deactivate(db, kind, alertId);
  const alert = await readAlert(db, kind, alertId);
  if (!alert) throw alertGone();
  return { kind, name: alert.name, active: alert.active };
}
