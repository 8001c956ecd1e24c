// What the user's own library knows about a question (issue 27 §3, Wolfebot): their most relevant
// items and passages of the articles behind them, for a model to answer from. A question is not a
// search: any of its significant words may match (an OR of them, ranked), where the library's
// search box wants all of them. Owner-only as in the search (features/library/search.ts): items
// through user_id, articles only through library_item_sources rows that carry the same owner.
// Bounded, so a prompt stays small: a few items, a few passages, each cut around its matches; and
// so an answer starts soon whatever the library's size: only the newest matches are ranked.
import { sql } from 'drizzle-orm';
import type { LibraryKind } from '../../shared/library.ts';
import type { Database } from '../db/client.ts';

export const RETRIEVE_MAX_ITEMS = 8;
export const RETRIEVE_MAX_PASSAGES = 6;
/**
 * Only the newest this many matching items are ranked: the words of a question are ORed, so common
 * ones match most of a user's 20,000 items, and ranking reads each match's whole tsvector
 * (kilobytes, out of line). The newest matches are also the likeliest to be what is asked about.
 */
export const RETRIEVE_RANK_WINDOW = 300;
/** Characters of an item or article given to the model: the parts around the question's words. */
export const PASSAGE_MAX_CHARS = 1500;

/** Words that shape a question rather than say what it is about; matching them would find everything. */
const QUESTION_WORDS = new Set(
  (
    'what whats who whom whose how why when where which is are was were do does did can could should would will ' +
    'tell me my mine i we us our you your about since latest last recent recently new news newest changed change changes ' +
    'happened happening update updates conversation conversations please give show find anything everything any ' +
    'this that these those week weeks month months day days year today yesterday ago again including sent'
  ).split(' '),
);

/** The question's significant words, for a full-text OR query; empty when nothing is left. */
export function questionTerms(question: string): string {
  return question
    .toLowerCase()
    .split(/[^\p{L}\p{N}'’-]+/u)
    .map((w) => w.replace(/^['’-]+|['’-]+$/g, '').replace(/['’]s$/, ''))
    .filter((w) => w.length > 1 && !QUESTION_WORDS.has(w))
    .join(' ');
}

export type RetrieveFilters = {
  /** companyKey() of a company: its items match whatever the words. */
  companyKey?: string;
  /** Only items delivered (and articles published or read) at or after this instant. */
  since?: Date;
};

export type RetrievedItem = {
  id: string;
  kind: LibraryKind;
  title: string;
  companies: string[];
  createdAt: string;
  /** The parts of the item around the question's words (its beginning when none match). */
  text: string;
};

export type RetrievedPassage = {
  /** The library item the article is a source of. */
  itemId: string;
  url: string;
  title: string | null;
  publisher: string | null;
  publishedAt: string | null;
  text: string;
};

const HEADLINE = `StartSel="", StopSel="", MaxWords=70, MinWords=35, MaxFragments=4, FragmentDelimiter=" … "`;

/** `userId`'s items and article passages most relevant to `question`, best first, within the bounds above. */
export async function retrieveFromLibrary(
  db: Database,
  userId: string,
  question: string,
  filters: RetrieveFilters = {},
): Promise<{ items: RetrievedItem[]; passages: RetrievedPassage[] }> {
  const terms = questionTerms(question);
  if (!terms && !filters.companyKey) return { items: [], passages: [] };
  const since = filters.since?.toISOString() ?? null;
  const company = filters.companyKey ?? null;
  // plainto_tsquery ANDs the words; any of them will do here, the ranking puts items with more first.
  const tsquery = sql`coalesce(nullif(replace(plainto_tsquery('english', ${terms})::text, '&', '|'), ''), '')::tsquery`;
  const query = sql`(select ${tsquery} as query)`;
  // The newest matches, then the best of them. The query is written out where the items are matched
  // (not read from a CTE) so that the planner knows it, and with it how many items its words match:
  // common words walk the user's items newest first and stop at the window; rare ones take the
  // index. NULLS LAST as library_items_user_created_idx is declared, so that the index serves the order.
  const { rows: items } = await db.execute<{
    id: string;
    kind: LibraryKind;
    title: string;
    companies: string[];
    created_at: Date | string;
    text: string;
  }>(sql`
    with newest as materialized (
      select i.id, i.created_at
        from library_items i
       where i.user_id = ${userId}
         and (i.search_vector @@ ${tsquery} or (${company}::text is not null and i.company_keys @> array[${company}::text]))
         and (${since}::timestamptz is null or i.created_at >= ${since}::timestamptz)
       order by i.created_at desc nulls last, i.id desc nulls last
       limit ${RETRIEVE_RANK_WINDOW}
    ),
    best as (
      select n.id, ts_rank_cd(i.search_vector, ${tsquery}, 32) as rank, n.created_at
        from newest n join library_items i on i.id = n.id
       order by rank desc, n.created_at desc, n.id
       limit ${RETRIEVE_MAX_ITEMS}
    )
    select i.id, i.kind, i.title, i.companies, i.created_at,
           left(ts_headline('english', i.body_text, ${tsquery}, ${HEADLINE}), ${PASSAGE_MAX_CHARS}) as text
      from best b join library_items i on i.id = b.id
     order by b.rank desc, b.created_at desc, b.id`);
  if (items.length === 0) return { items: [], passages: [] };

  const ids = sql.join(
    items.map((i) => sql`${i.id}::uuid`),
    sql`, `,
  );
  // The articles behind the items found, those that say something about the question first.
  const { rows: passages } = await db.execute<{
    item_id: string;
    url: string;
    title: string | null;
    publisher: string | null;
    published_at: Date | string | null;
    text: string;
  }>(sql`
    with q as ${query},
    found as (
      select distinct on (a.url_key) s.item_id, a.url, a.title, a.publisher, a.published_at, a.text,
             ts_rank_cd(a.search_vector, q.query, 32) as rank
        from library_item_sources s
        join articles a on a.url_key = s.url_key, q
       where s.user_id = ${userId} and s.item_id in (${ids}) and a.text <> ''
         and (${since}::timestamptz is null or coalesce(a.published_at, a.fetched_at) >= ${since}::timestamptz)
       order by a.url_key, rank desc
    )
    select found.item_id, found.url, found.title, found.publisher, found.published_at,
           left(ts_headline('english', found.text, q.query, ${HEADLINE}), ${PASSAGE_MAX_CHARS}) as text
      from found, q
     order by found.rank desc, found.published_at desc nulls last
     limit ${RETRIEVE_MAX_PASSAGES}`);

  return {
    items: items.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      companies: row.companies,
      createdAt: new Date(row.created_at).toISOString(),
      text: row.text,
    })),
    passages: passages.map((row) => ({
      itemId: row.item_id,
      url: row.url,
      title: row.title,
      publisher: row.publisher,
      publishedAt: row.published_at ? new Date(row.published_at).toISOString() : null,
      text: row.text,
    })),
  };
}
