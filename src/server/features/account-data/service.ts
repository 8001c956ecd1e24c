// "Your data" (issue 30 §5, §6): the account's deletion with its confirmation code, and the export's
// request, state and download. Every query is the session user's own.
import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { accountDataMessages, type DataExportAnswer, DELETION_CODE, EXPORT_INTERVAL_HOURS } from '../../../shared/account-data.ts';
import type { Database } from '../../db/client.ts';
import { deleteUserAndData, deletionCodeIdentifier } from '../../db/delete-user.ts';
import { dataExports, users, verifications } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { accountDeletedMail, deletionCodeMail } from '../../mail/account-data-emails.ts';
import { enqueueMail } from '../../mail/outbox.ts';

/** The NOTIFY channel that wakes the export builders (export-worker.ts) when an export is asked for. */
export const EXPORT_CHANNEL = 'data_export_requested';

// ---- Deletion ----

/**
 * A new deletion code for the user, e-mailed; the previous one stops working. Stored as its SHA-256
 * with the wrong tries so far ("<hash>:<tries>").
 */
export async function sendDeletionCode(db: Database, user: { id: string; email: string }) {
  const code = String(randomInt(0, 10 ** DELETION_CODE.digits)).padStart(DELETION_CODE.digits, '0');
  const identifier = deletionCodeIdentifier(user.id);
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, identifier));
    await tx.insert(verifications).values({
      id: randomUUID(),
      identifier,
      value: `${hashToken(code)}:0`,
      expiresAt: sql`now() + make_interval(mins => ${DELETION_CODE.lifetimeMinutes})`,
    });
    await enqueueMail(tx, await deletionCodeMail(user.email, code));
  });
}

export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'too_many';

/**
 * Checks a deletion code: right → used up ('ok'); expired → gone; wrong → one try counted, and
 * gone after the allowed ones. Committed on its own, so a wrong try counts whatever follows.
 */
export async function checkDeletionCode(db: Database, userId: string, code: string): Promise<CodeCheck> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: verifications.id, value: verifications.value, expired: sql<boolean>`${verifications.expiresAt} <= now()` })
      .from(verifications)
      .where(eq(verifications.identifier, deletionCodeIdentifier(userId)))
      .for('update');
    if (!row) return 'invalid';
    const [hash, triesText] = row.value.split(':');
    if (row.expired) {
      await tx.delete(verifications).where(eq(verifications.id, row.id));
      return 'expired';
    }
    if (hash === hashToken(code)) {
      await tx.delete(verifications).where(eq(verifications.id, row.id));
      return 'ok';
    }
    const tries = Number(triesText ?? 0) + 1;
    if (tries >= DELETION_CODE.allowedAttempts) {
      await tx.delete(verifications).where(eq(verifications.id, row.id));
      return 'too_many';
    }
    await tx
      .update(verifications)
      .set({ value: `${hash}:${tries}` })
      .where(eq(verifications.id, row.id));
    return 'invalid';
  });
}

/**
 * Deletes the account and everything of it in one transaction (db/delete-user.ts, as the operator
 * console does), then queues the confirmation to the account's address: after their mail was
 * deleted and with no user id, so it is the one row of theirs that stays, until it is sent.
 */
export async function deleteAccount(db: Database, userId: string) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) return false;
    await deleteUserAndData(tx, user);
    await enqueueMail(tx, await accountDeletedMail(user.email, new Date()));
    return true;
  });
}

// ---- Export ----

/**
 * The export's download token: an HMAC of its id under the server's secret. Only its SHA-256 is
 * stored (a read of the table gives no link), while the server can still show the link to its
 * signed-in owner on the profile.
 */
export const exportToken = (secret: string, exportId: string) =>
  createHmac('sha256', secret).update(`data-export:${exportId}`).digest('base64url');

export const exportUrl = (appUrl: string, token: string) => `${appUrl}/api/account/exports/${token}`;

/** The latest export, with its link while ready, and when the next may be asked for. */
export async function exportState(db: Database, userId: string, link: { secret: string; appUrl: string }): Promise<DataExportAnswer> {
  const [latest] = await db
    .select({
      id: dataExports.id,
      status: dataExports.status,
      createdAt: dataExports.createdAt,
      readyAt: dataExports.readyAt,
      expiresAt: dataExports.expiresAt,
      sizeBytes: dataExports.sizeBytes,
      live: sql<boolean>`${dataExports.expiresAt} > now()`,
    })
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  const next = await nextExportAt(db, userId);
  if (!latest) return { latest: null, nextExportAt: null };
  const ready = latest.status === 'ready' && latest.live;
  return {
    latest: {
      id: latest.id,
      status: latest.status === 'ready' && !latest.live ? 'expired' : latest.status,
      createdAt: latest.createdAt.toISOString(),
      readyAt: latest.readyAt?.toISOString() ?? null,
      expiresAt: latest.expiresAt?.toISOString() ?? null,
      sizeBytes: latest.sizeBytes,
      downloadUrl: ready ? exportUrl(link.appUrl, exportToken(link.secret, latest.id)) : null,
    },
    nextExportAt: next?.toISOString() ?? null,
  };
}

/** When the user may ask for another export: a day after the last one that did not fail; null when now. */
async function nextExportAt(db: Pick<Database, 'select'>, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ next: sql<string>`${dataExports.createdAt} + make_interval(hours => ${EXPORT_INTERVAL_HOURS})` })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, userId),
        ne(dataExports.status, 'failed'),
        gt(dataExports.createdAt, sql`now() - make_interval(hours => ${EXPORT_INTERVAL_HOURS})`),
      ),
    )
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row ? new Date(row.next) : null;
}

export class ExportTooSoon extends Error {
  readonly next: Date;
  constructor(next: Date) {
    super(accountDataMessages.exportTooSoon(next));
    this.next = next;
  }
}

/**
 * A new pending export, at most one a day: the user's row is locked so two requests at once cannot
 * both pass the check. The NOTIFY (sent at commit) wakes a builder in any worker process.
 */
export async function requestExport(db: Database, userId: string) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const next = await nextExportAt(tx, userId);
    if (next) throw new ExportTooSoon(next);
    const [row] = await tx.insert(dataExports).values({ userId }).returning({ id: dataExports.id });
    await tx.execute(sql`SELECT pg_notify(${EXPORT_CHANNEL}, '')`);
    return row!.id;
  });
}

/** The archive behind a download link, for its owner only, while ready and unexpired; null otherwise. */
export async function findDownload(db: Database, userId: string, token: string) {
  const [row] = await db
    .select({ id: dataExports.id, archive: dataExports.archive, readyAt: dataExports.readyAt })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.tokenHash, hashToken(token)),
        eq(dataExports.userId, userId),
        eq(dataExports.status, 'ready'),
        gt(dataExports.expiresAt, sql`now()`),
      ),
    );
  return row?.archive ? { id: row.id, archive: row.archive, readyAt: row.readyAt ?? new Date() } : null;
}
