// One-click unsubscribe: the signed token in the link names one alert (no session: a mail
// provider's server sends the POST, RFC 8058). Turning it off is `active = false` on that one row,
// the same column the alert's settings switch; doing it twice changes nothing more.
import { and, eq } from 'drizzle-orm';
import type { UnsubscribeAlertKind } from '../../../shared/unsubscribe.ts';
import { type UnsubscribeAlert, unsubscribeMessages } from '../../../shared/unsubscribe.ts';
import type { Database } from '../../db/client.ts';
import { earningsTracking, newsletterAlerts, sonarAlerts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { readUnsubscribeToken } from '../../mail/unsubscribe-token.ts';

const invalidLink = () => new AppError('invalid_unsubscribe_link', unsubscribeMessages.invalidLink);
const alertGone = () => new AppError('not_found', unsubscribeMessages.alertGone);

/** The alert a token names, or 400 when the token is missing, malformed or not signed by us. */
function alertOfToken(secret: string, token: string | undefined) {
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

export async function describeAlert(db: Database, secret: string, token: string | undefined): Promise<UnsubscribeAlert> {
  const { kind, alertId } = alertOfToken(secret, token);
  const alert = await readAlert(db, kind, alertId);
  if (!alert) throw alertGone();
  return { kind, name: alert.name, active: alert.active };
}

export async function unsubscribe(db: Database, secret: string, token: string | undefined): Promise<UnsubscribeAlert> {
  const { kind, alertId } = alertOfToken(secret, token);
  await deactivate(db, kind, alertId);
  const alert = await readAlert(db, kind, alertId);
  if (!alert) throw alertGone();
  return { kind, name: alert.name, active: alert.active };
}
