// What a delivered run keeps in its user's library (issue 27 §1), read back from the database for
// the tests of each kind that mails: the one item under the run's id, with the run's user and mail,
// and its sources exactly as the e-mail listed them (links, headline-only and Google-link labels),
// each page also in library_item_sources under its article key.
import type pg from 'pg';
import { expect } from 'vitest';
import { pageKey } from '../../../src/server/sources/web/site.ts';
import type { LibraryDocument, LibraryKind } from '../../../src/shared/library.ts';

export type KeptRow = {
  id: string;
  user_id: string;
  kind: LibraryKind;
  title: string;
  companies: string[];
  document: LibraryDocument;
  source_count: number;
  mail_id: string | null;
};

type Queryable = Pick<pg.Pool, 'query'>;

/** The user's library, oldest first. */
export async function keptItems(pool: Queryable, userId: string): Promise<KeptRow[]> {
  const { rows } = await pool.query<KeptRow>(
    'SELECT id, user_id, kind, title, companies, document, source_count, mail_id FROM library_items WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  return rows;
}

/** An article as the e-mail listed it: its link and its labels. */
export type SentSource = { url: string; headlineOnly?: boolean; googleLink?: boolean };
const asSent = (s: SentSource) => ({ url: s.url, headlineOnly: s.headlineOnly === true, googleLink: s.googleLink === true });

/**
 * The one item `run` kept: its id is the run's, its owner the run's user, its mail the run's; its
 * sources are `sources`, in order, labels and all, and library_item_sources has each page's key.
 */
export async function expectKeptRun(
  pool: Queryable,
  run: { id: string; userId: string },
  expected: {
    kind: LibraryKind;
    title: string;
    companies: string[];
    sources: SentSource[];
    /** The sources' order is the item's own (a report lists them by section, its e-mail by fact). */
    anyOrder?: boolean;
  },
): Promise<KeptRow> {
  const { rows } = await pool.query<KeptRow>(
    'SELECT id, user_id, kind, title, companies, document, source_count, mail_id FROM library_items WHERE id = $1',
    [run.id],
  );
  expect(rows, 'one library item under the run id').toHaveLength(1);
  const item = rows[0]!;
  const { rows: runs } = await pool.query<{ mail_id: string | null }>('SELECT mail_id FROM alert_runs WHERE id = $1', [run.id]);
  expect(runs[0]?.mail_id, "the run's mail").toEqual(expect.any(String));
  expect(item).toMatchObject({
    user_id: run.userId,
    mail_id: runs[0]!.mail_id,
    kind: expected.kind,
    title: expected.title,
    companies: expected.companies,
    source_count: expected.sources.length,
  });
  const byUrl = (a: { url: string }, b: { url: string }) => a.url.localeCompare(b.url);
  const order = <T extends { url: string }>(list: T[]) => (expected.anyOrder ? [...list].sort(byUrl) : list);
  expect(order(item.document.sources.map(asSent))).toEqual(order(expected.sources.map(asSent)));
  const { rows: keys } = await pool.query<{ url_key: string; user_id: string }>(
    'SELECT url_key, user_id FROM library_item_sources WHERE item_id = $1',
    [item.id],
  );
  const pageKeys = [...new Set(expected.sources.map((s) => pageKey(s.url)).filter((k): k is string => k !== null))].sort();
  expect(keys.map((k) => k.url_key).sort()).toEqual(pageKeys);
  for (const key of keys) expect(key.user_id).toBe(run.userId);
  return item;
}

/** The articles blocks' items of a kept item, in order. */
export const articlesOf = (item: KeptRow) => item.document.blocks.flatMap((block) => (block.type === 'articles' ? block.items : []));

/** The item's blocks' words, for checking what it says. */
export const textOf = (item: KeptRow) => JSON.stringify(item.document.blocks);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };
const decode = (html: string) => html.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name]!);

/** Each paragraph of a mail's HTML as its reader sees it: the words, and the addresses it links, in order. */
export function mailLines(html: string): { text: string; links: string[] }[] {
  return [...html.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)].map(([, inner]) => ({
    text: decode(inner!.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, '')),
    links: [...inner!.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((m) => decode(m[1]!)),
  }));
}
