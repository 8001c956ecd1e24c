// The library's API (issue 27 §1–2): the user's items newest first, one item, deleting one, the search
// (search.ts), the company names for the filter and the search box, and keeping a LinkedIn draft.
// Every statement is keyed by the session's user id; another user's item is indistinguishable from a
// missing one (404).
import { sql } from 'drizzle-orm';
import {
  LIBRARY_PAGE_SIZE,
  LIBRARY_SUGGESTIONS,
  type LibraryBlock,
  type LibraryDocument,
  type LibraryDraft,
  type LibraryItem,
  type LibraryItemSummary,
  type LibraryKind,
  type LibraryPage,
  type LibraryQuery,
  type LibrarySearchHit,
  libraryErrors,
  libraryMessages,
} from '../../../shared/library.ts';
import { messages } from '../../../shared/messages.ts';
import { ALERT_TIME_ZONE } from '../../../shared/sonar.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { wallTimeToIso } from '../../lib/time-zone.ts';
import { companyKey, keepItem } from '../../library/keep.ts';
import { filterSql, type LibraryFilters, searchLibrary } from './search.ts';

/** The company filter's whole list when nothing is typed (the filter's drop-down). */
export const COMPANY_LIST_LIMIT = 100;
/** The search pages through at most this many hits (an offset past it is not a cursor we gave). */
const MAX_SEARCH_OFFSET = 10_000;

const notFound = () => new AppError('not_found', libraryMessages.notFound);
const invalidCursor = () => new AppError('validation', libraryErrors.invalidCursor, { fields: { cursor: libraryErrors.invalidCursor } });

// Cursors are opaque to the app: base64url of what the next page starts after.
const encodeCursor = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
function decodeCursor(cursor: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  return Buffer.from(cursor, 'base64url').toString('utf8');
}

/** The list's keyset: the last item's created_at to the microsecond (as PostgreSQL wrote it) and its id. */
const LIST_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f-]{36})$/;
function listAfter(cursor: string | undefined): { at: string; id: string } | null {
  if (!cursor) return null;
  const match = LIST_CURSOR.exec(decodeCursor(cursor));
  if (!match || !isUuid(match[2]!)) throw invalidCursor();
  return { at: match[1]!, id: match[2]! };
}

/** The search's cursor: an offset into its ranking. */
function searchOffset(cursor: string | undefined): number {
  if (!cursor) return 0;
  const match = /^o:(\d{1,5})$/.exec(decodeCursor(cursor));
  const offset = match ? Number(match[1]) : Number.NaN;
  if (!(offset > 0 && offset <= MAX_SEARCH_OFFSET)) throw invalidCursor();
  return offset;
}

/**
 * The first instant of a calendar day in New York (the app's time zone: alerts are scheduled and
 * dated in it), or of the day after with `next`. A date that is not on the calendar (2025-02-30) is refused.
 */
function dayStart(date: string, field: 'from' | 'to', next = false): Date | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) {
    throw new AppError('validation', libraryErrors.invalidDate, { fields: { [field]: libraryErrors.invalidDate } });
  }
  if (next) day.setUTCDate(day.getUTCDate() + 1);
  // Null only past 9999-12-31 (the day after `to=9999-12-31`): no bound at all.
  const start = wallTimeToIso(`${day.toISOString().slice(0, 10)} 00:00`, ALERT_TIME_ZONE);
  return start ? new Date(start) : null;
}

/** The query's filters as search.ts takes them: `from` and `to` are whole New York days, both included. */
export function filtersOf(query: LibraryQuery): LibraryFilters {
  const company = query.company ? companyKey(query.company) : '';
  const from = query.from ? dayStart(query.from, 'from') : null;
  const before = query.to ? dayStart(query.to, 'to', true) : null;
  return {
    ...(query.kind ? { kind: query.kind } : {}),
    ...(company ? { companyKey: company } : {}),
    ...(from ? { from } : {}),
    ...(before ? { before } : {}),
  };
}

type SummaryRow = {
  id: string;
  kind: LibraryKind;
  title: string;
  companies: string[];
  created_at: Date | string;
  source_count: number;
};

const toSummary = (row: SummaryRow): LibraryItemSummary => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  companies: row.companies,
  createdAt: new Date(row.created_at).toISOString(),
  sourceCount: row.source_count,
});

