// Deleting a user and everything of theirs, inside the caller's transaction: the operator console's
// delete (features/admin) and the user's own (features/account-data) run the same statements, each
// with its own checks around them. Most rows go with the users row (ON DELETE CASCADE); what would
// stay is deleted first: their mail (mail_outbox keeps rows of a deleted user, user_id set null;
// mails to their address have none), the invites for their address (so the link they registered
// with cannot register again), their sign-in codes, reset links and deletion codes, the attempt
// counters keyed by their address, and the pg-boss jobs of their runs.
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { alertRuns, authAttempts, invites, librarySources, mailOutbox, users, verifications, wolfebotMessages } from './schema.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The verifications identifier of a user's account-deletion code (features/account-data). */
export const deletionCodeIdentifier = (userId: string) => `delete-account:${userId}`;

/** Deletes the user `id` (address `email`) and all their rows; the caller has locked the users row. */
export async function deleteUserAndData(tx: Tx, user: { id: string; email: string }) {
  const { id } = user;
  const email = user.email.toLowerCase();
  const runIds = (await tx.select({ id: alertRuns.id }).from(alertRuns).where(eq(alertRuns.userId, id))).map((r) => r.id);
  let jobsDeleted = 0;
  if (runIds.length > 0) {
    // pg-boss creates its schema on first use: a database that never queued a job has none.
    const { rows } = await tx.execute<{ exists: boolean }>(sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS exists`);
    if (rows[0]?.exists) {
      const deleted = await tx.execute(sql`DELETE FROM pgboss.job WHERE data->>'runId' = ANY(${sql.param(runIds)}::text[])`);
      jobsDeleted = deleted.rowCount ?? 0;
    }
  }
  const mails = await tx
    .delete(mailOutbox)
    .where(or(eq(mailOutbox.userId, id), eq(sql`lower(${mailOutbox.toAddress})`, email)))
    .returning({ id: mailOutbox.id });
  await tx.delete(invites).where(eq(invites.email, email));
  await tx
    .delete(verifications)
    .where(
      or(
        eq(verifications.value, id),
        inArray(verifications.identifier, [
          ...['sign-in', 'email-verification', 'forget-password'].map((type) => `${type}-otp-${email}`),
          deletionCodeIdentifier(id),
        ]),
      ),
    );
  await tx.delete(authAttempts).where(
    sql`${authAttempts.key} = ${`code:${email}`} OR ${authAttempts.key} LIKE ${`%:account:${email.replace(/[\\%_]/g, (c) => `\\${c}`)}`}
          OR ${authAttempts.key} LIKE ${`%:account:${id.replace(/[\\%_]/g, (c) => `\\${c}`)}`}`,
  );
  // No foreign key of their own (they go with their item or conversation); deleted by user id all the same.
  await tx.delete(librarySources).where(eq(librarySources.userId, id));
  await tx.delete(wolfebotMessages).where(eq(wolfebotMessages.userId, id));
  await tx.delete(users).where(eq(users.id, id));
  return { mailsDeleted: mails.length, jobsDeleted };
}
