// Writes an item to a user's library (issue 27 §1): the run engine for everything e-mailed (in the
// transaction that queues the e-mail), the research and content features for what the user ran or
// kept. One function, so every item gets the same plain-text body for the search and the same links
// to the article store behind its sources.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LibraryBlock, LibraryDocument, LibraryKind, LibrarySource } from '../../shared/library.ts';
import type { Database } from '../db/client.ts';
import { preparedStatement } from '../db/named.ts';
import { libraryItems, librarySources } from '../db/schema.ts';
import { pageKey } from '../sources/web/site.ts';

/** The database or a transaction on it. */
type Writer = Pick<Database, 'insert' | '$with' | 'with'>;

export type LibraryEntry = {
  kind: LibraryKind;
  title: string;
  /** The companies it is about (the filter and the search box's suggestions). */
  companies: string[];
  blocks: LibraryBlock[];
  /** Sources beyond those its articles blocks list (e.g. a filing); listed once each with them. */
  sources?: LibrarySource[];
  statements?: LibraryDocument['statements'];
};

export type KeptItem = { id: string };

/** Lower case, single spaces: how the company filter compares names. */
export const companyKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The item's sources once each, in the order the reader meets them (by pageKey, else the URL as written). */
export function documentSources(entry: Pick<LibraryEntry, 'blocks' | 'sources'>): LibrarySource[] {
  const seen = new Map<string, LibrarySource>();
  const add = (source: LibrarySource) => {
    const key = pageKey(source.url) ?? source.url;
    if (!seen.has(key)) seen.set(key, source);
  };
  for (const block of entry.blocks) if (block.type === 'articles') for (const { summary: _, ...source } of block.items) add(source);
  for (const source of entry.sources ?? []) add(source);
  return [...seen.values()];
}

/** The document as plain text for the search: every block's words and each source's title and publisher. */
export function bodyText(blocks: LibraryBlock[], sources: LibrarySource[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'heading':
      case 'paragraph':
      case 'note':
        parts.push(block.text);
        break;
      case 'list':
        for (const item of block.items) parts.push(typeof item === 'string' ? item : item.text);
        break;
      case 'quote':
        parts.push(block.text, block.speaker ?? '');
        break;
      case 'facts':
        for (const row of block.rows) parts.push(`${row.label}: ${row.value}`);
        break;
      case 'articles':
        for (const item of block.items) parts.push(item.summary ?? '');
        break;
      case 'link':
        parts.push(block.label);
        break;
    }
  }
  for (const source of sources) parts.push(source.title ?? '', source.publisher ?? '');
  return parts.filter((part) => part.trim() !== '').join('\n');
}

/**
 * An item and its sources' keys in one statement (one round trip fewer per mail at the 9 AM slot),
 * built once per connection (db/named.ts): PostgreSQL runs every data-modifying WITH part, and the
 * keys' part sees the item's RETURNING (nothing when the item was already kept).
 */
const insertItem = preparedStatement((db: Writer) => {
  const item = db.$with('item').as(
    db
      .insert(libraryItems)
      .values({
        id: sql.placeholder('id'),
        userId: sql.placeholder('userId'),
        kind: sql.placeholder('kind'),
        title: sql.placeholder('title'),
        companies: sql.placeholder('companies'),
        companyKeys: sql.placeholder('companyKeys'),
        document: sql.placeholder('document'),
        sourceCount: sql.placeholder('sourceCount'),
        bodyText: sql.placeholder('bodyText'),
        mailId: sql.placeholder('mailId'),
      })
      .onConflictDoNothing({ target: libraryItems.id })
      .returning({ id: libraryItems.id }),
  );
  const keyRows = db.$with('key_rows').as(
    db
      .insert(librarySources)
      .select(
        sql`SELECT item.id, ${sql.placeholder('userId')}::text, k.value FROM item CROSS JOIN jsonb_array_elements_text(${sql.placeholder('keys')}::jsonb) AS k`,
      )
      .onConflictDoNothing(),
  );
  return db.with(item, keyRows).select({ id: item.id }).from(item);
});

/**
 * Keeps `entry` in `userId`'s library through `db` (a transaction when the item goes with an e-mail).
 * `id` is the alert run's for what a run delivers, so its e-mail links to the item before it exists;
 * a second write of the same run's item is ignored.
 */
export async function keepItem(
  db: Writer,
  userId: string,
  entry: LibraryEntry,
  options: { id?: string; mailId?: string | null } = {},
): Promise<KeptItem | null> {
  const sources = documentSources(entry);
  const companies = [...new Map(entry.companies.filter((c) => c.trim()).map((c) => [companyKey(c), c.trim()])).entries()];
  const document: LibraryDocument = {
    blocks: entry.blocks,
    sources,
    ...(entry.statements ? { statements: entry.statements } : {}),
  };
  // The keys go as one jsonb parameter: drizzle would spread an array into a list of parameters.
  const keys = [...new Set(sources.map((source) => pageKey(source.url)).filter((key): key is string => key !== null))];
  const [row] = await insertItem(db, {
    id: options.id ?? randomUUID(),
    userId,
    kind: entry.kind,
    title: entry.title.trim() || 'Untitled',
    companies: companies.map(([, name]) => name),
    companyKeys: companies.map(([key]) => key),
    document,
    sourceCount: sources.length,
    bodyText: bodyText(entry.blocks, sources),
    mailId: options.mailId ?? null,
    keys: JSON.stringify(keys),
  });
  return row ?? null;
}
