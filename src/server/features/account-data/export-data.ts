// What an export holds, read in the builder's transaction (one snapshot): every row of every table
// with a user-id column, found through information_schema as the deletion tests find them, so a
// table added later is exported without being named here; and the library items and AIR reports
// that the archive also gives as Markdown and HTML.
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AirReport } from '../../../shared/air.ts';
import type { Tx } from '../../db/delete-user.ts';
import { airReports, libraryItems } from '../../db/schema.ts';
import { CREDENTIAL_MAIL_KINDS } from '../../mail/account-emails.ts';
import type { ExportLibraryItem, ExportReport } from './archive.ts';

/**
 * Columns never exported: credentials (password hashes, keys, session and feed tokens, webhook
 * addresses that carry their secret) and the exports' own archives. Binary and search-index
 * columns are left out by type besides.
 */
export const SECRET_COLUMNS: Record<string, string[]> = {
  accounts: ['password', 'access_token', 'refresh_token', 'id_token'],
  two_factors: ['secret', 'backup_codes'],
  passkeys: ['public_key'],
  sessions: ['token'],
  calendar_feeds: ['token'],
  channels: ['url', 'signing_secret'],
  data_exports: ['archive', 'token_hash'],
};

type UserColumn = { table_name: string; column_name: string; left_out: string[] | null };

/** Every user-id column of the public schema (named user_id, or a foreign key to users.id), with the columns its table leaves out by type. */
async function userColumns(tx: Tx): Promise<UserColumn[]> {
  const { rows } = await tx.execute<UserColumn>(sql`
    WITH owner_columns AS (
      SELECT c.table_name::text, c.column_name::text FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
       WHERE c.table_schema = 'public' AND c.column_name = 'user_id'
      UNION
      SELECT kcu.table_name::text, kcu.column_name::text
        FROM information_schema.referential_constraints rc
        JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
        JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.unique_constraint_name AND ccu.constraint_schema = rc.unique_constraint_schema
       WHERE ccu.table_name = 'users' AND kcu.table_schema = 'public'
    )
    SELECT o.table_name, o.column_name,
           (SELECT array_agg(c.column_name::text) FROM information_schema.columns c
             WHERE c.table_schema = 'public' AND c.table_name = o.table_name AND c.data_type IN ('bytea', 'tsvector')) AS left_out
      FROM owner_columns o
     ORDER BY o.table_name, o.column_name`);
  return rows;
}

/** Table → the user's rows as JSON, secrets left out; `users` holds their own row. */
export async function userTables(tx: Tx, userId: string): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  const read = async (table: string, column: string, leftOut: string[]) => {
    const { rows } = await tx.execute<{ row: Record<string, unknown> }>(
      sql`SELECT to_jsonb(t) - ${sql.param(leftOut)}::text[] AS row FROM ${sql.identifier(table)} t WHERE ${sql.identifier(column)}::text = ${userId}`,
    );
    return rows.map((r) => r.row);
  };
  tables.users = await read('users', 'id', []);
  for (const { table_name, column_name, left_out } of await userColumns(tx)) {
    const leftOut = [...(SECRET_COLUMNS[table_name] ?? []), ...(left_out ?? [])];
    const rows = await read(table_name, column_name, leftOut);
    // A code or sign-in link still waiting to be sent is a credential, as it is once sent (sender.ts).
    if (table_name === 'mail_outbox') {
      for (const row of rows) {
        if (CREDENTIAL_MAIL_KINDS.includes(String(row.kind))) {
          delete row.text_body;
          delete row.html_body;
        }
      }
    }
    // A second user column of a table (an operator's audit rows) is kept apart from its user_id rows.
    tables[column_name === 'user_id' ? table_name : `${table_name}.${column_name}`] = rows;
  }
  return tables;
}

export async function userLibrary(tx: Tx, userId: string): Promise<ExportLibraryItem[]> {
  return tx
    .select({
      title: libraryItems.title,
      kind: libraryItems.kind,
      companies: libraryItems.companies,
      createdAt: libraryItems.createdAt,
      document: libraryItems.document,
    })
    .from(libraryItems)
    .where(eq(libraryItems.userId, userId))
    .orderBy(asc(libraryItems.createdAt), asc(libraryItems.id));
}

/** The reports that were written (a failed or unfinished one has no report to give). */
export async function userReports(tx: Tx, userId: string): Promise<ExportReport[]> {
  const rows = await tx
    .select({
      id: airReports.id,
      website: airReports.website,
      companyName: airReports.companyName,
      createdAt: airReports.createdAt,
      report: airReports.report,
    })
    .from(airReports)
    .where(and(eq(airReports.userId, userId), isNotNull(airReports.report)))
    .orderBy(asc(airReports.createdAt), asc(airReports.id));
  return rows.map((r) => ({ ...r, report: r.report as AirReport }));
}
