// Interest in a feature that is not live yet (spec 02 §4 "Feature interest toggle", §7): one row per
// user and feature, carrying the address to notify: the user's alerts e-mail, else the account's.
// Both directions are idempotent: registering twice keeps one row, cancelling twice is no error.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FeatureOfInterest } from '../../../shared/dashboard.ts';
import { alertRecipient } from '../../db/alert-recipient.ts';
import type { Database } from '../../db/client.ts';
import { featureInterest } from '../../db/schema.ts';

async function listInterests(db: Database, userId: string): Promise<FeatureOfInterest[]> {
  const rows = await db
    .select({ name: featureInterest.featureName })
    .from(featureInterest)
    .where(eq(featureInterest.userId, userId))
    .orderBy(asc(featureInterest.featureName));
  return rows.map((r) => r.name);
}

export async function setInterest(db: Database, userId: string, feature: FeatureOfInterest, registered: boolean) {
  if (registered) {
    await db.execute(sql`
      INSERT INTO feature_interest (user_id, feature_name, notification_email)
      SELECT id, ${feature}, ${alertRecipient} FROM users WHERE id = ${userId}
      ON CONFLICT (user_id, feature_name) DO NOTHING`);
  } else {
    await db.delete(featureInterest).where(and(eq(featureInterest.userId, userId), eq(featureInterest.featureName, feature)));
  }
  return listInterests(db, userId);
}
