// The console's Sources section (issue 28 §3): how the external services answered over the last hour
// or day, from source_request_counts (every process's outbound requests, counted per hour, service,
// host and outcome), and what came of the news: Google links decoded to a publisher's URL, robots
// refusals, and the share of publishers' articles whose text could be read. A window without
// requests is zeros and null rates ("no requests"), never a division by zero.
import { sql } from 'drizzle-orm';
import { SOURCE_OUTCOMES, type SourceErrorOutcome, type SourcesAnswer, type SourceWindow } from '../../../shared/admin-ops.ts';
import type { Database } from '../../db/client.ts';
import { articles, googleNewsLinks, sourceRequestCounts } from '../../db/schema.ts';

/**
 * The counts are hourly buckets: 'hour' is the last full hour and the current one, 'day' the last 24
 * full hours and the current one; the answer says from when.
 */
const WINDOW_HOURS: Record<SourceWindow, number> = { hour: 1, day: 24 };

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const ERROR_OUTCOMES = SOURCE_OUTCOMES.filter((o): o is SourceErrorOutcome => o !== 'ok');

export async function sourceRates(db: Pick<Database, 'execute' | 'select'>, window: SourceWindow): Promise<SourcesAnswer> {
  const { rows } = await db.execute<{ from: string }>(
    sql`select to_char((date_trunc('hour', now()) - make_interval(hours => ${WINDOW_HOURS[window]})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "from"`,
  );
  const from = rows[0]!.from;
  const since = sql`${from}::timestamptz`;
  const s = sourceRequestCounts;
  const outcome = (o: string) => sql<number>`coalesce(sum(${s.count}) filter (where ${s.outcome} = ${o}), 0)::float8`;
  // One after another: `db` may be a transaction, whose one connection runs one query at a time.
  const [services, [decode], [read]] = [
    // On the primary key (hour first): the window's buckets only.
    await db
      .select({
        service: s.service,
        hosts: sql<number>`count(distinct ${s.host})::int`,
        total: sql<number>`coalesce(sum(${s.count}), 0)::float8`,
        totalMs: sql<number>`coalesce(sum(${s.totalMs}), 0)::float8`,
        ok: outcome('ok'),
        http_error: outcome('http_error'),
        network_error: outcome('network_error'),
        refused: outcome('refused'),
        robots: outcome('robots'),
      })
      .from(s)
      .where(sql`${s.hour} >= ${since}`)
      .groupBy(s.service)
      .orderBy(s.service),
    await db
      .select({
        checked: sql<number>`count(*)::int`,
        decoded: sql<number>`count(${googleNewsLinks.publisherUrl})::int`,
      })
      .from(googleNewsLinks)
      .where(sql`${googleNewsLinks.checkedAt} >= ${since}`),
    await db
      .select({
        read: sql<number>`count(*)::int`,
        ok: sql<number>`(count(*) filter (where ${articles.status} = 'ok'))::int`,
        blocked: sql<number>`(count(*) filter (where ${articles.status} = 'blocked'))::int`,
        paywalled: sql<number>`(count(*) filter (where ${articles.status} = 'paywalled'))::int`,
        failed: sql<number>`(count(*) filter (where ${articles.status} = 'failed'))::int`,
      })
      .from(articles)
      .where(sql`${articles.fetchedAt} >= ${since}`),
  ];
  const answer = services.map(({ totalMs, ...row }) => ({
    service: row.service,
    hosts: row.hosts,
    total: row.total,
    ok: row.ok,
    okRate: rate(row.ok, row.total),
    errors: Object.fromEntries(ERROR_OUTCOMES.map((o) => [o, row[o]])) as Record<SourceErrorOutcome, number>,
    meanMs: row.total > 0 ? totalMs / row.total : null,
  }));
  const total = answer.reduce((sum, row) => sum + row.total, 0);
  const ok = answer.reduce((sum, row) => sum + row.ok, 0);
  const articlesRead = read ?? { read: 0, ok: 0, blocked: 0, paywalled: 0, failed: 0 };
  const links = decode ?? { checked: 0, decoded: 0 };
  return {
    window,
    from,
    services: answer,
    totals: { total, ok, okRate: rate(ok, total) },
    decode: { ...links, rate: rate(links.decoded, links.checked) },
    robots: { refusals: answer.reduce((sum, row) => sum + row.errors.robots, 0), blockedArticles: articlesRead.blocked },
    articles: { ...articlesRead, share: rate(articlesRead.ok, articlesRead.read) },
  };
}
