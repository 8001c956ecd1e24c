// The library's search (issue 27 §2): PostgreSQL full-text search in web-search syntax (quotes, OR,
// -) over the user's items and the article text behind their sources, ranked, with the matches
// marked in a snippet. Owner-only by construction: both branches start from the user's own rows —
// the items through the (user_id, search_vector) GIN index, the articles only through
// library_item_sources rows that carry the same owner — and the final select checks the owner again.
// Measured with `npm run bench:library` (p95 and the query plan at 20,000 items over 1,000,000 articles).
import { type SQL, sql } from 'drizzle-orm';
import { HIGHLIGHT, LIBRARY_PAGE_SIZE, type LibraryKind, type LibrarySearchHit } from '../../../shared/library.ts';
import type { Database } from '../../db/client.ts';
import { ARTICLE_SEARCH_VECTOR } from '../../db/online-indexes.ts';

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
 * One page of `userId`'s items matching `query`, best first: items whose own words match (ranked by
 * ts_rank_cd, title words weigh most) before items found only through an article behind them
 * (newest first). `offset` pages through the ranking.
 */
export async function searchLibrary(
  db: Database,
  userId: string,
  query: string,
  filters: LibraryFilters,
  offset: number,
): Promise<{ hits: LibrarySearchHit[]; more: boolean }> {
  const articleVector = sql.raw(`${ARTICLE_SEARCH_VECTOR.replace(/\b(title|text)\b/g, 'a.$1')}`);
  const { rows } = await db.execute<HitRow>(sql`
    with q as (select websearch_to_tsquery('english', ${query}) as query),
    matched as (
      select i.id, ts_rank_cd(i.search_vector, q.query, 32) as rank, true as direct
        from library_items i, q
       where i.user_id = ${userId} and i.search_vector @@ q.query
      union all
      select s.item_id, 0, false
        from q, articles a
        join library_item_sources s on s.url_key = a.url_key and s.user_id = ${userId}
       where ${articleVector} @@ q.query
    ),
    best as (select id, max(rank) as rank, bool_or(direct) as direct from matched group by id),
    page as (
      select i.id, i.kind, i.title, i.companies, i.created_at, i.source_count, i.body_text, best.direct, best.rank
        from best join library_items i on i.id = best.id
       where i.user_id = ${userId} ${filterSql(filters)}
       order by best.direct desc, best.rank desc, i.created_at desc, i.id desc
       limit ${LIBRARY_PAGE_SIZE + 1} offset ${offset}
    )
    select page.id, page.kind, page.title, page.companies, page.created_at, page.source_count,
           case when page.direct
                then ts_headline('english', page.title || E'\n' || page.body_text, q.query, ${HEADLINE_OPTIONS})
                else found.snippet end as snippet,
           case when page.direct then null else found.title end as snippet_title,
           case when page.direct then null else found.url end as snippet_url
      from page cross join q
      left join lateral (
        select a.title, a.url, ts_headline('english', a.text, q.query, ${HEADLINE_OPTIONS}) as snippet
          from library_item_sources s join articles a on a.url_key = s.url_key
         where s.item_id = page.id and s.user_id = ${userId} and ${articleVector} @@ q.query
         limit 1
      ) found on not page.direct
     order by page.direct desc, page.rank desc, page.created_at desc, page.id desc`);
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
