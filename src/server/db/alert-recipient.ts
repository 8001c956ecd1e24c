import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { unauthorized } from '../lib/app-error.ts';
import type { Database } from './client.ts';
import { users } from './schema.ts';

/**
 * Where a user's alerts go when an alert names no address of its own (spec 02 §3 "User (for
 * alerts)"): the alerts e-mail from the profile when present, else the account e-mail.
 */
export const alertRecipient = sql<string>`coalesce(nullif(${users.alertsEmail}, ''), ${users.email})`;

/** Where one alert goes: its own notification address when filled in, else the user's default. */
export const alertRecipientFor = (notificationEmail: AnyPgColumn) =>
  sql<string>`coalesce(nullif(btrim(${notificationEmail}), ''), ${alertRecipient})`;

export async function defaultAlertRecipient(db: Database, userId: string): Promise<string> {
  const [row] = await db.select({ email: alertRecipient }).from(users).where(eq(users.id, userId));
  if (!row) throw unauthorized();
  return row.email;
}
