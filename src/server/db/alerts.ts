// A saved alert named by its type and id (the channels' alert types): the per-alert settings (where
// it goes, issue 29; "as it happens", issue 31) are keyed so, and each must find the alert the
// session user's before touching them. Here, not in a feature, because features never import one another.
import { and, eq } from 'drizzle-orm';
import type { AlertType } from '../../shared/channels.ts';
import { isUuid } from '../lib/ids.ts';
import type { Database } from './client.ts';
import { earningsTracking, newsletterAlerts, sonarAlerts } from './schema.ts';

const ALERT_TABLES = { news: sonarAlerts, newsletter: newsletterAlerts, earnings: earningsTracking } as const;

/**
 * Whether the alert of this type and id is the user's; a malformed id names none (false, never a
 * database error). `lock` (inside a transaction) holds the row until it ends, so that an alert
 * deleted meanwhile cannot leave behind a setting written after its delete cleared them.
 */
export async function isOwnAlert(
  db: Pick<Database, 'select'>,
  userId: string,
  type: AlertType,
  id: string,
  options: { lock?: boolean } = {},
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const table = ALERT_TABLES[type];
  const query = db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)));
  const rows = options.lock ? await query.for('key share') : await query;
  return rows.length > 0;
}
