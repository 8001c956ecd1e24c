// The library's search (issue 27 §2): PostgreSQL full-text search in web-search syntax (quotes, OR,
// -) over the user's items and the article text behind their sources, ranked, with the matches
// marked in a snippet. Owner-only by construction: both branches start from the user's own rows —
// the items through the (user_id, search_vector) GIN index, the articles only through
// library_item_sources rows that carry the same owner — and the final select checks the owner again.
// Measured with `npm run bench:library` (p95 and the query plan at 20,000 items over 1,000,000 articles).
import { type SQL, sql } from 'drizzle-orm';
import { HIGHLIGHT, LIBRARY_PAGE_SIZE, type LibraryKind, type LibrarySearchHit } from '../../../shared/library.ts';
import type { Database } from '../../db/client.ts';

export type LibraryFilters = {
  kind?: LibraryKind;
  /** companyKey() of a company name. */
  companyKey?: string;
  /** Inclusive bounds, as instants. */
  from?: Date;
  to?: Date;
  /** Exclusive upper bound: the start of the day after a date filter's last day. */
  before?: Date;
};

/** ts_headline's options: the HIGHLIGHT marks (never HTML), two short fragments. */
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT.start}, StopSel=${HIGHLIGHT.stop}, MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;

type HitRow = {
  id: string;
  /** 1-based, in the order of its part (the user's own matches, or the items found through an article). */
  position: string | number;
  kind: LibraryKind;
  title: string;
  companies: string[];
  created_at: Date | string;
  source_count: number;
  snippet: string | null;
  snippet_title: string | null;
  snippet_url: string | null;
};

export function filterSql(filters: LibraryFilters): SQL {
  const parts: SQL[] = [];
  if (filters.kind) parts.push(sql`and i.kind = ${filters.kind}`);
  if (filters.companyKey) parts.push(sql`and i.company_keys @> array[${filters.companyKey}]::text[]`);
  if (filters.from) parts.push(sql`and i.created_at >= ${filters.from.toISOString()}`);
  if (filters.to) parts.push(sql`and i.created_at <= ${filters.to.toISOString()}`);
  if (filters.before) parts.push(sql`and i.created_at < ${filters.before.toISOString()}`);
  return sql.join(parts, sql` `);
}

/**
 * Direct matches ranked, newest first: a common word can match most of a user's 20,000 items, and
 * ranking reads each match's whole tsvector (kilobytes, out of line), so only the newest
 * RANK_WINDOW matches are ranked; older ones follow them, newest first (pages that deep are rare).
 * Below RANK_WINDOW matches the ranking is complete.
 */
export const RANK_WINDOW = 300;

/**
 * Up to this many filtered items, the articles behind them are looked up by key (see
 * searchArticles()), the newest FIRST_BATCH first; beyond, through the full-text index alone.
 */
const ITEM_LOOKUP_MAX = 1000;
const FIRST_BATCH = 250;

/** Characters of text given to ts_headline: from SNIPPET_LEAD before the first word of the query found in it. */
const SNIPPET_WINDOW = 900;
const SNIPPET_LEAD = 300;

/**
 * What the user typed, lower case, to place a snippet's window: each quoted phrase as written and
 * each other word cut before a plural's or past tense's ending ("layoffs" → "layof"); negated ones
 * and OR left out. Joined by "|".
 */
function typedWords(query: string): string {
  const units: string[] = [];
  const rest = query.toLowerCase().replace(/(-?)"([^"]*)"?/g, (_, minus: string, phrase: string) => {
    if (!minus) units.push(phrase.trim().replace(/\s+/g, ' '));
    return ' ';
  });
  for (const token of rest.split(/[\s()]+/)) {
    if (token.startsWith('-') || token === 'or') continue;
    const word = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    units.push(word.length > 5 ? word.slice(0, -2) : word);
  }
  return units
    .filter((unit) => unit.length > 1 && !unit.includes('|'))
    .slice(0, 10)
    .join('|');
}

/**
 * ts_headline parses all the text it is given (about a millisecond for an article), so it is given
 * SNIPPET_WINDOW characters around the first of `words` found in `text` (from the start of a word);
 * all of it when none is (a word found only in another form), so the match is still marked.
 */
function around(text: SQL, words: string): SQL {
  return sql`(select case when min(at) is null then ${text}
                          when min(at) <= ${SNIPPET_LEAD} then left(${text}, ${SNIPPET_WINDOW})
                          else regexp_replace(substr(${text}, min(at) - ${SNIPPET_LEAD}, ${SNIPPET_WINDOW}), '^\\S*\\s+', '') end
                from (select nullif(strpos(lower(${text}), word), 0) as at from unnest(string_to_array(${words}, '|')) word) found)`;
}

