// Builds the exports asked for (issue 30 §6), in the worker role. A builder claims the oldest pending
// export with FOR UPDATE SKIP LOCKED and keeps that lock, in one transaction, while it reads the
// user's rows (one snapshot), zips them and writes the archive, the link's hash and the e-mail: a
// builder killed halfway has its transaction rolled back, the row is pending and unlocked again,
// and the next builder (another worker, or this one restarted) builds it. Woken by the request's
// NOTIFY and by the loop's poll (db/outbox-loop.ts), which also catches what was asked for while no
// worker listened.
import { eq, sql } from 'drizzle-orm';
import { EXPORT_LINK_DAYS } from '../../../shared/account-data.ts';
import type { Database } from '../../db/client.ts';
import { startOutboxLoop } from '../../db/outbox-loop.ts';
import { dataExports, users } from '../../db/schema.ts';
import { errorMessage, log } from '../../lib/log.ts';
import { hashToken } from '../../lib/tokens.ts';
import { exportReadyMail } from '../../mail/account-data-emails.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { buildArchive } from './archive.ts';
import { userLibrary, userReports, userTables } from './export-data.ts';
import { EXPORT_CHANNEL, exportToken, exportUrl } from './service.ts';

export type ExportBuilderOptions = {
  appUrl: string;
  /** Derives the download tokens (service.ts exportToken). */
  secret: string;
};

/** Builds the oldest pending export; false when none waits (or every one is being built). */
export async function buildNextExport(db: Database, opts: ExportBuilderOptions): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string; user_id: string }>(
      sql`SELECT id, user_id FROM ${dataExports} WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    const claimed = rows[0];
    if (!claimed) return false;
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, claimed.user_id));
    try {
      // A savepoint: a statement of the build that fails leaves the claim usable to record the failure.
      const archive = await tx.transaction(async (build) => {
        const content = {
          exportedAt: new Date(),
          tables: await userTables(build, claimed.user_id),
          library: await userLibrary(build, claimed.user_id),
          reports: await userReports(build, claimed.user_id),
          appUrl: opts.appUrl,
        };
        return buildArchive(content);
      });
      const token = exportToken(opts.secret, claimed.id);
      const [ready] = await tx
        .update(dataExports)
        .set({
          status: 'ready',
          archive: Buffer.from(archive),
          sizeBytes: archive.byteLength,
          tokenHash: hashToken(token),
          readyAt: sql`now()`,
          expiresAt: sql`now() + make_interval(days => ${EXPORT_LINK_DAYS})`,
        })
        .where(eq(dataExports.id, claimed.id))
        .returning({ expiresAt: dataExports.expiresAt });
      if (user) await enqueueMail(tx, await exportReadyMail(user.email, claimed.user_id, exportUrl(opts.appUrl, token), ready!.expiresAt!));
    } catch (err) {
      log.error('data export failed', { exportId: claimed.id, error: errorMessage(err) });
      await tx
        .update(dataExports)
        .set({ status: 'failed', error: errorMessage(err).slice(0, 500) })
        .where(eq(dataExports.id, claimed.id));
    }
    return true;
  });
}

/** The builder loop of a worker process. */
export function startExportBuilder(db: Database, databaseUrl: string, opts: ExportBuilderOptions) {
  return startOutboxLoop({
    databaseUrl,
    channel: EXPORT_CHANNEL,
    name: 'eos-data-exports',
    errorLabel: 'data export builder error',
    async pass(stopped) {
      let more = true;
      while (more && !stopped()) more = await buildNextExport(db, opts);
    },
  });
}