/** One page of the user's items, newest first, after `query.cursor` (the keyset of the list's index). */
export async function listItems(db: Database, userId: string, query: LibraryQuery): Promise<LibraryPage<LibraryItemSummary>> {
  const filters = filtersOf(query);
  const after = listAfter(query.cursor);
  const { rows } = await db.execute<SummaryRow & { cursor_at: string }>(sql`
    select i.id, i.kind, i.title, i.companies, i.created_at, i.source_count,
           to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
      from library_items i
     where i.user_id = ${userId} ${filterSql(filters)}
           ${after ? sql`and (i.created_at, i.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
     -- NULLS LAST as the index is declared (both columns are NOT NULL): a plain DESC would not match it.
     order by i.created_at desc nulls last, i.id desc nulls last
     limit ${LIBRARY_PAGE_SIZE + 1}`);
  const page = rows.slice(0, LIBRARY_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toSummary),
    nextCursor: rows.length > LIBRARY_PAGE_SIZE && last ? encodeCursor(`${last.cursor_at}|${last.id}`) : null,
  };
}

/** One page of the search's hits, best first; `query.q` is required (the route checks it is not blank). */
export async function searchItems(
  db: Database,
  userId: string,
  query: LibraryQuery & { q: string },
): Promise<LibraryPage<LibrarySearchHit>> {
  const filters = filtersOf(query);
  const offset = searchOffset(query.cursor);
  const { hits, more } = await searchLibrary(db, userId, query.q, filters, offset);
  const next = offset + hits.length;
  return { items: hits, nextCursor: more && next <= MAX_SEARCH_OFFSET ? encodeCursor(`o:${next}`) : null };
}

export async function getItem(db: Database, userId: string, id: string): Promise<LibraryItem> {
  if (!isUuid(id)) throw notFound();
  const { rows } = await db.execute<SummaryRow & { document: LibraryDocument }>(sql`
    select id, kind, title, companies, created_at, source_count, document
      from library_items where id = ${id} and user_id = ${userId}`);
  const row = rows[0];
  if (!row) throw notFound();
  return { ...toSummary(row), document: row.document };
}

export async function deleteItem(db: Database, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const { rows } = await db.execute(sql`delete from library_items where id = ${id} and user_id = ${userId} returning id`);
  if (rows.length === 0) throw notFound();
}

/** A LIKE pattern's own characters taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * The company names the user watches (news alerts, the newsletter's portfolio, earnings, AIR
 * reports) and those of their library, once each by companyKey() (the spelling of the first of
 * those, in that order), whose name or one of its words starts with `prefix`: names starting with it first,
 * then alphabetical. One statement; each table is read through its user_id index.
 */
export async function companyNames(db: Database, userId: string, prefix: string): Promise<{ companies: string[] }> {
  const key = companyKey(prefix);
  const limit = key ? LIBRARY_SUGGESTIONS : COMPANY_LIST_LIMIT;
  const starts = `${likeLiteral(key)}%`;
  const wordStarts = `% ${likeLiteral(key)}%`;
  // The same normalisation as companyKey(): trimmed, single spaces, lower case.
  const normal = sql.raw(`btrim(regexp_replace(name, '\\s+', ' ', 'g'))`);
  const { rows } = await db.execute<{ name: string }>(sql`
    with names as (
      select company_name as name, 0 as rank from sonar_alerts where user_id = ${userId}
      union all
      select p.value ->> 'company_name', 1 from newsletter_alerts n, jsonb_array_elements(n.portfolio) p
       where n.user_id = ${userId} and jsonb_typeof(n.portfolio) = 'array'
      union all
      select company_name, 2 from earnings_tracking where user_id = ${userId}
      union all
      select company_name, 3 from air_reports where user_id = ${userId} and company_name is not null
      union all
      select unnest(companies), 4 from library_items where user_id = ${userId}
    ),
    keyed as (
      select distinct on (key) key, shown
        from (select lower(${normal}) as key, ${normal} as shown, rank from names where name is not null) n
       where key <> '' and (key like ${starts} or key like ${wordStarts})
       order by key, rank, shown
    )
    select shown as name from keyed order by key like ${starts} desc, key limit ${limit}`);
  return { companies: rows.map((row) => row.name) };
}

/** The draft's title: the one given, else its first line (shortened at a word). */
function draftTitle(title: string | undefined, text: string): string {
  if (title) return title;
  const first = text.split('\n')[0]!.trim();
  if (first.length <= 80) return first;
  const cut = first.slice(0, 80);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : 80).trimEnd()}…`;
}

/** Keeps a LinkedIn draft the user chose to keep: its paragraphs (split at blank lines; line breaks inside kept). */
export async function keepDraft(db: Database, userId: string, draft: LibraryDraft): Promise<{ id: string }> {
  const text = draft.text.replace(/\r\n?/g, '\n');
  const blocks: LibraryBlock[] = text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/[ \t]+$/gm, '').trim())
    .filter(Boolean)
    .map((paragraph) => ({ type: 'paragraph', text: paragraph }));
  const kept = await keepItem(db, userId, { kind: 'content_draft', title: draftTitle(draft.title, text), companies: [], blocks });
  // A fresh id never conflicts; null would mean the insert was ignored.
  if (!kept) throw new AppError('internal', messages.errors.internal);
  return kept;
}