/**
 * The CTE `q`: the query (web-search syntax), whether it has a phrase, and `loose`, what the GIN
 * indexes are asked. GIN keeps no word positions, so a phrase ("supply chain", a hyphenated
 * word) makes PostgreSQL recheck every candidate's stored words. `loose` has its phrases loosened
 * to AND and its negations left out (a superset); the exact query is checked after, on the user's
 * candidates only: an item's, newest first and only as far as the page needs; an article's on
 * each of the user's articles the index found (their stored words: no parsing).
 * As a CTE, the query is a parameter to the planner, which then cannot see how common its words
 * are and stays on the GIN indexes. With a common word's statistics it would rather walk the
 * newest items of every user or all of a company's items and test each one's words (detoasting
 * kilobytes a row), or read the article store and parse every article: costs it does not count.
 */
function querySql(query: string): SQL {
  const exact = sql`websearch_to_tsquery('english', ${query})`;
  return sql`q as materialized (
      select query, phrase,
             case when phrase and querytree(query) <> 'T'
                  then regexp_replace(querytree(query), '<([0-9]+|-)>', '&', 'g')::tsquery
                  else query end as loose
        from (select ${exact} as query, ${exact}::text ~ '<([0-9]+|-)>' as phrase) parsed
    )`;
}

/** The snippet of the rows from `first` to `last` (1-based) in their part; the others need none. */
function pageColumns(first: number, last: number, direct: SQL, words: string): SQL {
  return sql`o.id, o.position, i.kind, i.title, i.companies, i.created_at, i.source_count,
           case when o.position not between ${first} and ${last} then null
                when ${direct} then ts_headline('english', i.title || E'\\n' || ${around(sql`i.body_text`, words)}, (select query from q), ${HEADLINE_OPTIONS})
                else ts_headline('english', ${around(sql`a.text`, words)}, (select query from q), ${HEADLINE_OPTIONS}) end as snippet,
           case when ${direct} then null else a.title end as snippet_title,
           case when ${direct} then null else a.url end as snippet_url`;
}

/**
 * One page of `userId`'s items matching `query`, best first: items whose own words match (ranked by
 * ts_rank_cd, title words weigh most) before items found only through an article behind them
 * (newest first). `offset` pages through the ranking.
 *
 * The user's own matches come first, so the article text is searched (a second statement) only
 * when they do not fill the page. ts_headline runs for the page's rows only, on the one article
 * found for an item found through its articles.
 */
export async function searchLibrary(
  db: Database,
  userId: string,
  query: string,
  filters: LibraryFilters,
  offset: number,
): Promise<{ hits: LibrarySearchHit[]; more: boolean }> {
  // The rows up to the end of the page, and one more to tell whether there is a next page.
  const needed = offset + LIBRARY_PAGE_SIZE + 1;
  const words = typedWords(query);
  // The user's own matches, in order, up to the end of the page (ids only before the page). The
  // filters are applied to what the GIN index found rather than beside it (offset 0 keeps them
  // out): the planner would take a company's or a kind's index when it guesses that one fewer, and
  // test each item's words. The exact query is checked after the sort, as far as the page needs.
  const { rows: direct } = await db.execute<HitRow>(sql`
    with ${querySql(query)},
    exact as materialized (
      select c.id, c.created_at, c.search_vector
        from (select i.id, i.created_at, i.search_vector
                from (select i.id, i.kind, i.company_keys, i.created_at, i.search_vector
                        from library_items i
                       where i.user_id = ${userId} and i.search_vector @@ (select loose from q)
                      offset 0) i
               where true ${filterSql(filters)}
               order by i.created_at desc, i.id desc
              offset 0) c
       where not (select phrase from q) or c.search_vector @@ (select query from q)
       limit ${RANK_WINDOW + needed}
    ),
    o as materialized (
      select r.id, row_number() over (order by r.in_window desc, r.rank desc, r.created_at desc, r.id desc) as position
        from (select e.id, e.created_at, e.n <= ${RANK_WINDOW} as in_window,
                     case when e.n <= ${RANK_WINDOW} then ts_rank_cd(e.search_vector, (select query from q), 32) else 0 end as rank
                from (select *, row_number() over (order by created_at desc, id desc) as n from exact) e) r
       order by r.in_window desc, r.rank desc, r.created_at desc, r.id desc
       limit ${needed}
    )
    select ${pageColumns(offset + 1, offset + LIBRARY_PAGE_SIZE, sql`true`, words)}
      from o
      left join library_items i on o.position > ${offset} and i.id = o.id and i.user_id = ${userId}
      left join articles a on false
     order by o.position`);
  let rows = direct.slice(offset);
  if (direct.length < needed) {
    // The page reaches the items found only through the articles behind them: those after the
    // user's own matches, newest first.
    const skip = Math.max(0, offset - direct.length);
    const viaArticles = await searchArticles(db, userId, query, filters, {
      exclude: direct.map((row) => row.id),
      limit: needed - direct.length,
      first: skip + 1,
      last: offset + LIBRARY_PAGE_SIZE - direct.length,
      words,
    });
    rows = [...rows, ...viaArticles.slice(skip)];
  }
  const hits = rows.slice(0, LIBRARY_PAGE_SIZE).map(
    (row): LibrarySearchHit => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      companies: row.companies,
      createdAt: new Date(row.created_at).toISOString(),
      sourceCount: row.source_count,
      snippet: row.snippet ?? '',
      snippetSource: row.snippet_url ? { title: row.snippet_title, url: row.snippet_url } : null,
    }),
  );
  return { hits, more: rows.length > LIBRARY_PAGE_SIZE };
}

/**
 * The first `limit` of `userId`'s items (newest first, filtered, not in `exclude`) with an article
 * behind them that matches `query`, each with the first such article. Two ways to find them:
 * - restrictive filters (up to ITEM_LOOKUP_MAX items): their articles are looked up by key, the
 *   newest FIRST_BATCH items' first (their matches come first, and often fill the page), then the
 *   rest's. The keys are sent as a parameter, so the planner sees them and ANDs the article key
 *   index with the full-text index (a few microseconds a key);
 * - otherwise every article of the store that matches, joined to the user's own links (fast for a
 *   rare word, slow for a common one: a page of common-word matches is rarely short of the user's own).
 */
async function searchArticles(
  db: Database,
  userId: string,
  query: string,
  filters: LibraryFilters,
  page: { exclude: string[]; limit: number; first: number; last: number; words: string },
): Promise<HitRow[]> {
  let batches: ({ items: string[]; keys: string[] } | null)[] = [null];
  if (filters.kind || filters.companyKey || filters.from || filters.to) {
    const { rows } = await db.execute<{ id: string; keys: string[] }>(sql`
      select i.id, array(select s.url_key from library_item_sources s where s.item_id = i.id) as keys
        from (select i.id, i.created_at from library_items i
               where i.user_id = ${userId} ${filterSql(filters)} and i.id <> all(${sql.param(page.exclude)}::uuid[])
               order by i.created_at desc, i.id desc
               limit ${ITEM_LOOKUP_MAX + 1}) i
       order by i.created_at desc, i.id desc`);
    if (rows.length <= ITEM_LOOKUP_MAX) {
      const batch = (items: typeof rows) => ({ items: items.map((row) => row.id), keys: items.flatMap((row) => row.keys) });
      batches = [batch(rows.slice(0, FIRST_BATCH)), batch(rows.slice(FIRST_BATCH))].filter((b) => b.items.length > 0);
    }
  }
  const found: HitRow[] = [];
  for (const batch of batches) {
    const more = await matchArticles(db, userId, query, filters, batch, {
      ...page,
      limit: page.limit - found.length,
      first: page.first - found.length,
      last: page.last - found.length,
    });
    found.push(...more);
    if (found.length >= page.limit) break;
  }
  return found;
}

/** searchArticles() over the whole store (`batch` null) or over `batch`'s items and their article keys. */
async function matchArticles(
  db: Database,
  userId: string,
  query: string,
  filters: LibraryFilters,
  batch: { items: string[]; keys: string[] } | null,
  page: { exclude: string[]; limit: number; first: number; last: number; words: string },
): Promise<HitRow[]> {
  // The user's links to each matching article, looked up by key (offset 0: not a join the planner
  // could turn into a scan of all of them). The keys must reach the planner as values (pg sends
  // unnamed statements: a custom plan each time); a generic plan of a named prepared statement
  // guesses a few keys and checks each one's article instead of the bitmap AND. A phrase is checked
  // exactly on the stored words of the articles the index found (positions, no parsing).
  const matching = sql`select s.item_id, array_agg(a.url_key) as url_keys
        from articles a
       cross join lateral (
         select s.item_id from library_item_sources s where s.url_key = a.url_key and s.user_id = ${userId} offset 0
       ) s
       where a.search_vector @@ (select loose from q)
         and (not (select phrase from q) or a.search_vector @@ (select query from q))
         ${batch ? sql`and a.url_key = any(${sql.param(batch.keys)}::text[])` : sql``}
       group by s.item_id`;
  const { rows } = await db.execute<HitRow>(sql`
    with ${querySql(query)},
    matching as materialized (${matching}),
    o as materialized (
      select c.id, c.url_key, row_number() over (order by c.created_at desc, c.id desc) as position
        from (select i.id, i.created_at, m.url_keys[1] as url_key
                from matching m
               cross join lateral (
                 select i.id, i.created_at from library_items i
                  where i.id = m.item_id and i.user_id = ${userId} ${filterSql(filters)} offset 0
               ) i
               where i.id <> all(${sql.param(page.exclude)}::uuid[])
                 ${batch ? sql`and i.id = any(${sql.param(batch.items)}::uuid[])` : sql``}
               order by i.created_at desc, i.id desc
              offset 0 limit ${page.limit}) c
    )
    select ${pageColumns(page.first, page.last, sql`false`, page.words)}
      from o
      join library_items i on i.id = o.id and i.user_id = ${userId}
      left join articles a on a.url_key = o.url_key
     order by o.position`);
  return rows;
}
